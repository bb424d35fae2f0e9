"""The pairing of a bracket (C.04.5 3.6).

A pairing is a sequence of pairs including every player of the bracket; in each pair the
player with the smaller TPN is the top member, the other the bottom member (3.6.1). A pairing
is identified by the TPNs of the top members in ascending order, followed by the TPNs of the
bottom members of the corresponding pairs (3.6.2; ``11-24 16-6 10-9 8-4`` is ``4 6 9 11 8 16
10 24``). Pairings are sorted by the lexicographic order of their identifiers (3.6.3), and the
first that complies with [C1] and [C8] is chosen (3.6.4); the other criteria hold by
construction.

[C8] is a minimisation: the first pairing with the fewest upfloaters' opponents who floated
in the previous round. The order is then found without walking it: the smallest identifier
has the smallest TPN that differs between two top-member sets in its own set, so giving each
player, as top member, a weight above those of all larger TPNs makes the heaviest matching
the one with the first top-member set; the bottom members are then chosen the same way,
position by position. Two matchings, each with the weight of [C8] above the order's.
"""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.pairing.double_swiss.criteria import RoundContext
from tournaments.pairing.double_swiss.graph import best_matching


def identifier(pairs: Sequence[tuple[int, int]]) -> tuple[int, ...]:
    """3.6.2: the top members ascending, then the bottom member of each in that order."""
    ordered = sorted((min(pair), max(pair)) for pair in pairs)
    return tuple(top for top, _ in ordered) + tuple(bottom for _, bottom in ordered)


def c8_count(
    context: RoundContext, pairs: Sequence[tuple[int, int]], upfloaters: Sequence[int]
) -> int:
    """[C8] of a bracket's pairing."""
    return sum(context.floated_opponent(a, b, upfloaters) for a, b in pairs)


def pair_bracket(
    context: RoundContext, bracket: Sequence[int], upfloaters: Sequence[int]
) -> list[tuple[int, int]]:
    """3.6.4: the first pairing of ``bracket`` by identifier with the best [C8], as (top,
    bottom) pairs in identifier order. The bracket is known to be pairable."""
    ranks = sorted(bracket)
    position = {rank: i for i, rank in enumerate(ranks)}
    size = len(ranks)
    order_bits = 1 << size  # above every sum of the order's weights

    def by_top_members(a: int, b: int) -> int | None:
        if not context.can_meet(a, b):
            return None
        penalty = context.floated_opponent(a, b, upfloaters)
        return -penalty * order_bits + (1 << (size - 1 - position[a]))

    first = best_matching(ranks, by_top_members)
    if first is None:
        raise AssertionError("a bracket chosen by 3.5.5 can be paired")
    tops = sorted(top for top, _ in first)
    return _choose_bottoms(context, ranks, tops, upfloaters)


def _choose_bottoms(
    context: RoundContext, ranks: list[int], tops: list[int], upfloaters: Sequence[int]
) -> list[tuple[int, int]]:
    """With the top members fixed, the bottom member of each, smallest first, position by
    position (the second half of the identifier), [C8] still first."""
    bottoms = [rank for rank in ranks if rank not in set(tops)]
    slot = {top: i for i, top in enumerate(tops)}
    rank_of = {bottom: i for i, bottom in enumerate(bottoms)}
    base = len(bottoms) + 1
    place = [1]  # base to the power of each position, from the last
    for _ in tops:
        place.append(place[-1] * base)
    order_span = place.pop()

    def by_bottom_members(a: int, b: int) -> int | None:
        if (a in slot) == (b in slot) or a not in slot or not context.can_meet(a, b):
            return None
        penalty = context.floated_opponent(a, b, upfloaters)
        return -penalty * order_span - rank_of[b] * place[len(tops) - 1 - slot[a]]

    pairs = best_matching(ranks, by_bottom_members)
    if pairs is None:
        raise AssertionError("the top members came from a pairing of the bracket")
    return sorted(pairs)
