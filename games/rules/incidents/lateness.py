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
    late_en, late_zh = _lateness_words(default_tolerance(ruleset))
    facts = {
        "late": [color_name(color) for color in late],
        "tolerance_seconds": default_tolerance(ruleset),
    }
    if len(late) == 2:
        return ruling(
            ruleset,
            Decision.GAME_OVER,
            "default.both_late",
            f"Both players reached the board {late_en}: both lose.",
            f"双方均{late_zh}才到场：双方均判负。",
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
            f"{SIDE_EN[absent]} reached the board {late_en} and loses by default.",
            f"{SIDE_ZH[absent]}{late_zh}仍未到场，判负。",
            score=Score.loss_for(absent),
            forfeit=not game_played,
            details=facts,
        )
    return None


def _lateness_words(tolerance: int) -> tuple[str, str]:
    """How late a defaulted player was, in English and Chinese: with a default time of 0
    (2023 6.7.1's default) any arrival after the start is too late."""
    if tolerance == 0:
        return "after the start of the session", "在比赛开始后"
    minutes = tolerance // 60
    return (
        f"more than {minutes} minutes after the start of the session",
        f"在比赛开始{minutes}分钟后",
    )


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
