"""The brackets of a round, paired one by one from the top (C.04.4.1 article 3.2).

A bracket holds the remaining players of the highest score (the residents) and the fewest
upfloaters from lower scores that let them all be paired; in the Dubov system nobody floats
down. Every decision is taken on one weighted graph of all the players still to pair, so a
choice in one bracket always leaves the rest of the round completable ([C4]):

1. 3.2.1–3.2.2 and 4.2: the number of upfloaters is the optimum's ([C5]); they are the first
   possible upfloaters by descending score, then ascending TPN, that the optimum can take
   without losing on [C5]–[C10].
2. 3.2.3: G1 holds the players due white, G2 the others; when nobody in the bracket has
   played yet, G1 is the first half by TPN.
3. 3.2.4 and 4.3: players who must be paired within the smaller subgroup (G1 when equal)
   move to the other one, then the larger gives players to the smaller until both are equal;
   the movers are tried from the middle of the subgroup's list outwards (4.3.3), white seekers
   listed by ascending ARO then TPN, black seekers by TPN (4.3.2).
4. 3.2.5 and 4.4: S1 is G1 by ascending ARO then TPN; each S1 player in turn meets the first
   G2 player (by TPN) that keeps the pairing legal and best: the first transposition T2.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from tournaments.pairing.base import PairingError
from tournaments.pairing.dubov.criteria import Layout, compatible
from tournaments.pairing.dubov.players import DubovPlayer
from tournaments.pairing.matching import Matching, NoPerfectMatching
from tournaments.scoring.sheet import Color


def middle_out(ordered: Sequence[int]) -> list[int]:
    """Article 4.3.3: sequence numbers from the (remaining) middle of the list outwards; of
    two players in the middle, the one higher in the list first."""
    remaining = list(ordered)
    result = []
    while remaining:
        result.append(remaining.pop((len(remaining) - 1) // 2))
    return result


class RoundPairing:
    """One round's brackets on one graph: vertex ``v`` is ``players[v]``."""

    def __init__(
        self,
        players: Sequence[DubovPlayer],
        layout: Layout,
        forbidden: frozenset[frozenset[int]],
        round_number: int,
    ) -> None:
        self.players = players
        self.layout = layout
        self.round_number = round_number
        self.alive = list(range(len(players)))
        self.base: dict[tuple[int, int], int] = {}
        self.matching = Matching(len(players))
        self.mate: list[int] = []
        self.level = [layout.score_level[p.score] for p in players]
        completion = layout.completion_weight()
        for j in range(len(players)):
            for i in range(j):
                if compatible(players[i], players[j], forbidden):
                    self.set(i, j, completion)

    # -- the graph -------------------------------------------------------------------------

    def set(self, a: int, b: int, weight: int) -> None:
        """Edge a–b keeps ``weight`` as its base weight."""
        self.base[(min(a, b), max(a, b))] = weight
        self.matching.set_weight(a, b, weight)

    def edge(self, a: int, b: int) -> int | None:
        return self.base.get((min(a, b), max(a, b)))

    def remove(self, a: int, b: int) -> None:
        """Players a and b may no longer meet in this round."""
        if self.base.pop((min(a, b), max(a, b)), None) is not None:
            self.matching.set_weight(a, b, None)

    def nudge(self, a: int, others: Sequence[int], amounts: Sequence[int]) -> None:
        """Edges from ``a`` to ``others`` weigh their base plus ``amounts`` until restored."""
        for b, amount in zip(others, amounts, strict=True):
            weight = self.edge(a, b)
            if weight is not None:
                self.matching.set_weight(a, b, weight + amount)

    def restore(self, a: int, others: Sequence[int]) -> None:
        for b in others:
            weight = self.edge(a, b)
            if weight is not None:
                self.matching.set_weight(a, b, weight)

    def solve(self) -> None:
        try:
            self.mate = self.matching.solve()
        except NoPerfectMatching:
            raise PairingError(f"round {self.round_number} cannot be completed") from None

    def prefer(self, a: int, others: Sequence[int], wanted: Callable[[], bool]) -> bool:
        """Whether the optimum can satisfy ``wanted`` once ``a``'s edges to ``others`` weigh
        one step more (a choice that costs nothing under the criteria)."""
        if not wanted():
            self.nudge(a, others, [self.layout.order_unit] * len(others))
            self.solve()
            self.restore(a, others)
        return wanted()

    # -- the round -------------------------------------------------------------------------

    def run(self) -> list[tuple[int, int]]:
        """Every pair of the round, bracket by bracket from the top."""
        pairs: list[tuple[int, int]] = []
        while self.alive:
            pairs += self.pair_bracket()
        return pairs

    def pair_bracket(self) -> list[tuple[int, int]]:
        level = self.level
        top = max(level[v] for v in self.alive)
        residents = [v for v in self.alive if level[v] == top]
        for r in residents:
            for o in self.alive:
                if o != r and self.edge(r, o) is not None:
                    weight = self.layout.criteria_weight(
                        self.players[r], self.players[o], (top, level[o])
                    )
                    self.set(r, o, weight)
        self.solve()
        upfloaters = self.choose_upfloaters(residents)
        g1, g2 = self.initial_groups(residents + upfloaters)
        self.recompose(g1, g2)
        pairs = self.transpose(g1, g2)
        paired = {v for pair in pairs for v in pair}
        self.alive = [v for v in self.alive if v not in paired]
        return pairs

    def choose_upfloaters(self, residents: list[int]) -> list[int]:
        """Articles 3.2.1, 3.2.2 and 4.2.2: the optimum's number of upfloaters, the first in
        the order of descending score then ascending TPN that the optimum allows."""
        resident_set = set(residents)
        lowers = [v for v in self.alive if v not in resident_set]
        need = sum(1 for v in lowers if self.mate[v] in resident_set)
        chosen: list[int] = []
        for v in sorted(lowers, key=lambda v: (-self.players[v].score, self.players[v].rank_index)):
            if len(chosen) < need and self.prefer(
                v,
                residents,
                lambda v=v: self.mate[v] in resident_set,  # type: ignore[misc]
            ):
                chosen.append(v)
                for other in lowers:
                    self.remove(v, other)
            else:
                for r in residents:
                    self.remove(v, r)
        return chosen

    def initial_groups(self, bracket: list[int]) -> tuple[list[int], list[int]]:
        """Article 3.2.3: G1 the players due white, G2 the others; the first half by TPN
        when no player of the bracket has played a game yet."""
        if all(not self.players[v].colours for v in bracket):
            ordered = sorted(bracket, key=lambda v: self.players[v].rank_index)
            half = len(ordered) // 2
            return ordered[:half], ordered[half:]
        g1 = [v for v in bracket if self.players[v].preference.color is Color.WHITE]
        return g1, [v for v in bracket if v not in g1]

    def recompose(self, g1: list[int], g2: list[int]) -> None:
        """Article 3.2.4, in place: first the smaller subgroup's unavoidable inner pairs, then
        the sizes made equal; afterwards every pair of the bracket joins G1 to G2."""
        cross = self.layout.cross_unit
        for a in g1:
            for b in g2:
                weight = self.edge(a, b)
                if weight is not None:
                    self.set(a, b, weight + cross)
        self.solve()
        smaller, larger = (g1, g2) if len(g1) <= len(g2) else (g2, g1)
        self.shift(smaller, larger, g1, lambda: self.inner_pairs(smaller) > 0)
        if len(g1) != len(g2):
            larger, smaller = (g1, g2) if len(g1) > len(g2) else (g2, g1)
            self.shift(larger, smaller, g1, lambda: len(larger) > len(smaller))
        for group in (g1, g2):
            for j, b in enumerate(group):
                for a in group[:j]:
                    self.remove(a, b)

    def inner_pairs(self, group: list[int]) -> int:
        members = set(group)
        return sum(1 for v in group if self.mate[v] in members) // 2

    def shift(
        self, source: list[int], target: list[int], g1: list[int], needed: Callable[[], bool]
    ) -> None:
        """Move players of ``source`` paired within it to ``target`` while ``needed``, in the
        order of article 4.3; a mover must then be paired with a player of ``source``."""
        for v in middle_out(self.shifter_order(source, source is g1)):
            if not needed():
                return
            others = [u for u in source if u != v]
            if self.prefer(v, others, lambda v=v: self.mate[v] in set(source)):  # type: ignore[misc]
                source.remove(v)
                for u in target:
                    self.remove(v, u)
                target.append(v)

    def shifter_order(self, group: list[int], white_seekers: bool) -> list[int]:
        """Article 4.3.2: white seekers (G1) by ascending ARO then TPN, black seekers (G2)
        by TPN."""
        if white_seekers:
            return sorted(group, key=lambda v: (self.players[v].aro, self.players[v].rank_index))
        return sorted(group, key=lambda v: self.players[v].rank_index)

    def transpose(self, g1: list[int], g2: list[int]) -> list[tuple[int, int]]:
        """Articles 3.2.5 and 4.4: each player of S1 in turn meets the first player of G2 (by
        TPN) that still allows the best legal pairing; the pair leaves the graph."""
        pairs = []
        opponents = self.shifter_order(g2, False)
        for v in self.shifter_order(g1, True):
            if self.mate[v] != opponents[0]:
                # Is an earlier opponent possible? Weigh each the more, the earlier he comes.
                steps = [
                    (len(opponents) - k) * self.layout.order_unit for k in range(len(opponents))
                ]
                self.nudge(v, opponents, steps)
                self.solve()
            partner = self.mate[v]
            if partner not in opponents:
                raise PairingError(f"round {self.round_number}: the bracket cannot be completed")
            pairs.append((v, partner))
            opponents.remove(partner)
            self.matching.remove_vertex(v)
            self.matching.remove_vertex(partner)
        return pairs
