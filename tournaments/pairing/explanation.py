"""Why a recorded pairing differs from an engine's, in words a pairing system's text uses.

Every system's checker answers with an :class:`Explanation`: the article the recorded pairing
breaks, or the criterion on which the engine's pairing does better.
"""

from __future__ import annotations

from dataclasses import dataclass


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

    def describe(self) -> str:
        who = ", ".join(str(p) for p in self.players)
        return f"{self.text} (players {who})" if who else self.text
