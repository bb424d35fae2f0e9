"""Time controls and clock readings: who overstepped the time, and at which move (6.5, 10.14).

A time control is read from the PGN ``TimeControl`` tag, whose syntax also writes FIDE's
multi-period controls: ``40/7200:20/3600:900+30`` is 40 moves in two hours, 20 moves in one
hour, then 15 minutes for the rest with 30 seconds added per move. python-chess parses the
standard syntax (:func:`chess.pgn.parse_time_control`); this module adds the sandglass form
(``*60``), the arbiter's questions (which period a move belongs to, how much time a player
had for it, when the period ends) and the reading of ``[%clk]``/``[%emt]`` comments.

A period written with a move count that is the last of the tag repeats: ``40/7200:16/3600``
is the adjournment-era "40 moves in two hours, then 16 moves per hour".
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

import chess
import chess.pgn

from games.rules.sides import side_name

__all__ = [
    "ClockReading",
    "Overstep",
    "Period",
    "TimeControl",
    "TimeControlError",
    "find_overstep",
    "format_seconds",
    "parse_time_control",
    "read_clock_comment",
    "used_seconds",
]


class TimeControlError(ValueError):
    """A ``TimeControl`` tag that does not follow the PGN syntax; ``text`` is the tag value."""

    def __init__(self, text: str, reason: str) -> None:
        super().__init__(f"TimeControl {text!r}: {reason}")
        self.text = text
        self.reason = reason


@dataclass(frozen=True)
class Period:
    """One period of a time control (Art. 6.1: "the allotted time for a period")."""

    moves: int | None
    """Moves to be made in the period; ``None`` for the rest of the game."""
    seconds: int
    """Time added to the clock at the start of the period."""
    increment: float = 0
    """Seconds added after each move of the period (Fischer)."""
    delay: float = 0
    """Seconds of each move of the period that do not count (delay mode)."""


@dataclass(frozen=True)
class TimeControl:
    """A game's time control: its periods in order, or unlimited/unknown time."""

    text: str
    periods: tuple[Period, ...] = ()
    unlimited: bool = False
    sandglass: bool = False

    def periods_from_start(self) -> Iterator[tuple[Period, int, int | None]]:
        """Each period with its first and last move number (``None``: to the end)."""
        first = 1
        for index, period in enumerate(self.periods):
            if period.moves is None:
                yield period, first, None
                return
            repeats = index == len(self.periods) - 1
            while True:
                # The last period with a move count repeats to the end of the game.
                last = first + period.moves - 1
                yield period, first, last
                first = last + 1
                if not repeats:
                    break

    def period_of(self, move_number: int) -> tuple[int, Period, int, int | None]:
        """Which period move ``move_number`` is played in: (index from 0, period, first,
        last move of that period)."""
        if not self.periods:
            raise ValueError(f"{self.text!r} has no periods")
        for index, (period, first, last) in enumerate(self.periods_from_start()):
            if last is None or move_number <= last:
                return index, period, first, last
        raise AssertionError("unreachable: the periods are endless")

    def period_end(self, move_number: int) -> int | None:
        """The move that completes the period containing ``move_number`` (the next time
        control), or ``None`` when that period lasts to the end of the game."""
        return self.period_of(move_number)[3]

    def allotted_seconds(self, move_number: int) -> float:
        """The total time a player had to complete his move ``move_number`` (10.14): the
        base times of every period up to this move's, plus increments earned by earlier
        moves."""
        total = 0.0
        for period, first, last in self.periods_from_start():
            total += period.seconds
            end = move_number - 1 if last is None else min(last, move_number - 1)
            total += period.increment * max(0, end - first + 1)
            if last is None or move_number <= last:
                return total
        raise AssertionError("unreachable: the periods are endless")

    def period_allotted_seconds(self, move_number: int) -> float:
        """The time allotted for the period containing ``move_number``, increments of the
        period's moves so far included (the classic 10.13 penalty compares with this)."""
        _, period, first, _ = self.period_of(move_number)
        return period.seconds + period.increment * max(0, move_number - first)

    def is_timed(self) -> bool:
        return bool(self.periods)

    def as_pgn(self) -> str:
        """The control in the PGN ``TimeControl`` syntax (``40/5400+30:1800+30``), however
        it was written: an arbiter's ``90'/40 + 30' + 30"`` holds a quote, which a PGN tag
        cannot. A delay has no PGN form and is left out."""
        if self.unlimited:
            return "-"
        if not self.periods:
            return "?"
        if self.sandglass:
            return f"*{self.periods[0].seconds}"
        return ":".join(_period_as_pgn(period) for period in self.periods)


def _period_as_pgn(period: Period) -> str:
    text = f"{period.seconds}" if period.moves is None else f"{period.moves}/{period.seconds}"
    return f"{text}+{period.increment:g}" if period.increment else text


