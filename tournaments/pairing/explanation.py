"""Why a recorded pairing differs from an engine's, in words a pairing system's text uses.

Every system's checker answers with an :class:`Explanation`: the article the recorded pairing
breaks, or the criterion on which the engine's pairing does better.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tournaments.pairing.base import Pairing


@dataclass(frozen=True)
class Explanation:
    """``kind`` is ``"absolute"`` (the file breaks an absolute criterion, ``criterion`` names
    it), ``"quality"`` (the engine's pairing
    is better on ``criterion``), ``"file"`` (the file's is: the engine may be wrong),
    ``"colours"`` (same pairs, other colours) or ``"equal"``; ``players`` are the starting
    ranks involved."""

    kind: str
    criterion: str
    text: str
    players: tuple[int, ...] = ()
    unit: str = "players"
    """What ``players`` number: players, or teams in a team event."""

    def describe(self) -> str:
        who = ", ".join(str(p) for p in self.players)
        return f"{self.text} ({self.unit} {who})" if who else self.text


@dataclass(frozen=True)
class Measure:
    """One rule in one bracket: the value the rule minimises and the players it counts. Two
    pairings are compared rule by rule in the text's order; the first value that differs
    decides."""

    rule: str
    value: tuple[Fraction, ...]
    players: frozenset[int]


def same_or_recoloured(
    recorded: Pairing, engine: Pairing, colour_article: str
) -> Explanation | None:
    """``equal`` when the two pairings are the same, ``colours`` when they pair the same
    players with other colours (the system's colour allocation, ``colour_article``, gives
    the engine's), else ``None``: the two pair differently and the rules must say why."""
    if set(recorded.pairs) == set(engine.pairs) and set(recorded.byes) == set(engine.byes):
        return Explanation("equal", "", "the same pairing")
    if _unordered(recorded) != _unordered(engine):
        return None
    swapped = tuple(sorted({r for pair in set(recorded.pairs) - set(engine.pairs) for r in pair}))
    return Explanation(
        "colours",
        colour_article,
        "the same pairs, other colours: the colour allocation rules (article "
        f"{colour_article}) give the engine's",
        swapped,
    )


def _unordered(pairing: Pairing) -> tuple[set[frozenset[int]], set[int]]:
    return {frozenset(pair) for pair in pairing.pairs}, set(pairing.byes)
