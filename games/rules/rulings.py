"""What an arbiter decides, as immutable values.

Every function of the rules package that decides something returns a :class:`Ruling`: the
decision, the score it gives (or that play goes on), clock adjustments, the ruleset and the
article applied, and an explanation in English and Simplified Chinese. Rulings are data —
the games app stores them in the audit trail and the pages print them.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING

import chess

from games.rules.sides import SIDE_ZH, color_name, side_name

if TYPE_CHECKING:
    from games.rules.rulesets import Ruleset


class Score(enum.Enum):
    """A game's score as it is written in PGN and on the crosstable."""

    WHITE_WINS = "1-0"
    BLACK_WINS = "0-1"
    DRAW = "1/2-1/2"
    BOTH_LOSE = "0-0"

    @classmethod
    def win_for(cls, color: chess.Color) -> Score:
        return cls.WHITE_WINS if color == chess.WHITE else cls.BLACK_WINS

    @classmethod
    def loss_for(cls, color: chess.Color) -> Score:
        return cls.win_for(not color)


class Decision(enum.Enum):
    """What happens to the game after a ruling."""

    GAME_OVER = "game_over"
    """The game has ended with :attr:`Ruling.score`."""

    PLAY_ON = "play_on"
    """The game continues (perhaps from a restored position, with clock changes)."""

    ANNUL = "annul"
    """The game is annulled and a new game is played (8.1, 8.2, 8.5)."""

    RESTART = "restart"
    """The arbiter may have the game restarted (8.6 colours reversed, early)."""

    VOID = "void"
    """No result and no rating change (online: flag fall within the first moves)."""


class ClockChange(enum.Enum):
    """How a clock adjustment applies."""

    ADD_USED = "add_used"
    """Seconds added to the player's used time (classic wrong-claim penalty, 11.5 borrowing)."""

    ADD_REMAINING = "add_remaining"
    """Seconds given to the player as extra remaining time (fide2023 penalties)."""


@dataclass(frozen=True)
class ClockAdjustment:
    color: chess.Color
    change: ClockChange
    seconds: int

    def describe(self) -> str:
        side = side_name(self.color)
        what = "used time" if self.change is ClockChange.ADD_USED else "remaining time"
        return f"{side}: +{self.seconds} s {what}"

    def explain(self) -> Explanation:
        """The adjustment as a sentence of a ruling's explanation, in both languages."""
        en_time, zh_time = _duration(self.seconds)
        side_en, side_zh = side_name(self.color), SIDE_ZH[self.color]
        if self.change is ClockChange.ADD_REMAINING:
            return Explanation(
                en=f"{side_en} receives {en_time} extra time.",
                zh=f"{side_zh}获得{zh_time}额外时间。",
            )
        verb = "is" if self.seconds == 60 else "are"
        return Explanation(
            en=f"{en_time} {verb} added to {side_en}'s used time.",
            zh=f"{side_zh}的已用时间增加{zh_time}。",
        )


def _duration(seconds: int) -> tuple[str, str]:
    """Whole minutes as minutes (the Laws' penalties), anything else in seconds."""
    if seconds % 60:
        return f"{seconds} s", f"{seconds}秒"
    minutes = seconds // 60
    return f"{minutes} minute{'' if minutes == 1 else 's'}", f"{minutes}分钟"


@dataclass(frozen=True)
class Explanation:
    """The same explanation in English and Simplified Chinese."""

    en: str
    zh: str

    def in_language(self, language: str) -> str:
        return self.zh if language.lower().startswith("zh") else self.en


def _frozen(mapping: Mapping[str, object] | None) -> Mapping[str, object]:
    return MappingProxyType(dict(mapping or {}))


@dataclass(frozen=True)
class Ruling:
    """An arbiter's decision on one question about one game."""

    decision: Decision
    ruleset: str
    article: str
    explanation: Explanation
    score: Score | None = None
    forfeit: bool = False
    """True when the score is by default (unplayed game), not from play on the board."""
    clock_adjustments: tuple[ClockAdjustment, ...] = ()
    restore_fen: str | None = None
    """The position play continues from, when the ruling restores one."""
    void_plies: tuple[int, ...] = ()
    """Plies (1-based) of the record that the ruling removes."""
    move_to_play: str | None = None
    """A move the player must now play (declared move of a rejected claim, touch move)."""
    details: Mapping[str, object] = field(default_factory=lambda: _frozen(None))
    """Facts behind the ruling (repeated positions' move numbers, times, …), JSON-friendly."""

    def __post_init__(self) -> None:
        if self.decision is Decision.GAME_OVER and self.score is None:
            raise ValueError("a ruling that ends the game needs a score")
        if self.decision is not Decision.GAME_OVER and self.score is not None:
            raise ValueError(f"a {self.decision.value} ruling cannot carry a score")
        if not isinstance(self.details, MappingProxyType):
            object.__setattr__(self, "details", _frozen(self.details))

    @property
    def result(self) -> str:
        """The score as text, or ``*`` while the game goes on."""
        return self.score.value if self.score else "*"

    def as_dict(self) -> dict[str, object]:
        """A JSON-ready form for the audit trail, the API and ``--format json``."""
        return {
            "decision": self.decision.value,
            "score": self.score.value if self.score else None,
            "forfeit": self.forfeit,
            "ruleset": self.ruleset,
            "article": self.article,
            "explanation": {"en": self.explanation.en, "zh": self.explanation.zh},
            "clock_adjustments": [
                {
                    "color": color_name(a.color),
                    "change": a.change.value,
                    "seconds": a.seconds,
                }
                for a in self.clock_adjustments
            ],
            "restore_fen": self.restore_fen,
            "void_plies": list(self.void_plies),
            "move_to_play": self.move_to_play,
            "details": dict(self.details),
        }


def ruling(
    ruleset: Ruleset,
    decision: Decision,
    concept: str,
    en: str,
    zh: str,
    *,
    score: Score | None = None,
    forfeit: bool = False,
    clock_adjustments: tuple[ClockAdjustment, ...] = (),
    restore_fen: str | None = None,
    void_plies: tuple[int, ...] = (),
    move_to_play: str | None = None,
    details: Mapping[str, object] | None = None,
) -> Ruling:
    """A :class:`Ruling` under ``ruleset``, citing the ruleset's article for ``concept``
    (see :mod:`games.rules.articles`), with its explanation in both languages."""
    return Ruling(
        decision=decision,
        ruleset=ruleset.name,
        article=ruleset.article(concept),
        explanation=Explanation(en=en, zh=zh),
        score=score,
        forfeit=forfeit,
        clock_adjustments=clock_adjustments,
        restore_fen=restore_fen,
        void_plies=void_plies,
        move_to_play=move_to_play,
        details=details or {},
    )
