"""The FIDE (Dutch) System, C.04.3 as applied from 1 July 2025, behind :class:`PairingEngine`.

How the optimum is found: every pair of players gets an edge weight whose bit fields are the
criteria in rule order (:mod:`~tournaments.pairing.dutch.criteria`), and a maximum-weight
matching over all players still to pair is computed. The brackets are then settled one by one
from the top, as article 3 prescribes: first which moved-down players are paired and with
whom, then which residents are exchanged between S1 and S2, then each S1 player's opponent in
the order of transpositions. Each decision nudges a few weights by amounts smaller than any
criterion and re-optimises, so the lower brackets always keep a completable pairing (C4) and
every choice is the best one under C5–C21 first. This is the method of bbpPairings (the
FIDE-endorsed engine), written here from the rules.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from math import lcm

from tournaments.pairing.base import Pairing, PairingError, PairingState
from tournaments.pairing.dutch.colours import published
from tournaments.pairing.dutch.criteria import (
    NO_BYE,
    ByeFacts,
    Layout,
    RoundFacts,
    compatible,
    edge_weight,
    float_of,
)
from tournaments.pairing.dutch.players import (
    Player,
    bye_eligible,
    round_records,
    took_part,
)
from tournaments.pairing.matching import Matching, NoPerfectMatching

ENGINE_NAME = "Arbiter Dutch engine"
RULES = "FIDE C.04.3 (2025)"
"""The rule edition: C.04.3 approved 13 April 2024, applied from 1 July 2025."""


@dataclass(frozen=True)
class DutchEngine:
    """Pairs a Swiss round by the FIDE (Dutch) System as applied from 1 July 2025."""

    accelerations: Mapping[int, Sequence[Fraction]] = field(default_factory=dict)
    """Virtual points per starting rank and round (index 0 is round 1): ``XXA`` records or
    Baku acceleration (C.04.5). Overrides ``state.accelerations`` when given."""

    name = ENGINE_NAME
    rules = RULES

    @property
    def label(self) -> str:
        return f"{ENGINE_NAME}, {RULES}"

    def pair(self, state: PairingState) -> Pairing:
        accelerations = self.accelerations or state.accelerations
        players, facts = round_players(state, accelerations)
        if not players:
            return Pairing(pairs=())
        if len(players) == 1:
            only = players[0]
            if not only.bye_eligible:
                raise PairingError(
                    f"round {state.round}: player {only.start_rank} is the only one to pair "
                    "and cannot receive the pairing-allocated bye"
                )
            return Pairing(pairs=(), byes=(only.start_rank,))
        pairs, bye = _Bracketing(players, facts, state.round).run()
        return published(pairs, bye, players, state.initial_color)


def round_players(
    state: PairingState, accelerations: Mapping[int, Sequence[Fraction]]
) -> tuple[list[Player], RoundFacts]:
    """The players to pair, best pairing score first (article 1.2), and the round's facts."""
    sheet, number = state.sheet, state.round
    points = sheet.points
    to_pair = set(state.to_pair)
    taking_part = sorted(
        (p for p in sheet.players if p.start_rank in to_pair or took_part(p, number)),
        key=lambda p: p.start_rank,
    )
    index = {p.start_rank: i for i, p in enumerate(taking_part)}
    everyone = {
        p.start_rank: Player(
            start_rank=p.start_rank,
            rank_index=index.get(p.start_rank, -1),
            history=(history := round_records(p, number, points)),
            score=sum((r.points for r in history), Fraction(0)),
            accelerations=tuple(accelerations.get(p.start_rank, ())),
            bye_eligible=bye_eligible(p, number, points),
        )
        for p in sheet.players
    }
    players = [everyone[rank] for rank in sorted(to_pair)]
    for player in players:
        player.floats = tuple(
            float_of(player, back, points.loss, everyone) for back in (1, 2) if back < number
        )
    players.sort(key=lambda p: (-p.pairing_score(), p.rank_index))
    # The scores as integers in the round's smallest point unit (half-points in a 1-½-0
    # event): the criteria compare them for every pair of every bracket.
    unit = lcm(*(p.pairing_score().denominator for p in players))
    for player in players:
        player.score_units = int(player.pairing_score() * unit)
    forbidden = {frozenset(pair) for pair in state.forbidden}
    for player in players:
        for record in player.history:
            if record.played and record.opponent is not None:
                forbidden.add(frozenset((player.start_rank, record.opponent)))
    planned = max(state.planned_rounds or 0, number)
    facts = RoundFacts(
        played_rounds=number - 1,
        last_round=number >= planned,
        win=points.win,
        draw=points.draw,
        loss=points.loss,
        forbidden=frozenset(forbidden),
    )
    return players, facts


