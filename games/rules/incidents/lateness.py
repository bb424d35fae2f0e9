"""Lateness and default: 10.15 and 10.17.

A player who reaches the board more than the ruleset's ``default_time`` after the start of
the session (or of the resumption) loses; if both do, both lose. A game lost by default
before a single move was made is a forfeit: unplayed, so tie-breaks treat it as such.
The resumption with an absent sealer is in :mod:`.adjournment`, which uses these helpers.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

import chess

from games.rules.rulesets import Ruleset
from games.rules.rulings import Decision, Ruling, Score

from ._common import SIDE_EN, SIDE_ZH, IncidentError, color_name, ruling
from ._record import ReplayedGame


@dataclass(frozen=True)
class Attendance:
    """Who reached the board when, for one session (or resumption) of a game.

    ``session_start`` is the start of the session or of the resumption; an arrival of
    ``None`` means the player had not arrived by ``ruled_at``, the moment of the ruling.
    """

    session_start: datetime
    ruled_at: datetime
    white_arrived: datetime | None = None
    black_arrived: datetime | None = None

    def arrival(self, color: chess.Color) -> datetime | None:
        return self.white_arrived if color == chess.WHITE else self.black_arrived


def default_tolerance(ruleset: Ruleset) -> int:
    """Seconds of lateness the ruleset allows (10.15), or a clear error if it has no default."""
    if ruleset.default_time is None:
        raise IncidentError(
            f"the {ruleset.name} ruleset has no default by lateness: "
            "a player's clock simply runs until it falls"
        )
    return ruleset.default_time


def is_late(attendance: Attendance, color: chess.Color, ruleset: Ruleset) -> bool:
    """True once ``color`` has arrived, or is still absent, more than the tolerance late."""
    arrived = attendance.arrival(color)
    moment = attendance.ruled_at if arrived is None else arrived
    return (moment - attendance.session_start).total_seconds() > default_tolerance(ruleset)


def is_waited_for(attendance: Attendance, color: chess.Color, ruleset: Ruleset) -> bool:
    """True while ``color`` is absent but still within the tolerance."""
    return attendance.arrival(color) is None and not is_late(attendance, color, ruleset)


def rule_attendance(
    attendance: Attendance, ruleset: Ruleset, *, game_played: bool = False
) -> Ruling | None:
    """The default decision of 10.15/10.17 for ``attendance``, or ``None`` if nobody is late.

    ``game_played`` says whether moves had been made before this session; only a game
    lost by default before any move is a forfeit.
    """
    late = [color for color in chess.COLORS if is_late(attendance, color, ruleset)]
    tolerance = default_tolerance(ruleset)
    allowed_en, allowed_zh = _allowed_words(tolerance)
    what_en, what_zh = _what_happened(attendance, late)
    facts = {"late": [color_name(color) for color in late], "tolerance_seconds": tolerance}
    if len(late) == 2:
        return ruling(
            ruleset,
            Decision.GAME_OVER,
            "default.both_late",
            f"{what_en}. {allowed_en}: both players lose.",
            f"{what_zh}。{allowed_zh}：双方均判负。",
            score=Score.BOTH_LOSE,
            forfeit=not game_played,
            details=facts,
        )
    if late:
        absent = late[0]
        return ruling(
            ruleset,
            Decision.GAME_OVER,
            "default.late",
            f"{what_en}. {allowed_en}: {SIDE_EN[absent]} loses by default.",
            f"{what_zh}。{allowed_zh}：{SIDE_ZH[absent]}判负。",
            score=Score.loss_for(absent),
            forfeit=not game_played,
            details=facts,
        )
    return None


def _what_happened(attendance: Attendance, late: list[chess.Color]) -> tuple[str, str]:
    """What happened to the late players, in English and Chinese."""
    if len(late) == 2 and attendance.white_arrived is None and attendance.black_arrived is None:
        en, zh = _duration_words((attendance.ruled_at - attendance.session_start).total_seconds())
        return (
            f"Neither player had arrived when the arbiter ruled, {en} after the start of the "
            "session",
            f"裁判员裁决时（比赛开始{zh}后），双方均未到场",
        )
    said = [_lateness_of(attendance, color) for color in late]
    return "; ".join(en for en, _ in said), "；".join(zh for _, zh in said)


def _lateness_of(attendance: Attendance, color: chess.Color) -> tuple[str, str]:
    """What happened to one late player, in English and Chinese: he arrived so long after the
    start, or had still not arrived when the arbiter ruled, so long after it."""
    arrived = attendance.arrival(color)
    moment = attendance.ruled_at if arrived is None else arrived
    en, zh = _duration_words((moment - attendance.session_start).total_seconds())
    if arrived is None:
        return (
            f"{SIDE_EN[color]} had not arrived when the arbiter ruled, "
            f"{en} after the start of the session",
            f"裁判员裁决时（比赛开始{zh}后），{SIDE_ZH[color]}仍未到场",
        )
    return (
        f"{SIDE_EN[color]} arrived {en} after the start of the session",
        f"{SIDE_ZH[color]}在比赛开始{zh}后才到场",
    )


def _allowed_words(tolerance: int) -> tuple[str, str]:
    """The lateness the ruleset allows: with a default time of 0 (2023 6.7.1's default) any
    arrival after the start is too late."""
    if tolerance == 0:
        return "No lateness is allowed", "不允许迟到"
    en, zh = _duration_words(tolerance)
    return f"The allowed lateness is {en}", f"允许的迟到时间为{zh}"


def _duration_words(seconds: float) -> tuple[str, str]:
    """``1 hour 5 minutes`` / ``1小时5分钟``; seconds only when not whole minutes."""
    hours, rest = divmod(int(seconds), 3600)
    minutes, seconds = divmod(rest, 60)
    en, zh = [], []
    for amount, one, many, chinese in (
        (hours, "hour", "hours", "小时"),
        (minutes, "minute", "minutes", "分钟"),
        (seconds, "second", "seconds", "秒"),
    ):
        if amount:
            en.append(f"{amount} {one if amount == 1 else many}")
            zh.append(f"{amount}{chinese}")
    return " ".join(en) or "0 seconds", "".join(zh) or "0秒"


def rule_lateness(record: ReplayedGame, attendance: Attendance, ruleset: Ruleset) -> Ruling:
    """10.15/10.17 at the start of a session: default, both lose, or play (or wait) on."""
    decided = rule_attendance(attendance, ruleset, game_played=bool(record.moves))
    if decided is not None:
        return decided
    waited_for = [color for color in chess.COLORS if is_waited_for(attendance, color, ruleset)]
    if waited_for:
        names_en = " and ".join(SIDE_EN[color] for color in waited_for)
        names_zh = "和".join(SIDE_ZH[color] for color in waited_for)
        return ruling(
            ruleset,
            Decision.PLAY_ON,
            "default.waiting",
            f"{names_en} has not yet arrived but is within the allowed lateness; "
            "the absent player's clock runs.",
            f"{names_zh}尚未到场，但未超过允许的迟到时间；缺席者的钟继续走。",
            details={"waiting_for": [color_name(color) for color in waited_for]},
        )
    return ruling(
        ruleset,
        Decision.PLAY_ON,
        "default.waiting",
        "Both players arrived within the allowed lateness; the game is played.",
        "双方均在允许的迟到时间内到场，对局照常进行。",
    )
