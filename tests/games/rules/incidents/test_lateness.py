"""Lateness and default: Laws 10.15 and 10.17."""

from datetime import datetime, timedelta

import pytest

from games.rules.incidents import Attendance, IncidentError, replay_moves, rule_lateness
from games.rules.rulesets import CLASSIC, FIDE2023, ONLINE, get_ruleset
from games.rules.rulings import Decision, Score

START = datetime(2026, 5, 1, 15, 0)
UNPLAYED = replay_moves([])


def at(minutes: float) -> datetime:
    return START + timedelta(minutes=minutes)


def test_absent_more_than_an_hour_loses_by_forfeit():
    """10.15: "A player who reaches the board more than one hour after the start of the
    session loses" — and a game lost before any move is a forfeit, unplayed (Art. 12)."""
    attendance = Attendance(START, ruled_at=at(61), white_arrived=at(5))
    ruling = rule_lateness(UNPLAYED, attendance, CLASSIC)
    assert (ruling.decision, ruling.score, ruling.article) == (
        Decision.GAME_OVER,
        Score.WHITE_WINS,
        "10.15",
    )
    assert ruling.forfeit


def test_arriving_exactly_one_hour_late_is_in_time():
    """10.15: only "more than one hour" late loses."""
    attendance = Attendance(START, ruled_at=at(60), white_arrived=at(0), black_arrived=at(60))
    ruling = rule_lateness(UNPLAYED, attendance, CLASSIC)
    assert ruling.decision is Decision.PLAY_ON


def test_still_absent_within_the_hour_is_waited_for():
    """10.15: the absent player is not defaulted before the hour is over; his clock runs."""
    attendance = Attendance(START, ruled_at=at(45), black_arrived=at(1))
    ruling = rule_lateness(UNPLAYED, attendance, CLASSIC)
    assert ruling.decision is Decision.PLAY_ON
    assert ruling.details["waiting_for"] == ["white"]


def test_both_late_both_lose():
    """10.17: "If both ... arrive more than one hour late, both lose (0–0)." """
    attendance = Attendance(START, ruled_at=at(75), black_arrived=at(70))
    ruling = rule_lateness(UNPLAYED, attendance, CLASSIC)
    assert (ruling.score, ruling.article, ruling.forfeit) == (Score.BOTH_LOSE, "10.17", True)


def test_fide2023_default_time_is_the_organisers_and_zero_by_default():
    """fide2023: the default time is set by the organiser, 0 by default: any lateness loses."""
    attendance = Attendance(START, ruled_at=at(10), white_arrived=at(0), black_arrived=at(10))
    assert rule_lateness(UNPLAYED, attendance, FIDE2023).score is Score.WHITE_WINS
    organiser = get_ruleset("fide2023", default_time=15 * 60)
    assert rule_lateness(UNPLAYED, attendance, organiser).decision is Decision.PLAY_ON


def test_resumption_lateness_counts_from_the_resumption():
    """10.15: "for a resumed game, lateness counts from the resumption" — a game with moves
    lost by default is not a forfeit (it was played)."""
    record = replay_moves(["e4", "e5", "Nf3"])
    resumed = at(24 * 60)
    attendance = Attendance(
        resumed, ruled_at=resumed + timedelta(minutes=61), white_arrived=resumed
    )
    ruling = rule_lateness(record, attendance, CLASSIC)
    assert ruling.score is Score.WHITE_WINS
    assert not ruling.forfeit


def test_online_has_no_default_by_lateness():
    """The online room has no lateness rule: asking for one is a clear error."""
    with pytest.raises(IncidentError, match="online ruleset has no default by lateness"):
        rule_lateness(UNPLAYED, Attendance(START, ruled_at=at(90)), ONLINE)


@pytest.mark.parametrize("ruleset", [CLASSIC, FIDE2023])
def test_the_organisers_default_time_decides(ruleset):
    """10.15 / 2023 6.7.1: the same arrival, 20 minutes late, under three default times."""
    attendance = Attendance(START, ruled_at=at(25), white_arrived=at(0), black_arrived=at(20))
    for minutes, decision in (
        (15, Decision.GAME_OVER),
        (20, Decision.PLAY_ON),
        (30, Decision.PLAY_ON),
    ):
        ruling = rule_lateness(
            UNPLAYED, attendance, ruleset.with_overrides(default_time=minutes * 60)
        )
        assert ruling.decision is decision, minutes
    late = rule_lateness(UNPLAYED, attendance, ruleset.with_overrides(default_time=15 * 60))
    assert "The allowed lateness is 15 minutes" in late.explanation.en
    assert "允许的迟到时间为15分钟" in late.explanation.zh


def test_the_ruling_says_who_arrived_late_and_who_never_arrived():
    """10.15 / 10.17: a player who arrived late and one who never came are not the same
    fact; each sentence says which, and by how much, in both languages."""
    arrived = Attendance(START, ruled_at=at(75), white_arrived=at(0), black_arrived=at(70))
    ruling = rule_lateness(UNPLAYED, arrived, CLASSIC)
    assert ruling.explanation.en == (
        "Black arrived 1 hour 10 minutes after the start of the session. "
        "The allowed lateness is 1 hour: Black loses by default."
    )
    assert ruling.explanation.zh == (
        "黑方在比赛开始1小时10分钟后才到场。允许的迟到时间为1小时：黑方判负。"
    )
    one_never = Attendance(START, ruled_at=at(75), black_arrived=at(70))
    both = rule_lateness(UNPLAYED, one_never, CLASSIC)
    assert both.explanation.en == (
        "White had not arrived when the arbiter ruled, 1 hour 15 minutes after the start of "
        "the session; Black arrived 1 hour 10 minutes after the start of the session. "
        "The allowed lateness is 1 hour: both players lose."
    )
    assert both.explanation.zh == (
        "裁判员裁决时（比赛开始1小时15分钟后），白方仍未到场；"
        "黑方在比赛开始1小时10分钟后才到场。允许的迟到时间为1小时：双方均判负。"
    )
