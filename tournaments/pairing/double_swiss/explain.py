"""Why a recorded match pairing differs from the engine's (C.04.5): the absolute criterion it
breaks, else the first step of the procedure (3.3.2) at which the two part, named by the
criterion that decides there.

The recorded pairing is read the way the procedure builds one: its pairing-allocated bye
(3.4), then, top scoregroup after top scoregroup, the lower players paired with its residents
(its upfloaters, 3.5) and the pairs of that bracket (3.6).
"""

from __future__ import annotations

from tournaments.pairing.base import Pairing, PairingState
from tournaments.pairing.double_swiss.bracket import c8_count, identifier
from tournaments.pairing.double_swiss.criteria import CRITERIA, RoundContext
from tournaments.pairing.double_swiss.engine import Bracket, pair_match
from tournaments.pairing.double_swiss.players import match_players
from tournaments.pairing.double_swiss.upfloaters import breaks_c6, top_scoregroup
from tournaments.pairing.double_swiss.validate import validate_match_round
from tournaments.pairing.explanation import Explanation


def explain(state: PairingState, recorded: Pairing, engine: Pairing) -> Explanation:
    """Compare the recorded pairing of match ``state.round`` with the engine's."""
    check = validate_match_round(state, recorded)
    if check.errors:
        return Explanation("absolute", _article(check.errors[0]), check.errors[0])
    if _boards(recorded) == _boards(engine):
        return Explanation("equal", "", "the same pairing")
    if {frozenset(p) for p in recorded.pairs} == {frozenset(p) for p in engine.pairs}:
        return Explanation("colours", "4.3", "the same pairs with other colours (C.04.5 4.3)")
    context = RoundContext.of(state, match_players(state))
    procedure = pair_match(state)
    if tuple(recorded.byes) != tuple(engine.byes):
        return _compare_byes(context, recorded, engine)
    remaining = sorted(set(context.players) - set(engine.byes))
    partner = {a: b for pair in recorded.pairs for a, b in (pair, pair[::-1])}
    for ours in procedure.brackets:
        theirs = _recorded_bracket(context, remaining, partner)
        found = _compare_bracket(context, remaining, theirs, ours)
        if found is not None:
            return found
        paired = {rank for pair in ours.pairs for rank in pair}
        remaining = [rank for rank in remaining if rank not in paired]
    return Explanation("equal", "", "both pairings are equally good by C.04.5")


def _boards(pairing: Pairing) -> set[tuple[int, int]]:
    return {*pairing.pairs, *((rank, 0) for rank in pairing.byes)}


def _article(message: str) -> str:
    for criterion in ("C1", "C2"):
        if f"[{criterion}]" in message:
            return criterion
    return "3.3.1"


def _compare_byes(context: RoundContext, recorded: Pairing, engine: Pairing) -> Explanation:
    theirs, ours = context.players[recorded.byes[0]], context.players[engine.byes[0]]
    who = (theirs.rank, ours.rank)
    if ours.score != theirs.score:
        text = "the pairing-allocated bye goes to the lowest score (C.04.5 3.4.2)"
        return Explanation("quality" if ours.score < theirs.score else "file", "3.4.2", text, who)
    if ours.matches_played != theirs.matches_played:
        text = "the pairing-allocated bye goes to who played most matches (C.04.5 3.4.3)"
        kind = "quality" if ours.matches_played > theirs.matches_played else "file"
        return Explanation(kind, "3.4.3", text, who)
    text = "the pairing-allocated bye goes to the largest TPN (C.04.5 3.4.4)"
    return Explanation("quality" if ours.rank > theirs.rank else "file", "3.4.4", text, who)


def _recorded_bracket(
    context: RoundContext, remaining: list[int], partner: dict[int, int]
) -> Bracket:
    """The recorded pairing's bracket of the top scoregroup of ``remaining``: its residents,
    the lower players paired with them, and their pairs."""
    residents = top_scoregroup(context, remaining)
    upfloaters = sorted(
        {partner[r] for r in residents if r in partner and partner[r] not in residents},
        key=lambda r: (-context.players[r].score, r),
    )
    pairs = {(min(r, partner[r]), max(r, partner[r])) for r in residents if r in partner}
    return Bracket(tuple(residents), tuple(upfloaters), tuple(sorted(pairs)))


def _compare_bracket(
    context: RoundContext, remaining: list[int], theirs: Bracket, ours: Bracket
) -> Explanation | None:
    """The criterion on which two pairings of the same top scoregroup first differ."""
    if len(theirs.upfloaters) != len(ours.upfloaters):
        kind = "quality" if len(ours.upfloaters) < len(theirs.upfloaters) else "file"
        return _quality(kind, "C4", theirs.upfloaters)
    mine = sorted(context.players[r].score for r in ours.upfloaters)
    their_scores = sorted(context.players[r].score for r in theirs.upfloaters)
    if mine != their_scores:
        return _quality("quality" if mine > their_scores else "file", "C5", theirs.upfloaters)
    if set(theirs.upfloaters) != set(ours.upfloaters):
        outside = set(remaining) - set(theirs.residents) - set(theirs.upfloaters)
        their_c6 = breaks_c6(context, theirs.residents, theirs.upfloaters, outside)
        if their_c6 != ours.breaks_c6:
            return _quality("quality" if their_c6 else "file", "C6", theirs.upfloaters)
        their_c7 = context.floaters_among(theirs.upfloaters)
        if their_c7 != ours.c7:
            return _quality("quality" if ours.c7 < their_c7 else "file", "C7", theirs.upfloaters)
        text = "the first set of upfloaters in the order of C.04.5 3.5.4"
        return Explanation("quality", "3.5.4", text, tuple(theirs.upfloaters))
    their_c8 = c8_count(context, theirs.pairs, theirs.upfloaters)
    our_c8 = c8_count(context, ours.pairs, ours.upfloaters)
    if their_c8 != our_c8:
        kind = "quality" if our_c8 < their_c8 else "file"
        return _quality(kind, "C8", tuple(r for p in theirs.pairs for r in p))
    if identifier(theirs.pairs) != identifier(ours.pairs):
        text = "the first pairing of the bracket by identifier (C.04.5 3.6.2-3.6.4)"
        kind = "quality" if identifier(ours.pairs) < identifier(theirs.pairs) else "file"
        return Explanation(kind, "3.6.4", text, theirs.residents)
    return None


def _quality(kind: str, criterion: str, players: tuple[int, ...]) -> Explanation:
    return Explanation(kind, criterion, CRITERIA[criterion], tuple(players))
