"""Colours and board order of a paired match round (C.04.5 article 4).

The colour of a match is the colour of game 1; game 2 is played with the other (Preface).
The initial-colour is drawn by lot before match 1 (4.1). The higher-ranked player of a pair
has the higher score, or, scores equal, the smaller TPN (4.2). For each pair, the first rule
that applies decides (4.3):

* 4.3.1 neither player has yet played a match: the higher-ranked player gets the
  initial-colour if his TPN is odd, the other colour if it is even;
* 4.3.2 White to the player who had White fewer times;
* 4.3.3 the colours alternated from the most recent match in which one had White and the
  other Black (played matches only, the histories aligned from the end: GHR 3.4);
* 4.3.4 the higher-ranked player's colour alternated from his last played match;
* 4.3.5 the other player's colour alternated from his last played match.

One of 4.3.1, 4.3.4 and 4.3.5 always applies, so the rules always decide. The boards follow
GHR 3.6: the higher score of the higher-ranked player, then the higher sum of scores, then the
smaller TPN of the higher-ranked player.
"""

from __future__ import annotations

from fractions import Fraction

from tournaments.pairing.double_swiss.players import MatchPlayer
from tournaments.scoring.sheet import Color


def _other(colour: Color) -> Color:
    return Color.BLACK if colour is Color.WHITE else Color.WHITE


def higher_ranked(a: MatchPlayer, b: MatchPlayer) -> tuple[MatchPlayer, MatchPlayer]:
    """4.2: (the higher-ranked player, the other)."""
    return (a, b) if (-a.score, a.rank) <= (-b.score, b.rank) else (b, a)


def allocate_colours(a: MatchPlayer, b: MatchPlayer, initial: Color) -> tuple[tuple[int, int], str]:
    """(White in game 1, Black in game 1) and the article that decided."""
    high, low = higher_ranked(a, b)
    colour, article = _high_colour(high, low, initial)
    pair = (high.rank, low.rank) if colour is Color.WHITE else (low.rank, high.rank)
    return pair, article


def _high_colour(high: MatchPlayer, low: MatchPlayer, initial: Color) -> tuple[Color, str]:
    """The colour of the higher-ranked player."""
    if not high.colours and not low.colours:
        return (initial if high.rank % 2 else _other(initial)), "4.3.1"
    if high.whites != low.whites:
        return (Color.WHITE if high.whites < low.whites else Color.BLACK), "4.3.2"
    for back in range(1, min(len(high.colours), len(low.colours)) + 1):
        mine, theirs = high.colours[-back], low.colours[-back]
        if mine != theirs:
            return _other(mine), "4.3.3"
    if high.colours:
        return _other(high.colours[-1]), "4.3.4"
    return low.colours[-1], "4.3.5"


def board_key(a: MatchPlayer, b: MatchPlayer) -> tuple[Fraction, Fraction, int]:
    """GHR 3.6: sorts the pairs into boards."""
    high, low = higher_ranked(a, b)
    return -high.score, -(high.score + low.score), high.rank
