"""Illegal moves and positions: Article 8, and the fide2023 illegal-move penalties."""

import chess
import pytest

from games.rules.incidents import (
    BoardMisplaced,
    ColoursReversed,
    IllegalMoveFound,
    IncidentError,
    MoveFault,
    PiecesDisplaced,
    PiecesKnockedOver,
    WrongInitialPosition,
    find_illegal_move,
    replay_moves,
    rule_board_misplaced,
    rule_colours_reversed,
    rule_displaced_pieces,
    rule_illegal_move,
    rule_knocked_over,
    rule_wrong_initial_position,
)
from games.rules.rulesets import CLASSIC, FIDE2023
from games.rules.rulings import ClockChange, Decision, Score

from .conftest import first_plies

# Fischer–Spassky 1972/6 after 12...c5: the position before 13.Qa3.
AFTER_12 = "rn3rk1/p3qpp1/1p2b2p/2pp4/Q2P4/4PN2/PP3PPP/2R1KB1R w K - 0 13"


@pytest.fixture(scope="module")
def queen_jumped(fischer_spassky):
    """The real game with 13.Qa3 replaced by 13.Qh4 — the queen on a4 passing over its own
    pawn on d4 — and the next ten moves of the game (13...Rc8 to 23.Bc4) played after it,
    every one of them legal in the position the illegal move left."""
    texts = list(fischer_spassky.move_texts[:45])
    texts[24] = "Qh4"
    return replay_moves(texts, headers=fischer_spassky.headers)


def test_illegal_move_found_ten_moves_later_restores_the_position_before_it(queen_jumped):
    """8.1: "An illegal move found during the game: the position just before it is restored
    and play continues from there." """
    found = find_illegal_move(queen_jumped)
    assert found is not None
    assert (found.ply, found.text, found.fault) == (25, "Qh4", MoveFault.ILLEGAL)
    ruling = rule_illegal_move(queen_jumped, IllegalMoveFound(), CLASSIC)
    assert (ruling.decision, ruling.article, ruling.restore_fen) == (
        Decision.PLAY_ON,
        "8.1",
        AFTER_12,
    )
    assert ruling.void_plies == tuple(range(25, 46))
    assert ruling.details["offender"] == "white"
    assert ruling.clock_adjustments == ()


def test_position_that_cannot_be_restored_annuls(fischer_spassky):
    """8.1: "If that position cannot be restored, the game is annulled and replayed" — the
    record is unreadable at move 9 (a scoresheet blot), so the position before the
    irregularity cannot be established."""
    texts = list(fischer_spassky.move_texts[:30])
    texts[16] = "B??"
    ruling = rule_illegal_move(replay_moves(texts), IllegalMoveFound(), CLASSIC)
    assert (ruling.decision, ruling.article, ruling.void_plies[0]) == (Decision.ANNUL, "8.1", 17)


def test_legal_record_has_nothing_to_restore(fischer_spassky):
    """8.1 applies only to an illegal move: the real game is legal throughout."""
    assert find_illegal_move(fischer_spassky) is None
    assert rule_illegal_move(fischer_spassky, IllegalMoveFound(), CLASSIC).restore_fen is None


def test_fide2023_gives_the_opponent_two_minutes(queen_jumped):
    """fide2023 (Laws 2023, 7.5.5): for a first completed illegal move the arbiter gives the
    opponent two minutes extra time."""
    ruling = rule_illegal_move(queen_jumped, IllegalMoveFound(), FIDE2023)
    assert ruling.restore_fen == AFTER_12
    (bonus,) = ruling.clock_adjustments
    assert (bonus.color, bonus.change, bonus.seconds) == (
        chess.BLACK,
        ClockChange.ADD_REMAINING,
        120,
    )
    # The ruling applies 7.5.5's penalty, so it cites 7.5.5; it still says that the move was
    # illegal and that the position before it is restored (7.5.1).
    assert ruling.article == "7.5.5"
    assert ruling.explanation.en == (
        "White's move 13. Qh4 was illegal (7.5.1): the position before it is restored and the "
        "moves from it on are void (11 by White, 10 by Black). "
        "As the penalty, Black receives 2 minutes extra time (7.5.5)."
    )
    assert ruling.explanation.zh == (
        "白方的第13着Qh4不合规则（7.5.1）：恢复该着之前的局面，此后的着法作废（白方11着，黑方10着）。"
        "作为处罚，黑方获得2分钟额外时间（7.5.5）。"
    )


