"""The pairing criteria of the Double-Swiss system (C.04.5 article 2).

Absolute (2.1): [C1] two players do not meet twice (Basic Rules article 2; a match that ended
by forfeit was no meeting, Preface); [C2] no pairing-allocated bye to a player who already had
one, won a match by forfeit or had a full-point bye. Completion (2.2): [C3] a pairing complying
with the absolute criteria always exists for the players not yet paired.

Quality (2.3), in descending priority, used to choose the upfloaters of the top scoregroup
(3.5) and the pairing of its bracket (3.6): [C4] minimise the number of upfloaters; [C5]
minimise the score differences in the pairs with upfloaters, i.e. maximise the upfloaters'
scores taken in ascending order; [C6] unless the following scoregroup has been emptied, choose
the upfloaters so that it can still be paired by [C1], [C3] and [C4]; [C7] except in the last
round, minimise the upfloaters who were floaters in the previous round; [C8] except in the
last round, minimise the upfloaters' opponents who were floaters in the previous round.

There is no colour criterion: colours are allocated once the round is paired (article 4).
Forbidden pairs (tournament rules) are kept like [C1].
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import dataclass

from tournaments.pairing.base import PairingState
from tournaments.pairing.double_swiss.graph import can_be_paired
from tournaments.pairing.double_swiss.players import MatchPlayer

CRITERIA = {
    "C1": "two players shall not meet twice (C.04.5 2.1.1)",
    "C2": "no pairing-allocated bye after a PAB, a match won by forfeit or a full-point bye "
    "(C.04.5 2.1.2)",
    "C3": "the players not yet paired can always be paired (C.04.5 2.2.1)",
    "C4": "minimise the number of upfloaters (C.04.5 2.3.1)",
    "C5": "maximise the upfloaters' scores, lowest first (C.04.5 2.3.2)",
    "C6": "leave the following scoregroup pairable with its fewest upfloaters (C.04.5 2.3.3)",
    "C7": "minimise the upfloaters who floated in the previous round (C.04.5 2.3.4)",
    "C8": "minimise the upfloaters' opponents who floated in the previous round (C.04.5 2.3.5)",
}
"""Each criterion in a line, with its article, for explanations."""


@dataclass(frozen=True)
class RoundContext:
    """What every criterion of one match's pairing reads."""

    players: dict[int, MatchPlayer]
    forbidden: frozenset[frozenset[int]]
    last_round: bool
    """The event's last match: [C7] and [C8] do not apply."""

    @classmethod
    def of(cls, state: PairingState, players: dict[int, MatchPlayer]) -> RoundContext:
        return cls(
            players=players,
            forbidden=frozenset(frozenset(pair) for pair in state.forbidden),
            last_round=state.planned_rounds is not None and state.round >= state.planned_rounds,
        )

    def can_meet(self, a: int, b: int) -> bool:
        """[C1], and not a forbidden pair."""
        return b not in self.players[a].met and frozenset((a, b)) not in self.forbidden

    def completable(self, ranks: Collection[int]) -> bool:
        """[C3]: the players can all be paired by the absolute criteria."""
        return can_be_paired(list(ranks), self.can_meet)

    def floaters_among(self, ranks: Iterable[int]) -> int:
        """[C7]: how many of the players floated in the previous round (none in the last)."""
        if self.last_round:
            return 0
        return sum(1 for rank in ranks if self.players[rank].floated_last)

    def floated_opponent(self, a: int, b: int, upfloaters: Collection[int]) -> int:
        """[C8] for one pair: 1 when exactly one of the two is an upfloater and the other, a
        resident, floated in the previous round (0 in the last round)."""
        if self.last_round or (a in upfloaters) == (b in upfloaters):
            return 0
        resident = b if a in upfloaters else a
        return 1 if self.players[resident].floated_last else 0
