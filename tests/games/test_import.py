"""PGN import through the services: check, match, import; real files, odd encodings."""

from __future__ import annotations

import pytest

from games.models import Game, GameChange, Move
from games.services import GameError, ImportDecision, check_pgn, decode_pgn, import_games
from games.services import imports as imports_module
from tests.games.conftest import DATA, ROUND_ONE, TWIC
from tournaments.models import Pairing, Result, ResultChange


def read(name: str) -> str:
    with open(DATA / name, "rb") as stream:
        return decode_pgn(stream.read())[0]


def test_round_file_is_checked_and_matched_by_name_and_round_tag(chebanenko):
    checks = check_pgn(TWIC.read_text(encoding="utf-8"), chebanenko)
    assert len(checks) == 232
    assert all(check.status == "clean" for check in checks)
    matched = {c.pairing.board: c.record.headers["White"] for c in checks if c.pairing}
    # Four boards of round 1 match by name; Volkov is registered without TWIC's digit.
    assert matched == {
        2: "Komliakov,V",
        3: "Svetushkin,D",
        4: "Macovei,Andrei",
        5: "Ceres,Dragos",
    }
    volkov = next(c for c in checks if c.record.headers.get("White") == "Volkov,Sergey1")
    assert volkov.pairing is None
    assert "Volkov,Sergey1" in volkov.unmatched_reason
    lindores = next(c for c in checks if c.record.headers.get("Event") == "Lindores Abbey Prelim")
    assert lindores.pairing is None


def test_import_writes_moves_result_and_board_result(chebanenko, arbiter):
    checks = check_pgn(ROUND_ONE.read_text(encoding="utf-8"), chebanenko)
    volkov = next(c for c in checks if c.record.headers.get("White") == "Volkov,Sergey1")
    board_one = Pairing.objects.get(round__tournament=chebanenko, board=1)
    decisions = [ImportDecision(c.number, c.pairing.pk) for c in checks if c.pairing]
    decisions.append(ImportDecision(volkov.number, board_one.pk))  # matched by hand
    games = import_games(checks, decisions, user=arbiter)
    assert len(games) == 5
    boards = {p.board: p.result for p in Pairing.objects.filter(round__tournament=chebanenko)}
    # The results TWIC gives for round 1 of the Chebanenko Memorial 2020.
    assert boards == {1: "1-0", 2: "0-1", 3: "1/2-1/2", 4: "1-0", 5: "0-1"}
    game = Game.objects.get(pairing=board_one)
    assert game.white_name == "Volkov, Sergey"
    assert game.status == Game.Status.FINISHED
    assert game.moves.count() == len(volkov.record.moves)
    assert ResultChange.objects.filter(pairing__round__tournament=chebanenko).count() == 5
    assert GameChange.objects.filter(game=game, field=GameChange.Field.MOVES).count() == 1


def test_fide_ids_match_whatever_the_names(db):
    from tests.factories import PlayerFactory, RoundFactory

    round_one = RoundFactory(tournament__ruleset="classic")
    ding = PlayerFactory(tournament=round_one.tournament, name="Ding Liren", fide_id="8603677")
    nepo = PlayerFactory(tournament=round_one.tournament, name="Ian N.", fide_id="4168119")
    pairing = Pairing.objects.create(round=round_one, board=1, white=nepo, black=ding)
    (check,) = check_pgn(read("nepomniachtchi-liren-game1.pgn"), round_one.tournament)
    assert check.pairing == pairing
    (game,) = import_games([check], [ImportDecision(1, pairing.pk)], user=None)
    assert game.time_control == "40/7200:20/3600:900+30"
    assert game.result == "1/2-1/2"
    assert game.moves.last().ply == len(check.record.moves)


def test_latin1_and_bom_files_are_read(chebanenko):
    text = read("fischer-spassky-1972-game6.latin1.pgn")
    assert '[Site "Reykjavík ISL"]' in text
    (check,) = check_pgn(text, chebanenko, round_number=1)
    assert check.status == "clean"
    assert check.record.headers["Site"] == "Reykjavík ISL"
    assert check.result.plies == 81
    bom = check_pgn(read("utf8-bom.pgn"), chebanenko)
    assert [check.record.headers["Event"] for check in bom] == ["A", "B"]


