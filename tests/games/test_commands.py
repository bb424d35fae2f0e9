"""The import_pgn and export_pgn commands on real files."""

from __future__ import annotations

import io
import json

import chess.pgn
import pytest
from django.core.management import CommandError, call_command

from games.models import Game
from tests.games.conftest import DATA, ROUND_ONE, TWIC
from tournaments.models import Pairing


def run(*args):
    out = io.StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def test_import_pgn_round_file_text_report(chebanenko):
    out = run("import_pgn", str(chebanenko.pk), str(TWIC))
    # 232 games: four of round 1 matched and imported; Volkov's game unmatched (registered
    # without TWIC's digit); every other game of the file unmatched; none rejected.
    assert out.splitlines()[-1] == ("232 games: 4 imported, 4 matched, 228 unmatched, 0 rejected")
    assert "Volkov,Sergey1" in out
    assert Game.objects.count() == 4


def test_import_pgn_json_with_round_and_rejections(chebanenko):
    out = run(
        "import_pgn",
        str(chebanenko.pk),
        str(DATA / "fischer-spassky-1972-game6.move20-corrupted.pgn"),
        "--round",
        "1",
        "--format",
        "json",
    )
    report = json.loads(out)
    (game,) = report["games"]
    assert game["status"] == "rejected"
    assert game["check"] == "illegal"
    assert "ply 40 (move 20): illegal move 'd3'" in game["reason"]
    assert report["summary"] == {"imported": 0, "unmatched": 0, "rejected": 1, "matched": 0}


def test_import_pgn_twice_rejects_boards_that_have_games(chebanenko):
    run("import_pgn", str(chebanenko.pk), str(ROUND_ONE))
    report = json.loads(run("import_pgn", str(chebanenko.pk), str(ROUND_ONE), "--format", "json"))
    assert report["summary"]["rejected"] == 4
    assert "already has a game" in report["games"][1]["reason"]


def test_import_pgn_bad_arguments_are_clear_errors(chebanenko, tmp_path):
    with pytest.raises(CommandError, match="There is no tournament 999"):
        run("import_pgn", "999", str(ROUND_ONE))
    with pytest.raises(CommandError, match="No such file"):
        run("import_pgn", str(chebanenko.pk), str(tmp_path / "missing.pgn"))


def test_export_pgn_is_read_back_by_python_chess(chebanenko):
    run("import_pgn", str(chebanenko.pk), str(ROUND_ONE))
    game = Game.objects.get(pairing__board=2)
    game.moves.filter(ply=1).update(clock=7195)
    text = run("export_pgn", str(chebanenko.pk), "--round", "1")
    stream = io.StringIO(text)
    parsed = []
    while (one := chess.pgn.read_game(stream)) is not None:
        assert not one.errors
        parsed.append(one)
    assert len(parsed) == 4
    board_two = next(g for g in parsed if g.headers["Board"] == "2")
    assert board_two.headers["Event"] == "Chebanenko Memorial"
    assert board_two.headers["White"] == "Komliakov,V"
    assert board_two.headers["Result"] == "0-1"
    assert board_two.next().clock() == 7195
    assert "[%clk 1:59:55]" in text
    assert [n.san() for n in board_two.mainline()] == game.sans()
    assert Pairing.objects.get(pk=game.pairing_id).result == "0-1"


def test_an_arbiters_time_control_is_exported_as_a_readable_tag(chebanenko):
    """Issue: ``90'/40 + 30' + 30"`` was written into the tag as it is; its quote ended the
    tag, and the exported file did not read back."""
    chebanenko.time_control = "90'/40 + 30' + 30\""
    chebanenko.save()
    run("import_pgn", str(chebanenko.pk), str(ROUND_ONE))
    Game.objects.update(time_control=chebanenko.time_control)
    stream = io.StringIO(run("export_pgn", str(chebanenko.pk), "--round", "1"))
    one = chess.pgn.read_game(stream)
    assert not one.errors
    assert one.headers["TimeControl"] == "40/5400+30:1800+30"
