"""The per-game report: claims open at the end, JSON form, the lichess fivefold game."""

import io
import json

from games.rules.records import game_from_moves, game_from_uci, read_pgn
from games.rules.report import check_game
from games.rules.rulesets import CLASSIC, FIDE2023

from ._data import CLAIMS

CASES = json.loads((CLAIMS / "rule_checks.json").read_text())["cases"]


def test_threefold_claims_open_at_the_end():
    moves = ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1"]
    written = check_game(game_from_moves(moves), CLASSIC)
    assert written.claims == ("Black: threefold repetition by writing Ng8 (10.10(1))",)
    arisen = check_game(game_from_moves([*moves, "Ng8"]), CLASSIC)
    assert arisen.claims == ("White: threefold repetition has arisen (10.10(2), plies [0, 4, 8])",)


def test_fifty_move_claim_open_at_the_end_per_ruleset():
    timman_lutz = "6R1/7k/8/8/1r3B2/5K2/8/8 w - - 99 119"
    record = game_from_moves([], fen=timman_lutz)
    assert check_game(record, CLASSIC).claims == ()
    (claim,) = check_game(record, FIDE2023).claims
    assert claim.startswith("White: 50-move rule by writing a move such as")


def test_fivefold_game_report_in_json():
    (case,) = [c for c in CASES if "moves_uci" in c and c["kind"] == "fivefold_repetition"]
    record = game_from_uci(case["moves_uci"])
    record.headers["Result"] = "1-0"
    data = check_game(record, FIDE2023).as_dict()
    json.dumps(data)  # JSON-ready
    assert data["ending"]["kind"] == "fivefold_repetition"
    assert data["ending"]["article"] == "9.6.1"
    assert data["detected_result"] == "1/2-1/2"
    assert data["mismatch"].startswith("Result 1-0 but Draw on move")
    assert check_game(record, CLASSIC).as_dict()["ending"] is None


def test_text_report_of_an_illegal_move():
    (record,) = read_pgn(io.StringIO('[White "A"]\n[Black "B"]\n\n1. e4 e5 2. Ke3 *\n'))
    text = check_game(record, CLASSIC).as_text()
    assert "2 legal plies, then game 1, move 2 (White), line 4, column 13" in text
    assert "illegal move 'Ke3': no white king can move to e3" in text
    assert "position before it: rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq" in text
