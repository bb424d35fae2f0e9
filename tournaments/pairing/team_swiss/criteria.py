"""The pairing criteria of the Swiss Team Pairing System (C.04.6 article 2).

Absolute (2.1): [C1] two teams do not meet twice (a match forfeited as a whole was no
meeting, GHR 3.5); [C2] no pairing-allocated bye to a team that already had one, won a match
by forfeit or had a full-point bye. Completion (2.2): [C3] a pairing complying with the
absolute criteria always exists for the teams not yet paired.

Quality (2.3), in descending priority: [C4] minimise the number of upfloaters; [C5] minimise
the score differences in the pairs with upfloaters, i.e. maximise the upfloaters' scores taken
in ascending order; [C6] unless the following scoregroup has been emptied, choose the
upfloaters so that it can still be paired by [C1], [C3] and [C4]; [C7] except in the last two
rounds, minimise the upfloaters who were floaters in the previous round; [C8] minimise the
teams whose colour preference is not fulfilled; [C9] (type B) minimise the teams whose strong
colour preference is not fulfilled; [C10] except in the last two rounds, minimise the
upfloaters' opponents who were floaters in the previous round.

[C4]-[C7] choose the upfloaters (3.5) and are the Double-Swiss text's [C4]-[C7] word for word,
so its context serves: :func:`team_context` builds one with the teams as units and the last
two rounds as its "last round" (the exception of [C7] and [C10]). [C8]-[C10] choose the
pairing of a bracket (3.6): :func:`pair_penalty`.

A pair of teams that want the same colour leaves one of them without it whatever article 4
does (it grants a lone or opposite preference, and a strong one over a mild one), so [C8] and
[C9] are counted pair by pair. Forbidden pairs (the competition's rules) are kept like [C1].
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

from tournaments.pairing.double_swiss.criteria import RoundContext
from tournaments.pairing.team_swiss.state import TeamSwissState
from tournaments.pairing.team_swiss.teams import PairingTeam

CRITERIA = {
    "C1": "two teams shall not meet twice (C.04.6 2.1.1)",
    "C2": "no pairing-allocated bye after a PAB, a match won by forfeit or a full-point bye "
    "(C.04.6 2.1.2)",
    "C3": "the teams not yet paired can always be paired (C.04.6 2.2.1)",
    "C4": "minimise the number of upfloaters (C.04.6 2.3.1)",
    "C5": "maximise the upfloaters' scores, lowest first (C.04.6 2.3.2)",
    "C6": "leave the following scoregroup pairable with its fewest upfloaters (C.04.6 2.3.3)",
    "C7": "minimise the upfloaters who floated in the previous round (C.04.6 2.3.4)",
    "C8": "minimise the teams whose colour preference is not fulfilled (C.04.6 2.3.5)",
    "C9": "minimise the teams whose strong colour preference is not fulfilled (C.04.6 2.3.6)",
    "C10": "minimise the upfloaters' opponents who floated in the previous round (C.04.6 2.3.7)",
}
"""Each criterion in a line, with its article, for explanations."""


@dataclass(frozen=True)
class Penalty:
    """[C8], [C9] and [C10] of one pair or of a whole bracket, compared in that order."""

    c8: int = 0
    c9: int = 0
    c10: int = 0

    def __add__(self, other: Penalty) -> Penalty:
        return Penalty(self.c8 + other.c8, self.c9 + other.c9, self.c10 + other.c10)

    @property
    def key(self) -> tuple[int, int, int]:
        return self.c8, self.c9, self.c10


def team_context(state: TeamSwissState, teams: dict[int, PairingTeam]) -> RoundContext:
    """[C1], [C3], [C6] and [C7] over the teams of the round."""
    return RoundContext(
        players={number: team.unit() for number, team in teams.items()},
        forbidden=frozenset(frozenset(pair) for pair in state.forbidden),
        last_round=state.in_last_two_rounds,
    )


def pair_penalty(
    context: RoundContext,
    a: PairingTeam,
    b: PairingTeam,
    upfloaters: Collection[int],
) -> Penalty:
    """[C8], [C9] and [C10] of pairing ``a`` with ``b`` in a bracket with ``upfloaters``."""
    c8 = c9 = 0
    if a.preference and b.preference and a.preference.colour is b.preference.colour:
        c8 = 1
        c9 = 1 if a.preference.strong and b.preference.strong else 0
    c10 = context.floated_opponent(a.number, b.number, upfloaters)
    return Penalty(c8, c9, c10)
