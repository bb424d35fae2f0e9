"""The duals within a stage: each outer vertex's tight edges, and the dual step when the
trees can grow no further (the least slacks it needs, kept through the stage)."""

from __future__ import annotations

from array import array

from tournaments.pairing.matching.blossoms import Blossoms


class Duals(Blossoms):
    """Tight edges and dual steps (see :class:`Matching`)."""

    def _tight_edges(self, v: int) -> array[int]:
        """The endpoints of the tight live edges from ``v`` out of its blossom, in adjacency
        order, kept for the epoch. This is the scan that runs over every edge of every outer
        vertex, most of a round's pairing time. An adjacency more than an eighth edges to
        removed vertices drops them (see :meth:`_drop_removed_ends`).

        Edges inside v's top-level blossom are left out: a stage passes over them, and they
        stay inside while the list holds (blossoms only grow within a stage; one expanded
        at the end of a stage drops its vertices' lists, and one expanded at a dual step
        ends the epoch, see :meth:`_adjust_duals`). Most of a reweighted bracket lies in one
        large blossom, so this saves adding hundreds-of-bits numbers for most edges."""
        endpoint, dual, twice, alive, dead, inblossom = (
            self.endpoint,
            self.dual,
            self.twice,
            self.alive,
            self.dead,
            self.inblossom,
        )
        dual_v, bv = dual[v], inblossom[v]
        edges = self.neighbend[v]
        found = array("q")  # 8 bytes an edge: at 2,000 players a list would take 70 MB
        removed_ends = 0
        for p in edges:
            w = endpoint[p]
            if inblossom[w] == bv:
                continue
            k = p >> 1
            if not alive[k]:
                removed_ends += dead[w]
            elif dual_v + dual[w] <= twice[k]:
                found.append(p)
        if removed_ends > len(edges) >> 3:
            self._drop_removed_ends(v)
        self.tight[v], self.tight_at[v] = found, self.epoch
        return found

    def _measure(self, v: int) -> None:
        """The least slack of outer vertex ``v``'s edges to a free vertex, and of those to
        another outer blossom, as keys that stay exact while the duals move (see
        :meth:`_adjust_duals`); -1 for none.

        Most of the edges of a reweighted bracket lie inside one large blossom, so those are
        passed over first; and each edge's share of the slack, ``dual[w] - twice[k]``, is
        compared before ``dual[v]`` is added once: the numbers are hundreds of bits wide."""
        dual, label, inblossom = self.dual, self.label, self.inblossom
        endpoint, twice, alive = self.endpoint, self.twice, self.alive
        bv = inblossom[v]
        free: int | None = None
        outer: int | None = None
        for p in self.neighbend[v]:
            w = endpoint[p]
            bw = inblossom[w]
            if bw == bv:
                continue
            k = p >> 1
            if not alive[k]:
                continue
            top = label[bw]
            if top == 0:
                share = dual[w] - twice[k]
                if free is None or share < free:
                    free = share
            elif top == 1:
                share = dual[w] - twice[k]
                if outer is None or share < outer:
                    outer = share
        dual_v = dual[v]
        self.free_key[v] = -1 if free is None else dual_v + free + self.moved
        self.outer_key[v] = -1 if outer is None else dual_v + outer + 2 * self.moved
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
        kept = [] if blossom != -1 else self._kept_tight_lists(outer, delta)
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
        for v in kept:
            self.tight_at[v] = self.epoch
        if blossom != -1:
            self._expand_blossom(blossom, False)
            # Its vertices become free or change label: measure everyone again.
            self.measured = [-1] * n
        else:
            self.queue.extend(tight)
        return True

    def _kept_tight_lists(self, outer: list[int], step: int) -> list[int]:
        """The outer vertices whose tight edges a dual step of ``step`` leaves as they are, so
        that their lists hold for the next epoch without a new scan of their edges.

        A step lowers the slack of an outer vertex's edges to free vertices and to other outer
        blossoms, and leaves that of its edges to inner ones: tight edges stay tight, and the
        edges it makes tight are those :meth:`_sets` finds, exact for a vertex measured at this
        step (an older measure is only a lower bound, see :meth:`_least_step`). Edges inside
        the vertex's own blossom are not followed while the blossom lasts; the lists of its
        vertices are dropped when it is expanded at the end of the stage
        (:meth:`~tournaments.pairing.matching.solve.Matching._expand_spent_blossoms`)."""
        tight_at, measured, epoch, steps = self.tight_at, self.measured, self.epoch, self.steps
        return [
            v
            for v in outer
            if tight_at[v] == epoch and measured[v] == steps and not self._sets(v, step)
        ]
