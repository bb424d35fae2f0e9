"""Colours and table order of a paired round (C.04.6 article 4).

A team's colour in a match is the colour of its player on board 1 (1.6); the other boards
follow the event's board colour sequence. The initial-colour is drawn by lot before round 1
(4.1). The first-team of a pair has the higher primary score, else the higher secondary score
(unless the competition does not use it), else the smaller TPN (4.2). For each pair, the first
rule that applies decides (4.3):

* 4.3.1 both teams have yet to play a match: the first-team gets the initial-colour if its
  TPN is odd, the other colour if it is even;
* 4.3.2 only one team has a colour preference: it is granted;
* 4.3.3 the two have opposite preferences: both are granted;
* 4.3.4 (type B) only one has a strong preference: it is granted;
* 4.3.5 White to the team with the lower colour difference;
* 4.3.6 the colours alternated from the most recent match in which one team had White and
  the other Black (played matches only, the histories aligned from the end: GHR 3.4);
* 4.3.7 the first-team's preference is granted;
* 4.3.8 the first-team's colour alternated from its last played match;
* 4.3.9 the other team's colour alternated from its last played match.

One of 4.3.1, 4.3.8 and 4.3.9 always applies. The tables follow GHR 3.6: the higher score of
the pair, then the higher sum of scores, then the smaller TPN.
"""

from __future__ import annotations

from fractions import Fraction

from tournaments.pairing.team_swiss.preferences import colour_difference, other
from tournaments.pairing.team_swiss.teams import PairingTeam
from tournaments.scoring.sheet import Color


def first_team(
    a: PairingTeam, b: PairingTeam, use_secondary: bool
) -> tuple[PairingTeam, PairingTeam]:
    """4.2: (the first-team, the other)."""

    def key(team: PairingTeam) -> tuple[Fraction, Fraction, int]:
        return -team.score, -team.secondary if use_secondary else Fraction(0), team.number

    return (a, b) if key(a) <= key(b) else (b, a)


def allocate_colours(
    a: PairingTeam, b: PairingTeam, initial: Color, use_secondary: bool
) -> tuple[tuple[int, int], str]:
    """(the team with White on board 1, the other) and the article that decided."""
    first, second = first_team(a, b, use_secondary)
    colour, article = _first_team_colour(first, second, initial)
    pair = (first.number, second.number) if colour is Color.WHITE else (second.number, first.number)
    return pair, article


def _first_team_colour(
    first: PairingTeam, second: PairingTeam, initial: Color
) -> tuple[Color, str]:
    if not first.colours and not second.colours:
        return (initial if first.number % 2 else other(initial)), "4.3.1"
    mine, theirs = first.preference, second.preference
    if mine is not None and theirs is None:
        return mine.colour, "4.3.2"
    if mine is None and theirs is not None:
        return other(theirs.colour), "4.3.2"
    if mine is not None and theirs is not None:
        if mine.colour is not theirs.colour:
            return mine.colour, "4.3.3"
        if mine.strong != theirs.strong:  # type B only: type A has no mild preference
            return (mine.colour if mine.strong else other(theirs.colour)), "4.3.4"
    difference, their_difference = (
        colour_difference(first.colours),
        colour_difference(second.colours),
    )
    if difference != their_difference:
        return (Color.WHITE if difference < their_difference else Color.BLACK), "4.3.5"
    for back in range(1, min(len(first.colours), len(second.colours)) + 1):
        own, theirs_then = first.colours[-back], second.colours[-back]
        if own is not theirs_then:
            return other(own), "4.3.6"
    if mine is not None:
        return mine.colour, "4.3.7"
    if first.colours:
        return other(first.colours[-1]), "4.3.8"
    return second.colours[-1], "4.3.9"


def table_key(a: PairingTeam, b: PairingTeam) -> tuple[Fraction, Fraction, int]:
    """GHR 3.6: sorts the matches into tables."""
    high, low = (a, b) if (-a.score, a.number) <= (-b.score, b.number) else (b, a)
    return -high.score, -(high.score + low.score), high.number
