"""The Dutch criteria as edge weights: one bit field per criterion, in the order C.04.3
article 2 ranks them, so that a maximum-weight matching is the pairing the rules prefer.

A pair's weight is read from the most significant field down: a matching that does better
on an earlier criterion outweighs any gain on the later ones, because every field is wide
enough to hold the sum over all pairs of the fields below it. Field widths:
``size_bits`` holds a count of players of one scoregroup, ``groups_bits`` a one-bit-per-
scoregroup set, with room for the count of each scoregroup (see :class:`Layout`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from tournaments.pairing.dutch.players import Float, Player, opposite


@dataclass(frozen=True)
class Layout:
    """The widths of the bit fields for one round."""

    size_bits: int
    """Bits to count the players of the largest scoregroup."""
    groups_bits: int
    """Total width of the per-scoregroup fields (C7, C8, C18–C21)."""
    group_shift: Mapping[int, int]
    """Where each scoregroup's sub-field starts, by pairing score in the round's point unit
    (:attr:`Player.score_units`); higher scores sit higher."""

    @classmethod
    def of(cls, scores: Sequence[int]) -> Layout:
        """The layout for players with ``scores`` (pairing scores in the round's point unit,
        best first)."""
        shifts: dict[int, int] = {}
        total = largest = 0
        for score in sorted(set(scores)):
            size = sum(1 for s in scores if s == score)
            shifts[score] = total
            total += size.bit_length()
            largest = max(largest, size)
        return cls(size_bits=largest.bit_length(), groups_bits=total, group_shift=shifts)

    @property
    def ordering_bits(self) -> int:
        """Room below the criteria for the order of transpositions and exchanges (article 4)."""
        return 3 * self.size_bits + 1


@dataclass(frozen=True)
class RoundFacts:
    """What the weights need to know of the round, besides the two players."""

    played_rounds: int
    last_round: bool
    win: Fraction
    draw: Fraction
    loss: Fraction
    forbidden: frozenset[frozenset[int]]
    """Pairs of starting ranks that may not meet: a game played already (C1) or forbidden."""

    @property
    def topscorer_threshold(self) -> Fraction:
        """Article 1.7: a topscorer has more than 50% of the maximum possible score."""
        return self.played_rounds * max(self.win, self.draw) / 2


def float_of(
    player: Player, rounds_back: int, loss: Fraction, everyone: Mapping[int, Player]
) -> Float:
    """The float the player received ``rounds_back`` rounds ago (article 1.4): down when he
    met a lower score or scored more than a loss without playing, up when he met a higher."""
    record = player.history[len(player.history) - rounds_back]
    if not record.played or record.opponent is None:
        return Float.DOWN if record.points > loss else Float.NONE
    mine = player.pairing_score(rounds_back)
    theirs = everyone[record.opponent].pairing_score(rounds_back)
    if mine > theirs:
        return Float.DOWN
    if mine < theirs:
        return Float.UP
    return Float.NONE


def compatible(a: Player, b: Player, facts: RoundFacts) -> bool:
    """The absolute criteria C1 and C3 (C2, the bye, is the matching's completion field):
    no second game between two players, and no pair of non-topscorers with the same absolute
    colour preference. Topscorers exist only when the last round is paired."""
    if frozenset((a.start_rank, b.start_rank)) in facts.forbidden:
        return False
    if not (a.absolute_preference and b.absolute_preference):
        return True
    if a.color_preference is not b.color_preference:
        return True
    threshold = facts.topscorer_threshold
    return facts.last_round and (a.pairing_score() > threshold or b.pairing_score() > threshold)


def colour_fields(higher: Player, lower: Player) -> tuple[bool, bool, bool, bool]:
    """C10–C13 for one pair (True where the pair satisfies the criterion).

    C10: no colour difference beyond ±2; C11: no colour three times running; C12: both get
    their colour preference; C13: both get a strong preference. A clash can only happen when
    both prefer the same colour.
    """
    same = higher.color_preference is lower.color_preference
    absolute_h, absolute_l = higher.absolute_preference, lower.absolute_preference
    both_absolute = absolute_h and absolute_l
    c10 = not (higher.absolute_imbalance and lower.absolute_imbalance and same)
    if higher.color_imbalance == lower.color_imbalance:
        third_running = (
            higher.repeated_color is not None and higher.repeated_color is lower.repeated_color
        )
    else:
        # E.2: the larger colour difference gets its preference; the other player gets the
        # colour he prefers not to have, a third time if he just played it twice.
        yields = lower if higher.color_imbalance > lower.color_imbalance else higher
        preference = yields.color_preference
        given = None if preference is None else opposite(preference)
        third_running = yields.repeated_color is given
    c11 = not (both_absolute and same and third_running)
    c12 = not same or higher.color_preference is None or lower.color_preference is None
    strong_h = higher.strong_preference or absolute_h
    strong_l = lower.strong_preference or absolute_l
    c13 = not (strong_h and strong_l and not both_absolute and same)
    return c10, c11, c12, c13


@dataclass(frozen=True)
class ByeFacts:
    """What C5 and C9 need: the lowest score the pairing-allocated bye can go to, and the
    ranking of that scoregroup's players by games played (fewest unplayed ranked last)."""

    score: int | None
    """In the round's point unit (:attr:`Player.score_units`); ``None`` when the number of
    players is even (no bye)."""
    single_downfloater: bool
    """Whether the bye assignee is the only player leaving the bracket being paired, the
    case C9 applies to."""
    played_rank: Mapping[int, int]

    def candidate(self, player: Player) -> bool:
        return player.bye_eligible and (self.score is None or player.score_units <= self.score)


NO_BYE = ByeFacts(score=None, single_downfloater=False, played_rank={})


def edge_weight(
    higher: Player,
    lower: Player,
    *,
    lower_in_bracket: bool,
    lower_in_next: bool,
    bye: ByeFacts,
    facts: RoundFacts,
    layout: Layout,
) -> int:
    """The weight of pairing ``higher`` (ranked above) with ``lower``; 0 when C1 or C3
    forbids it. ``lower_in_bracket``: ``lower`` is a resident of the bracket being paired (so
    is the pair); ``lower_in_next``: he belongs to the next scoregroup (the pair would make
    ``higher`` a downfloater)."""
    if not compatible(higher, lower, facts):
        return 0
    size, groups = layout.size_bits, layout.groups_bits
    high_score, low_score = higher.score_units, lower.score_units
    high_group = 1 << layout.group_shift[high_score]

    # C4 completion (an edge exists) and C2/C5: the bye goes to an eligible player of the
    # lowest score that still lets the round be completed; pairing a non-candidate is worth
    # more than pairing a candidate.
    weight = 1 + (not bye.candidate(higher)) + (not bye.candidate(lower))
    # C6: maximise the number of pairs in the bracket (minimise downfloaters).
    weight = weight << size | lower_in_bracket
    # C7: maximise the scores paired in the bracket (minimise the downfloaters' scores).
    weight = weight << groups | (high_group if lower_in_bracket else 0)
    # C8: the same two in the next bracket (choose the downfloaters so that it pairs best).
    weight = weight << size | lower_in_next
    weight = weight << groups | (high_group if lower_in_next else 0)
    # C9: minimise the unplayed games of the bye assignee, when he is the bracket's only
    # downfloater: pairing players with many games leaves the bye to the one with fewest.
    weight <<= 2 * size
    if bye.single_downfloater:
        if high_score == bye.score:
            weight |= bye.played_rank[higher.played_games]
        if low_score == bye.score:
            weight += bye.played_rank[lower.played_games]
    # The two players' floats of the previous round and of the one before, as far as played
    # (``Player.floats`` holds min(played rounds, 2) of them, as many for every player).
    if not lower_in_bracket:
        # C10–C21 count the pairs inside the bracket only: for any other pair (most of a
        # round's weights, every pair below the bracket) each of their fields is zero.
        rounds = len(higher.floats)
        return weight << (4 * size + rounds * 2 * (size + groups) + layout.ordering_bits)
    floats = tuple(zip(higher.floats, lower.floats, strict=True))
    # C10–C13: colour differences, colours three times running, preferences, strong ones.
    for satisfied in colour_fields(higher, lower):
        weight = weight << size | satisfied

    higher_floats_down = high_score > low_score
    # C14–C17: minimise repeated floats: downfloaters as in the previous round (C14),
    # upfloaters as in the previous round (C15), the same two rounds before (C16, C17).
    for high_float, low_float in floats:
        weight = weight << size | (low_float is Float.DOWN)
        weight += not higher_floats_down and high_float is Float.DOWN
        weight = weight << size | (not (higher_floats_down and low_float is Float.UP))
    # C18–C21: minimise the scores of those repeated downfloaters (C18, C20) and of the
    # opponents of those repeated upfloaters (C19, C21).
    for high_float, low_float in floats:
        weight <<= groups
        weight += (low_float is Float.DOWN) << layout.group_shift[low_score]
        weight += (high_float is Float.DOWN) << layout.group_shift[high_score]
        weight <<= groups
        if not (low_float is Float.UP and higher_floats_down):
            weight |= high_group
    # Room for the order of exchanges and transpositions (article 4), set by the engine.
    return weight << layout.ordering_bits


def weight_bits(layout: Layout, played_rounds: int) -> int:
    """An upper bound of the width of any weight :func:`edge_weight` returns."""
    size, groups = layout.size_bits, layout.groups_bits
    rounds = min(played_rounds, 2)
    return (
        2
        + size
        + groups
        + size
        + groups
        + 2 * size
        + 4 * size
        + rounds * (2 * size + 2 * groups)
        + layout.ordering_bits
    )
