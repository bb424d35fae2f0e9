"""The Dubov pairing criteria (C.04.4.1 article 2) as edge weights, one bit field per
criterion in the order of the text, so that a maximum-weight matching is the pairing the
criteria prefer.

Absolute criteria (2.1): [C1] no two players meet twice (nor a pair the arbiter forbids);
[C2] the bye rule, applied where the bye is chosen (:mod:`~tournaments.pairing.dubov.bye`);
[C3] two players with the same absolute colour preference do not meet. [C4] (2.2, a complete
pairing) is the matching being perfect: every edge carries the completion bit.

Quality criteria (2.3), counted only in pairs that involve a resident of the bracket being
paired: [C5] fewest upfloaters; [C6] the smallest score differences in the pairs with an
upfloater, compared from the largest down; [C7] fewest players without their colour
preference; and, except in the last round, [C8] fewest maximum upfloaters (1.8) among the
upfloaters, [C9] the fewest upfloats of those maximum upfloaters, [C10] fewest upfloaters who
upfloated in the previous round.

A field is wide enough to hold its value summed over every pair, so an earlier criterion
always outweighs the later ones. Below the criteria lie two fields the engine uses to choose
among equally good pairings in the order the text prescribes (article 4): ``CROSS`` (pairs
between G1 and G2) and ``ORDER`` (the preferred upfloater, shifter or opponent).
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TypeVar

from tournaments.pairing.dubov.players import DubovPlayer, Strength

T = TypeVar("T", bound=Hashable)


def compatible(a: DubovPlayer, b: DubovPlayer, forbidden: frozenset[frozenset[int]]) -> bool:
    """[C1] and [C3]: the two have not met (nor may not meet), and do not share an absolute
    colour preference."""
    if b.start_rank in a.opponents or frozenset((a.start_rank, b.start_rank)) in forbidden:
        return False
    return not (
        a.preference.strength is Strength.ABSOLUTE
        and b.preference.strength is Strength.ABSOLUTE
        and a.preference.color is b.preference.color
    )


def colour_clash(a: DubovPlayer, b: DubovPlayer) -> bool:
    """[C7]: one of the two does not get his colour preference (they want the same colour)."""
    return a.preference.color is b.preference.color


@dataclass(frozen=True)
class Layout:
    """The bit fields of one round's weights, from the least significant up."""

    size_bits: int
    """Bits to count any number of pairs of the round."""
    score_level: Mapping[Fraction, int]
    """Each score of the round, numbered from 0 upwards."""
    gap_block: Mapping[tuple[int, int], int]
    """[C6] by (resident's score level, upfloater's): a field per score difference, the
    largest difference the most significant; a pair scores 1 in every field but its own, so
    that with the number of upfloaters settled ([C5]) the larger differences count first."""
    gap_bits: int
    upfloat_block: Mapping[int, int]
    """[C9] the same for the numbers of upfloats of the maximum upfloaters, by number."""
    upfloat_bits: int
    last_round: bool

    @classmethod
    def of(cls, players: Sequence[DubovPlayer], last_round: bool) -> Layout:
        size = len(players).bit_length() + 2
        scores = sorted({p.score for p in players})
        level = {score: i for i, score in enumerate(scores)}
        differences = sorted({h - low for h in scores for low in scores if h > low})
        gap_bits, gap_field = _fields(differences, size)
        gap_block = {
            (level[h], level[low]): gap_field[h - low] for h in scores for low in scores if h > low
        }
        counts = sorted({p.upfloats for p in players if p.maximum_upfloater})
        upfloat_bits, upfloat_block = _fields(counts, size)
        return cls(size, level, gap_block, gap_bits, upfloat_block, upfloat_bits, last_round)

    @property
    def order_unit(self) -> int:
        """One step of the ``ORDER`` field: the lowest bit."""
        return 1

    @property
    def cross_unit(self) -> int:
        """One step of the ``CROSS`` field, above every possible ``ORDER`` sum."""
        return 1 << self.size_bits

    def criteria_weight(
        self, resident: DubovPlayer, other: DubovPlayer, levels: tuple[int, int]
    ) -> int:
        """The weight of pairing ``resident`` (of the bracket being paired) with ``other``: a
        resident too, or a lower player who would be an upfloater. ``levels``: the two
        players' score levels (:attr:`score_level`)."""
        other_resident = levels[0] == levels[1]
        size = self.size_bits
        upfloater = not other_resident
        weight = 1 << size | other_resident  # [C4] completion, [C5]
        gap = self.gap_block.get(levels, 0)
        weight = weight << self.gap_bits | (gap if upfloater else 0)  # [C6]
        weight = weight << size | (not colour_clash(resident, other))  # [C7]
        if not self.last_round:
            weight = weight << size | (upfloater and not other.maximum_upfloater)  # [C8]
            floats = self.upfloat_block.get(other.upfloats, 0)
            weight = weight << self.upfloat_bits | (
                floats if upfloater and other.maximum_upfloater else 0
            )  # [C9]
            weight = weight << size | (upfloater and not other.upfloated_last_round)  # [C10]
        return weight << 2 * size  # room for CROSS and ORDER

    def completion_weight(self) -> int:
        """A pair of two players outside the bracket: only [C4] counts."""
        bits = 4 * self.size_bits + self.gap_bits  # C5, C6, C7, CROSS and ORDER
        if not self.last_round:
            bits += 2 * self.size_bits + self.upfloat_bits  # C8, C9, C10
        return 1 << bits


def _fields(values: Sequence[T], size: int) -> tuple[int, dict[T, int]]:
    """A field of ``size`` bits per value, the largest value the most significant, and for
    each value the block with 1 in every field but its own."""
    ones = sum(1 << (i * size) for i in range(len(values)))
    blocks = {value: ones - (1 << (i * size)) for i, value in enumerate(values)}
    return len(values) * size, blocks
