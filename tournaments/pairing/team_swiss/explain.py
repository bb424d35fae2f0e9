"""Why a recorded team Swiss round differs from the engine's (C.04.6): the absolute rule it
breaks, else the first step of the procedure (3.3.2) at which the two part, named by the
criterion that decides there; ``"colours"`` when only the colours differ, ``"equal"`` when
both are equally good.

The recorded round is read the way the procedure builds one: its pairing-allocated bye
(3.4), then, top scoregroup after top scoregroup, the lower teams paired with its residents
(its upfloaters, 3.5) and the pairs of that bracket (3.6).
"""

from __future__ import annotations

from dataclasses import replace

from tournaments.pairing.double_swiss.upfloaters import breaks_c6, top_scoregroup
from tournaments.pairing.explanation import Explanation
from tournaments.pairing.team_swiss.bracket import bracket_penalty, identifier
from tournaments.pairing.team_swiss.criteria import CRITERIA
from tournaments.pairing.team_swiss.engine import (
    Bracket,
    RoundProcedure,
    pair_round,
)
from tournaments.pairing.team_swiss.state import TeamPairing, TeamSwissState
from tournaments.pairing.team_swiss.validate import validate_team_round


def explain(
    state: TeamSwissState,
    recorded: TeamPairing,
    engine: TeamPairing,
) -> Explanation:
    """Compare the recorded pairing of ``state.round`` with the engine's; the numbers it
    names are teams'."""
    return replace(_explained(state, recorded, engine), unit="teams")


def _explained(state: TeamSwissState, recorded: TeamPairing, engine: TeamPairing) -> Explanation:
    errors = validate_team_round(state, recorded)
    if errors:
        return Explanation("absolute", _article(errors[0]), errors[0])
    if _tables(recorded) == _tables(engine):
        return Explanation("equal", "", "the same pairing")
    if _pairs(recorded) == _pairs(engine) and recorded.bye == engine.bye:
        return Explanation("colours", "4.3", "the same matches with other colours (C.04.6 4.3)")
    procedure = pair_round(state)
    if recorded.bye != engine.bye:
        return _compare_byes(procedure, recorded, engine)
    remaining = sorted(set(procedure.teams) - ({engine.bye} if engine.bye else set()))
    partner = {a: b for pair in recorded.matches for a, b in (pair, pair[::-1])}
    for ours in procedure.brackets:
        theirs = _recorded_bracket(procedure, remaining, partner)
        found = _compare_bracket(procedure, remaining, theirs, ours)
        if found is not None:
            return found
        paired = {team for pair in ours.pairs for team in pair}
        remaining = [team for team in remaining if team not in paired]
    return Explanation("equal", "", "both pairings are equally good by C.04.6")


def _tables(pairing: TeamPairing) -> set[tuple[int, int]]:
    return {*pairing.matches, *(((pairing.bye, 0),) if pairing.bye is not None else ())}


def _pairs(pairing: TeamPairing) -> set[frozenset[int]]:
    return {frozenset(match) for match in pairing.matches}


def _article(message: str) -> str:
    for criterion in ("C1", "C2"):
        if f"[{criterion}]" in message:
            return criterion
    return "3.4" if "(3.4)" in message else "3.3.1"


def _compare_byes(
    procedure: RoundProcedure, recorded: TeamPairing, engine: TeamPairing
) -> Explanation:
    assert recorded.bye is not None and engine.bye is not None  # same parity, both valid
    theirs, ours = procedure.teams[recorded.bye], procedure.teams[engine.bye]
    who = (theirs.number, ours.number)
    outside = set(procedure.teams) - {theirs.number}
    if not procedure.context.completable(outside):
        text = "the bye must leave the other teams pairable (C.04.6 3.4.1)"
        return Explanation("quality", "3.4.1", text, who)
    if ours.score != theirs.score:
        text = "the pairing-allocated bye goes to the lowest score (C.04.6 3.4.2)"
        return Explanation("quality" if ours.score < theirs.score else "file", "3.4.2", text, who)
    if ours.matches_played != theirs.matches_played:
        text = "the pairing-allocated bye goes to the team with most matches played (C.04.6 3.4.3)"
        kind = "quality" if ours.matches_played > theirs.matches_played else "file"
        return Explanation(kind, "3.4.3", text, who)
    text = "the pairing-allocated bye goes to the largest TPN (C.04.6 3.4.4)"
    return Explanation("quality" if ours.number > theirs.number else "file", "3.4.4", text, who)


def _recorded_bracket(
    procedure: RoundProcedure, remaining: list[int], partner: dict[int, int]
) -> Bracket:
    """The recorded round's bracket of the top scoregroup of ``remaining``."""
    residents = top_scoregroup(procedure.context, remaining)
    upfloaters = sorted(
        {partner[r] for r in residents if r in partner and partner[r] not in residents},
        key=lambda r: (-procedure.teams[r].score, r),
    )
    pairs = {(min(r, partner[r]), max(r, partner[r])) for r in residents if r in partner}
    return Bracket(tuple(residents), tuple(upfloaters), tuple(sorted(pairs)))


def _compare_bracket(
    procedure: RoundProcedure, remaining: list[int], theirs: Bracket, ours: Bracket
) -> Explanation | None:
    """The criterion on which two pairings of the same top scoregroup first differ."""
    context, teams = procedure.context, procedure.teams
    if len(theirs.upfloaters) != len(ours.upfloaters):
        kind = "quality" if len(ours.upfloaters) < len(theirs.upfloaters) else "file"
        return _quality(kind, "C4", theirs.upfloaters)
    mine = sorted(teams[t].score for t in ours.upfloaters)
    their_scores = sorted(teams[t].score for t in theirs.upfloaters)
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
        text = "the first set of upfloaters in the order of C.04.6 3.5.4"
        return Explanation("quality", "3.5.4", text, tuple(theirs.upfloaters))
    their_penalty = bracket_penalty(context, teams, theirs.pairs, theirs.upfloaters)
    for criterion, mine_count, their_count in zip(
        ("C8", "C9", "C10"), ours.penalty.key, their_penalty.key, strict=True
    ):
        if mine_count != their_count:
            kind = "quality" if mine_count < their_count else "file"
            return _quality(kind, criterion, tuple(t for p in theirs.pairs for t in p))
    if identifier(theirs.pairs) != identifier(ours.pairs):
        text = "the first pairing of the bracket by identifier (C.04.6 3.6.2-3.6.4)"
        kind = "quality" if identifier(ours.pairs) < identifier(theirs.pairs) else "file"
        return Explanation(kind, "3.6.4", text, theirs.residents)
    return None


def _quality(kind: str, criterion: str, teams: tuple[int, ...]) -> Explanation:
    return Explanation(kind, criterion, CRITERIA[criterion], tuple(teams))
