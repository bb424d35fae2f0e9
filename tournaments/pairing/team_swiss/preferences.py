"""A team's colours and colour preference (C.04.6 1.6 and 1.7).

1.6: a team had a colour in a match only when the match was actually played, and that colour
is the one its player on board 1 was scheduled to have. The colour difference is the number
of Whites minus the number of Blacks; the history holds played matches only (GHR 3.4).

1.7 (there are no absolute preferences: a colour never keeps two teams apart, Preface):

* type A, a *simple* preference: for White when the colour difference is below -1, or is 0
  or -1 and the last two played matches were with Black; for Black symmetrically; none
  otherwise;
* type B, a *strong* preference in the same cases; else a *mild* one: for White when the
  difference is -1, or is 0, it is not the last round and the last match was with Black (for
  Black symmetrically); none for a team yet to play, or with difference 0 in the last round.

Reading: the clauses are taken in the order written, so in the last round a team with
difference 0 after two Blacks keeps its strong preference for White.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tournaments.pairing.team_swiss.state import ColourPreferences
from tournaments.scoring.sheet import Color


def other(colour: Color) -> Color:
    return Color.BLACK if colour is Color.WHITE else Color.WHITE


@dataclass(frozen=True)
class Preference:
    colour: Color
    strong: bool
    """Type B's strong preference; False for its mild one and for type A's simple one, which
    has no grade ([C9] and 4.3.4 are type B's)."""


def colour_difference(colours: Sequence[Color]) -> int:
    """1.6: Whites minus Blacks over the played matches."""
    return sum(1 if c is Color.WHITE else -1 for c in colours)


def colour_preference(
    colours: Sequence[Color], kind: ColourPreferences, last_round: bool
) -> Preference | None:
    """1.7: the preference of a team with this colour history (played matches, oldest first)."""
    if kind is ColourPreferences.NONE or not colours:
        return None
    difference = colour_difference(colours)
    last_two = tuple(colours[-2:])
    strong = kind is ColourPreferences.TYPE_B  # type A's simple preference is not graded
    if difference < -1 or (difference in (0, -1) and last_two == (Color.BLACK, Color.BLACK)):
        return Preference(Color.WHITE, strong)
    if difference > 1 or (difference in (0, 1) and last_two == (Color.WHITE, Color.WHITE)):
        return Preference(Color.BLACK, strong)
    if kind is ColourPreferences.TYPE_A:
        return None
    if difference == -1:
        return Preference(Color.WHITE, strong=False)
    if difference == 1:
        return Preference(Color.BLACK, strong=False)
    if not last_round:  # difference 0: alternate from the last match
        return Preference(other(colours[-1]), strong=False)
    return None
