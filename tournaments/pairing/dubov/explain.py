"""Why a pairing differs from the Dubov engine's (C.04.4.1): the absolute criterion it
breaks (2.1, 2.2), or the first rule on which the engine's pairing does better: the bye
(3.1.3–3.1.5), then bracket by bracket from the top the quality criteria [C5]–[C10] (2.3).

Equal measures mean the two are equally good under the criteria; the text then prefers the
first set of upfloaters, shifters and transposition in its order (articles 4.2–4.4), which
is the engine's.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from tournaments.pairing.base import Pairing, PairingState
from tournaments.pairing.dubov.criteria import colour_clash
from tournaments.pairing.dubov.engine import last_round
from tournaments.pairing.dubov.players import DubovPlayer, Strength, round_players
from tournaments.pairing.explanation import Explanation, Measure, same_or_recoloured

_RULES = {
    "3.1.3": "the pairing-allocated bye goes to the lowest score",
    "3.1.4": "the pairing-allocated bye goes to the player with the most games played",
    "3.1.5": "the pairing-allocated bye goes to the largest TPN",
    "C5": "minimise the number of upfloaters",
    "C6": "minimise the score differences in the pairs with an upfloater",
    "C7": "minimise the players who do not get their colour preference",
    "C8": "minimise the upfloaters who are maximum upfloaters",
    "C9": "minimise the upfloats of the maximum upfloaters",
    "C10": "minimise the upfloaters who upfloated in the previous round",
}


def explain(state: PairingState, recorded: Pairing, engine: Pairing) -> Explanation:
    """Compare the recorded pairing of ``state.round`` with the engine's."""
    players = round_players(state, state.accelerations)
    by_rank = {p.start_rank: p for p in players}
    broken = absolute_violation(state, recorded, by_rank)
    if broken is not None:
        return broken
    if (settled := same_or_recoloured(recorded, engine, "5.2")) is not None:
        return settled
    last = last_round(state)
    ours, theirs = measures(engine, by_rank, last), measures(recorded, by_rank, last)
    for (mine_pairs, mine_values), (other_pairs, other_values) in zip(ours, theirs, strict=False):
        for mine, other in zip(mine_values, other_values, strict=False):
            if mine.value != other.value:
                return _decided(mine, other)
        if mine_pairs != other_pairs:
            # Equally good here, but paired otherwise: the text's order (4.2–4.4) decides
            # in this bracket, and the brackets below are no longer the same.
            involved = tuple(sorted({r for pair in mine_pairs ^ other_pairs for r in pair}))
            return Explanation("equal", "4", _ORDER, involved)
    return Explanation("equal", "", _ORDER)


_ORDER = (
    "equally good under C5–C10; the engine's comes first in the order of upfloaters, "
    "shifters and transpositions (articles 4.2–4.4)"
)


def _decided(mine: Measure, other: Measure) -> Explanation:
    involved = tuple(sorted(mine.players ^ other.players or mine.players | other.players))
    better = mine.value < other.value
    text = f"{mine.rule} ({_RULES[mine.rule]}) " + (
        "decides for the engine's pairing"
        if better
        else "favours the file's pairing: please report it, the engine may be wrong"
    )
    return Explanation("quality" if better else "file", mine.rule, text, involved)


