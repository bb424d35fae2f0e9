"""An uploaded file is checked once: the report page and the import use the results kept with
the upload, and check again only when the file or the ruleset has changed since."""

from __future__ import annotations

import pytest

import games.services.imports as imports_module
from games.models import Game, PgnUpload
from games.rules.records import read_pgn_file
from games.services import stored_checks
from tests.games.conftest import DATA, ROUND_ONE
from tests.games.test_pages import upload

pytestmark = pytest.mark.django_db


def ticked(page) -> dict[str, str]:
    """The form as the report offers it: the matched games ticked on their boards."""
    form = page.context["form"]
    return {name: field.initial for name, field in form.fields.items() if field.initial}


@pytest.fixture
def no_rules_engine(monkeypatch):
    """Fails the test if any game is checked by the rules engine."""

    def refuse(record, ruleset, mate_search_nodes=0):
        raise AssertionError(f"game {record.number} checked again")

    def arm():
        monkeypatch.setattr(imports_module, "check_safely", refuse)

    return arm


def test_the_check_results_are_kept_with_the_upload(client, chebanenko, arbiter):
    client.force_login(arbiter)
    upload(client, chebanenko, "fischer-spassky-1972-game6.move20-corrupted.pgn", "1")
    stored = PgnUpload.objects.get()
    (result,) = stored.checks
    assert (result["number"], result["plies"], result["declared"]) == (1, 39, "1-0")
    assert (result["error"]["ply"], result["error"]["move_number"]) == (40, 20)
    assert result["error"]["text"] == "d3"
    assert stored.games == 1 and len(stored.checked_digest) == 64


def test_report_and_import_do_not_check_the_file_again(
    client, chebanenko, arbiter, no_rules_engine
):
    client.force_login(arbiter)
    page = upload(client, chebanenko, ROUND_ONE.name)
    assert "5 games: 5 clean" in page.content.decode()
    no_rules_engine()
    report_url = page.redirect_chain[-1][0]
    again = client.get(report_url)
    assert "5 games: 5 clean" in again.content.decode()
    assert "4 matched to a board" in again.content.decode()
    done = client.post(report_url, ticked(again), follow=True)
    assert "4 games imported." in done.content.decode()
    imported = Game.objects.filter(pairing__round__tournament=chebanenko)
    assert sorted(game.pairing.board for game in imported) == [2, 3, 4, 5]
    # The records were read again from the text: every move of the four games is there.
    records = [r for r in read_pgn_file(str(ROUND_ONE)) if r.headers["White"] != "Volkov,Sergey1"]
    assert sorted(game.moves.count() for game in imported) == sorted(
        len(record.moves) for record in records
    )


def test_a_changed_file_is_checked_again_and_not_imported_on_the_old_ticks(
    client, chebanenko, arbiter
):
    client.force_login(arbiter)
    page = upload(client, chebanenko, ROUND_ONE.name)
    report_url = page.redirect_chain[-1][0]
    stored = PgnUpload.objects.get()
    # Edited after the check (in the admin, say): now one corrupted game.
    stored.text = (DATA / "fischer-spassky-1972-game6.move20-corrupted.pgn").read_text("utf-8")
    stored.save()
    refused = client.post(report_url, ticked(page), follow=True)
    text = refused.content.decode()
    assert "has changed since the games were checked" in text
    assert "1 game: 0 clean, 1 with an illegal move" in text
    assert not Game.objects.exists()
    stored.refresh_from_db()
    assert stored.games == 1 and stored.checks[0]["error"]["ply"] == 40


def test_a_changed_ruleset_makes_the_results_stale(client, chebanenko, arbiter):
    client.force_login(arbiter)
    upload(client, chebanenko, ROUND_ONE.name)
    stored = PgnUpload.objects.get()
    assert [check.status for check in stored_checks(stored)] == ["clean"] * 5
    chebanenko.ruleset = "fide2023"
    chebanenko.save()
    stored.refresh_from_db()
    assert stored_checks(stored) is None


@pytest.mark.parametrize(
    "kept",
    [
        [],
        [{"number": 1}],
        [{"number": "one", "unknown": True}],
        "not a list",
        [
            {
                "number": n,
                "line": 1,
                "plies": 3,
                "declared": "1-0",
                "error": {"ply": 4},
                "setup_error": None,
                "mismatch": None,
                "syntax_problems": [],
            }
            for n in range(1, 6)
        ],
    ],
)
def test_results_that_are_not_what_was_written_are_not_used(chebanenko, arbiter, kept):
    stored = imports_module.upload_pgn(
        chebanenko,
        text=ROUND_ONE.read_text("utf-8"),
        file_name=ROUND_ONE.name,
        round_number=None,
        user=arbiter,
    )
    assert len(stored_checks(stored)) == 5
    PgnUpload.objects.filter(pk=stored.pk).update(checks=kept)
    stored.refresh_from_db()
    assert stored_checks(stored) is None


def test_a_result_contradicting_the_board_is_flagged_by_the_check_not_at_import(
    client, chebanenko, arbiter
):
    from tournaments.models import EntrySource, Pairing, Result
    from tournaments.services import record_result

    # Board 2's game is 0-1 in the file; the arbiter had entered 1-0 from the result slip.
    board_two = Pairing.objects.get(round__tournament=chebanenko, board=2)
    record_result(board_two, Result.WHITE_WINS, source=EntrySource.HAND, user=arbiter)
    client.force_login(arbiter)
    page = upload(client, chebanenko, ROUND_ONE.name)
    text = page.content.decode()
    assert "5 games: 4 clean" in text
    assert "1 game contradicts the result entered on its board." in text
    assert "board 2 already has the result 1-0 but the game says 0-1" in text
    offered = ticked(page)
    assert "import_2" not in offered  # not ticked: the rest of the batch goes in
    done = client.post(page.redirect_chain[-1][0], offered, follow=True)
    assert "3 games imported." in done.content.decode()
    board_two.refresh_from_db()
    assert board_two.result == Result.WHITE_WINS
