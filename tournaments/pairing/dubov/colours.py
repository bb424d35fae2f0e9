"""Colour allocation (C.04.4.1 article 5.2), applied to each pair once the round is paired."""

from __future__ import annotations

from tournaments.pairing.dubov.players import DubovPlayer
from tournaments.pairing.dutch.players import opposite
from tournaments.scoring.sheet import Color


def colour_of(player: DubovPlayer, opponent: DubovPlayer, initial_color: Color) -> Color:
    """The colour ``player`` gets against ``opponent``: the first of 5.2.1–5.2.5 that
    decides."""
    higher = player if player.ranks_above(opponent) else opponent
    lower = opponent if higher is player else player
    colour = _higher_colour(higher, lower, initial_color)
    return colour if higher is player else opposite(colour)


def _higher_colour(higher: DubovPlayer, lower: DubovPlayer, initial_color: Color) -> Color:
    """The colour of the higher ranked player of the pair."""
    if not higher.colours and not lower.colours:
        # 5.2.1: the higher ranked player gets the initial colour with an odd TPN.
        return initial_color if higher.tpn % 2 == 1 else opposite(initial_color)
    mine, theirs = higher.preference, lower.preference
    if mine.color is not theirs.color:
        return mine.color  # 5.2.2: both preferences granted
    if mine.strength != theirs.strength:
        # 5.2.3: the stronger preference is granted.
        return mine.color if mine.strength > theirs.strength else opposite(theirs.color)
    # 5.2.4: alternate from the last game in which one had white and the other black.
    for own, other in zip(reversed(higher.colours), reversed(lower.colours), strict=False):
        if own is not other:
            return opposite(own)
    return mine.color  # 5.2.5: the higher ranked player's preference
