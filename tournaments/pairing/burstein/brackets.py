"""Pairing the brackets (C.04.4.2 articles 3.2 and 4), from the highest scoregroup down.

A bracket is the incoming floaters and the residents of the highest scoregroup left (article
1.2). 3.2: of all its pairings, the one that complies best with [C5]-[C8] (weighed with every
player still to pair, so that [C4] always holds below); of equally good ones, the first in the
order of article 4: the players ranked by article 1.8 get bracket sequence numbers (BSN) 1, 2,
...; as many virtual players (BSN 0, their opponents float) as outgoing floaters; a pairing
precedes another if BSN 1's opponent has the larger BSN, then BSN 2's, and so on.

The order is found one BSN at a time: the edges from the lowest BSN not yet settled to the
others of the bracket get a bonus that grows with their BSN (floating earns none, a virtual
opponent being BSN 0), the matching is re-optimised, and his opponent (or his float) settled.
"""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.pairing.base import PairingError
from tournaments.pairing.burstein.criteria import BracketLayout, compatible, round_layout
from tournaments.pairing.burstein.players import BursteinPlayer, RoundFacts, ranked
from tournaments.pairing.matching import Matching, NoPerfectMatching


class BracketPairing:
    """One round's brackets on one weighted graph; vertices are indices into ``players``."""

    def __init__(
        self, players: Sequence[BursteinPlayer], facts: RoundFacts, round_number: int
    ) -> None:
        self.players = list(players)
        self.facts = facts
        self.round_number = round_number
        self.vertex = {p.start_rank: v for v, p in enumerate(self.players)}
        self.matching = Matching(len(self.players))
        self.unpaired = set(range(len(self.players)))
        self.mate: list[int] = []
        self.pairs: list[tuple[BursteinPlayer, BursteinPlayer]] = []
        self.width, self.levels = round_layout(self.players)
        far = BracketLayout.of((), (), self.width, self.levels)
        self.allowed: dict[tuple[int, int], bool] = {}
        for v, b in enumerate(self.players):
            for u, a in enumerate(self.players[:v]):
                allowed = compatible(a, b, facts)
                self.allowed[(u, v)] = self.allowed[(v, u)] = allowed
                self.matching.set_weight(u, v, far.weight(a, b) if allowed else None)
        self.near: set[int] = set()

    def run(self) -> list[tuple[BursteinPlayer, BursteinPlayer]]:
        """Every pair of the round, bracket by bracket (higher BSN second)."""
        floaters: list[BursteinPlayer] = []
        while self.unpaired:
            floaters = self.pair_bracket(floaters)
        return self.pairs

    def _solve(self) -> None:
        try:
            self.mate = self.matching.solve()
        except NoPerfectMatching:
            raise PairingError(
                f"round {self.round_number} cannot be completed without breaking an absolute "
                "criterion ([C1] no second game, [C3] colours, [C4] completion)"
            ) from None

    def pair_bracket(self, incoming: list[BursteinPlayer]) -> list[BursteinPlayer]:
        """Pair the bracket of ``incoming`` and the highest scoregroup left; its outgoing
        floaters."""
        left = [self.players[v] for v in sorted(self.unpaired)]
        arriving = {p.start_rank for p in incoming}
        scores = sorted({p.score for p in left if p.start_rank not in arriving}, reverse=True)
        residents = [p for p in left if p.score == scores[0] and p.start_rank not in arriving]
        following = [p for p in left if len(scores) > 1 and p.score == scores[1]]
        bracket = ranked([*incoming, *residents])
        layout = BracketLayout.of(bracket, following, self.width, self.levels)
        near = {self.vertex[rank] for rank in layout.near}
        # Only pairs with a player of this bracket or the next group, or of the last ones,
        # change weight: the others keep the weight of players the criteria do not weigh.
        touched = (near | self.near) & self.unpaired
        self.near = near
        base: dict[tuple[int, int], int | None] = {}
        for v in touched:
            for u in self.unpaired:
                if u == v or (u in touched and u > v):
                    continue
                weight = None
                if self.allowed[(u, v)]:
                    weight = layout.weight(self.players[u], self.players[v])
                base[(u, v)] = base[(v, u)] = weight
                self.matching.set_weight(u, v, weight)
        self._solve()
        return self._settle_in_order(bracket, base)

    def _settle_in_order(
        self, bracket: list[BursteinPlayer], base: dict[tuple[int, int], int | None]
    ) -> list[BursteinPlayer]:
        """Article 4: each BSN in turn gets the highest-BSN opponent the criteria allow."""
        members = [self.vertex[p.start_rank] for p in bracket]
        bsn = {v: number for number, v in enumerate(members, start=1)}
        settled: set[int] = set()
        floaters = []
        for v in members:
            if v in settled:
                continue
            later = [u for u in members if bsn[u] > bsn[v] and u not in settled]
            best = None
            for u in later:
                weight = base[(v, u)]
                if weight is not None:
                    self.matching.set_weight(v, u, weight + bsn[u] - bsn[v])
                    best = u
            # The bonus only raises v's edges, the most that of ``best``: a matching that
            # already pairs v with him stays the best one.
            if best is not None and self.mate[v] != best:
                self._solve()
            partner = self.mate[v]
            settled.add(v)
            if partner in bsn:
                settled.add(partner)
                self.pairs.append((self.players[v], self.players[partner]))
                self.unpaired -= {v, partner}
                self.matching.remove_vertex(v)
                self.matching.remove_vertex(partner)
            else:
                floaters.append(self.players[v])
                for u in later:
                    self.matching.set_weight(v, u, None)
        return floaters