def test_fide2023_second_illegal_move_loses(queen_jumped):
    """fide2023 (Laws 2023, 7.5.5): "for the second completed illegal move by the same player,
    the arbiter shall declare the game lost by this player"."""
    ruling = rule_illegal_move(queen_jumped, IllegalMoveFound(earlier_illegal_moves=1), FIDE2023)
    assert (ruling.decision, ruling.score) == (Decision.GAME_OVER, Score.BLACK_WINS)


def test_fide2023_second_illegal_move_against_a_lone_king_draws():
    """2023 Laws 7.5.5: the second illegal move loses, "however, the game is drawn if the
    position is such that the opponent cannot checkmate the player's king" — a lone king
    never can. K+Q v K: White's queen jumps over its own king."""
    record = replay_moves(["Qa1-h1"], starting_fen="7k/8/8/8/8/8/8/Q3K3 w - - 0 50")
    ruling = rule_illegal_move(record, IllegalMoveFound(earlier_illegal_moves=1), FIDE2023)
    assert (ruling.score, ruling.article) == (Score.DRAW, "7.5.5")


def test_classic_has_no_illegal_move_penalty(queen_jumped):
    """classic: Article 8 restores the position and adds no penalty, whatever the count."""
    ruling = rule_illegal_move(queen_jumped, IllegalMoveFound(earlier_illegal_moves=3), CLASSIC)
    assert ruling.decision is Decision.PLAY_ON
    assert ruling.clock_adjustments == ()


def test_displaced_pieces_are_restored_or_the_game_annulled(fischer_spassky):
    """8.2: "restore the position before the accident; if impossible, annul and replay"."""
    record = first_plies(fischer_spassky, 24)
    assert rule_displaced_pieces(record, PiecesDisplaced(), CLASSIC).restore_fen == AFTER_12
    ruling = rule_displaced_pieces(record, PiecesDisplaced(restorable=False), CLASSIC)
    assert ruling.decision is Decision.ANNUL


def test_knocked_over_pieces_are_put_back_on_the_offenders_time(fischer_spassky):
    """8.3: "A player who knocks pieces over puts them back on his own clock time" — even
    when it is his opponent's move."""
    record = first_plies(fischer_spassky, 24)
    ruling = rule_knocked_over(record, PiecesKnockedOver(chess.BLACK), CLASSIC)
    assert (ruling.article, ruling.details["clock_running"]) == ("8.3", "black")
    assert "may stop White's clock" in ruling.explanation.en


def test_wrong_initial_position_annuls(fischer_spassky):
    """8.5: "A wrong initial position found during the game: annul and replay" — king and
    queen set up on each other's squares (a dark-square white queen, against Art. 2)."""
    swapped = "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1"
    ruling = rule_wrong_initial_position(fischer_spassky, WrongInitialPosition(swapped), CLASSIC)
    assert (ruling.decision, ruling.article) == (Decision.ANNUL, "8.5")
    correct = WrongInitialPosition(chess.STARTING_FEN)
    assert rule_wrong_initial_position(fischer_spassky, correct, CLASSIC).decision is (
        Decision.PLAY_ON
    )


def test_colours_reversed_after_a_quarter_of_the_first_period_play_on(nepo_ding):
    """8.6: "if more than a quarter of the first period's time has been used, play continues;
    otherwise the arbiter may have the game restarted" — 40/7200: a quarter of both clocks'
    two hours is one hour between them."""
    later = rule_colours_reversed(nepo_ding, ColoursReversed(1801, 1800), CLASSIC)
    assert later.decision is Decision.PLAY_ON
    early = rule_colours_reversed(nepo_ding, ColoursReversed(1800, 1800), CLASSIC)
    assert (early.decision, early.article) == (Decision.RESTART, "8.6")


def test_colours_reversed_needs_a_time_control(fischer_spassky):
    """8.6 is measured against the first period: a game without one is a clear error."""
    with pytest.raises(IncidentError, match="no time control"):
        rule_colours_reversed(fischer_spassky, ColoursReversed(100, 100), CLASSIC)
    ruling = rule_colours_reversed(
        fischer_spassky, ColoursReversed(100, 100, time_control="40/9000"), CLASSIC
    )
    assert ruling.decision is Decision.RESTART


def test_misplaced_board_moves_the_position(fischer_spassky):
    """8.7: "A board placed against 1.2: the position is moved to a correctly placed board"."""
    record = first_plies(fischer_spassky, 24)
    ruling = rule_board_misplaced(record, BoardMisplaced(), CLASSIC)
    assert (ruling.decision, ruling.article, ruling.restore_fen) == (
        Decision.PLAY_ON,
        "8.7",
        AFTER_12,
    )
