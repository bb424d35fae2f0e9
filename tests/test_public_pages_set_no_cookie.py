"""A reader's public pages set no cookie, so the reverse proxy keeps them for the next reader
(nginx does not keep a reply that sets one). Issue: every page carried a CSRF token, for the
header's language form and htmx, and so set the CSRF cookie: no spectator's page was ever
kept. The language switch is a GET now (:mod:`arbiter.language`); signed-in users' pages
still carry the token their forms need."""

from __future__ import annotations

import re
from io import StringIO

import pytest
from django.core.management import call_command
from django.test import Client

from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

LINK = re.compile(r'href="(/[^"#]*)')
NOT_PAGES = (".pdf", ".csv", ".pgn", ".trf", ".svg", "/admin/", "/accounts/", "/api/", "/live/")


def _shape(url: str) -> str:
    return re.sub(r"\d+", "N", url.split("?")[0])


def test_no_public_page_sets_a_cookie_for_a_reader(client: Client) -> None:
    call_command("load_demo", stdout=StringIO())
    queue = ["/"] + [f"/tournaments/{t.pk}/" for t in Tournament.objects.filter(public=True)]
    seen: set[str] = set()
    pages = 0
    while queue:
        url = queue.pop(0)
        if _shape(url) in seen or any(part in url for part in NOT_PAGES):
            continue
        seen.add(_shape(url))
        reply = client.get(url)
        assert reply.status_code < 500, url
        if reply.status_code != 200 or "text/html" not in reply["Content-Type"]:
            continue
        pages += 1
        assert not reply.cookies, f"{url} sets {sorted(reply.cookies)}"
        assert "csrfmiddlewaretoken" not in reply.content.decode(), url
        queue += LINK.findall(reply.content.decode())
    assert pages > 12  # the walk reached the events' pages (16 kinds), not just the front page


def test_the_language_switch_sets_the_cookie_and_returns_to_the_page(client: Client) -> None:
    reply = client.get("/language/", {"language": "zh-hans", "next": "/help/"})
    assert (reply.status_code, reply["Location"]) == (302, "/help/")
    assert reply.cookies["django_language"].value == "zh-hans"
    assert 'lang="zh-hans"' in client.get("/help/").content.decode()
    back = client.get("/language/", {"language": "en", "next": "/help/"})
    assert back.cookies["django_language"].value == "en"


def test_the_language_switch_refuses_other_sites_and_unknown_languages(client: Client) -> None:
    away = client.get("/language/", {"language": "en", "next": "https://example.org/"})
    assert away["Location"] == "/"
    unknown = client.get("/language/", {"language": "xx", "next": "/"})
    assert unknown.status_code == 400
    assert "Unknown language xx" in unknown.content.decode()
    assert not unknown.cookies
    assert client.post("/language/", {"language": "en"}).status_code == 405


def test_signed_in_pages_still_carry_the_token_their_forms_need(client: Client) -> None:
    call_command("load_demo", stdout=StringIO())
    assert client.login(username="chief", password="chief-demo")
    page = client.get("/").content.decode()
    assert "X-CSRFToken" in page and "csrfmiddlewaretoken" in page  # htmx and log out
