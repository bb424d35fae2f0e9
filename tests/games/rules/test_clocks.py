"""Time controls (PGN TimeControl tag, FIDE periods) and clock readings."""

import chess
import pytest

from games.rules.clocks import (
    ClockReading,
    Period,
    TimeControlError,
    find_overstep,
    format_seconds,
    parse_time_control,
    read_clock_comment,
)

WCH_2023 = "40/7200:20/3600:900+30"  # Nepomniachtchi–Ding, game 1


def test_world_championship_2023_periods():
    # python-chess's own expectation for this tag (tests data EXPECTED.json).
    control = parse_time_control(WCH_2023)
    assert control.periods == (
        Period(moves=40, seconds=7200),
        Period(moves=20, seconds=3600),
        Period(moves=None, seconds=900, increment=30),
    )
    assert [control.period_end(m) for m in (1, 40, 41, 60, 61)] == [40, 40, 60, 60, None]
    # Two hours for 40 moves, one more for 20, then 15 minutes plus 30 s from move 61.
    assert control.allotted_seconds(40) == 7200
    assert control.allotted_seconds(41) == 10800
    assert control.allotted_seconds(61) == 11700
    assert control.allotted_seconds(63) == 11700 + 2 * 30


def test_last_period_with_a_move_count_repeats():
    control = parse_time_control("40/7200:16/3600")  # the adjournment era's classic control
    assert [control.period_end(m) for m in (40, 41, 56, 57, 73)] == [40, 56, 56, 72, 88]
    assert control.allotted_seconds(57) == 7200 + 2 * 3600


@pytest.mark.parametrize("text", ["300+a", "300+ad", "600:20/180", "abc", "40/abc", "*x"])
def test_malformed_tags_are_rejected_with_the_tag(text):
    with pytest.raises(TimeControlError) as caught:
        parse_time_control(text)
    assert caught.value.text == text


def test_unknown_unlimited_and_sandglass():
    assert not parse_time_control("?").is_timed()
    assert parse_time_control("-").unlimited
    sandglass = parse_time_control("*180")
    assert sandglass.sandglass and sandglass.periods == (Period(None, 180),)
    assert parse_time_control("300+2d").periods == (Period(None, 300, delay=2),)


def test_clock_comments():
    assert read_clock_comment("[%clk 1:59:58] good move") == (7198, None)
    assert read_clock_comment("[%emt 0:00:12.5]") == (None, 12.5)
    assert read_clock_comment("no clock") == (None, None)
    assert format_seconds(7198) == "1:59:58"


def _emt_readings(white, black):
    readings = []
    for index, elapsed in enumerate(x for pair in zip(white, black, strict=False) for x in pair):
        color = chess.WHITE if index % 2 == 0 else chess.BLACK
        readings.append(ClockReading(index + 1, color, index // 2 + 1, elapsed=elapsed))
    return readings


def test_overstep_found_from_elapsed_times_at_the_control():
    control = parse_time_control("40/7200:20/3600")
    # White spends 180 s a move: move 40 completes at 7200 s exactly (in time); Black spends
    # 181 s and is past two hours at his 40th move (7240 s > 7200 s).
    readings = _emt_readings([180] * 41, [181] * 41)
    overstep = find_overstep(readings, control)
    assert overstep is not None
    assert (overstep.color, overstep.move_number, overstep.control_move) == (chess.BLACK, 40, 40)
    assert overstep.used == 40 * 181 and overstep.allotted == 7200
    assert "Black overstepped the time at move 40" in overstep.describe()


def test_no_overstep_when_in_time_and_zero_clock_reading_is_one():
    control = parse_time_control("180+2")
    assert find_overstep(_emt_readings([3] * 30, [4] * 30), control) is None
    readings = [
        ClockReading(1, chess.WHITE, 1, remaining=181),
        ClockReading(2, chess.BLACK, 1, remaining=0),
    ]
    overstep = find_overstep(readings, control)
    assert overstep is not None and overstep.color == chess.BLACK and overstep.ply == 2


@pytest.mark.parametrize(
    "text",
    [
        "90'/40 + 30' + 30\"",
        "90′/40 + 30′ + 30″",
        "40/90' + 30' + 30\"",
        "90 min/40 moves + 30 min + 30 s/move",
        "90分/40步 + 30分 + 30秒",
        "1h30'/40, 30', 30\" per move",
    ],
)
def test_fide_notation_adds_the_increment_from_move_one(text):
    # FIDE's standard control (Handbook, rating regulations): 90 minutes for 40 moves, then
    # 30 minutes, with 30 seconds per move from move 1.
    control = parse_time_control(text)
    assert control.periods == (
        Period(moves=40, seconds=5400, increment=30),
        Period(moves=None, seconds=1800, increment=30),
    )
    assert control.allotted_seconds(40) == 5400 + 39 * 30
    assert control.allotted_seconds(41) == 5400 + 1800 + 40 * 30


@pytest.mark.parametrize(
    ("text", "pgn"),
    [
        ("90'/40 + 30' + 30\"", "40/5400+30:1800+30"),
        ("40/2h, 1h", "40/7200:3600"),
        ("40/7200:20/3600:900+30", "40/7200:20/3600:900+30"),
        ("*60", "*60"),
        ("-", "-"),
        ("", "?"),
    ],
)
def test_every_control_is_written_in_pgn_syntax(text, pgn):
    # A PGN tag cannot hold the quote of 30": the exported tag is the same control in PGN's
    # own syntax, which reads back as the same periods.
    control = parse_time_control(text)
    assert control.as_pgn() == pgn
    assert parse_time_control(pgn).periods == control.periods


def test_fide_notation_rapid_and_two_periods_without_increment():
    assert parse_time_control("15' + 10\"").periods == (Period(None, 900, increment=10),)
    assert parse_time_control("40/2h, 1h").periods == (Period(40, 7200), Period(None, 3600))


@pytest.mark.parametrize("text", ["90'/40 + 30\" + 30'", "90' + 30' + 15'", "90'/x"])
def test_unreadable_fide_notation_says_why(text):
    with pytest.raises(TimeControlError) as caught:
        parse_time_control(text)
    assert caught.value.text == text
