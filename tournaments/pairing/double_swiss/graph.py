"""Perfect matchings of a set of players: whether one exists under the absolute criteria, and
the best one under integer weights. Both use the blossom matching the Dutch engine is built
on (:mod:`tournaments.pairing.matching`), which knows nothing of chess."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tournaments.pairing.matching import Matching, NoPerfectMatching

Weight = Callable[[int, int], "int | None"]
"""The weight of pairing two players (starting ranks, the smaller first); ``None``: they
cannot be paired."""


def best_matching(players: Sequence[int], weight: Weight) -> list[tuple[int, int]] | None:
    """The pairs (smaller rank first) of a perfect matching of ``players`` with the largest
    total weight, ``None`` when none exists."""
    ranks = sorted(players)
    if not ranks:
        return []
    if len(ranks) % 2:
        return None
    graph = Matching(len(ranks))
    for i, a in enumerate(ranks):
        for j in range(i + 1, len(ranks)):
            value = weight(a, ranks[j])
            if value is not None:
                graph.set_weight(i, j, value)
    try:
        mate = graph.solve()
    except NoPerfectMatching:
        return None
    return [(ranks[i], ranks[mate[i]]) for i in range(len(ranks)) if i < mate[i]]


def can_be_paired(players: Sequence[int], allowed: Callable[[int, int], bool]) -> bool:
    """Whether ``players`` can all be paired, each pair ``allowed``."""
    return best_matching(players, lambda a, b: 0 if allowed(a, b) else None) is not None
