"""The public solution of :class:`Matching`: the first solve from nothing, the repair of what
changes since the last solution disturbed, and the stages that complete the matching."""

from __future__ import annotations

from tournaments.pairing.matching.duals import Duals
from tournaments.pairing.matching.graph import NoPerfectMatching


class Matching(Duals):
    """A maximum-weight perfect matching of vertices ``0 .. size-1``, kept up to date as edge
    weights change (:meth:`set_weight`) and vertices leave the graph (:meth:`remove_vertex`).

    Blossoms are numbered ``size .. 2*size-1``. Edge ``k`` has two endpoints ``2k`` and
    ``2k + 1``; ``mate[v]`` is the remote endpoint of v's matched edge, -1 if none.
    """

    # -- the solution --------------------------------------------------------------------

    def solve(self) -> list[int]:
        """The optimum: ``mate[v]`` is v's partner (``v`` itself for a vertex removed).
        Raises :class:`NoPerfectMatching` when the live vertices cannot all be paired."""
        if self.stale * 4 > len(self.twice):
            self._compact()
        if not self.started:
            self._start()
        else:
            self._repair()
        n, mate, dead = self.n, self.mate, self.dead
        # Every exposed vertex is a single vertex here; after the first stage they are the
        # roots left, which keep one parity between them.
        for v in range(n):
            if mate[v] == -1:
                self.dual[v] += self.dual[v] & 1
        self.epoch += 1
        self._augment_short_paths()
        while True:
            exposed = [v for v in range(n) if mate[v] == -1 and not dead[v]]
            if not exposed:
                break
            self._stage_setup(exposed)
            if not self._stage():
                raise NoPerfectMatching
            self._expand_spent_blossoms()
            self._augment_short_paths()
        return [v if m == -1 else self.endpoint[m] for v, m in enumerate(mate)]

    def _start(self) -> None:
        """The first solution's start: each dual the largest weight at its vertex (feasible),
        then every vertex settled."""
        self.started = True
        self.changed.clear()
        twice, alive = self.twice, self.alive
        for v in range(self.n):
            self.dual[v] = max(
                (twice[p >> 1] // 2 for p in self.neighbend[v] if alive[p >> 1]), default=0
            )
        for v in range(self.n):
            if self.mate[v] == -1 and not self.dead[v]:
                self._settle(v)

    def _repair(self) -> None:
        """Undo what the changes since the last solution disturbed: a vertex at a changed edge
        that is no longer feasible, or no longer tight where it must be, is exposed, its dual
        raised just enough for every edge at it, and then settled."""
        endpoint, mate, inblossom, dead = self.endpoint, self.mate, self.inblossom, self.dead
        touched: set[int] = set()
        for k in sorted(self.changed):
            a, b = endpoint[2 * k], endpoint[2 * k + 1]
            if dead[a] or dead[b] or a in touched or b in touched:
                continue
            matched = mate[a] == 2 * k + 1
            if inblossom[a] == inblossom[b] and inblossom[a] >= self.n:
                touched.add(a)
            elif not self.alive[k]:
                if matched:
                    touched.add(a)
            elif (self._slack(k) != 0) if matched else (self._slack(k) < 0):
                touched.add(a)
        self.changed.clear()
        for v in sorted(touched):
            self._expose(v)
        # Every touched dual first (feasible everywhere), then the greedy matching: matched
        # there, a touched neighbour would keep a dual too low for its other edges.
        for v in sorted(touched):
            self.dual[v] = self._tightest(v)[0]
        for v in range(self.n):
            if mate[v] == -1 and not dead[v]:
                self._settle(v)

    def _tightest(self, v: int) -> tuple[int, int]:
        """The lowest dual that keeps every edge at single vertex ``v`` feasible, and the
        endpoint of the edge that sets it (one to an exposed vertex when several do); ``(0,
        -1)`` without edges."""
        twice, alive, endpoint, dual, mate = (
            self.twice,
            self.alive,
            self.endpoint,
            self.dual,
            self.mate,
        )
        best, tight = 0, -1
        for p in self.neighbend[v]:
            k = p >> 1
            if alive[k]:
                need = twice[k] - dual[endpoint[p]]
                if need > best or tight == -1 or (need == best and mate[endpoint[p]] == -1):
                    best, tight = need, p
        return best, tight

    def _settle(self, v: int) -> None:
        """Exposed single vertex ``v`` (every edge feasible): lower its dual as far as its
        edges allow; the edge that stops it is tight, and is matched when its other end is
        exposed too (a greedy start that leaves the stages little to do)."""
        best, tight = self._tightest(v)
        if tight == -1:
            return
        self.dual[v] = best
        u = self.endpoint[tight]
        if self.mate[u] == -1:
            self.mate[v], self.mate[u] = tight, tight ^ 1

    # -- one stage: grow alternating trees until an augmenting path ------------------------

    def _stage_setup(self, exposed: list[int]) -> None:
        n = self.n
        self.label = [0] * (2 * n)
        self.queue = []
        self.moved = 0
        self.measured = [-1] * n
        for v in exposed:
            self._assign_label(v, 1, -1)

    def _expand_spent_blossoms(self) -> None:
        """Top-level outer blossoms whose dual reached zero are expanded (end of a stage).
        Their vertices' tight-edge lists go: a list kept over a dual step lacks the edges that
        the step made tight inside the blossom (see :meth:`_kept_tight_lists`)."""
        n, tight_at = self.n, self.tight_at
        for b in range(n, 2 * n):
            if (
                self.parent[b] == -1
                and self.base[b] >= 0
                and self.label[b] == 1
                and self.dual[b] == 0
            ):
                for leaf in self._leaves(b):
                    tight_at[leaf] = -1
                self._expand_blossom(b, True)

    def _stage(self) -> bool:
        """Grow alternating trees and adjust duals until an augmentation (True), or until no
        dual change can make progress: no perfect matching (False).

        Only the tight edges of an outer vertex can grow a tree: they are listed once per
        dual epoch (:meth:`_tight_edges`), since most stages end in an augmentation without
        a dual step and the next stage scans the same vertices again. The least slacks a
        dual step needs are found by :meth:`_adjust_duals` when it comes to one."""
        inblossom, endpoint, labelend, queue = (
            self.inblossom,
            self.endpoint,
            self.labelend,
            self.queue,
        )
        tight, tight_at = self.tight, self.tight_at
        while True:
            label = self.label
            while queue:
                v = queue.pop()
                edges = tight[v] if tight_at[v] == self.epoch else self._tight_edges(v)
                bv = inblossom[v]
                for p in edges:
                    w = endpoint[p]
                    bw = inblossom[w]
                    if bv == bw:
                        continue
                    top = label[bw]
                    if top == 0:
                        self._assign_label(w, 2, p ^ 1)
                    elif top == 1:
                        base = self._scan_blossom(v, w)
                        if base < 0:
                            self._augment_matching(p >> 1)
                            return True
                        self._add_blossom(base, p >> 1)
                        bv = inblossom[v]
                    elif label[w] == 0:
                        label[w] = 2
                        labelend[w] = p ^ 1
            if not self._adjust_duals():
                return False

    def _augment_short_paths(self) -> None:
        """Between the stages: each exposed vertex a with a tight edge to a matched single
        vertex b whose partner c has a tight edge to another exposed vertex d takes the
        path a-b=c-d (b meets a, c meets d). Every edge of it is tight, and no blossom is
        involved, so the duals stay optimal for the new matching; each such path saves a
        stage, and after a round's bracket is reweighted most of the graph is tight.

        Only single vertices take part: a blossom's vertices keep its structure."""
        n, mate, endpoint, inblossom, dead = (
            self.n,
            self.mate,
            self.endpoint,
            self.inblossom,
            self.dead,
        )
        tight, tight_at = self.tight, self.tight_at
        for a in range(n):
            if mate[a] != -1 or dead[a] or inblossom[a] != a:
                continue
            for p in tight[a] if tight_at[a] == self.epoch else self._tight_edges(a):
                b = endpoint[p]
                q = mate[b]
                if q == -1 or inblossom[b] != b:
                    continue
                c = endpoint[q]
                if inblossom[c] != c:
                    continue
                found = -1
                for r in tight[c] if tight_at[c] == self.epoch else self._tight_edges(c):
                    d = endpoint[r]
                    if mate[d] == -1 and d != a and not dead[d] and inblossom[d] == d:
                        found = r
                        break
                if found != -1:
                    d = endpoint[found]
                    mate[a], mate[b] = p, p ^ 1
                    mate[c], mate[d] = found, found ^ 1
                    break
