"""The pairing criteria of C.04.4.2 article 2 as edge weights of one bracket.

Absolute ([C1]-[C4], 2.1-2.2): [C1] no two players meet twice (nor a pair the arbiter forbids),
[C2] the pairing-allocated bye only to an eligible player (see :mod:`.bye`), [C3] no two
players with the same absolute colour preference meet (no exception for the last round: the
text has none), [C4] the round is completed (the matching is perfect over every player still
to pair, so a bracket never leaves the ones below unpairable).

Quality (2.3), in priority order: [C5] maximise the pairs in the bracket (fewest outgoing
floaters); [C6] minimise the scores, in descending order, of the outgoing floaters; [C7] choose
the outgoing floaters so that the following bracket complies best with [C1]-[C6] (its pairs,
then its floaters' scores); [C8] minimise the players who do not get their colour preference.

A pair's weight holds one bit field per criterion, most significant first, each wide enough
for the sum over a whole matching of the fields below it, so that a maximum-weight matching is
the pairing the criteria prefer. The lowest field is left free for the order of article 4,
which the bracket pairing sets one player at a time.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from tournaments.pairing.burstein.players import BursteinPlayer, RoundFacts


def compatible(a: BursteinPlayer, b: BursteinPlayer, facts: RoundFacts) -> bool:
    """[C1] and [C3]."""
    if frozenset((a.start_rank, b.start_rank)) in facts.forbidden:
        return False
    return not same_absolute_preference(a, b)


def same_absolute_preference(a: BursteinPlayer, b: BursteinPlayer) -> bool:
    """[C3]: both have an absolute preference (article 1.5.1), for the same colour."""
    return a.absolute and b.absolute and a.preference is b.preference


def colour_clash(a: BursteinPlayer, b: BursteinPlayer) -> bool:
    """[C8]: the two prefer the same colour, so one of them does not get it. A player who has
    not played has no preference (1.5.4) and takes either colour."""
    return a.preference is not None and a.preference is b.preference


def _levels(scores: Collection[Fraction], width: int) -> dict[Fraction, int]:
    """A sub-field per score, the highest score most significant."""
    return {score: width * i for i, score in enumerate(sorted(set(scores)))}


@dataclass(frozen=True)
class BracketLayout:
    """The bit fields of one bracket: ``bracket`` its players (incoming floaters and
    residents), ``following`` the next scoregroup (the residents of the following bracket).

    The widths and the score sub-fields are the round's (``width`` for its player count,
    ``levels`` for every score in it), so that a pair that concerns neither this bracket nor
    the next one keeps one weight all round, and the matching need not look at it again."""

    bracket: frozenset[int]
    following: frozenset[int]
    width: int
    levels: Mapping[Fraction, int]

    @classmethod
    def of(
        cls,
        bracket: Sequence[BursteinPlayer],
        following: Sequence[BursteinPlayer],
        width: int,
        levels: Mapping[Fraction, int],
    ) -> BracketLayout:
        return cls(
            bracket=frozenset(p.start_rank for p in bracket),
            following=frozenset(p.start_rank for p in following),
            width=width,
            levels=levels,
        )

    @property
    def near(self) -> frozenset[int]:
        """The players whose pairs the criteria weigh: this bracket's and the next group's."""
        return self.bracket | self.following

    def in_bracket(self, player: BursteinPlayer) -> bool:
        return player.start_rank in self.bracket

    def weight(self, a: BursteinPlayer, b: BursteinPlayer) -> int:
        """The weight of a pair that [C1] and [C3] allow."""
        width, levels = self.width, self.levels
        inside = self.in_bracket(a) and self.in_bracket(b)
        # [C7]: a pair of the following bracket, made of an outgoing floater of this one or
        # a player of the next scoregroup with a player of the next scoregroup.
        near = self.near
        in_following = (
            not inside
            and a.start_rank in near
            and b.start_rank in near
            and (a.start_rank in self.following or b.start_rank in self.following)
        )
        weight = 1  # [C4]: every pair counts towards the completion
        weight = weight << width | inside  # [C5]
        weight <<= width * len(levels)  # [C6]
        if inside:
            weight += (1 << levels[a.score]) + (1 << levels[b.score])
        weight = weight << width | in_following  # [C7], the following bracket's [C5]
        weight <<= width * len(levels)  # [C7], the following bracket's [C6]
        if in_following:
            weight += (1 << levels[a.score]) + (1 << levels[b.score])
        weight = weight << width | (inside and not colour_clash(a, b))  # [C8]
        return weight << width  # room for the order of article 4


def round_layout(players: Sequence[BursteinPlayer]) -> tuple[int, dict[Fraction, int]]:
    """The field width and the score sub-fields of a round of ``players``."""
    width = (2 * len(players) + 2).bit_length()
    return width, _levels([p.score for p in players], width)
