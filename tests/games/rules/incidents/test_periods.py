"""Flag fall and the end of a period: 6.5, 10.14 with its exceptions, 10.5, online void.

Nepomniachtchi–Ding 2023/1 was played at 40/7200:20/3600:900+30 (its TimeControl tag) and
drawn after 49.Ke3; the flag falls here are what the clocks would have meant at its moves.
"""

import chess
import pytest

from games.rules.claims import ClaimClock, ClaimKind, DrawClaim, decide_claim
from games.rules.clocks import parse_time_control
from games.rules.incidents import (
    FlagFall,
    IncidentError,
    PeriodEnd,
    replay_moves,
    rule_flag_fall,
    rule_period_end,
)
from games.rules.rulesets import CLASSIC, FIDE2023, ONLINE
from games.rules.rulings import ClockChange, Decision, Score

from .conftest import first_plies


def test_flag_fall_before_the_control_loses(nepo_ding):
    """10.14: "A player who does not make the prescribed number of moves in the allotted time
    loses" — Black, thinking on move 49, had until move 60 for the second period."""
    ruling = rule_flag_fall(nepo_ding, FlagFall(chess.BLACK), CLASSIC)
    assert (ruling.score, ruling.article) == (Score.WHITE_WINS, "10.14")
    assert (ruling.details["move_number"], ruling.details["control_move"]) == (49, 60)
    assert ruling.details["allotted_seconds"] == 10800


def test_who_overstepped_and_when(nepo_ding):
    """10.14: the clock reading decides — 10799 s used of 10800 for move 49 is in time,
    10801 s is not."""
    in_time = rule_flag_fall(nepo_ding, FlagFall(chess.BLACK, used_seconds=10799), CLASSIC)
    assert in_time.decision is Decision.PLAY_ON
    late = rule_flag_fall(nepo_ding, FlagFall(chess.BLACK, used_seconds=10801), CLASSIC)
    assert late.score is Score.WHITE_WINS


def test_final_period_has_no_control_move(nepo_ding):
    """10.14 in the final period (900+30): the whole rest of the game must be made in time.
    A flag at move 61 with 11700 s (2 h + 1 h + 15 min) and no increments yet."""
    ruling = rule_flag_fall(
        nepo_ding, FlagFall(chess.WHITE, time_control="40/7200:20/3600:900+30"), CLASSIC
    )
    assert ruling.details["control_move"] == 60
    pawns = replay_moves([], starting_fen="8/8/4k3/4p3/8/4K3/4P3/8 w - - 0 61")
    final = rule_flag_fall(
        pawns, FlagFall(chess.WHITE, time_control="40/7200:20/3600:900+30"), CLASSIC
    )
    assert (final.details["control_move"], final.details["allotted_seconds"]) == (None, 11700)
    assert final.score is Score.BLACK_WINS


def test_bare_kings_flag_fall_draws():
    """10.14: "if both sides have only kings, it is a draw"."""
    record = replay_moves([], starting_fen="8/8/4k3/8/8/4K3/8/8 w - - 0 45")
    ruling = rule_flag_fall(record, FlagFall(chess.WHITE, time_control="40/7200:20/3600"), CLASSIC)
    assert (ruling.score, ruling.article) == (Score.DRAW, "10.14")


def test_flag_fall_against_a_lone_king_draws():
    """10.5: "A player with a lone king can never win: if his opponent oversteps the time ...
    the game is a draw"."""
    record = replay_moves([], starting_fen="8/8/4k3/8/8/4K3/4P3/8 b - - 0 45")
    ruling = rule_flag_fall(record, FlagFall(chess.WHITE, time_control="40/7200:20/3600"), CLASSIC)
    assert (ruling.score, ruling.article) == (Score.DRAW, "10.5")


def test_mate_before_the_flag_counts(molinari_bordais):
    """6.5: a move that ends the game (10.1 mate) counts even if the clock was not pressed."""
    ruling = rule_flag_fall(molinari_bordais, FlagFall(chess.BLACK, time_control="300"), CLASSIC)
    assert (ruling.score, ruling.article) == (Score.BLACK_WINS, "6.5")


def test_online_flag_fall_within_five_moves_voids(fischer_spassky):
    """online: "Flag fall after more than 5 moves loses; within the first 5 moves it voids the
    game: no result, no rating change"."""
    five = first_plies(fischer_spassky, 10)
    assert rule_flag_fall(five, FlagFall(chess.WHITE, time_control="600"), ONLINE).decision is (
        Decision.VOID
    )
    six = first_plies(fischer_spassky, 12)
    assert rule_flag_fall(six, FlagFall(chess.WHITE, time_control="600"), ONLINE).score is (
        Score.BLACK_WINS
    )
    assert rule_flag_fall(five, FlagFall(chess.WHITE, time_control="600"), CLASSIC).score is (
        Score.BLACK_WINS
    )


def test_flag_fall_needs_a_time_control(fischer_spassky):
    """10.14 measures against the time control: none given is a clear error."""
    with pytest.raises(IncidentError, match="no time control"):
        rule_flag_fall(fischer_spassky, FlagFall(chess.WHITE), CLASSIC)


def test_session_end_adjourns(fischer_spassky):
    """Adjournment: "When a session ends, the player to move writes his move" — 40/9000,
    adjourned after move 40; after 40...Kh8 White, to move, seals."""
    record = first_plies(fischer_spassky, 80)
    check = PeriodEnd(adjourn_after_move=40, time_control="40/9000:16/3600")
    ruling = rule_period_end(record, check, CLASSIC)
    assert (ruling.article, ruling.details["adjourn"], ruling.details["sealer"]) == (
        "Adjournment",
        True,
        "white",
    )
    with pytest.raises(IncidentError, match="fide2023 ruleset has no adjournment"):
        rule_period_end(record, check, FIDE2023)


def test_period_after_the_control(fischer_spassky):
    """10.14: after the first control (move 40) the second period runs to move 56."""
    record = first_plies(fischer_spassky, 80)
    ruling = rule_period_end(record, PeriodEnd(time_control="40/9000:16/3600"), CLASSIC)
    assert ruling.details["adjourn"] is False
    assert ruling.details["players"]["white"] == {"period": 2, "next_control_move": 56}


@pytest.mark.parametrize(("used", "overstepped"), [(10400, False), (10600, True)])
def test_wrong_claim_penalty_that_oversteps(nepo_ding, used, overstepped):
    """10.13(2): "5 minutes are added to the claimant's used time; if that exceeds his time,
    he loses" — Black wrongly claims fifty moves at move 49 of Nepomniachtchi–Ding, with
    10800 s allotted until move 60. The claims ruling and the flag-fall reading of the
    penalised clock must agree."""
    control = parse_time_control(nepo_ding.headers["TimeControl"])
    claim = DrawClaim(chess.BLACK, ClaimKind.FIFTY_MOVES)
    claimed = decide_claim(nepo_ding.board(), claim, CLASSIC, clock=ClaimClock(control, used))
    (penalty,) = claimed.clock_adjustments
    assert (penalty.color, penalty.change, penalty.seconds) == (
        chess.BLACK,
        ClockChange.ADD_USED,
        300,
    )
    flag = rule_flag_fall(nepo_ding, FlagFall(chess.BLACK, used_seconds=used + 300), CLASSIC)
    if overstepped:
        assert (claimed.score, flag.score) == (Score.WHITE_WINS, Score.WHITE_WINS)
    else:
        assert (claimed.decision, flag.decision) == (Decision.PLAY_ON, Decision.PLAY_ON)
