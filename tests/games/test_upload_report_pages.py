"""A check report of thousands of games is read a page at a time: each page lists its own
games with their import fields, the summary counts the whole file, and showing a page reads
neither the file nor any game but those kept results."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse

import games.services.imports as imports_module
from games.models import Game, PgnUpload
from games.services import stored_checks, upload_pgn
from games.views import REPORT_PAGE_SIZE
from tests.games.conftest import TWIC

pytestmark = pytest.mark.django_db


def _report_url(upload: PgnUpload, **query: object) -> str:
    url = reverse("games:upload_report", args=[upload.tournament_id, upload.pk])
    return url + ("?" + "&".join(f"{k}={v}" for k, v in query.items()) if query else "")


def _numbers(page) -> list[int]:
    """The game numbers of the rows shown."""
    return [int(n) for n in re.findall(r'<td class="num">(\d+)</td>', page.content.decode())]


@pytest.fixture
def twic_upload(chebanenko, arbiter):
    """TWIC's 232 games, the Chebanenko Memorial's round 1 among them, checked once."""
    text = TWIC.read_text("utf-8")
    return upload_pgn(chebanenko, text=text, file_name="twic.pgn", round_number=None, user=arbiter)


def _matched(upload: PgnUpload) -> list[int]:
    checks = stored_checks(upload)
    assert checks is not None
    return [c.number for c in checks if c.pairing is not None and c.status == "clean"]


def test_the_report_pages_the_games_and_counts_the_whole_file(client, arbiter, twic_upload):
    client.force_login(arbiter)
    games = twic_upload.games
    assert games == 232
    first = client.get(_report_url(twic_upload))
    text = first.content.decode()
    assert _numbers(first) == list(range(1, REPORT_PAGE_SIZE + 1))
    assert f"{games} games: " in text  # the summary is the file's, not the page's
    assert "4 matched to a board" in text
    assert f"Games 1–{REPORT_PAGE_SIZE} of {games}:" in text
    last_page = -(-games // REPORT_PAGE_SIZE)
    assert f'page={last_page}">{last_page}</a>' in text
    last = client.get(_report_url(twic_upload, show="all", page=last_page))
    assert _numbers(last) == list(range((last_page - 1) * REPORT_PAGE_SIZE + 1, games + 1))
    # Only the games shown have fields: the form of a page is the size of a page.
    assert set(last.context["form"].fields) <= {
        f"{kind}_{n}" for kind in ("board", "import") for n in _numbers(last)
    }
    beyond = client.get(_report_url(twic_upload, page=999))
    assert _numbers(beyond) == _numbers(last)


def test_games_to_look_at_are_listed_apart(client, arbiter, twic_upload):
    client.force_login(arbiter)
    checks = stored_checks(twic_upload)
    expected = [c.number for c in checks if c.status != "clean" or c.pairing is None]
    assert 0 < len(expected) < len(checks)
    shown = []
    for page in range(1, -(-len(expected) // REPORT_PAGE_SIZE) + 1):
        shown += _numbers(client.get(_report_url(twic_upload, show="problems", page=page)))
    assert shown == expected
    assert not set(shown) & set(_matched(twic_upload))


def test_ticks_import_the_games_of_their_page_only(client, arbiter, twic_upload):
    client.force_login(arbiter)
    matched = _matched(twic_upload)
    page_number = (matched[0] - 1) // REPORT_PAGE_SIZE + 1
    on_page = [n for n in matched if (n - 1) // REPORT_PAGE_SIZE + 1 == page_number]
    url = _report_url(twic_upload, show="all", page=page_number)
    page = client.get(url)
    data = {n: f.initial for n, f in page.context["form"].fields.items() if f.initial}
    assert {n for n in data if n.startswith("import_")} == {f"import_{n}" for n in on_page}
    # A tick for a game of another page, forged into this page's form, is not read.
    elsewhere = page_number * REPORT_PAGE_SIZE + 1
    data[f"import_{elsewhere}"], data[f"board_{elsewhere}"] = "on", data[f"board_{on_page[0]}"]
    data.pop(f"import_{on_page[0]}")
    done = client.post(url, data, follow=True)
    assert f"{len(on_page) - 1} games imported." in done.content.decode()
    boards = {int(data[f"board_{n}"]) for n in on_page[1:]}
    assert set(Game.objects.values_list("pairing_id", flat=True)) == boards


def test_every_clean_matched_game_is_imported_in_one_go_once(client, arbiter, twic_upload):
    client.force_login(arbiter)
    url = _report_url(twic_upload, page=3)
    page = client.get(url).content.decode()
    assert "Import every clean game matched to its board (4)" in page
    done = client.post(url, {"import_clean": "1"}, follow=True)
    assert "4 games imported." in done.content.decode()
    boards = sorted(Game.objects.values_list("pairing__board", flat=True))
    assert boards == [2, 3, 4, 5]
    # Again: the boards have their games now, so nothing more goes in and nothing fails.
    again = client.post(url, {"import_clean": "1"}, follow=True)
    assert "0 games imported." in again.content.decode()
    assert Game.objects.count() == 4


def test_a_ten_thousand_game_report_page_reads_no_game_and_stays_small(
    client, chebanenko, arbiter, monkeypatch
):
    block = TWIC.read_text("utf-8").strip() + "\n\n"
    stored = upload_pgn(
        chebanenko, text=block, file_name="season.pgn", round_number=None, user=arbiter
    )
    one_file = stored.checks
    # The kept results of TWIC repeated 44 times, as checking the repeated text gives them.
    stored.text = block * 44
    stored.checks = [
        {**result, "number": copy * len(one_file) + result["number"]}
        for copy in range(44)
        for result in one_file
    ]
    stored.games = len(stored.checks)
    stored.checked_digest = imports_module.upload_digest(stored)
    stored.save()
    assert stored.games == 10_208

    def no_reading(text):
        raise AssertionError("the report page read the games of the file")

    monkeypatch.setattr(imports_module, "_records", no_reading)
    client.force_login(arbiter)
    page = client.get(_report_url(stored, page=150))
    assert page.status_code == 200
    assert _numbers(page) == list(range(149 * REPORT_PAGE_SIZE + 1, 150 * REPORT_PAGE_SIZE + 1))
    assert "10208 games: " in page.content.decode()
    assert len(page.content) < 100_000
