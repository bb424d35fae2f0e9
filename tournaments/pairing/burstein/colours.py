"""Colour allocation (C.04.4.2 article 5.2), the first rule that decides, in this order:

5.2.1 neither player has played a game: the higher ranked one (more points, then the smaller
pairing number) gets the initial colour with an odd pairing number, the other colour with an
even one; 5.2.2 grant both preferences (a player who has not played grants his opponent's,
1.5.4); 5.2.3 grant the stronger preference (absolute, strong, mild); 5.2.4 alternate the
colours from the latest game in which the two had different colours; 5.2.5 grant the preference
of the player ranked higher by article 1.8.
"""

from __future__ import annotations

from tournaments.pairing.burstein.players import BursteinPlayer
from tournaments.pairing.dutch.players import opposite
from tournaments.scoring.sheet import Color


def _first_games(higher: BursteinPlayer, initial_color: Color) -> Color:
    """5.2.1: the colour of the higher ranked player by score and pairing number."""
    return initial_color if higher.pairing_number % 2 else opposite(initial_color)


def _alternation(player: BursteinPlayer, opponent: BursteinPlayer) -> Color | None:
    """5.2.4: the colour ``player`` gets by alternating from the latest round in which the
    two had different colours (their games counted back from the last one)."""
    own, other = player.played_colours(), opponent.played_colours()
    for mine, theirs in zip(reversed(own), reversed(other), strict=False):
        if mine is not theirs:
            return opposite(mine)
    return None


def colour_of(player: BursteinPlayer, opponent: BursteinPlayer, initial_color: Color) -> Color:
    """The colour ``player`` gets against ``opponent``."""
    if not player.played_games and not opponent.played_games:
        by_score = sorted((player, opponent), key=lambda p: (-p.score, p.pairing_number))
        colour = _first_games(by_score[0], initial_color)
        return colour if by_score[0] is player else opposite(colour)
    mine, theirs = player.preference, opponent.preference
    if mine is None or theirs is None or mine is not theirs:  # 5.2.2
        if mine is not None:
            return mine
        assert theirs is not None
        return opposite(theirs)
    if player.strength != opponent.strength:  # 5.2.3
        return mine if player.strength > opponent.strength else opposite(theirs)
    alternated = _alternation(player, opponent)  # 5.2.4
    if alternated is not None:
        return alternated
    higher_is_player = player.ranking_key() < opponent.ranking_key()  # 5.2.5
    return mine if higher_is_player else opposite(theirs)


def white_and_black(
    a: BursteinPlayer, b: BursteinPlayer, initial_color: Color
) -> tuple[BursteinPlayer, BursteinPlayer]:
    """The pair as (white, black)."""
    return (a, b) if colour_of(a, b, initial_color) is Color.WHITE else (b, a)
