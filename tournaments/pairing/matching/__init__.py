"""Maximum-weight perfect matching on a general graph whose weights change between solutions:
the optimiser behind every system's criteria (Dutch, Dubov, Burstein, Double-Swiss, the team
Swiss), each of which turns its criteria into the weights.

The graph knows nothing of chess: vertices ``0 .. n-1``, integer weights of any size (so each
criterion can own a bit field). Pairing one round settles the brackets one decision at a
time, and each decision changes a few weights or takes a settled pair out of the graph, then
asks for the optimum again. Solving each time from nothing costs O(n³) and made a round of
1,000 players take hours; so the solution is kept, with its dual variables and blossoms, and
only the part a change disturbs is undone and repaired (the warm start).

This is Edmonds' blossom algorithm with dual variables (Galil, "Efficient algorithms for
finding maximum matching in graphs", 1986), in its perfect-matching form, kept in flat lists.
No library offers a matching that can be re-optimised after a weight change (networkx solves
from scratch and, reading every weight through its graph views, took 0.2 s per matching of
60 players), so it is written here.

The invariants between solutions (weights are stored times four so that every dual stays an
integer): every live edge between two top-level blossoms has ``slack >= 0``; matched edges
and the edges that hold a blossom together are tight; blossom duals are >= 0. Exposed
vertices are single vertices (no blossom) whose duals are even, so that the slack between two
outer vertices is even and halving it stays exact.
"""

from tournaments.pairing.matching.graph import NoPerfectMatching
from tournaments.pairing.matching.solve import Matching

__all__ = ["Matching", "NoPerfectMatching"]
