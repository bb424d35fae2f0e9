"""Why a pairing differs from the engine's: the absolute criterion it breaks, or the first
quality criterion (C5–C21, C.04.3 article 2) on which the engine's pairing does better.

Both pairings are scored with the same criterion vector, bracket by bracket from the top as
article 3 pairs them, and compared in the order of the rules: the first difference decides.
Equal vectors mean the two are equally good under the criteria; the rules then prefer the one
that comes first in the order of transpositions and exchanges (article 4), which is the
engine's.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from tournaments.pairing.base import Pairing, PairingState
from tournaments.pairing.dutch.criteria import RoundFacts, colour_fields, compatible
from tournaments.pairing.dutch.engine import round_players
from tournaments.pairing.dutch.players import Float, Player
from tournaments.pairing.explanation import Explanation, Measure, same_or_recoloured

_QUALITY = {
    "C5": "minimise the score of the player who gets the pairing-allocated bye",
    "C6": "minimise the number of downfloaters",
    "C7": "minimise the scores of the downfloaters",
    "C8": "choose the downfloaters so that the next bracket pairs best",
    "C9": "minimise the unplayed games of the player who gets the pairing-allocated bye",
    "C10": "minimise topscorers (or their opponents) with a colour difference beyond ±2",
    "C11": "minimise topscorers (or their opponents) with the same colour three times running",
    "C12": "minimise the players who do not get their colour preference",
    "C13": "minimise the players who do not get their strong colour preference",
    "C14": "minimise the players who float down as in the previous round",
    "C15": "minimise the players who float up as in the previous round",
    "C16": "minimise the players who float down as two rounds before",
    "C17": "minimise the players who float up as two rounds before",
    "C18": "minimise the scores of the players who float down as in the previous round",
    "C19": "minimise the scores of the opponents of those who float up as in the previous round",
    "C20": "minimise the scores of the players who float down as two rounds before",
    "C21": "minimise the scores of the opponents of those who float up as two rounds before",
}


def explain(state: PairingState, recorded: Pairing, engine: Pairing) -> Explanation:
    """Compare the recorded pairing of ``state.round`` with the engine's."""
    players, facts = round_players(state, state.accelerations)
    by_rank = {p.start_rank: p for p in players}
    broken = absolute_violation(recorded, by_rank, facts)
    if broken is not None:
        return broken
    if (settled := same_or_recoloured(recorded, engine, "5")) is not None:
        return settled
    ours, theirs = _measures(engine, players, facts), _measures(recorded, players, facts)
    for mine, other in zip(ours, theirs, strict=False):
        if mine.value != other.value:
            involved = tuple(sorted(mine.players ^ other.players or mine.players | other.players))
            better = mine.value < other.value
            text = f"{mine.rule} ({_QUALITY[mine.rule]}) " + (
                "decides for the engine's pairing"
                if better
                else "favours the file's pairing: please report it, the engine may be wrong"
            )
            return Explanation("quality" if better else "file", mine.rule, text, involved)
    return Explanation(
        "equal",
        "",
        "equally good under C1–C21; the engine's comes first in the order of transpositions "
        "and exchanges (article 4)",
    )


def absolute_violation(
    pairing: Pairing, by_rank: dict[int, Player], facts: RoundFacts
) -> Explanation | None:
    """The first absolute criterion (C1–C4) the pairing breaks, if any."""
    for white, black in pairing.pairs:
        a, b = by_rank.get(white), by_rank.get(black)
        if a is None or b is None:
            continue
        if frozenset((white, black)) in facts.forbidden:
            return Explanation(
                "absolute",
                "C1",
                "C1 broken: the two have met already or may not meet",
                (white, black),
            )
        if not compatible(a, b, facts):
            return Explanation(
                "absolute",
                "C3",
                "C3 broken: two non-topscorers with the same absolute colour preference",
                (white, black),
            )
    for bye in pairing.byes:
        player = by_rank.get(bye)
        if player is not None and not player.bye_eligible:
            return Explanation(
                "absolute",
                "C2",
                "C2 broken: the bye goes to a player who already had one or scored a win "
                "without playing",
                (bye,),
            )
    if len(pairing.byes) > 1:
        return Explanation(
            "absolute",
            "C4",
            "C4 broken: more than one player left without a game",
            tuple(pairing.byes),
        )
    return None


