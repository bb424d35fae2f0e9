"""Draw claims 10.10-10.13: repetition cases from python-chess, chess.js and issue threads
(en passant that does or does not count), Timman–Lutz 1995 fifty-move positions, and the
rulesets' penalties computed from the clock."""

import json

import chess
import pytest

from games.rules.claims import (
    ClaimClock,
    ClaimKind,
    DrawClaim,
    decide_claim,
    threefold_after_move,
    threefold_has_arisen,
)
from games.rules.clocks import parse_time_control
from games.rules.material import NamedPositionError, material_of, parse_named_positions
from games.rules.rulesets import CLASSIC, FIDE2023, ONLINE
from games.rules.rulings import ClockChange, Decision

from ._data import CLAIMS

CASES = json.loads((CLAIMS / "rule_checks.json").read_text())["cases"]


def case(test):
    (found,) = [c for c in CASES if c["test"] == test]
    return found


def played(moves, fen=chess.STARTING_FEN):
    board = chess.Board(fen)
    for san in moves:
        board.push_san(san)
    return board


def can_claim(board):
    """python-chess's wide question, from our two precise ones."""
    return bool(threefold_has_arisen(board)) or any(
        threefold_after_move(board, move) for move in board.legal_moves
    )


def test_threefold_step_by_step_has_arisen_vs_will_arise():
    data = case("test_threefold_repetition")
    for step in data["expected"]["steps"]:
        board = played(step["moves_so_far"], data["start_fen"])
        assert bool(threefold_has_arisen(board)) == step["position_occurred_3_times"]
        assert can_claim(board) == step["can_claim_threefold"]
    board = played(data["moves"] + ["e4"], data["start_fen"])
    assert not can_claim(board)


def test_black_claims_with_the_written_move_after_seven_plies():
    data = case("test_threefold_repetition")
    board = played(data["moves"][:7], data["start_fen"])
    wrong = decide_claim(board, DrawClaim(chess.BLACK, ClaimKind.THREEFOLD), CLASSIC)
    assert wrong.decision is Decision.PLAY_ON  # only twice so far: 10.10(2) fails
    right = decide_claim(
        board, DrawClaim(chess.BLACK, ClaimKind.THREEFOLD, written_move="Ng8"), CLASSIC
    )
    assert right.decision is Decision.GAME_OVER and right.result == "1/2-1/2"
    assert right.article == "10.10(1)"
    assert right.details["occurrences"] == ["start", "2...Ng8", "4...Ng8"]


def test_fischer_petrosian_1971():
    data = case("Fischer - Petrosian, Buenos Aires 1971")
    moves = data["moves"]
    for end in range(len(moves)):
        assert not threefold_has_arisen(played(moves[:end], data["start_fen"]))
    board = played(moves, data["start_fen"])
    seen = threefold_has_arisen(board)
    # The game's start position (Black to move at move 30), then after 32.Qe2 and 34.Qe2.
    assert [(o.ply, o.label) for o in seen] == [(0, "start"), (4, "32.Qe2"), (8, "34.Qe2")]
    ruling = decide_claim(board, DrawClaim(chess.BLACK, ClaimKind.THREEFOLD), CLASSIC)
    assert ruling.result == "1/2-1/2" and ruling.details["plies"] == [o.ply for o in seen]
    assert not threefold_has_arisen(played([*moves, "a6"], data["start_fen"]))


def test_legal_en_passant_makes_positions_different():
    data = case("ep right after 47...f5 makes that position different")
    board = played(data["moves_san"])
    assert not threefold_has_arisen(board)
    ruling = decide_claim(board, DrawClaim(board.turn, ClaimKind.THREEFOLD), CLASSIC)
    assert ruling.decision is Decision.PLAY_ON
    assert ruling.details["occurrences_found"] == data["expected"]["occurrences_of_final_position"]


@pytest.mark.parametrize(
    "moves",
    [
        c["moves_san"]
        for c in CASES
        if c["test"] == "legal vs pseudo-legal en passant in repetition"
    ],
)
def test_en_passant_that_cannot_be_played_does_not_count(moves):
    board = played(moves)
    assert threefold_has_arisen(board)
    ruling = decide_claim(board, DrawClaim(board.turn, ClaimKind.THREEFOLD), FIDE2023)
    assert ruling.result == "1/2-1/2"


