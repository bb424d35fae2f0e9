"""Content-Security-Policy: scripts and styles from the site's own files only.

Issue: no page sent a Content-Security-Policy. The pages' markup holds no script, no event
handler attribute and no style of its own (the policy would refuse them); the browser tests
check that the pages log no violation (tests/browser/conftest.py).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

TEMPLATES = Path(__file__).resolve().parents[1] / "templates"
REDOC = TEMPLATES / "drf_spectacular" / "redoc.html"  # its page has a policy of its own
INLINE = {
    "a script in the page": re.compile(r"<script(?![^>]*\bsrc=)[^>]*>", re.IGNORECASE),
    "an event handler attribute": re.compile(r"<[a-z][^>]*\son[a-z]+=", re.IGNORECASE),
    "a style attribute": re.compile(r"<[a-z][^>]*\sstyle=", re.IGNORECASE),
    "a style element": re.compile(r"<style\b", re.IGNORECASE),
    "a javascript: link": re.compile(r"javascript:", re.IGNORECASE),
}


def _directives(header: str) -> dict[str, list[str]]:
    parts = (part.split() for part in header.split(";") if part.strip())
    return {name: values for name, *values in parts}


def test_every_page_gets_a_strict_policy():
    reply = Client().get("/")
    policy = _directives(reply["Content-Security-Policy"])
    assert policy["default-src"] == ["'self'"]
    assert policy["script-src"] == ["'self'"]  # no nonce asked for: none sent
    assert policy["style-src"] == ["'self'"]
    assert policy["object-src"] == ["'none'"]
    assert policy["frame-ancestors"] == ["'none'"]
    assert "'unsafe-eval'" not in reply["Content-Security-Policy"]


def test_the_error_pages_and_the_api_get_it_too():
    assert "Content-Security-Policy" in Client().get("/no-such-page/")
    assert "Content-Security-Policy" in Client().get("/api/v1/tournaments/")


def test_only_the_api_documentation_allows_inline_styles():
    policy = _directives(Client().get("/api/docs/")["Content-Security-Policy"])
    assert policy["style-src"] == ["'self'", "'unsafe-inline'"]
    assert policy["script-src"] == ["'self'"]
    assert policy["worker-src"] == ["'self'", "blob:"]


@pytest.mark.parametrize(
    "template",
    sorted(p for p in TEMPLATES.rglob("*.html") if p != REDOC),
    ids=lambda p: str(p.relative_to(TEMPLATES)),
)
def test_no_template_holds_a_script_or_a_style_of_its_own(template: Path):
    text = template.read_text("utf-8")
    found = [what for what, pattern in INLINE.items() if pattern.search(text)]
    assert found == [], f"{template.relative_to(TEMPLATES)} holds {', '.join(found)}"
