"""The pairing of a bracket (C.04.6 3.6).

A pairing is a sequence of pairs including every team of the bracket; in each pair the team
with the smaller TPN is the top member, the other the bottom member (3.6.1). A pairing is
identified by the TPNs of the top members in ascending order, followed by the TPNs of their
bottom members in the same order (3.6.2). Pairings are sorted by the lexicographic order of
their identifiers (3.6.3), and the first that complies with [C1], [C8], [C9] and [C10] is
chosen (3.6.4).

[C8]-[C10] are minimisations, so "complies" is read as reaching the fewest possible, [C8]
first: the first pairing by identifier among those with the best ([C8], [C9], [C10]). The
order is found without walking it, as for the Double-Swiss bracket (same words, C.04.5 3.6):
the smaller identifier has, of two top-member sets, the one holding the smallest TPN in
which they differ, so a top member weighs more than all larger TPNs together and the heaviest
matching has the first top-member set; with those fixed, the bottom members are chosen the
same way, slot by slot. The criteria weigh above the order in both matchings.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tournaments.pairing.double_swiss.bracket import identifier
from tournaments.pairing.double_swiss.criteria import RoundContext
from tournaments.pairing.double_swiss.graph import best_matching
from tournaments.pairing.team_swiss.criteria import Penalty, pair_penalty
from tournaments.pairing.team_swiss.teams import PairingTeam

__all__ = ["bracket_penalty", "identifier", "pair_bracket"]


def bracket_penalty(
    context: RoundContext,
    teams: dict[int, PairingTeam],
    pairs: Sequence[tuple[int, int]],
    upfloaters: Sequence[int],
) -> Penalty:
    """[C8], [C9] and [C10] of a bracket's pairing."""
    total = Penalty()
    for a, b in pairs:
        total = total + pair_penalty(context, teams[a], teams[b], upfloaters)
    return total


def pair_bracket(
    context: RoundContext,
    teams: dict[int, PairingTeam],
    bracket: Sequence[int],
    upfloaters: Sequence[int],
) -> list[tuple[int, int]]:
    """3.6.4: the pairing of ``bracket`` as (top, bottom) pairs in identifier order. The
    bracket is known to be pairable (3.5.5 chose it so)."""
    ranks = sorted(bracket)
    position = {rank: i for i, rank in enumerate(ranks)}
    size = len(ranks)
    scale = size + 1  # above any count of one criterion over the bracket
    order_bits = 1 << size  # above every sum of the order's weights

    def cost(a: int, b: int) -> int:
        c8, c9, c10 = pair_penalty(context, teams[a], teams[b], upfloaters).key
        return (c8 * scale + c9) * scale + c10

    def by_top_members(a: int, b: int) -> int | None:
        if not context.can_meet(a, b):
            return None
        return -cost(a, b) * order_bits + (1 << (size - 1 - position[a]))

    first = best_matching(ranks, by_top_members)
    if first is None:
        raise AssertionError("a bracket chosen by 3.5.5 can be paired")
    tops = sorted(top for top, _ in first)
    return _choose_bottoms(context, ranks, tops, cost)


def _choose_bottoms(
    context: RoundContext,
    ranks: list[int],
    tops: list[int],
    cost: Callable[[int, int], int],
) -> list[tuple[int, int]]:
    """With the top members fixed, the bottom member of each, smallest first, slot by slot
    (the second half of the identifier), the criteria still first."""
    bottoms = [rank for rank in ranks if rank not in set(tops)]
    slot = {top: i for i, top in enumerate(tops)}
    rank_of = {bottom: i for i, bottom in enumerate(bottoms)}
    base = len(bottoms) + 1
    place = [1]  # base to the power of each slot, from the last
    for _ in tops:
        place.append(place[-1] * base)
    order_span = place.pop()

    def by_bottom_members(a: int, b: int) -> int | None:
        if a not in slot or b in slot or not context.can_meet(a, b):
            return None
        return -cost(a, b) * order_span - rank_of[b] * place[len(tops) - 1 - slot[a]]

    pairs = best_matching(ranks, by_bottom_members)
    if pairs is None:
        raise AssertionError("the top members came from a pairing of the bracket")
    return sorted(pairs)