def test_10_11_moving_without_claiming_loses_the_claim():
    board = played(["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"])
    board.push_san("Nc3")  # White could have claimed and moved instead
    ruling = decide_claim(board, DrawClaim(chess.WHITE, ClaimKind.THREEFOLD), CLASSIC)
    assert ruling.decision is Decision.PLAY_ON
    assert "10.11" in ruling.explanation.en and ruling.details["lost_right"] is True
    # The right comes back when the position arises again with him to move.
    for san in ("Nf6", "Nb1", "Ng8"):
        board.push_san(san)
    again = decide_claim(board, DrawClaim(chess.WHITE, ClaimKind.THREEFOLD), CLASSIC)
    assert again.result == "1/2-1/2" and len(again.details["plies"]) == 4


TIMMAN_LUTZ_99 = "6R1/7k/8/8/1r3B2/5K2/8/8 w - - 99 119"
TIMMAN_LUTZ_100 = "8/7k/8/6R1/1r3B2/5K2/8/8 b - - 100 119"


def test_fifty_moves_made_is_correct_in_every_ruleset():
    """Classic 10.12; the 2023 Laws number the fifty-move claim 9.3."""
    board = chess.Board(TIMMAN_LUTZ_100)
    for ruleset, article in ((CLASSIC, "10.12"), (FIDE2023, "9.3")):
        ruling = decide_claim(board, DrawClaim(chess.BLACK, ClaimKind.FIFTY_MOVES), ruleset)
        assert ruling.result == "1/2-1/2" and ruling.article == article


def test_fifty_moves_with_a_written_move_only_under_fide2023():
    board = chess.Board(TIMMAN_LUTZ_99)
    claim = DrawClaim(chess.WHITE, ClaimKind.FIFTY_MOVES, written_move="Rg5")
    assert decide_claim(board, claim, FIDE2023).result == "1/2-1/2"
    classic = decide_claim(board, claim, CLASSIC)
    assert classic.decision is Decision.PLAY_ON and classic.move_to_play == "Rg5"
    capture = DrawClaim(chess.WHITE, ClaimKind.FIFTY_MOVES, written_move="Bxb4")
    assert decide_claim(board, capture, FIDE2023).decision is Decision.PLAY_ON


def test_organisers_extended_count():
    board = chess.Board(TIMMAN_LUTZ_100)
    claim = DrawClaim(chess.BLACK, ClaimKind.FIFTY_MOVES, move_count=75)
    assert decide_claim(board, claim, CLASSIC).decision is Decision.PLAY_ON


def test_a_count_the_organiser_set_for_the_position_replaces_fifty():
    """10.12: the organiser may raise the count for positions named before the event. The
    Timman–Lutz ending is rook and bishop against rook: named at 75 moves, fifty are not
    enough; a count named for another position changes nothing."""
    board = chess.Board(TIMMAN_LUTZ_100)
    claim = DrawClaim(chess.BLACK, ClaimKind.FIFTY_MOVES)
    named = CLASSIC.with_overrides(fifty_move_named_positions=parse_named_positions("KR v KRB: 75"))
    ruling = decide_claim(board, claim, named)
    assert ruling.decision is Decision.PLAY_ON
    assert ruling.details["move_count"] == 75
    assert "not 75" in ruling.explanation.en
    other = CLASSIC.with_overrides(
        fifty_move_named_positions=parse_named_positions("KNN v KP: 100, KQ v KR: 75")
    )
    assert decide_claim(board, claim, other).result == "1/2-1/2"


def test_named_positions_are_read_by_their_material():
    positions = parse_named_positions("KRB v KR: 75; knn-kp = 100\nKBB vs KN: 75")
    assert [p.material for p in positions] == [("KR", "KRB"), ("KNN", "KP"), ("KBB", "KN")]
    assert material_of(chess.Board(TIMMAN_LUTZ_100)) == ("KR", "KRB")
    assert parse_named_positions("") == ()


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("KRB v KR", "unreadable"),
        ("RB v KR: 75", "unreadable"),
        ("KKR v K: 60", "unreadable"),
        ("KRB v KR: 40", "below_fifty"),
        ("KRB v KR: 75, KR v KBR: 80", "named_twice"),
    ],
)
def test_unreadable_named_positions_say_which_entry(text, problem):
    with pytest.raises(NamedPositionError) as caught:
        parse_named_positions(text)
    assert caught.value.problem == problem
    assert caught.value.entry in text


