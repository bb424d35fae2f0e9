"""The graph of :class:`~tournaments.pairing.matching.Matching` and the state it keeps between
solutions (matching, duals, blossoms): the edges, the changes to them, and the undoing of
blossoms around a vertex that a change disturbs."""

from __future__ import annotations

from array import array
from collections.abc import Iterator


class NoPerfectMatching(Exception):
    """The live graph has no matching that covers every live vertex."""


class Graph:
    """The edges of vertices ``0 .. size-1`` with their weights, and the matching, duals and
    blossoms kept over them between solutions.

    Blossoms are numbered ``size .. 2*size-1``. Edge ``k`` has two endpoints ``2k`` and
    ``2k + 1``; ``mate[v]`` is the remote endpoint of v's matched edge, -1 if none.
    """

    def __init__(self, size: int) -> None:
        n = self.n = size
        # Memory goes by the edge: a round of 2,000 players has two million. So the flags
        # are bytes, the endpoints refer to one int object per vertex, and an edge is found
        # in a table of every pair (8 bytes a pair) rather than a dict (about 170 bytes an
        # edge with its keys).
        self.vertex = list(range(n))
        self.endpoint: list[int] = []
        self.twice: list[int] = []
        self.alive = bytearray()
        self.listed = bytearray()
        self.edge_of = array("q", [-1]) * (n * (n - 1) // 2)
        self.neighbend = [array("q") for _ in range(n)]
        self.dead = [False] * n
        self.changed: set[int] = set()
        self.stale = 0
        self.mate = [-1] * n
        self.dual = [0] * (2 * n)
        self.inblossom = list(range(n))
        self.parent = [-1] * (2 * n)
        self.childs: list[list[int]] = [[] for _ in range(2 * n)]
        self.base = list(range(n)) + [-1] * n
        self.endps: list[list[int]] = [[] for _ in range(2 * n)]
        self.unused = list(range(2 * n - 1, n - 1, -1))
        self.label = [0] * (2 * n)
        self.labelend = [-1] * (2 * n)
        # Each vertex's tight edges (slack 0, in adjacency order), as found by its last scan,
        # and the dual epoch they hold for: the duals only move between solutions and at a
        # dual step, while a vertex is scanned in stage after stage of one solution.
        self.epoch = 0
        self.tight = [array("q") for _ in range(n)]
        self.tight_at = [-1] * n
        # The least slacks of the outer vertices, kept through a stage (see _adjust_duals).
        self.moved = 0
        self.steps = 0
        self.measured = [-1] * n
        self.free_key = [-1] * n
        self.outer_key = [-1] * n
        self.queue: list[int] = []
        self.started = False

    # -- changes -------------------------------------------------------------------------

    def set_weight(self, a: int, b: int, weight: int | None) -> None:
        """Give edge a–b ``weight`` (any integer, 0 included); ``None`` removes the edge."""
        if a == b or self.dead[a] or self.dead[b]:
            return
        if a > b:
            a, b = b, a
        key = b * (b - 1) // 2 + a
        k = self.edge_of[key]
        if weight is None:
            if k != -1 and self.alive[k]:
                self.alive[k] = False
                self.stale += 1
                self.changed.add(k)
            return
        if k == -1:
            k = len(self.twice)
            self.edge_of[key] = k
            self.endpoint += (self.vertex[a], self.vertex[b])
            self.twice.append(4 * weight)
            self.alive.append(True)
            self.listed.append(True)
            self.neighbend[a].append(2 * k + 1)
            self.neighbend[b].append(2 * k)
            if self.started:  # before the first solution every edge is new anyway
                self.changed.add(k)
            return
        if self.alive[k] and self.twice[k] == 4 * weight:
            return
        if not self.listed[k]:
            self.listed[k] = True
            self.neighbend[a].append(2 * k + 1)
            self.neighbend[b].append(2 * k)
        if not self.alive[k]:
            self.alive[k] = True
            self.stale -= 1
        self.twice[k] = 4 * weight
        self.changed.add(k)

    def remove_vertex(self, v: int) -> None:
        """Take ``v`` and its edges out of the graph (a pair settled for good)."""
        self._expose(v)
        self.dead[v] = True
        for p in self.neighbend[v]:
            k = p >> 1
            if self.alive[k]:
                self.alive[k] = False
                self.stale += 1

    # -- undoing -------------------------------------------------------------------------

    def _compact(self) -> None:
        """Drop dead edges from the adjacency lists."""
        alive, endpoint = self.alive, self.endpoint
        self.neighbend = [array("q") for _ in range(self.n)]
        for k, live in enumerate(alive):
            self.listed[k] = live
            if live:
                self.neighbend[endpoint[2 * k]].append(2 * k + 1)
                self.neighbend[endpoint[2 * k + 1]].append(2 * k)
        self.stale = 0

    def _drop_removed_ends(self, v: int) -> None:
        """Drop from ``v``'s adjacency the edges to removed vertices, keeping the order of the
        others: a vertex is scanned in stage after stage, and the settled pairs of a round
        leave its list ever more dead edges before :meth:`_compact` clears them all. Only
        edges to removed vertices go: those never come back, while an edge removed by
        :meth:`set_weight` may return at the place it holds."""
        endpoint, dead = self.endpoint, self.dead
        self.neighbend[v] = array("q", (p for p in self.neighbend[v] if not dead[endpoint[p]]))

    def _expose(self, v: int) -> None:
        """Make ``v`` a single exposed vertex: dissolve the blossoms around it, unmatch it."""
        self._free(v)
        p = self.mate[v]
        if p != -1:
            partner = self.endpoint[p]
            self.mate[v] = self.mate[partner] = -1
            self._free(partner)

    def _free(self, v: int) -> None:
        while self.inblossom[v] != v:
            self._dissolve(self.inblossom[v])

    def _dissolve(self, b: int) -> None:
        """Break top-level blossom ``b`` into its children, moving its dual onto its vertices
        (which keeps the edges inside it as they were). Its base's matched edge, which leaves
        the blossom, loses its tightness if that dual was positive: both ends are exposed."""
        z = self.dual[b]
        if z:
            for leaf in self._leaves(b):
                self.dual[leaf] += z
            self.dual[b] = 0
        bv = self.base[b]
        for s in self.childs[b]:
            self.parent[s] = -1
            if s < self.n:
                self.inblossom[s] = s
            else:
                for leaf in self._leaves(s):
                    self.inblossom[leaf] = s
        self.childs[b], self.endps[b] = [], []
        self.base[b] = -1
        self.label[b], self.labelend[b] = 0, -1
        self.unused.append(b)
        if z and self.mate[bv] != -1:
            self._expose(bv)
        elif z:
            self._free(bv)

    def _slack(self, k: int) -> int:
        return self.dual[self.endpoint[2 * k]] + self.dual[self.endpoint[2 * k + 1]] - self.twice[k]

    def _leaves(self, b: int) -> Iterator[int]:
        n, childs = self.n, self.childs
        stack = [b]
        while stack:
            t = stack.pop()
            if t < n:
                yield t
            else:
                stack.extend(childs[t])
