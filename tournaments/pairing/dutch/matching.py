"""Maximum-weight matching on a general graph: the optimiser behind the Dutch criteria.

The graph knows nothing of chess: vertices ``0 .. n-1``, integer weights of any size (so each
criterion can own a bit field), an edge of weight 0 is no edge.

This is Edmonds' blossom algorithm with dual variables in its O(n³) form (Galil, "Efficient
algorithms for finding maximum matching in graphs", 1986), kept in flat lists. It is written
here rather than taken from networkx because networkx's version of the same algorithm, reading
every weight through its graph views, took 0.2 s per matching of 60 players and a pairing
needs dozens of matchings (see the commit message for the measurements).
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping


def maximum_weight_matching(size: int, weights: Mapping[tuple[int, int], int]) -> list[int]:
    """A matching of greatest total weight: ``mate[v]`` is v's partner, ``v`` itself when
    unmatched."""
    edges = [(a, b, 2 * w) for (a, b), w in weights.items() if w > 0 and a != b]
    mate = _Blossom(size, edges).solve()
    return [v if m < 0 else m for v, m in enumerate(mate)]


class _Blossom:
    """One run of the algorithm. Vertices are ``0 .. n-1``; blossoms ``n .. 2n-1``. An edge
    ``k`` has two endpoints ``2k`` and ``2k + 1``; ``mate[v]`` is the remote endpoint of v's
    matched edge, -1 if none."""

    def __init__(self, n: int, edges: list[tuple[int, int, int]]) -> None:
        self.n = n
        self.edges = edges
        self.endpoint = [v for a, b, _ in edges for v in (a, b)]
        self.twice = [2 * w for _, _, w in edges]
        self.neighbend: list[list[int]] = [[] for _ in range(n)]
        for k, (a, b, _) in enumerate(edges):
            self.neighbend[a].append(2 * k + 1)
            self.neighbend[b].append(2 * k)
        top = max((w for _, _, w in edges), default=0)
        self.mate = [-1] * n
        self.label = [0] * (2 * n)
        self.labelend = [-1] * (2 * n)
        self.inblossom = list(range(n))
        self.parent = [-1] * (2 * n)
        self.childs: list[list[int]] = [[] for _ in range(2 * n)]
        self.base = list(range(n)) + [-1] * n
        self.endps: list[list[int]] = [[] for _ in range(2 * n)]
        self.bestedge = [-1] * (2 * n)
        self.bestedges: list[list[int] | None] = [None] * (2 * n)
        self.unused = list(range(n, 2 * n))
        self.dual = [top] * n + [0] * n
        self.allowed = [False] * len(edges)
        self.queue: list[int] = []

    def slack(self, k: int) -> int:
        return self.dual[self.endpoint[2 * k]] + self.dual[self.endpoint[2 * k + 1]] - self.twice[k]

    def leaves(self, b: int) -> Iterator[int]:
        n, childs = self.n, self.childs
        stack = [b]
        while stack:
            t = stack.pop()
            if t < n:
                yield t
            else:
                stack.extend(childs[t])

    def assign_label(self, w: int, t: int, p: int) -> None:
        while True:
            b = self.inblossom[w]
            self.label[w] = self.label[b] = t
            self.labelend[w] = self.labelend[b] = p
            self.bestedge[w] = self.bestedge[b] = -1
            if t == 1:
                self.queue.extend(self.leaves(b))
                return
            # A T-blossom: its base's mate becomes an S-vertex.
            base = self.base[b]
            p = self.mate[base]
            w, t, p = self.endpoint[p], 1, p ^ 1

    def scan_blossom(self, v: int, w: int) -> int:
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

    def add_blossom(self, base: int, k: int) -> None:
        v, w, _ = self.edges[k]
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
        for leaf in list(self.leaves(b)):
            if self.label[inblossom[leaf]] == 2:
                self.queue.append(leaf)
            inblossom[leaf] = b
        best_to = [-1] * (2 * self.n)
        for child in path:
            known = self.bestedges[child]
            if known is None:
                lists = [[p // 2 for p in self.neighbend[leaf]] for leaf in self.leaves(child)]
            else:
                lists = [known]
            for edge_list in lists:
                for e in edge_list:
                    i, j, _ = self.edges[e]
                    if inblossom[j] == b:
                        i, j = j, i
                    bj = inblossom[j]
                    if (
                        bj != b
                        and self.label[bj] == 1
                        and (best_to[bj] == -1 or self.slack(e) < self.slack(best_to[bj]))
                    ):
                        best_to[bj] = e
            self.bestedges[child] = None
            self.bestedge[child] = -1
        best = [e for e in best_to if e != -1]
        self.bestedges[b] = best
        self.bestedge[b] = -1
        for e in best:
            if self.bestedge[b] == -1 or self.slack(e) < self.slack(self.bestedge[b]):
                self.bestedge[b] = e

    def expand_blossom(self, b: int, endstage: bool) -> None:
        n = self.n
        for s in self.childs[b]:
            self.parent[s] = -1
            if s < n:
                self.inblossom[s] = s
            elif endstage and self.dual[s] == 0:
                self.expand_blossom(s, endstage)
            else:
                for leaf in self.leaves(s):
                    self.inblossom[leaf] = s
        if not endstage and self.label[b] == 2:
            self.relabel_expanded(b)
        self.label[b] = self.labelend[b] = -1
        self.childs[b], self.endps[b] = [], []
        self.base[b] = -1
        self.bestedges[b] = None
        self.bestedge[b] = -1
        self.unused.append(b)

    def relabel_expanded(self, b: int) -> None:
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
            self.assign_label(endpoint[p ^ 1], 2, p)
            self.allowed[endps[j - trick] // 2] = True
            j += step
            p = endps[j - trick] ^ trick
            self.allowed[p // 2] = True
            j += step
        child = childs[j]
        self.label[endpoint[p ^ 1]] = self.label[child] = 2
        self.labelend[endpoint[p ^ 1]] = self.labelend[child] = p
        self.bestedge[child] = -1
        j += step
        while childs[j] != entry:
            child = childs[j]
            if self.label[child] == 1:
                j += step
                continue
            labelled = -1
            for leaf in self.leaves(child):
                if self.label[leaf] != 0:
                    labelled = leaf
                    break
            if labelled >= 0:
                self.label[labelled] = 0
                self.label[endpoint[self.mate[self.base[child]]]] = 0
                self.assign_label(labelled, 2, self.labelend[labelled])
            j += step

    def augment_blossom(self, b: int, v: int) -> None:
        n = self.n
        t = v
        while self.parent[t] != b:
            t = self.parent[t]
        if t >= n:
            self.augment_blossom(t, v)
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
                self.augment_blossom(t, self.endpoint[p])
            j += step
            t = childs[j]
            if t >= n:
                self.augment_blossom(t, self.endpoint[p ^ 1])
            self.mate[self.endpoint[p]] = p ^ 1
            self.mate[self.endpoint[p ^ 1]] = p
        self.childs[b] = childs[i:] + childs[:i]
        self.endps[b] = endps[i:] + endps[:i]
        self.base[b] = self.base[self.childs[b][0]]

    def augment_matching(self, k: int) -> None:
        v, w, _ = self.edges[k]
        endpoint, labelend, inblossom = self.endpoint, self.labelend, self.inblossom
        for s, p in ((v, 2 * k + 1), (w, 2 * k)):
            while True:
                bs = inblossom[s]
                if bs >= self.n:
                    self.augment_blossom(bs, s)
                self.mate[s] = p
                if labelend[bs] == -1:
                    break
                t = endpoint[labelend[bs]]
                bt = inblossom[t]
                s = endpoint[labelend[bt]]
                j = endpoint[labelend[bt] ^ 1]
                if bt >= self.n:
                    self.augment_blossom(bt, j)
                self.mate[j] = labelend[bt]
                p = labelend[bt] ^ 1

    def solve(self) -> list[int]:
        n = self.n
        for _ in range(n):
            self.label = [0] * (2 * n)
            self.bestedge = [-1] * (2 * n)
            self.bestedges[n:] = [None] * n
            self.allowed = [False] * len(self.edges)
            self.queue = []
            for v in range(n):
                if self.mate[v] == -1 and self.label[self.inblossom[v]] == 0:
                    self.assign_label(v, 1, -1)
            if not self.stage():
                break
            for b in range(n, 2 * n):
                if (
                    self.parent[b] == -1
                    and self.base[b] >= 0
                    and self.label[b] == 1
                    and self.dual[b] == 0
                ):
                    self.expand_blossom(b, True)
        return [-1 if m == -1 else self.endpoint[m] for m in self.mate]

    def stage(self) -> bool:
        """Grow alternating trees and adjust duals until an augmentation (True) or the
        optimum (False)."""
        inblossom, endpoint, neighbend = self.inblossom, self.endpoint, self.neighbend
        allowed, dual, twice = self.allowed, self.dual, self.twice
        while True:
            label, bestedge = self.label, self.bestedge
            while self.queue:
                v = self.queue.pop()
                dual_v = dual[v]
                for p in neighbend[v]:
                    k = p >> 1
                    w = endpoint[p]
                    if inblossom[v] == inblossom[w]:
                        continue
                    kslack = 0
                    if not allowed[k]:
                        kslack = dual_v + dual[w] - twice[k]
                        if kslack <= 0:
                            allowed[k] = True
                    if allowed[k]:
                        if label[inblossom[w]] == 0:
                            self.assign_label(w, 2, p ^ 1)
                        elif label[inblossom[w]] == 1:
                            base = self.scan_blossom(v, w)
                            if base >= 0:
                                self.add_blossom(base, k)
                            else:
                                self.augment_matching(k)
                                return True
                        elif label[w] == 0:
                            label[w] = 2
                            self.labelend[w] = p ^ 1
                    elif label[inblossom[w]] == 1:
                        b = inblossom[v]
                        if bestedge[b] == -1 or kslack < self.slack(bestedge[b]):
                            bestedge[b] = k
                    elif label[w] == 0 and (bestedge[w] == -1 or kslack < self.slack(bestedge[w])):
                        bestedge[w] = k
            if not self.adjust_duals():
                return False

    def adjust_duals(self) -> bool:
        """Change the duals by the largest step that keeps them feasible; False at the
        optimum."""
        n, dual, label, inblossom = self.n, self.dual, self.label, self.inblossom
        kind, delta, edge, blossom = 1, min(dual[:n]), -1, -1
        for v in range(n):
            if label[inblossom[v]] == 0 and self.bestedge[v] != -1:
                d = self.slack(self.bestedge[v])
                if d < delta:
                    kind, delta, edge = 2, d, self.bestedge[v]
        for b in range(2 * n):
            if self.parent[b] == -1 and label[b] == 1 and self.bestedge[b] != -1:
                d = self.slack(self.bestedge[b]) // 2
                if d < delta:
                    kind, delta, edge = 3, d, self.bestedge[b]
        for b in range(n, 2 * n):
            if self.base[b] >= 0 and self.parent[b] == -1 and label[b] == 2 and dual[b] < delta:
                kind, delta, blossom = 4, dual[b], b
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
        if kind == 1:
            return False
        if kind == 2:
            self.allowed[edge] = True
            i, j, _ = self.edges[edge]
            if label[inblossom[i]] == 0:
                i = j
            self.queue.append(i)
        elif kind == 3:
            self.allowed[edge] = True
            self.queue.append(self.edges[edge][0])
        else:
            self.expand_blossom(blossom, False)
        return True
