"""Why a recorded Burstein pairing differs from the engine's (C.04.4.2), in the words of the
text: the absolute criterion it breaks ([C1]-[C4], article 2.1-2.2), or the first rule on which
the engine's pairing does better: the pairing-allocated bye (3.1.3-3.1.5), then bracket by
bracket from the top [C5]-[C8] (2.3), as article 3 pairs them. Equal on every rule, the text
prefers the pairing that comes first in the order of article 4, which is the engine's.

A seeding round (article 1.6) is the Dutch System's: the Dutch checker explains it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from tournaments.pairing.base import Pairing, PairingState
from tournaments.pairing.burstein.bye import bye_order_key
from tournaments.pairing.burstein.criteria import colour_clash, same_absolute_preference
from tournaments.pairing.burstein.players import (
    BursteinPlayer,
    RoundFacts,
    ranked,
    round_players,
)
from tournaments.pairing.burstein.seeding import is_seeding_round
from tournaments.pairing.dutch.explain import explain as explain_dutch
from tournaments.pairing.explanation import Explanation, Measure, same_or_recoloured

RULES = {
    "3.1.3": "the pairing-allocated bye goes to the lowest score",
    "3.1.4": "the pairing-allocated bye goes to the player who has played the most games",
    "3.1.5": "the pairing-allocated bye goes to the lowest ranked player (article 1.8)",
    "C5": "maximise the pairs of the bracket (minimise its outgoing floaters)",
    "C6": "minimise the scores of the outgoing floaters",
    "C7": "choose the outgoing floaters so that the following bracket pairs best",
    "C8": "minimise the players who do not get their colour preference",
}


def explain(state: PairingState, recorded: Pairing, engine: Pairing) -> Explanation:
    """Compare the recorded pairing of ``state.round`` with the engine's."""
    if is_seeding_round(state):
        return explain_dutch(state, recorded, engine)
    players, facts = round_players(state, state.accelerations)
    by_rank = {p.start_rank: p for p in players}
    broken = absolute_violation(recorded, by_rank, facts)
    if broken is not None:
        return broken
    if (settled := same_or_recoloured(recorded, engine, "5.2")) is not None:
        return settled
    return _first_rule(engine, recorded, players)


def _first_rule(
    engine: Pairing, recorded: Pairing, players: Sequence[BursteinPlayer]
) -> Explanation:
    """The first rule on which the two differ: the bye (3.1), then each bracket from the top
    on [C5]-[C8], then, equally good there, the order of article 4 within that bracket (the
    text settles a bracket before it looks at the next one)."""
    ours, theirs = _Analysis(engine, players), _Analysis(recorded, players)
    steps = [(ours.bye_measures(), theirs.bye_measures())]
    steps += list(zip(ours.bracket_measures(), theirs.bracket_measures(), strict=False))
    for index, (mine, other) in enumerate(steps):
        for a, b in zip(mine, other, strict=False):
            if a.value != b.value:
                return _decided(a, b)
        if index and ours.bracket_pairs(index - 1) != theirs.bracket_pairs(index - 1):
            return _by_order(ours, theirs, index - 1)
    return Explanation("equal", "4", "equally good under [C1]-[C8] and article 3.1")


def _decided(mine: Measure, other: Measure) -> Explanation:
    involved = tuple(sorted(mine.players ^ other.players or mine.players | other.players))
    better = mine.value < other.value
    text = f"{mine.rule} ({RULES[mine.rule]}) " + (
        "decides for the engine's pairing"
        if better
        else "favours the file's pairing: please report it, the engine may be wrong"
    )
    return Explanation("quality" if better else "file", mine.rule, text, involved)


def _by_order(ours: _Analysis, theirs: _Analysis, index: int) -> Explanation:
    """Article 4 in bracket ``index``: the pairing whose BSN 1 has the higher-BSN opponent
    (a floater's being 0) comes first, else BSN 2's, and so on."""
    bracket = ours.brackets[index][0]
    involved = tuple(sorted(p.start_rank for p in bracket))
    if ours.order_vector(index) >= theirs.order_vector(index):
        return Explanation(
            "equal",
            "4",
            "equally good under [C1]-[C8] in every bracket down to this one; the engine's "
            "pairing of the bracket comes first in the order of pairings (article 4)",
            involved,
        )
    return Explanation(
        "file",
        "4",
        "equally good under [C1]-[C8], and the file's pairing of the bracket comes first in "
        "the order of pairings (article 4): please report it, the engine may be wrong",
        involved,
    )


