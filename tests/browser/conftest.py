"""Browser tests: Playwright for Python driving the system's Chromium against a live server.

Playwright's own browser download is not used: the tests launch ``/usr/bin/chromium``. When it
is missing they are skipped with the reason, unless ``REQUIRE_BROWSER=1`` (set by CI), in which
case they fail. ``SCREENSHOT_DIR=some/dir`` keeps a screenshot of every main page visited.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]
PASSWORD = "correct horse battery staple"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    here = Path(__file__).parent
    for item in items:
        if here in Path(str(item.fspath)).parents:
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    """Chromium for one test module. Module scope, not session: Playwright's sync API keeps
    an event loop in the test thread while it runs, and Django's ORM refuses to run beside
    one unless DJANGO_ALLOW_ASYNC_UNSAFE is set. The setting (safe here: the tests' ORM calls
    between browser steps are synchronous) is restored with the loop's end, so no other test
    and no subprocess sees it (``check --deploy`` rejects it)."""
    if not CHROMIUM.exists():
        message = f"{CHROMIUM} is not installed (Debian package chromium)"
        if os.environ.get("REQUIRE_BROWSER") == "1":
            pytest.fail(f"REQUIRE_BROWSER=1 but {message}")
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    with pytest.MonkeyPatch.context() as patch, sync_playwright() as playwright:
        patch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        new_context = browser.new_context

        def watched_context(*args: object, **kwargs: object) -> object:
            context = new_context(*args, **kwargs)
            context.on("console", _note_policy_violation)
            return context

        patch.setattr(browser, "new_context", watched_context)
        yield browser
        browser.close()


CSP_VIOLATIONS: list[str] = []
"""What the pages of the current test logged as refused by the Content-Security-Policy."""


def _note_policy_violation(message: object) -> None:
    text = getattr(message, "text", "")
    if "Content Security Policy" in text:
        CSP_VIOLATIONS.append(f"{getattr(message, 'location', {}).get('url', '')}: {text}")


@pytest.fixture(autouse=True)
def _no_policy_violations() -> Iterator[None]:
    """Every page a browser test opens runs without the policy refusing anything: no script
    or style of its own that the policy would block, and so nothing broken by it."""
    CSP_VIOLATIONS.clear()
    yield
    found, CSP_VIOLATIONS[:] = list(CSP_VIOLATIONS), []
    assert found == [], "Content-Security-Policy violations:\n" + "\n".join(found)


@pytest.fixture
def page(browser, live_server):
    context = browser.new_context(
        base_url=live_server.url, viewport={"width": 1280, "height": 900}, locale="en-GB"
    )
    context.set_default_timeout(15_000)
    page = context.new_page()
    yield page
    context.close()


@pytest.fixture
def screenshot(page):
    """``screenshot("name")`` keeps a full-page screenshot when ``SCREENSHOT_DIR`` is set."""
    directory = os.environ.get("SCREENSHOT_DIR")

    def take(name: str) -> None:
        if directory:
            Path(directory).mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(Path(directory) / f"{name}.png"), full_page=True)

    return take


def log_in(page, username: str, password: str = PASSWORD) -> None:
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Log in").click()
    page.wait_for_url("**/")