def test_illegal_move_is_reported_at_its_ply_and_refused(chebanenko):
    (check,) = check_pgn(read("fischer-spassky-1972-game6.move20-corrupted.pgn"), chebanenko)
    assert check.status == "illegal"
    assert check.result.error["ply"] == 40
    assert check.result.error["text"] == "d3"
    assert "ply 40 (move 20)" in check.problem()
    pairing = Pairing.objects.filter(round__tournament=chebanenko).first()
    with pytest.raises(GameError, match="game 1: not importable"):
        import_games([check], [ImportDecision(1, pairing.pk)], user=None)
    assert not Game.objects.exists()


def test_illegal_move_then_next_game(chebanenko):
    first, second = check_pgn(read("illegal_move_then_next_game.pgn"), chebanenko)
    assert first.result.error["ply"] == 2
    assert first.result.error["text"] == "Qa1"
    assert second.status == "clean"


def test_variant_game_is_not_importable(chebanenko):
    (check,) = check_pgn(read("knightvuillaume-jannlee-zh-lichess.pgn"), chebanenko)
    assert check.status == "not_checked"
    assert "Crazyhouse" in check.problem()


def test_interrupted_import_leaves_nothing_behind(chebanenko, monkeypatch):
    checks = check_pgn(ROUND_ONE.read_text(encoding="utf-8"), chebanenko)
    decisions = [ImportDecision(c.number, c.pairing.pk) for c in checks if c.pairing]
    real_import = imports_module.import_game
    calls = []

    def dies_on_the_third_game(check, pairing, *, user):
        calls.append(check.number)
        if len(calls) == 3:
            raise RuntimeError("server killed")
        return real_import(check, pairing, user=user)

    monkeypatch.setattr(imports_module, "import_game", dies_on_the_third_game)
    with pytest.raises(RuntimeError):
        import_games(checks, decisions, user=None)
    assert len(calls) == 3
    assert not Game.objects.exists()
    assert not Move.objects.exists()
    assert not ResultChange.objects.exists()
    assert set(Pairing.objects.values_list("result", flat=True)) == {Result.NOT_PLAYED}


def test_board_with_another_result_is_refused(chebanenko):
    checks = check_pgn(ROUND_ONE.read_text(encoding="utf-8"), chebanenko)
    check = next(c for c in checks if c.pairing and c.pairing.board == 2)  # 0-1 in the file
    Pairing.objects.filter(pk=check.pairing.pk).update(result=Result.DRAW)
    with pytest.raises(GameError, match="already has the result 1/2-1/2 but the game says 0-1"):
        import_games(checks, [ImportDecision(check.number, check.pairing.pk)], user=None)


def test_a_time_control_tag_longer_than_its_field_is_kept_whole_among_the_tags(db):
    """On PostgreSQL a tag over the field's 100 characters failed the whole import."""
    from games.pgn_export import game_to_pgn
    from tests.factories import PlayerFactory, RoundFactory

    round_one = RoundFactory(tournament__ruleset="classic")
    ding = PlayerFactory(tournament=round_one.tournament, name="Ding Liren", fide_id="8603677")
    nepo = PlayerFactory(tournament=round_one.tournament, name="Ian N.", fide_id="4168119")
    pairing = Pairing.objects.create(round=round_one, board=1, white=nepo, black=ding)
    control = "40/7200:20/3600:900+30" + ":60" * 40
    text = read("nepomniachtchi-liren-game1.pgn").replace(
        '[TimeControl "40/7200:20/3600:900+30"]', f'[TimeControl "{control}"]'
    )
    (check,) = check_pgn(text, round_one.tournament)
    (game,) = import_games([check], [ImportDecision(1, pairing.pk)], user=None)
    game.refresh_from_db()
    assert game.time_control == ""
    assert game.headers["TimeControl"] == control
    assert f'[TimeControl "{control}"]' in str(game_to_pgn(game))