def absolute_violation(
    pairing: Pairing, by_rank: Mapping[int, BursteinPlayer], facts: RoundFacts
) -> Explanation | None:
    """The first absolute criterion ([C1]-[C4]) the pairing breaks, if any."""
    for white, black in pairing.pairs:
        a, b = by_rank.get(white), by_rank.get(black)
        if a is None or b is None:
            continue
        if frozenset((white, black)) in facts.forbidden:
            return Explanation(
                "absolute",
                "C1",
                "[C1] broken (C.04.4.2 2.1.1): the two have met already or may not meet",
                (white, black),
            )
        if same_absolute_preference(a, b):
            return Explanation(
                "absolute",
                "C3",
                "[C3] broken (C.04.4.2 2.1.3): the two have the same absolute colour preference",
                (white, black),
            )
    for bye in pairing.byes:
        player = by_rank.get(bye)
        if player is not None and not player.bye_eligible:
            return Explanation(
                "absolute",
                "C2",
                "[C2] broken (C.04.4.2 2.1.2): the pairing-allocated bye goes to a player who "
                "already had one or scored a win without playing",
                (bye,),
            )
    if len(pairing.byes) > 1:
        return Explanation(
            "absolute",
            "C4",
            "[C4] broken (C.04.4.2 2.2): more than one player left without a game",
            tuple(pairing.byes),
        )
    return None


class _Analysis:
    """A complete pairing seen as article 3 builds it: the bye, then the brackets."""

    def __init__(self, pairing: Pairing, players: Sequence[BursteinPlayer]) -> None:
        self.by_rank = {p.start_rank: p for p in players}
        self.position = {p.start_rank: i for i, p in enumerate(players)}
        self.bye = next((self.by_rank[b] for b in pairing.byes if b in self.by_rank), None)
        self.opponent: dict[int, int] = {}
        for white, black in pairing.pairs:
            self.opponent[white], self.opponent[black] = black, white
        paired = [p for p in players if p.start_rank in self.opponent]
        self.brackets = _brackets(paired, self.opponent)

    def bye_measures(self) -> list[Measure]:
        """3.1.3-3.1.5 for the player given the pairing-allocated bye."""
        if self.bye is None:
            return []
        score, games, place = bye_order_key(self.bye, self.position[self.bye.start_rank])
        key = (score, Fraction(games), Fraction(place))
        who = frozenset({self.bye.start_rank})
        return [
            Measure(rule, (value,), who)
            for rule, value in zip(("3.1.3", "3.1.4", "3.1.5"), key, strict=True)
        ]

    def bracket_measures(self) -> list[list[Measure]]:
        """[C5]-[C8] of each bracket from the top."""
        result = []
        for index, (bracket, floaters) in enumerate(self.brackets):
            following = self.brackets[index + 1][1] if index + 1 < len(self.brackets) else []
            inside = {p.start_rank for p in bracket}
            clashes = [
                p
                for p in bracket
                if self.opponent[p.start_rank] in inside
                and colour_clash(p, self.by_rank[self.opponent[p.start_rank]])
            ]
            result.append(
                [
                    _count("C5", floaters),
                    _scores("C6", floaters),
                    _count("C7", following),
                    _scores("C7", following),
                    Measure("C8", (Fraction(len(clashes) // 2),), _ranks(clashes)),
                ]
            )
        return result

    def bracket_pairs(self, index: int) -> set[frozenset[int]]:
        bracket, floaters = self.brackets[index]
        return {
            frozenset((p.start_rank, self.opponent[p.start_rank]))
            for p in bracket
            if p not in floaters
        }

    def order_vector(self, index: int) -> list[int]:
        """Article 4.3: for BSN 1, 2, ... (article 1.8's order) the opponent's BSN, 0 for a
        floater."""
        bracket, floaters = self.brackets[index]
        members = ranked(bracket)
        bsn = {p.start_rank: number for number, p in enumerate(members, start=1)}
        return [0 if p in floaters else bsn[self.opponent[p.start_rank]] for p in members]


def _brackets(
    players: Sequence[BursteinPlayer], opponent: Mapping[int, int]
) -> list[tuple[list[BursteinPlayer], list[BursteinPlayer]]]:
    """Each bracket from the top (incoming floaters and a scoregroup), with its outgoing
    floaters: the players whose opponent is outside it."""
    brackets = []
    floaters: list[BursteinPlayer] = []
    for score in sorted({p.score for p in players}, reverse=True):
        bracket = floaters + [p for p in players if p.score == score]
        inside = {p.start_rank for p in bracket}
        floaters = [p for p in bracket if opponent[p.start_rank] not in inside]
        brackets.append((bracket, floaters))
    return brackets


def _ranks(players: Sequence[BursteinPlayer]) -> frozenset[int]:
    return frozenset(p.start_rank for p in players)


def _count(rule: str, players: Sequence[BursteinPlayer]) -> Measure:
    return Measure(rule, (Fraction(len(players)),), _ranks(players))


def _scores(rule: str, players: Sequence[BursteinPlayer]) -> Measure:
    return Measure(rule, tuple(sorted((p.score for p in players), reverse=True)), _ranks(players))
