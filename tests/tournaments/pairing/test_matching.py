"""The matching behind the pairing engines, against exhaustive search on small graphs.

Each case is a random graph whose weights then change, and whose matched pairs leave it,
several times over, as a pairing round does it; after every change the warm-started optimum
must weigh what the best of all perfect matchings weighs (enumerated), or the matcher must
say there is none.
"""

from __future__ import annotations

import random
import sys
from functools import cache
from pathlib import Path

import pytest

from tournaments.pairing import DutchEngine, PairingState
from tournaments.pairing.matching import Matching, NoPerfectMatching
from tournaments.trf import read_trf

Weights = dict[tuple[int, int], int]


def best_perfect(vertices: tuple[int, ...], weights: Weights) -> int | None:
    """The weight of the best perfect matching of ``vertices``, ``None`` if there is none."""

    @cache
    def best(left: frozenset[int]) -> int | None:
        if not left:
            return 0
        v = min(left)
        found = None
        for u in left - {v}:
            w = weights.get((v, u))
            if w is None:
                continue
            rest = best(left - {v, u})
            if rest is not None and (found is None or w + rest > found):
                found = w + rest
        return found

    return best(frozenset(vertices))


def matched_weight(mate: list[int], live: list[int], weights: Weights) -> int:
    total = 0
    for v in live:
        u = mate[v]
        assert u != v and u in live and mate[u] == v
        if v < u:
            total += weights[(v, u)]
    return total


def run_case(seed: int) -> None:
    rng = random.Random(seed)
    n = rng.choice([2, 4, 6, 8, 10])
    # Few distinct weights make ties; large ones exercise the bit fields' sizes.
    scale = rng.choice([1, 1 << 60])
    matching, weights, live = Matching(n), {}, list(range(n))
    for a in range(n):
        for b in range(a + 1, n):
            if rng.random() < 0.7:
                weights[(a, b)] = scale * rng.randrange(0, 12)
                matching.set_weight(a, b, weights[(a, b)])
    for _ in range(10):
        expected = best_perfect(tuple(live), weights)
        if expected is None:
            with pytest.raises(NoPerfectMatching):
                matching.solve()
            return
        mate = matching.solve()
        assert matched_weight(mate, live, weights) == expected
        if rng.random() < 0.25 and len(live) > 2:
            v = rng.choice(live)
            for gone in (v, mate[v]):
                matching.remove_vertex(gone)
                live.remove(gone)
            weights = {k: w for k, w in weights.items() if k[0] in live and k[1] in live}
            continue
        for _ in range(rng.randrange(1, 6)):
            a, b = sorted(rng.sample(live, 2))
            if rng.random() < 0.25:
                weights.pop((a, b), None)
                matching.set_weight(a, b, None)
            else:
                weights[(a, b)] = scale * rng.randrange(0, 12) + rng.randrange(0, 3)
                matching.set_weight(a, b, weights[(a, b)])


@pytest.mark.parametrize("first", range(0, 600, 100))
def test_warm_started_optimum_equals_exhaustive_search(first: int) -> None:
    for seed in range(first, first + 100):
        run_case(seed)


def test_an_odd_cycle_is_solved_through_a_blossom() -> None:
    matching = Matching(6)
    for a, b, w in [(0, 1, 5), (1, 2, 5), (2, 0, 5), (2, 3, 1), (3, 4, 5), (4, 5, 5), (5, 3, 5)]:
        matching.set_weight(a, b, w)
    mate = matching.solve()
    assert (mate[2], mate[3]) == (3, 2)
    # The bridge gets dearer than the triangle's edges: still the only perfect matching.
    matching.set_weight(2, 3, 100)
    assert matching.solve()[2] == 3


def test_no_perfect_matching_is_reported() -> None:
    matching = Matching(4)
    matching.set_weight(0, 1, 3)
    matching.set_weight(0, 2, 3)
    matching.set_weight(0, 3, 3)
    with pytest.raises(NoPerfectMatching):
        matching.solve()


def _depth() -> int:
    frame, depth = sys._getframe(), 0
    while frame is not None:
        frame, depth = frame.f_back, depth + 1
    return depth


def test_nested_blossoms_are_augmented_and_expanded_without_recursion():
    """Issue: augmenting and expanding blossoms called itself once per nesting level, and a
    round of 2,000 players nested them deeper than Python's recursion limit (a RecursionError
    where the round should have been paired). The 400-player round below nests them about 150
    deep: with 80 frames to spare it failed before; it needs no depth of its own now."""
    trf = (
        Path(__file__).resolve().parents[2] / "data/pairing/generated_400_players_after_round6.trf"
    )
    state = PairingState.from_trf(read_trf(trf.read_bytes()), 7)
    expected = DutchEngine().pair(state)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(_depth() + 80)
    try:
        assert DutchEngine().pair(state) == expected
    finally:
        sys.setrecursionlimit(limit)