class _Bracketing:
    """One round's pairing, bracket by bracket (article 3), on one weighted graph.

    Vertices are the players' indices in pairing order, and with an odd number of players
    one more, the bye: an edge of weight 0 to each player who may receive it (C2), so that
    the pairing is a perfect matching. ``matching`` holds the graph and its optimum;
    ``base`` holds each bracket's criteria weights, which exchanges and transpositions
    adjust; ``fixed`` the pairs already settled (out of the graph).
    """

    def __init__(self, players: list[Player], facts: RoundFacts, round_number: int) -> None:
        self.players = players
        self.facts = facts
        self.round_number = round_number
        self.scores = [p.score_units for p in players]
        self.layout = Layout.of(self.scores)
        self.fixed: dict[int, int] = {}
        self.count = len(players)
        self.mate: list[int] = list(range(self.count))
        odd = self.count % 2 == 1
        self.bye_vertex = self.count if odd else -1
        self.matching = Matching(self.count + odd)
        if odd:
            for v, player in enumerate(players):
                if player.bye_eligible:
                    self.matching.set_weight(v, self.bye_vertex, 0)

    # -- the graph -------------------------------------------------------------------------

    def solve(self) -> list[int]:
        """The best pairing of the players not yet settled; ``mate[v] == v`` is the bye."""
        try:
            mate = self.matching.solve()
        except NoPerfectMatching:
            raise PairingError(f"round {self.round_number} cannot be completed") from None
        mate = [v if m == self.bye_vertex else m for v, m in enumerate(mate[: self.count])]
        for v, partner in self.fixed.items():
            mate[v] = partner
        return mate

    def set(self, a: int, b: int, weight: int) -> None:
        """Edge a–b gets ``weight``; 0 means the two may not be paired."""
        self.matching.set_weight(a, b, weight if weight > 0 else None)

    def fix(self, a: int, b: int) -> None:
        """Settle a pair: both players leave the graph."""
        self.fixed[a], self.fixed[b] = b, a
        self.matching.remove_vertex(a)
        self.matching.remove_vertex(b)

    def weight(
        self, higher: int, lower: int, in_bracket: bool, in_next: bool, bye: ByeFacts
    ) -> int:
        return edge_weight(
            self.players[higher],
            self.players[lower],
            lower_in_bracket=in_bracket,
            lower_in_next=in_next,
            bye=bye,
            facts=self.facts,
            layout=self.layout,
        )

    # -- the round -------------------------------------------------------------------------

    def run(self) -> tuple[list[tuple[int, int]], int | None]:
        bye = self.bye_facts()
        pairs: list[tuple[int, int]] = []
        scores, n = self.scores, self.count
        pool = [v for v in range(n) if scores[v] >= scores[0]]
        cursor = len(pool)
        movers = 0  # moved-down players at the head of ``pool``
        first_resident = 0  # vertex of the bracket's first resident
        while len(pool) > 1 or cursor < n:
            group_start = cursor
            while cursor < n and scores[cursor] >= scores[group_start]:
                cursor += 1
            bracket = _Bracket(
                pool=pool + list(range(group_start, cursor)),
                movers=movers,
                end=len(pool),
                first_resident=first_resident,
                next_first=first_resident + len(pool) - movers,
            )
            self.pair_bracket(bracket, bye)

            single = bye.score is not None and group_start < n and bye.score >= scores[group_start]
            new_pool, new_movers = [], 0
            for i, v in enumerate(bracket.pool):
                if i < bracket.end and v in bracket.matched:
                    if v < self.mate[v]:
                        pairs.append((v, self.mate[v]))
                    continue
                new_pool.append(v)
                new_movers += i < bracket.end
                if single and scores[self.mate[v]] < scores[group_start]:
                    single = False
            if len(new_pool) == len(bracket.pool) and group_start >= n:
                raise PairingError(f"round {self.round_number} cannot be completed")
            if bye.score is not None:
                bye = ByeFacts(bye.score, single, bye.played_rank)
            pool, movers, first_resident = new_pool, new_movers, bracket.next_first
        if len(pool) > 1:
            raise PairingError(f"round {self.round_number} cannot be completed")
        return pairs, (pool[0] if pool else None)

    def pair_bracket(self, bracket: _Bracket, bye: ByeFacts) -> None:
        pool, weights = bracket.pool, bracket.base.weights
        for j in range(bracket.movers, len(pool)):
            row = j * (j - 1) // 2
            for i in range(j):
                weight = self.weight(pool[i], pool[j], j < bracket.end, j >= bracket.end, bye)
                weights[row + i] = weight
                self.set(pool[i], pool[j], weight)
        self.mate = self.solve()
        self.choose_paired_movers(bracket)
        self.choose_mover_opponents(bracket)
        self.pair_remainder(bracket)

    def in_bracket(self, bracket: _Bracket, v: int) -> bool:
        """Whether the current matching pairs ``v`` with a resident of the bracket."""
        return bracket.first_resident <= self.mate[v] < bracket.next_first

    def choose_paired_movers(self, bracket: _Bracket) -> None:
        """Which moved-down players are paired in the bracket (C6, C7 first): of equal
        scores, the highest ranked ones wherever the criteria allow."""
        pool, base = bracket.pool, bracket.base
        residents = pool[bracket.movers : bracket.end]
        score = left = can_pair = 0
        for i in range(bracket.movers):
            v = pool[i]
            if i == 0 or self.scores[v] < score:
                score = self.scores[v]
                same = [u for u in pool[i:] if self.scores[u] >= score]
                left = len(same)
                can_pair = sum(1 for u in same if self.in_bracket(bracket, u))
            if not can_pair:
                continue
            if left <= can_pair:
                bracket.matched.add(v)
                continue
            left -= 1
            if not self.in_bracket(bracket, v):
                for r in residents:
                    if base[(v, r)]:
                        self.set(v, r, base[(v, r)] | 1)
                self.mate = self.solve()
            if self.in_bracket(bracket, v):
                bracket.matched.add(v)
                can_pair -= 1
                for r in residents:
                    if base[(v, r)]:
                        self.set(v, r, (base[(v, r)] | len(residents)) + 1)

    def choose_mover_opponents(self, bracket: _Bracket) -> None:
        """Each paired moved-down player, in order, meets the highest resident the criteria
        allow."""
        pool, base = bracket.pool, bracket.base
        for v in pool[: bracket.movers]:
            if v not in bracket.matched:
                continue
            preference = len(pool)
            best = None
            for r in reversed(pool[bracket.movers : bracket.end]):
                if r in bracket.matched or not base[(v, r)]:
                    continue
                self.set(v, r, base[(v, r)] + preference)
                preference += 1
                best = r
            if best is None or self.mate[v] != best:
                self.mate = self.solve()
            partner = self.mate[v]
            bracket.matched.add(partner)
            self.fix(v, partner)

    def pair_remainder(self, bracket: _Bracket) -> None:
        """The residents not paired with moved-down players: S1 and S2 (article 3.2), the
        fewest exchanges with the smallest difference of numbers (article 4.3), then each S1
        player's opponent in the order of transpositions (article 4.2)."""
        mate = self.mate
        remainder = [
            v
            for v in bracket.pool[bracket.movers : bracket.end]
            if mate[v] >= bracket.first_resident
        ]
        if not remainder:
            return
        pairs = sum(1 for v in remainder if mate[v] < v)
        ordered = self.ordered_weight
        for j, b in enumerate(remainder):
            for i in range(j):
                self.set(remainder[i], b, ordered(bracket, remainder[i], b, i, pairs))
        self.mate = self.solve()

        def acts_in_s1(v: int) -> bool:
            return v < self.mate[v] < bracket.next_first

        exchanges = sum(1 for v in remainder[:pairs] if not acts_in_s1(v))
        # The lowest S1 players go to S2 first.
        left = exchanges
        position = pairs
        while position > 0 and left:
            position -= 1
            v = remainder[position]
            if acts_in_s1(v):
                for o in remainder[position + 1 :]:
                    weight = ordered(bracket, v, o, position, pairs)
                    if weight:
                        self.set(v, o, weight - 1)
                self.mate = self.solve()
            exchanged = not acts_in_s1(v)
            left -= exchanged
            for o in remainder[position + 1 :]:
                if exchanged:
                    bracket.base[(v, o)] = 0
                self.set(v, o, ordered(bracket, v, o, position, pairs))
        # The highest S2 players come to S1 first.
        left = exchanges
        for position in range(pairs, len(remainder)):
            if left <= 1:
                break
            v = remainder[position]
            already = acts_in_s1(v)
            if not already:
                for o in remainder[position + 1 :]:
                    weight = ordered(bracket, v, o, position, pairs)
                    if weight:
                        self.set(v, o, weight + 1)
                self.mate = self.solve()
            if acts_in_s1(v):
                left -= 1
                for o in remainder[:position]:
                    bracket.base[(o, v)] = 0
                    self.set(o, v, 0)
                for o in bracket.pool[bracket.end :]:
                    bracket.base[(v, o)] = 0
                    self.set(v, o, 0)
            if not already:
                for o in remainder[position + 1 :]:
                    self.set(v, o, ordered(bracket, v, o, position, pairs))
        # S1 and S2 are settled: only S1-S2 pairs remain.
        for i, v in enumerate(remainder):
            for o in remainder[i + 1 :]:
                if not acts_in_s1(v) or acts_in_s1(o):
                    bracket.base[(v, o)] = 0
                self.set(v, o, bracket.base[(v, o)])
        # Each S1 player meets the highest S2 player the criteria allow.
        for v in remainder:
            if not acts_in_s1(v):
                continue
            preference = 0
            best = None
            for o in reversed(remainder):
                if o <= v or o in bracket.matched:
                    continue
                if bracket.base[(v, o)]:
                    self.set(v, o, bracket.base[(v, o)] + preference)
                    best = o
                preference += 1
            if best is None or self.mate[v] != best:
                self.mate = self.solve()
            partner = self.mate[v]
            bracket.matched.update((v, partner))
            self.fix(v, partner)

    def ordered_weight(self, bracket: _Bracket, a: int, b: int, index: int, pairs: int) -> int:
        """A remainder pair's weight with article 4's order: fewest exchanges (the higher
        player from S1), then the smallest exchanged numbers."""
        weight = bracket.base[(a, b)]
        if not weight:
            return 0
        size = self.layout.size_bits
        return weight + ((((index < pairs) << (2 * size)) - index) << 1)

    def bye_facts(self) -> ByeFacts:
        """Check the round can be paired at all (C1–C4), and find C5's bye score and whether
        C9 applies in the first bracket."""
        players, n, facts = self.players, self.count, self.facts
        odd = n % 2 == 1
        layout = self.layout
        top_score = self.scores[0]
        for lower in range(n):
            for higher in range(lower):
                if odd:
                    weight = 0
                    a, b = players[higher], players[lower]
                    if compatible(a, b, facts):
                        weight = 1 + (not a.bye_eligible) + (not b.bye_eligible)
                        weight = weight << layout.groups_bits | (
                            layout.group_shift[self.scores[lower]]
                            + layout.group_shift[self.scores[higher]]
                        )
                        weight = weight << layout.size_bits | (self.scores[lower] >= top_score)
                else:
                    weight = self.weight(higher, lower, False, False, NO_BYE)
                self.set(higher, lower, weight)
        try:
            mate = self.solve()
        except PairingError:
            raise PairingError(
                f"round {self.round_number} cannot be paired without breaking an absolute "
                "criterion (C1 no second game, C2 the bye, C3 colours)"
            ) from None
        unmatched = [v for v in range(n) if mate[v] == v]
        if not odd:
            return NO_BYE
        score = self.scores[unmatched[0]]
        single = score >= top_score and all(
            self.scores[mate[v]] >= top_score for v in range(n) if self.scores[v] >= top_score
        )
        counts = sorted(
            (p.played_games for p, s in zip(players, self.scores, strict=True) if s == score),
            reverse=True,
        )
        played_rank = {games: rank for rank, games in enumerate(counts)}
        bye = ByeFacts(score=score, single_downfloater=single, played_rank=played_rank)
        for lower in range(n):
            for higher in range(lower):
                self.set(higher, lower, self.weight(higher, lower, False, False, bye))
        return bye


