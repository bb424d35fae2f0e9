"""The pairing-allocated bye (C.04.6 3.4), assigned before any bracket is paired (3.3.2).

When the number of teams to pair is odd, the bye goes to the team that, first that applies:
(3.4.1) leaves a legal pairing for all the others; (3.4.2) has the lowest score; (3.4.3) has
played the most matches; (3.4.4) has the largest TPN. A team barred by [C2] (a PAB, a match won
by forfeit or a full-point bye before) never gets it. No opponent, no colour (1.4); what it is
worth is the competition's (the sheet's match point system, record 320).
"""

from __future__ import annotations

from tournaments.pairing.base import PairingError
from tournaments.pairing.double_swiss.criteria import RoundContext


def bye_order(context: RoundContext) -> list[int]:
    """The teams that may get the bye ([C2]), in the order of 3.4.2 to 3.4.4."""
    eligible = [t for t in context.players.values() if not t.bye_barred]
    eligible.sort(key=lambda t: (t.score, -t.matches_played, -t.rank))
    return [t.rank for t in eligible]


def allocate_bye(context: RoundContext) -> int | None:
    """The team given the pairing-allocated bye, ``None`` for an even number of teams. Raises
    :class:`PairingError` when no eligible team leaves the others pairable (3.3.3)."""
    teams = set(context.players)
    if len(teams) % 2 == 0:
        return None
    for team in bye_order(context):
        if context.completable(teams - {team}):  # 3.4.1
            return team
    raise PairingError(
        "no team can get the pairing-allocated bye and leave the others pairable "
        "(C.04.6 3.4.1, [C2]); the Chief Arbiter decides (3.3.3)"
    )
