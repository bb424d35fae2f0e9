"""The alternating trees and blossoms of one stage of Edmonds' algorithm: labelling, a
blossom found, made, expanded, and the augmentation along a path through blossoms."""

from __future__ import annotations

from collections.abc import Iterator

from tournaments.pairing.matching.graph import Graph


class Blossoms(Graph):
    """The tree and blossom steps of a stage (see :class:`Matching`)."""

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