def parse_time_control(text: str) -> TimeControl:
    """Read a PGN ``TimeControl`` value. ``?``/empty gives an unknown (untimed) control,
    ``-`` an unlimited one. Raises :class:`TimeControlError` on anything else malformed."""
    value = text.strip()
    if not value or value.startswith("?"):
        return TimeControl(text=value)
    if value == "-":
        return TimeControl(text=value, unlimited=True)
    if value.startswith("*"):
        seconds = value[1:]
        if not seconds.isdigit():
            raise TimeControlError(text, "a sandglass control is '*' and whole seconds")
        return TimeControl(text=value, periods=(Period(None, int(seconds)),), sandglass=True)
    if _HAS_UNITS.search(value):
        return _parse_written(text, value)
    try:
        parsed = chess.pgn.parse_time_control(value)
    except ValueError as error:
        raise TimeControlError(text, _reason(error)) from None
    periods = tuple(
        Period(p.moves or None, p.time, float(p.increment), float(p.delay)) for p in parsed.parts
    )
    for period in periods:
        if period.seconds < 0 or period.increment < 0 or period.delay < 0:
            raise TimeControlError(text, "times cannot be negative")
        if period.moves is not None and period.moves < 0:
            raise TimeControlError(text, "move counts cannot be negative")
        if not all(map(math.isfinite, (period.increment, period.delay))):
            raise TimeControlError(text, "times must be numbers")
    return TimeControl(text=value, periods=periods)


# How arbiters write a control, as FIDE does: ``90'/40 + 30' + 30"`` is 90 minutes for 40
# moves, then 30 minutes for the rest, with 30 seconds added to every move from move 1;
# ``40/2h, 1h``, ``15' + 10"``, ``90 min/40 moves + 30 min + 30 s/move`` and the Chinese
# ``90分/40步 + 30分 + 30秒`` are read the same way. A term with a unit of time is a period
# (``/N`` after it or ``N/`` before it gives its moves); a term in seconds after the periods
# is the increment, which FIDE's notation adds in every period.
_UNIT_WORDS = (
    ("小时", "h"),
    ("分钟", "'"),
    ("分", "'"),
    ("秒", '"'),
    ("步", ""),
    ("回合", ""),
    ("’’", '"'),
    ("''", '"'),
    ("″", '"'),
    ("′", "'"),
    ("’", "'"),
    ("＋", "+"),
    ("，", ","),
    ("／", "/"),
)
_HAS_UNITS = re.compile(r"['\"′″’h]|\d\s*(min|sec|s\b|m\b)|分|秒|小时", re.IGNORECASE)
_SEPARATORS = re.compile(r"\s*(?:\+|,|;|\bthen\b|\band\b)\s*", re.IGNORECASE)
_AMOUNT = (
    r"(?:(?P<hours>\d+(?:\.\d+)?)\s*h\s*)?"
    r"(?:(?P<minutes>\d+(?:\.\d+)?)\s*')?"
    r"(?:\s*(?P<seconds>\d+(?:\.\d+)?)\s*\")?"
)
_TERM = re.compile(
    r"(?:(?P<before>\d+)\s*(?:moves?)?\s*(?:/|in)\s*)?"
    + _AMOUNT
    + r"\s*(?:/\s*(?P<after>\d+)\s*(?:moves?)?)?"
    + r"\s*(?P<per_move>(?:/|per)\s*move|inc(?:rement)?)?"
)


def _normalised(value: str) -> str:
    text = value.strip()
    for written, unit in _UNIT_WORDS:
        text = text.replace(written, unit)
    text = re.sub(r"(\d)\s*(?:hours?|hrs?)\b", r"\1h", text, flags=re.IGNORECASE)
    text = re.sub(r"(\d)\s*(?:minutes?|mins?|m)\b", r"\1'", text, flags=re.IGNORECASE)
    text = re.sub(r"(\d)\s*(?:seconds?|secs?|s)\b", r'\1"', text, flags=re.IGNORECASE)
    return text


def _parse_written(text: str, value: str) -> TimeControl:
    """A control written with units of time (FIDE's notation); see ``_UNIT_WORDS``."""
    periods: list[tuple[int | None, float]] = []
    increment: float | None = None
    for term in _SEPARATORS.split(_normalised(value)):
        match = _TERM.fullmatch(term.strip())
        if not term.strip() or match is None or not any(match.group(u) for u in _UNITS):
            raise TimeControlError(
                text, f"cannot read {term.strip()!r}: expected e.g. 90'/40 + 30' + 30\""
            )
        seconds = sum(float(match.group(u) or 0) * _UNITS[u] for u in _UNITS)
        moves = match.group("before") or match.group("after")
        only_seconds = not (match.group("hours") or match.group("minutes"))
        if match.group("per_move") or (only_seconds and periods and moves is None):
            if increment is not None:
                raise TimeControlError(text, "only one increment per control")
            increment = seconds
            continue
        if increment is not None:
            raise TimeControlError(text, "the increment comes after the periods")
        if periods and periods[-1][0] is None:
            raise TimeControlError(text, "only the last period can be for the rest of the game")
        periods.append((int(moves) if moves else None, seconds))
    if not periods:
        raise TimeControlError(text, "no period: expected e.g. 90'/40 + 30' + 30\"")
    return TimeControl(
        text=value,
        periods=tuple(
            Period(moves, round(seconds), increment=increment or 0) for moves, seconds in periods
        ),
    )


