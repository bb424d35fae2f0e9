"""The online room's house rules (seeds 001–003) and its two rating tables (seed 002)."""

from fractions import Fraction

import chess
import pytest

from games.rules.incidents import (
    Abandonment,
    AutomaticDrawCheck,
    IncidentError,
    KingIntoCheck,
    Resignation,
    abandonment_rating_change,
    online_rating_change,
    replay_moves,
    rule_abandonment,
    rule_automatic_draw,
    rule_king_into_check,
    rule_resignation,
)
from games.rules.rulesets import CLASSIC, ONLINE, OnlineRatingTable
from games.rules.rulings import Decision, Score

from .conftest import first_plies

FIRST, SECOND = OnlineRatingTable.FIRST, OnlineRatingTable.SECOND

# A queen checking from d8 and h4 while the black king shuttles g8–h7; a rook and pawns keep
# the position alive.
CHECKS_FROM = "6k1/5pp1/8/8/8/8/1rP5/K2Q4 w - - 0 40"
SHUTTLE = ["Qd8+", "Kh7", "Qh4+", "Kg8"]


def checks(count: int, *, from_h7: bool = False) -> list[str]:
    """``count`` consecutive checks by the queen, the king starting on g8 (or h7)."""
    shuttle = SHUTTLE[2:] + SHUTTLE[:2] if from_h7 else SHUTTLE
    return [shuttle[i % 4] for i in range(2 * count)]


def test_resignation_only_after_fifteen_moves(fischer_spassky):
    """online: "Resignation only after both sides have made 15 moves"."""
    early = first_plies(fischer_spassky, 29)
    ruling = rule_resignation(early, Resignation(chess.BLACK), ONLINE)
    assert ruling.decision is Decision.PLAY_ON
    assert rule_resignation(early, Resignation(chess.BLACK), CLASSIC).score is Score.WHITE_WINS
    later = first_plies(fischer_spassky, 30)
    assert rule_resignation(later, Resignation(chess.BLACK), ONLINE).score is Score.WHITE_WINS


def test_thirty_quiet_moves_draw():
    """online: "30 consecutive moves with no pawn move and no capture" draw automatically."""
    start = "8/8/4k3/8/2R5/4K3/8/6r1 w - - 58 90"
    not_yet = replay_moves(["Rc5"], starting_fen=start)
    assert rule_automatic_draw(not_yet, AutomaticDrawCheck(), ONLINE).decision is Decision.PLAY_ON
    drawn = replay_moves(["Rc5", "Rg2"], starting_fen=start)
    assert rule_automatic_draw(drawn, AutomaticDrawCheck(), ONLINE).score is Score.DRAW
    assert rule_automatic_draw(drawn, AutomaticDrawCheck(), CLASSIC).decision is Decision.PLAY_ON


def test_ten_consecutive_checks_draw():
    """online: "10 consecutive checks ... without mate (perpetual check)" draw."""
    nine = replay_moves(checks(9), starting_fen=CHECKS_FROM)
    assert rule_automatic_draw(nine, AutomaticDrawCheck(), ONLINE).decision is Decision.PLAY_ON
    ten = replay_moves(checks(10), starting_fen=CHECKS_FROM)
    ruling = rule_automatic_draw(ten, AutomaticDrawCheck(), ONLINE)
    assert (ruling.score, ruling.details["consecutive_checks"]) == (Score.DRAW, 10)


def test_thirty_checks_in_all_draw():
    """online: "or 30 checks received in total, without mate" — nine checks at a time,
    broken by pawn moves (which also restart the quiet-move count)."""
    moves = [*checks(9), "c3", "Rb3"]
    moves += [*checks(9, from_h7=True), "c4", "Rb4"]
    moves += [*checks(9), "c5", "Rb5"]
    moves += checks(3, from_h7=True)
    record = replay_moves(moves, starting_fen=CHECKS_FROM)
    assert record.broken is None
    ruling = rule_automatic_draw(record, AutomaticDrawCheck(), ONLINE)
    assert (ruling.score, ruling.details["total_checks"]) == (Score.DRAW, 30)
    shorter = replay_moves(moves[:-2], starting_fen=CHECKS_FROM)
    assert rule_automatic_draw(shorter, AutomaticDrawCheck(), ONLINE).decision is Decision.PLAY_ON