def test_mate_comes_before_any_claim():
    board = chess.Board("k7/8/NKB5/8/8/8/8/8 b - - 105 176")
    ruling = decide_claim(board, DrawClaim(chess.BLACK, ClaimKind.FIFTY_MOVES), CLASSIC)
    assert ruling.result == "1-0" and ruling.article == "10.1"


def _wrong_claim_board():
    return played(["e4", "e5", "Nf3", "Nc6"])


def test_classic_penalty_adds_five_minutes_to_the_claimant():
    ruling = decide_claim(
        _wrong_claim_board(),
        DrawClaim(chess.WHITE, ClaimKind.THREEFOLD, written_move="Bb5"),
        CLASSIC,
        clock=ClaimClock(parse_time_control("40/7200"), claimant_used=3600),
    )
    assert ruling.decision is Decision.PLAY_ON and ruling.move_to_play == "Bb5"
    (adjustment,) = ruling.clock_adjustments
    assert (adjustment.color, adjustment.change, adjustment.seconds) == (
        chess.WHITE,
        ClockChange.ADD_USED,
        CLASSIC.claim_penalty_seconds,
    )
    assert "Bb5 must now be played" in ruling.explanation.en


def test_classic_penalty_pushes_the_claimant_over_his_time():
    # 1:57:00 used of two hours for 40 moves: five more minutes exceed the allotted time.
    ruling = decide_claim(
        _wrong_claim_board(),
        DrawClaim(chess.WHITE, ClaimKind.FIFTY_MOVES),
        CLASSIC,
        clock=ClaimClock(parse_time_control("40/7200"), claimant_used=7020),
    )
    assert ruling.decision is Decision.GAME_OVER and ruling.result == "0-1"
    assert ruling.details["used_after_penalty"] == 7320 and ruling.details["allotted"] == 7200
    assert "exceeded the time allotted (2:02:00 used of 2:00:00)" in ruling.explanation.en


def test_penalty_overstep_against_a_lone_king_is_a_draw():
    board = chess.Board("4k3/8/8/8/8/8/4P3/4K3 w - - 0 30")
    ruling = decide_claim(
        board,
        DrawClaim(chess.WHITE, ClaimKind.THREEFOLD),
        CLASSIC,
        clock=ClaimClock(parse_time_control("40/7200"), claimant_used=7100),
    )
    assert ruling.result == "1/2-1/2" and ruling.article == "10.5"


def test_fide2023_gives_the_opponent_two_minutes_and_online_nothing():
    claim = DrawClaim(chess.WHITE, ClaimKind.THREEFOLD)
    modern = decide_claim(_wrong_claim_board(), claim, FIDE2023)
    (adjustment,) = modern.clock_adjustments
    assert (adjustment.color, adjustment.change, adjustment.seconds) == (
        chess.BLACK,
        ClockChange.ADD_REMAINING,
        FIDE2023.claim_penalty_seconds,
    )
    assert decide_claim(_wrong_claim_board(), claim, ONLINE).clock_adjustments == ()


def test_claims_need_the_player_to_move_and_a_legal_written_move():
    board = _wrong_claim_board()
    not_on_move = decide_claim(board, DrawClaim(chess.BLACK, ClaimKind.THREEFOLD), CLASSIC)
    assert not_on_move.decision is Decision.PLAY_ON
    assert "only the player to move" in not_on_move.explanation.en
    illegal = DrawClaim(chess.WHITE, ClaimKind.THREEFOLD, written_move="Ke3")
    ruling = decide_claim(board, illegal, CLASSIC)
    assert ruling.decision is Decision.PLAY_ON and "cannot be played" in ruling.explanation.en
    assert ruling.explanation.zh