def absolute_violation(
    state: PairingState, pairing: Pairing, by_rank: dict[int, DubovPlayer]
) -> Explanation | None:
    """The first absolute criterion ([C1]–[C4], articles 2.1–2.2) the pairing breaks."""
    forbidden = {frozenset(pair) for pair in state.forbidden}
    for white, black in pairing.pairs:
        a, b = by_rank.get(white), by_rank.get(black)
        if a is None or b is None:
            continue
        if black in a.opponents or frozenset((white, black)) in forbidden:
            return Explanation(
                "absolute",
                "C1",
                "C1 broken (2.1.1): the two have met already or may not meet",
                (white, black),
            )
        if (
            a.preference.strength is Strength.ABSOLUTE
            and b.preference.strength is Strength.ABSOLUTE
            and a.preference.color is b.preference.color
        ):
            return Explanation(
                "absolute",
                "C3",
                "C3 broken (2.1.3): two players with the same absolute colour preference",
                (white, black),
            )
    for bye in pairing.byes:
        player = by_rank.get(bye)
        if player is not None and not player.bye_eligible:
            return Explanation(
                "absolute",
                "C2",
                "C2 broken (2.1.2): the bye goes to a player who already had "
                "one or scored a win without playing",
                (bye,),
            )
    if len(pairing.byes) > 1 or sorted(pairing.players) != sorted(state.to_pair):
        return Explanation(
            "absolute",
            "C4",
            "C4 broken (2.2.1): the pairing does not pair exactly the "
            "players of the round, with at most one bye",
            tuple(pairing.byes),
        )
    return None


Bracket = tuple[frozenset[frozenset[int]], list[Measure]]


def measures(pairing: Pairing, by_rank: dict[int, DubovPlayer], last: bool) -> list[Bracket]:
    """The pairing's values rule by rule: the bye (3.1), then per bracket from the top its
    pairs and [C5]–[C10]."""
    byes = frozenset(frozenset({b}) for b in pairing.byes)
    result: list[Bracket] = [(byes, _bye_measures(pairing, by_rank))]
    opponent = {}
    for white, black in pairing.pairs:
        if white in by_rank and black in by_rank:
            opponent[white], opponent[black] = by_rank[black], by_rank[white]
    remaining = set(opponent)
    while remaining:
        top = max(by_rank[r].score for r in remaining)
        residents = [by_rank[r] for r in remaining if by_rank[r].score == top]
        upfloaters = [
            opponent[p.start_rank] for p in residents if opponent[p.start_rank].score < top
        ]
        pairs = [(p, opponent[p.start_rank]) for p in residents]
        keys = frozenset(frozenset((a.start_rank, b.start_rank)) for a, b in pairs)
        result.append((keys, _bracket_measures(residents, upfloaters, pairs, last)))
        remaining -= {p.start_rank for p in residents} | {p.start_rank for p in upfloaters}
    return result


def _bye_measures(pairing: Pairing, by_rank: dict[int, DubovPlayer]) -> list[Measure]:
    byes = [by_rank[b] for b in pairing.byes if b in by_rank]
    if not byes:
        return []
    bye = byes[0]
    who = frozenset({bye.start_rank})
    return [
        Measure("3.1.3", (bye.score,), who),
        Measure("3.1.4", (Fraction(-bye.played_games),), who),
        Measure("3.1.5", (Fraction(-bye.rank_index),), who),
    ]


def _bracket_measures(
    residents: Sequence[DubovPlayer],
    upfloaters: Sequence[DubovPlayer],
    pairs: Sequence[tuple[DubovPlayer, DubovPlayer]],
    last: bool,
) -> list[Measure]:
    def ranks(chosen: Sequence[DubovPlayer]) -> frozenset[int]:
        return frozenset(p.start_rank for p in chosen)

    top = residents[0].score
    clashes = {
        frozenset((a.start_rank, b.start_rank)): (a, b) for a, b in pairs if colour_clash(a, b)
    }
    result = [
        Measure("C5", (Fraction(len(upfloaters)),), ranks(upfloaters)),
        Measure(
            "C6",
            tuple(sorted((top - p.score for p in upfloaters), reverse=True)),
            ranks(upfloaters),
        ),
        Measure("C7", (Fraction(len(clashes)),), frozenset(r for pair in clashes for r in pair)),
    ]
    if last:
        return result
    maximum = [p for p in upfloaters if p.maximum_upfloater]
    again = [p for p in upfloaters if p.upfloated_last_round]
    return [
        *result,
        Measure("C8", (Fraction(len(maximum)),), ranks(maximum)),
        Measure(
            "C9",
            tuple(Fraction(n) for n in sorted((p.upfloats for p in maximum), reverse=True)),
            ranks(maximum),
        ),
        Measure("C10", (Fraction(len(again)),), ranks(again)),
    ]