@dataclass
class _Bracket:
    """A pairing bracket and the next scoregroup, as vertices in pairing order: ``pool[:movers]``
    are the moved-down players, ``pool[movers:end]`` the residents, ``pool[end:]`` the next
    scoregroup."""

    pool: list[int]
    movers: int
    end: int
    first_resident: int
    next_first: int
    base: _PairWeights = field(init=False)
    matched: set[int] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.base = _PairWeights(self.pool)


class _PairWeights:
    """A bracket's criteria weights of each pair ``(a, b)`` of its pool, ``a`` before ``b``
    in pairing order: a table of every pair (8 bytes a pair, where a dict of tuples took
    about 110; a bracket of 2,000 players has two million pairs)."""

    def __init__(self, pool: Sequence[int]) -> None:
        self.position = {v: i for i, v in enumerate(pool)}
        self.weights = [0] * (len(pool) * (len(pool) - 1) // 2)

    def index(self, pair: tuple[int, int]) -> int:
        a, b = self.position[pair[0]], self.position[pair[1]]
        return b * (b - 1) // 2 + a

    def __getitem__(self, pair: tuple[int, int]) -> int:
        return self.weights[self.index(pair)]

    def __setitem__(self, pair: tuple[int, int], weight: int) -> None:
        self.weights[self.index(pair)] = weight
