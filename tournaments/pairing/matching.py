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

from __future__ import annotations

from array import array
from collections.abc import Iterator


class NoPerfectMatching(Exception):
    """The live graph has no matching that covers every live vertex."""


class Matching:
    """A maximum-weight perfect matching of vertices ``0 .. size-1``, kept up to date as edge
    weights change (:meth:`set_weight`) and vertices leave the graph (:meth:`remove_vertex`).

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

    # -- one stage: grow alternating trees until an augmenting path ------------------------

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

    def _stage_setup(self, exposed: list[int]) -> None:
        n = self.n
        self.label = [0] * (2 * n)
        self.queue = []
        self.moved = 0
        self.measured = [-1] * n
        for v in exposed:
            self._assign_label(v, 1, -1)

    def _expand_spent_blossoms(self) -> None:
        """Top-level outer blossoms whose dual reached zero are expanded (end of a stage)."""
        n = self.n
        for b in range(n, 2 * n):
            if (
                self.parent[b] == -1
                and self.base[b] >= 0
                and self.label[b] == 1
                and self.dual[b] == 0
            ):
                self._expand_blossom(b, True)

    def _assign_label(self, w: int, t: int, p: int) -> None:
        while True:
            b = self.inblossom[w]
            self.label[w] = self.label[b] = t
            self.labelend[w] = self.labelend[b] = p
            if t == 1:
                if b < self.n:
                    self.queue.append(b)
                else:
                    self.queue.extend(self._leaves(b))
                return
            # A T-blossom: its base's mate becomes an S-vertex.
            base = self.base[b]
            p = self.mate[base]
            w, t, p = self.endpoint[p], 1, p ^ 1

    def _scan_blossom(self, v: int, w: int) -> int:
        """The base of the blossom closing through edge v-w, or -1 for an augmenting path."""
        path = []
        base = -1
        while v != -1 or w != -1:
            b = self.inblossom[v]
            if self.label[b] & 4:
                base = self.base[b]
                break
            path.append(b)
            self.label[b] = 5
            if self.labelend[b] == -1:
                v = -1
            else:
                v = self.endpoint[self.labelend[b]]
                b = self.inblossom[v]
                v = self.endpoint[self.labelend[b]]
            if w != -1:
                v, w = w, v
        for b in path:
            self.label[b] = 1
        return base

    def _add_blossom(self, base: int, k: int) -> None:
        v, w = self.endpoint[2 * k], self.endpoint[2 * k + 1]
        inblossom, labelend, endpoint = self.inblossom, self.labelend, self.endpoint
        bb, bv, bw = inblossom[base], inblossom[v], inblossom[w]
        b = self.unused.pop()
        self.base[b] = base
        self.parent[b] = -1
        self.parent[bb] = b
        path: list[int] = []
        endps: list[int] = []
        while bv != bb:
            self.parent[bv] = b
            path.append(bv)
            endps.append(labelend[bv])
            v = endpoint[labelend[bv]]
            bv = inblossom[v]
        path.append(bb)
        path.reverse()
        endps.reverse()
        endps.append(2 * k)
        while bw != bb:
            self.parent[bw] = b
            path.append(bw)
            endps.append(labelend[bw] ^ 1)
            w = endpoint[labelend[bw]]
            bw = inblossom[w]
        self.childs[b], self.endps[b] = path, endps
        self.label[b] = 1
        labelend[b] = labelend[bb]
        self.dual[b] = 0
        for leaf in list(self._leaves(b)):
            if self.label[inblossom[leaf]] == 2:
                self.queue.append(leaf)
            inblossom[leaf] = b

    def _expand_blossom(self, b: int, endstage: bool) -> None:
        """Dissolve blossom ``b`` into its children; at the end of a stage, children with a
        zero dual go too, depth first (an explicit stack, as in :meth:`_augment_blossom`)."""
        stack = [self._expand_steps(b, endstage)]
        while stack:
            nested = next(stack[-1], None)
            if nested is None:
                stack.pop()
            else:
                stack.append(self._expand_steps(nested, endstage))

    def _expand_steps(self, b: int, endstage: bool) -> Iterator[int]:
        n = self.n
        for s in self.childs[b]:
            self.parent[s] = -1
            if s < n:
                self.inblossom[s] = s
            elif endstage and self.dual[s] == 0:
                yield s
            else:
                for leaf in self._leaves(s):
                    self.inblossom[leaf] = s
        if not endstage and self.label[b] == 2:
            self._relabel_expanded(b)
        self.label[b] = self.labelend[b] = -1
        self.childs[b], self.endps[b] = [], []
        self.base[b] = -1
        self.unused.append(b)

    def _relabel_expanded(self, b: int) -> None:
        """An expanded T-blossom: relabel the children on the path from its entry to its base."""
        endpoint, childs, endps = self.endpoint, self.childs[b], self.endps[b]
        entry = self.inblossom[endpoint[self.labelend[b] ^ 1]]
        j = childs.index(entry)
        if j & 1:
            j -= len(childs)
            step, trick = 1, 0
        else:
            step, trick = -1, 1
        p = self.labelend[b]
        while j != 0:
            self.label[endpoint[p ^ 1]] = 0
            self.label[endpoint[endps[j - trick] ^ trick ^ 1]] = 0
            self._assign_label(endpoint[p ^ 1], 2, p)
            j += step
            p = endps[j - trick] ^ trick
            j += step
        child = childs[j]
        self.label[endpoint[p ^ 1]] = self.label[child] = 2
        self.labelend[endpoint[p ^ 1]] = self.labelend[child] = p
        j += step
        while childs[j] != entry:
            child = childs[j]
            if self.label[child] == 1:
                j += step
                continue
            labelled = -1
            for leaf in self._leaves(child):
                if self.label[leaf] != 0:
                    labelled = leaf
                    break
            if labelled >= 0:
                self.label[labelled] = 0
                self.label[endpoint[self.mate[self.base[child]]]] = 0
                self._assign_label(labelled, 2, self.labelend[labelled])
            j += step

    def _augment_blossom(self, b: int, v: int) -> None:
        """Swap matched and unmatched edges inside blossom ``b`` along the path from ``v`` to
        its base, and make ``v``'s child the new base.

        The nested blossoms are augmented depth first, each one wholly before its parent goes
        on: the steps are generators on an explicit stack instead of recursive calls, since a
        round of 2,000 players nests blossoms deeper than Python's recursion limit."""
        stack = [self._augment_steps(b, v)]
        while stack:
            nested = next(stack[-1], None)
            if nested is None:
                stack.pop()
            else:
                stack.append(self._augment_steps(*nested))

    def _augment_steps(self, b: int, v: int) -> Iterator[tuple[int, int]]:
        """The work of :meth:`_augment_blossom` on one blossom; yields each nested blossom to
        augment (with its vertex) at the moment the work needs it done."""
        n = self.n
        t = v
        while self.parent[t] != b:
            t = self.parent[t]
        if t >= n:
            yield t, v
        childs, endps = self.childs[b], self.endps[b]
        i = j = childs.index(t)
        if i & 1:
            j -= len(childs)
            step, trick = 1, 0
        else:
            step, trick = -1, 1
        while j != 0:
            j += step
            t = childs[j]
            p = endps[j - trick] ^ trick
            if t >= n:
                yield t, self.endpoint[p]
            j += step
            t = childs[j]
            if t >= n:
                yield t, self.endpoint[p ^ 1]
            self.mate[self.endpoint[p]] = p ^ 1
            self.mate[self.endpoint[p ^ 1]] = p
        self.childs[b] = childs[i:] + childs[:i]
        self.endps[b] = endps[i:] + endps[:i]
        self.base[b] = self.base[self.childs[b][0]]

    def _augment_matching(self, k: int) -> None:
        v, w = self.endpoint[2 * k], self.endpoint[2 * k + 1]
        endpoint, labelend, inblossom = self.endpoint, self.labelend, self.inblossom
        for s, p in ((v, 2 * k + 1), (w, 2 * k)):
            while True:
                bs = inblossom[s]
                if bs >= self.n:
                    self._augment_blossom(bs, s)
                self.mate[s] = p
                if labelend[bs] == -1:
                    break
                t = endpoint[labelend[bs]]
                bt = inblossom[t]
                s = endpoint[labelend[bt]]
                j = endpoint[labelend[bt] ^ 1]
                if bt >= self.n:
                    self._augment_blossom(bt, j)
                self.mate[j] = labelend[bt]
                p = labelend[bt] ^ 1

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

    def _tight_edges(self, v: int) -> array[int]:
        """The endpoints of the tight live edges at ``v`` in adjacency order, kept for the
        epoch. This is the scan that runs over every edge of every outer vertex, most of a
        round's pairing time. An adjacency more than an eighth edges to removed vertices
        drops them (see :meth:`_drop_removed_ends`)."""
        endpoint, dual, twice, alive, dead = (
            self.endpoint,
            self.dual,
            self.twice,
            self.alive,
            self.dead,
        )
        dual_v = dual[v]
        edges = self.neighbend[v]
        found = array("q")  # 8 bytes an edge: at 2,000 players a list would take 70 MB
        removed_ends = 0
        for p in edges:
            k = p >> 1
            if not alive[k]:
                removed_ends += dead[endpoint[p]]
            elif dual_v + dual[endpoint[p]] <= twice[k]:
                found.append(p)
        if removed_ends > len(edges) >> 3:
            self._drop_removed_ends(v)
        self.tight[v], self.tight_at[v] = found, self.epoch
        return found

    def _measure(self, v: int) -> None:
        """The least slack of outer vertex ``v``'s edges to a free vertex, and of those to
        another outer blossom, as keys that stay exact while the duals move (see
        :meth:`_adjust_duals`); -1 for none."""
        dual, label, inblossom = self.dual, self.label, self.inblossom
        endpoint, twice, alive = self.endpoint, self.twice, self.alive
        bv, dual_v = inblossom[v], dual[v]
        free = outer = -1
        for p in self.neighbend[v]:
            k = p >> 1
            if not alive[k]:
                continue
            w = endpoint[p]
            top = label[inblossom[w]]
            if top == 0:
                slack = dual_v + dual[w] - twice[k]
                if free == -1 or slack < free:
                    free = slack
            elif top == 1 and inblossom[w] != bv:
                slack = dual_v + dual[w] - twice[k]
                if outer == -1 or slack < outer:
                    outer = slack
        self.free_key[v] = free if free == -1 else free + self.moved
        self.outer_key[v] = outer if outer == -1 else outer + 2 * self.moved
        self.measured[v] = self.steps

    def _least_step(self, outer: list[int]) -> int:
        """The largest dual step the edges at the ``outer`` vertices allow (-1 for none).

        Each vertex's least slacks are measured once in a stage, when it first takes part in
        a step, and then follow the duals: an edge from an outer vertex to a free one loses
        the step, an edge between two outer blossoms twice the step (the keys add up the
        steps so far, ``moved``). An edge can only leave those kinds (its free end labelled,
        its two blossoms merged), never join them (a vertex becoming outer is measured
        itself), so a key is a lower bound; a vertex whose key sets the minimum is measured
        again until the minimum is exact."""
        free_key, outer_key, measured = self.free_key, self.outer_key, self.measured
        for v in outer:
            if measured[v] == -1:
                self._measure(v)
        while True:
            moved, least = self.moved, -1
            for v in outer:
                if free_key[v] != -1 and (least == -1 or free_key[v] - moved < least):
                    least = free_key[v] - moved
                if outer_key[v] != -1 and (least == -1 or (outer_key[v] >> 1) - moved < least):
                    least = (outer_key[v] >> 1) - moved
            stale = [
                v
                for v in outer
                if measured[v] != self.steps and least != -1 and self._sets(v, least)
            ]
            if not stale:
                return least
            for v in stale:
                self._measure(v)

    def _sets(self, v: int, step: int) -> bool:
        """Whether outer vertex ``v`` has an edge that a dual step of ``step`` makes tight."""
        moved = self.moved
        return (self.free_key[v] != -1 and self.free_key[v] - moved == step) or (
            self.outer_key[v] != -1 and (self.outer_key[v] >> 1) - moved == step
        )

    def _adjust_duals(self) -> bool:
        """Change the duals by the largest step that keeps them feasible; False when no step
        brings a new edge or blossom into play. The outer vertices with an edge that the step
        makes tight are scanned again; when the step is a T-blossom's dual, it is expanded."""
        n, dual, label, inblossom = self.n, self.dual, self.label, self.inblossom
        self.steps += 1
        outer = [v for v in range(n) if label[inblossom[v]] == 1]
        delta, blossom = self._least_step(outer), -1
        for b in range(n, 2 * n):
            if (
                self.base[b] >= 0
                and self.parent[b] == -1
                and label[b] == 2
                and (delta == -1 or dual[b] < delta)
            ):
                delta, blossom = dual[b], b
        if delta == -1:
            return False
        tight = [] if blossom != -1 else [v for v in outer if self._sets(v, delta)]
        for v in range(n):
            top = label[inblossom[v]]
            if top == 1:
                dual[v] -= delta
            elif top == 2:
                dual[v] += delta
        for b in range(n, 2 * n):
            if self.base[b] >= 0 and self.parent[b] == -1:
                if label[b] == 1:
                    dual[b] += delta
                elif label[b] == 2:
                    dual[b] -= delta
        self.moved += delta
        self.epoch += 1
        if blossom != -1:
            self._expand_blossom(blossom, False)
            # Its vertices become free or change label: measure everyone again.
            self.measured = [-1] * n
        else:
            self.queue.extend(tight)
        return True