_UNITS = {"hours": 3600, "minutes": 60, "seconds": 1}


def _reason(error: ValueError) -> str:
    if "sudden death" in str(error):
        return "only the last period can be for the rest of the game"
    return "expected periods like 40/7200, 5400+30 or 900 separated by ':'"


@dataclass(frozen=True)
class ClockReading:
    """What the record says about one move's clock: time left after it (``[%clk]``) and
    time spent on it (``[%emt]``), in seconds."""

    ply: int
    """1-based half-move index in the record."""
    color: chess.Color
    move_number: int
    remaining: float | None = None
    elapsed: float | None = None


def _seconds(match: re.Match[str] | None) -> float | None:
    if match is None:
        return None
    return int(match["hours"]) * 3600 + int(match["minutes"]) * 60 + float(match["seconds"])


def read_clock_comment(comment: str) -> tuple[float | None, float | None]:
    """``(remaining, elapsed)`` from a move comment's ``[%clk h:mm:ss]`` / ``[%emt h:mm:ss]``."""
    if "[%" not in comment:
        return None, None
    return (
        _seconds(chess.pgn.CLOCK_REGEX.search(comment)),
        _seconds(chess.pgn.EMT_REGEX.search(comment)),
    )


def format_seconds(seconds: float) -> str:
    """``h:mm:ss`` as on a clock (fractions dropped)."""
    whole = int(seconds)
    sign = "-" if whole < 0 else ""
    whole = abs(whole)
    return f"{sign}{whole // 3600}:{whole % 3600 // 60:02d}:{whole % 60:02d}"


@dataclass(frozen=True)
class Overstep:
    """A player who did not complete the prescribed moves in the allotted time (10.14)."""

    color: chess.Color
    move_number: int
    """The move the player was making (or had just made) when the time ran out."""
    ply: int
    used: float
    allotted: float
    control_move: int | None
    """The move the period's control is at, ``None`` for a period to the end of the game."""

    def describe(self) -> str:
        side = side_name(self.color)
        control = (
            f"before move {self.control_move}" if self.control_move else "for the rest of the game"
        )
        return (
            f"{side} overstepped the time at move {self.move_number}: used "
            f"{format_seconds(self.used)} of {format_seconds(self.allotted)} allotted {control}"
        )


def used_seconds(
    readings: Iterable[ClockReading], control: TimeControl
) -> dict[int, tuple[ClockReading, float]]:
    """Each reading's player's total used time after that move, by ply.

    ``[%emt]`` adds up the time of every move (less any delay); ``[%clk]`` gives it as the
    allotted time minus what is left. A ply with neither is left out.
    """
    used: dict[int, tuple[ClockReading, float]] = {}
    totals = {chess.WHITE: 0.0, chess.BLACK: 0.0}
    emt_complete = {chess.WHITE: True, chess.BLACK: True}
    for reading in readings:
        color = reading.color
        if reading.elapsed is not None and emt_complete[color]:
            _, period, _, _ = control.period_of(reading.move_number)
            totals[color] += max(0.0, reading.elapsed - period.delay)
            used[reading.ply] = (reading, totals[color])
            continue
        emt_complete[color] = False  # one missing %emt breaks the running total
        if reading.remaining is not None:
            used[reading.ply] = (reading, _used_from_clock(reading, reading.remaining, control))
    return used


def _used_from_clock(reading: ClockReading, remaining: float, control: TimeControl) -> float:
    # The clock after move m shows what was allotted through m, plus m's own increment, less
    # the time used. After a control's last move it may already show the next period's time;
    # that is not counted here, since the move was made before it was added.
    _, period, _, _ = control.period_of(reading.move_number)
    return control.allotted_seconds(reading.move_number) + period.increment - remaining


def find_overstep(readings: Iterable[ClockReading], control: TimeControl) -> Overstep | None:
    """The first move completed after its player's allotted time, or with his clock at
    zero, from the record's clock data; ``None`` when the data shows no overstep.

    A flag that fell while a player was still thinking leaves no reading: the caller
    combines this with the record's end (see :mod:`games.rules.endings`).
    """
    if not control.is_timed():
        return None
    readings = list(readings)
    for reading in readings:
        if reading.remaining is not None and reading.remaining <= 0:
            return _overstep(reading, control, _used_from_clock(reading, 0, control))
    # Only [%emt] totals are compared with the allotted time: whether a [%clk] reading
    # already holds the move's increment differs between recorders.
    totals = {chess.WHITE: 0.0, chess.BLACK: 0.0}
    for reading in readings:
        if reading.elapsed is None:
            return None
        _, period, _, _ = control.period_of(reading.move_number)
        totals[reading.color] += max(0.0, reading.elapsed - period.delay)
        if totals[reading.color] > control.allotted_seconds(reading.move_number):
            return _overstep(reading, control, totals[reading.color])
    return None


def _overstep(reading: ClockReading, control: TimeControl, used: float) -> Overstep:
    return Overstep(
        color=reading.color,
        move_number=reading.move_number,
        ply=reading.ply,
        used=used,
        allotted=control.allotted_seconds(reading.move_number),
        control_move=control.period_end(reading.move_number),
    )
