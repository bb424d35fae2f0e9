"""The pairing-allocated bye (C.04.5 3.4), assigned before any bracket is paired (3.3.2).

When the number of players to pair is odd, the bye goes to the player who, first that
applies: (3.4.1) leaves a legal pairing for all the others; (3.4.2) has the lowest score;
(3.4.3) has played the most matches; (3.4.4) has the largest TPN. A player barred by [C2] (a
PAB, a match won by forfeit or a full-point bye before) never gets it. It is worth a game won
and a game drawn (1.4): no opponent, no colour.
"""

from __future__ import annotations

from tournaments.pairing.base import PairingError
from tournaments.pairing.double_swiss.criteria import RoundContext


def bye_order(context: RoundContext) -> list[int]:
    """The players who may get the bye ([C2]), in the order of 3.4.2 to 3.4.4."""
    eligible = [p for p in context.players.values() if not p.bye_barred]
    eligible.sort(key=lambda p: (p.score, -p.matches_played, -p.rank))
    return [p.rank for p in eligible]


def allocate_bye(context: RoundContext) -> int | None:
    """The player who gets the pairing-allocated bye, ``None`` for an even field. Raises
    :class:`PairingError` when no eligible player leaves the others pairable (3.3.3: the
    Chief Arbiter decides)."""
    ranks = set(context.players)
    if len(ranks) % 2 == 0:
        return None
    for rank in bye_order(context):
        if context.completable(ranks - {rank}):  # 3.4.1
            return rank
    raise PairingError(
        "no player can get the pairing-allocated bye and leave the others pairable "
        "(C.04.5 3.4.1, [C2]); the Chief Arbiter decides (3.3.3)"
    )