def _measures(pairing: Pairing, players: Sequence[Player], facts: RoundFacts) -> list[Measure]:
    """The criterion vector of a complete pairing: C5, then per bracket from the top C6–C21."""
    by_rank = {p.start_rank: p for p in players}
    opponent: dict[int, int | None] = {}
    for white, black in pairing.pairs:
        opponent[white], opponent[black] = black, white
    score = {p.start_rank: p.pairing_score() for p in players}
    bye = next((by_rank[b] for b in pairing.byes if b in by_rank), None)
    measures = [
        Measure("C5", (score[bye.start_rank],), frozenset({bye.start_rank}))
        if bye is not None
        else Measure("C5", (), frozenset())
    ]
    brackets: list[tuple[list[Player], list[Player]]] = []
    movers: list[Player] = []
    for group in sorted(set(score.values()), reverse=True):
        bracket = movers + [p for p in players if score[p.start_rank] == group]
        inside = {p.start_rank for p in bracket}
        movers = [p for p in bracket if opponent.get(p.start_rank) not in inside]
        brackets.append((bracket, movers))
    for index, (bracket, down) in enumerate(brackets):
        following = brackets[index + 1][1] if index + 1 < len(brackets) else []
        measures.extend(_bracket_measures(bracket, down, following, opponent, by_rank, score, bye))
    return measures


def _bracket_measures(
    bracket: list[Player],
    down: list[Player],
    following: list[Player],
    opponent: dict[int, int | None],
    by_rank: dict[int, Player],
    score: dict[int, Fraction],
    bye: Player | None,
) -> list[Measure]:
    def ranks(chosen: Sequence[Player]) -> frozenset[int]:
        return frozenset(p.start_rank for p in chosen)

    def count(criterion: str, chosen: Sequence[Player]) -> Measure:
        return Measure(criterion, (Fraction(len(chosen)),), ranks(chosen))

    def scores(criterion: str, chosen: Sequence[Player]) -> Measure:
        values = tuple(sorted((score[p.start_rank] for p in chosen), reverse=True))
        return Measure(criterion, values, ranks(chosen))

    paired = [p for p in bracket if p not in down]
    result = [count("C6", down), scores("C7", down)]
    result += [
        Measure("C8", (Fraction(len(following)),), ranks(following)),
        Measure("C8", scores("C7", following).value, ranks(following)),
    ]
    if bye is not None and bye in bracket:
        result.append(Measure("C9", (Fraction(len(bye.history) - bye.played_games),), ranks([bye])))
    pairs = [
        (p, by_rank[o])
        for p in paired
        if (o := opponent.get(p.start_rank)) is not None and o in by_rank and _above(p, by_rank[o])
    ]
    colour_misses: list[list[Player]] = [[], [], [], []]
    for higher, lower in pairs:
        for index, satisfied in enumerate(colour_fields(higher, lower)):
            if not satisfied:
                colour_misses[index].extend((higher, lower))
    for index, criterion in enumerate(("C10", "C11", "C12", "C13")):
        result.append(count(criterion, colour_misses[index]))
    # Within the bracket a pair of unequal scores floats its higher player down, the other up.
    mixed = [(h, low) for h, low in pairs if score[h.start_rank] > score[low.start_rank]]
    floats_down = {p.start_rank for p in down} | {h.start_rank for h, _ in mixed}
    floats_up = {low.start_rank for _, low in mixed}
    up_opponents = {low.start_rank: h for h, low in mixed}
    repeated: list[Measure] = []
    repeated_scores: list[Measure] = []
    criteria = (("C14", "C15", "C18", "C19"), ("C16", "C17", "C20", "C21"))
    for back, (cd, cu, sd, su) in enumerate(criteria):
        again_down = [
            p for p in bracket if p.start_rank in floats_down and _floated(p, back, Float.DOWN)
        ]
        again_up = [p for p in bracket if p.start_rank in floats_up and _floated(p, back, Float.UP)]
        repeated += [count(cd, again_down), count(cu, again_up)]
        repeated_scores += [
            scores(sd, again_down),
            scores(su, [up_opponents[p.start_rank] for p in again_up]),
        ]
    order = {"C14": 0, "C15": 1, "C16": 2, "C17": 3, "C18": 4, "C19": 5, "C20": 6, "C21": 7}
    return result + sorted(repeated + repeated_scores, key=lambda m: order[m.rule])


def _above(a: Player, b: Player) -> bool:
    return (a.pairing_score(), -a.rank_index) > (b.pairing_score(), -b.rank_index)


def _floated(player: Player, back: int, direction: Float) -> bool:
    return back < len(player.floats) and player.floats[back] is direction