def test_stalemate_draws():
    """online: "Automatic draws: stalemate"."""
    record = replay_moves(["Qc7"], starting_fen="k7/8/1K6/8/8/8/8/2Q5 w - - 0 70")
    ruling = rule_automatic_draw(record, AutomaticDrawCheck(), ONLINE)
    assert (ruling.score, ruling.article) == (Score.DRAW, "10.3")


def test_third_king_into_check_foul_loses(fischer_spassky):
    """online (003): "Moving one's king into check is a foul; the third foul loses"."""
    record = first_plies(fischer_spassky, 40)
    first = rule_king_into_check(record, KingIntoCheck(chess.BLACK), ONLINE)
    assert (first.decision, first.details["fouls"]) == (Decision.PLAY_ON, 1)
    third = rule_king_into_check(record, KingIntoCheck(chess.BLACK, earlier_fouls=2), ONLINE)
    assert third.score is Score.WHITE_WINS
    with pytest.raises(IncidentError, match="illegal move"):
        rule_king_into_check(record, KingIntoCheck(chess.BLACK), CLASSIC)


def test_abandonment_loses_and_after_25_moves_rates_the_other_as_a_draw(fischer_spassky):
    """online (002): "Leaving a game costs three times the rating points a loss would cost;
    after 25 moves the remaining player is scored as for a draw"."""
    early = rule_abandonment(first_plies(fischer_spassky, 40), Abandonment(chess.BLACK), ONLINE)
    assert (early.score, early.details["remaining_player_rated_as"]) == (Score.WHITE_WINS, "win")
    late = rule_abandonment(first_plies(fischer_spassky, 60), Abandonment(chess.BLACK), ONLINE)
    assert (late.details["loss_multiplier"], late.details["remaining_player_rated_as"]) == (
        3,
        "draw",
    )


def test_abandonment_rating_change():
    """online (002): a 1500 leaving a 1450 loses 3 × 15; the 1450 gains 15, or, after 25
    moves, the 5 a draw brings the lower-rated (first table, d = 50)."""
    assert abandonment_rating_change(1500, 1450, moves_made=20, ruleset=ONLINE) == (-45, 15)
    assert abandonment_rating_change(1500, 1450, moves_made=26, ruleset=ONLINE) == (-45, 5)


@pytest.mark.parametrize(
    ("white", "black", "score", "expected"),
    [
        # d < 100: the higher-rated winner gains 10 − d/10, the lower-rated 10 + d/10.
        (1500, 1450, Score.WHITE_WINS, (5, -5)),
        (1450, 1500, Score.WHITE_WINS, (15, -15)),
        (1537, 1500, Score.BLACK_WINS, (Fraction(-137, 10), Fraction(137, 10))),
        # a draw moves d/10 from the higher to the lower rated.
        (1450, 1500, Score.DRAW, (5, -5)),
        # 100 ≤ d < 200: ±1, for a draw too.
        (1650, 1500, Score.BLACK_WINS, (-1, 1)),
        (1650, 1500, Score.DRAW, (-1, 1)),
        # d ≥ 200: no change.
        (1700, 1500, Score.BLACK_WINS, (0, 0)),
    ],
)
def test_first_rating_table(white, black, score, expected):
    """Seed 002, first answer: the room's rating change by the rating difference d."""
    assert online_rating_change(white, black, score, FIRST) == expected


@pytest.mark.parametrize(
    ("white", "black", "score", "expected"),
    [
        # Draw: within 10 points each gains 1; 10–99: ±5; 100 or more: ±10.
        (1500, 1505, Score.DRAW, (1, 1)),
        (1500, 1550, Score.DRAW, (5, -5)),
        (1650, 1500, Score.DRAW, (-10, 10)),
        # Lower-rated winner: +10 / +15 / +20.
        (1500, 1505, Score.WHITE_WINS, (10, -10)),
        (1500, 1550, Score.WHITE_WINS, (15, -15)),
        (1500, 1620, Score.WHITE_WINS, (20, -20)),
        # Higher-rated winner: +10 / +5 / +3 / +1.
        (1550, 1500, Score.WHITE_WINS, (5, -5)),
        (1650, 1500, Score.WHITE_WINS, (3, -3)),
        (1750, 1500, Score.WHITE_WINS, (1, -1)),
    ],
)
def test_second_rating_table(white, black, score, expected):
    """Seed 002, the room's later rule (the second table)."""
    assert online_rating_change(white, black, score, SECOND) == expected
