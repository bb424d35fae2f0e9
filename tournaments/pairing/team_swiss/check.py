"""The pairing checker for a played team Swiss: every round re-paired by the engine and
validated against the absolute rules, one :class:`RoundFinding` per round (its boards are
the tables; a bye is a table with team 0).

For a TRF-2026 file, record 192 states the system's options (:mod:`.system_code`), 142 the
number of rounds, 152 the initial-colour (else what round 1 shows) and 260 the forbidden
pairs of teams, round by round. An acceleration (C.04.7) is read as for individual files: the
records 250 give the virtual points (their match or game points column, by the primary score;
TRF-2026: they cause any acceleration in record 192 to be disregarded), else a record 192
ending in ``_BAKU`` asks for Baku's: GA is the first half of the teams paired in round 1
rounded up to an even number, and gets a win's match points before each round of the first
half (rounded up) of the accelerated rounds, half of them before the others, the accelerated
rounds being the first half of the event rounded up (C.04.7 1.4.4: an 11-round team event
gives GA 2 virtual match points in the first three rounds, 1 in the next three). Baku's is
not used with game points as the primary score (C.04.7 1.4.4).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations

from tournaments.pairing.acceleration import baku_from_round_one
from tournaments.pairing.base import PairingError
from tournaments.pairing.checker import RoundFinding
from tournaments.pairing.team_swiss.engine import TeamSwissEngine
from tournaments.pairing.team_swiss.explain import explain
from tournaments.pairing.team_swiss.state import (
    ColourPreferences,
    PrimaryScore,
    TeamPairing,
    TeamSwissState,
)
from tournaments.pairing.team_swiss.system_code import TeamSwissOptions, read_record_192
from tournaments.pairing.team_swiss.validate import validate_team_round
from tournaments.scoring.sheet import Color
from tournaments.scoring.teams.sheet import ByeKind, TeamSheet
from tournaments.trf import TrfDocument
from tournaments.trf.team_sheet import read_team_sheet
from tournaments.trf.teams import Acceleration, team_records

Forbidden = tuple[tuple[int, int], ...]
Accelerations = dict[int, tuple[Fraction, ...]]


@dataclass(frozen=True)
class TeamSwissCheck:
    rounds: tuple[RoundFinding, ...]
    engine_label: str

    @property
    def differences(self) -> int:
        """Rounds whose recorded pairing is not the engine's (tables and colours)."""
        return sum(1 for r in self.rounds if r.engine is not None and not r.pairing_matches)

    @property
    def errors(self) -> int:
        """Rounds that break a rule, or that the engine could not pair."""
        return sum(1 for r in self.rounds if r.errors or r.engine_error)

    @property
    def has_findings(self) -> bool:
        return any(r.has_findings for r in self.rounds)


def recorded_team_pairing(sheet: TeamSheet, round_number: int) -> TeamPairing:
    """The round as the sheet records it: (White on board 1, other) in table order."""
    team_round = sheet.round(round_number)
    a_has_white = sheet.board_color(1, "a") is Color.WHITE
    matches = tuple(
        (m.team_a, m.team_b) if a_has_white else (m.team_b, m.team_a) for m in team_round.matches
    )
    byes = [b.team for b in team_round.byes if b.kind is ByeKind.PAIRING]
    return TeamPairing(matches, byes[0] if byes else None)


def check_team_sheet(
    sheet: TeamSheet,
    *,
    planned_rounds: int | None = None,
    initial_colour: Color | None = None,
    forbidden: Forbidden | Callable[[int], Forbidden] = (),
    options: TeamSwissOptions | None = None,
    accelerations: Accelerations | None = None,
    engine: TeamSwissEngine | None = None,
) -> TeamSwissCheck:
    """Re-pair and validate every round of ``sheet``; ``forbidden`` pairs for every round,
    or a function giving them round by round; ``accelerations``: virtual points of the
    primary score by TPN, one per round from round 1."""
    engine = engine or TeamSwissEngine()
    options = options or TeamSwissOptions()
    planned = planned_rounds or sheet.played_rounds
    colour = initial_colour or first_colour(sheet)
    rules = forbidden if callable(forbidden) else (lambda _round: forbidden)
    findings = tuple(
        _check_round(
            TeamSwissState.from_sheet(
                sheet,
                number,
                planned_rounds=planned,
                forbidden=rules(number),
                initial_colour=colour,
                primary=options.primary,
                secondary_for_colours=options.secondary_for_colours,
                preferences=options.preferences,
                accelerations=accelerations,
            ),
            engine,
        )
        for number in range(1, sheet.played_rounds + 1)
    )
    return TeamSwissCheck(findings, engine.label)


def check_team_document(
    document: TrfDocument, *, engine: TeamSwissEngine | None = None
) -> TeamSwissCheck:
    """Check a team Swiss TRF-2026 file (see the module's notes for what it reads)."""
    options = read_record_192(document.header("192")) or TeamSwissOptions(
        preferences=ColourPreferences.TYPE_A, primary=PrimaryScore.MATCH_POINTS
    )
    prohibited = team_records(document).prohibited

    def forbidden(round_number: int) -> Forbidden:
        pairs = set()
        for line in prohibited:
            if line.first_round <= round_number and (
                not line.last_round or round_number <= line.last_round
            ):
                pairs |= set(combinations(sorted(line.ids), 2))
        return tuple(sorted(pairs))

    sheet = read_team_sheet(document)
    return check_team_sheet(
        sheet,
        planned_rounds=document.planned_rounds,
        initial_colour=document.initial_color,
        forbidden=forbidden,
        options=options,
        accelerations=team_accelerations(document, sheet, options),
        engine=engine,
    )


def team_accelerations(
    document: TrfDocument, sheet: TeamSheet, options: TeamSwissOptions
) -> Accelerations:
    """The virtual points of the primary score a team file gives (see the module's notes)."""
    lines = team_records(document).accelerations
    if lines:
        return _from_250(lines, sheet, options.primary)
    if not options.baku or options.primary is not PrimaryScore.MATCH_POINTS:
        return {}
    numbers = [team.number for team in sheet.teams]
    present = numbers
    if sheet.played_rounds:
        first = sheet.round(1)
        present = [
            n
            for n in numbers
            if first.match_of(n) is not None
            or any(b.team == n and b.kind is ByeKind.PAIRING for b in first.byes)
        ]
    rounds = document.planned_rounds or sheet.played_rounds
    win = sheet.match_points.win
    baku = baku_from_round_one(numbers, present, rounds)
    return {team: tuple(win * points for points in per_round) for team, per_round in baku.items()}


def _from_250(
    lines: tuple[Acceleration, ...], sheet: TeamSheet, primary: PrimaryScore
) -> Accelerations:
    """Each record's points go to the teams first to last in the rounds first to last, added
    up where records overlap."""
    rounds = max(line.last_round for line in lines)
    found: Accelerations = {}
    for team in sheet.teams:
        points = [Fraction(0)] * rounds
        for line in lines:
            value = line.match_points if primary is PrimaryScore.MATCH_POINTS else line.game_points
            if value and line.first <= team.number <= line.last:
                for number in range(line.first_round, line.last_round + 1):
                    points[number - 1] += value
        if any(points):
            found[team.number] = tuple(points)
    return found


def first_colour(sheet: TeamSheet) -> Color:
    """The initial-colour as round 1 shows it (4.3.1): the colour on board 1 of the first-team
    (the smaller TPN) of a round-1 match, turned when that TPN is even."""
    for white, black in recorded_team_pairing(sheet, 1).matches:
        first = min(white, black)
        colour = Color.WHITE if first == white else Color.BLACK
        if first % 2 == 0:
            colour = Color.BLACK if colour is Color.WHITE else Color.WHITE
        return colour
    return Color.WHITE


def _tables(pairing: TeamPairing) -> set[tuple[int, int]]:
    return {*pairing.matches, *(((pairing.bye, 0),) if pairing.bye is not None else ())}


def _check_round(state: TeamSwissState, engine: TeamSwissEngine) -> RoundFinding:
    recorded = recorded_team_pairing(state.sheet, state.round)
    tables = len(recorded.matches) + (1 if recorded.bye is not None else 0)
    errors = tuple(validate_team_round(state, recorded))
    try:
        ours = engine.pair(state)
    except PairingError as error:
        return RoundFinding(state.round, tables, engine_error=str(error), errors=errors)
    in_file, by_engine = _tables(recorded), _tables(ours)
    explanation = ""
    if in_file != by_engine:
        explanation = explain(state, recorded, ours).describe()
    return RoundFinding(
        state.round,
        tables,
        engine=ours.pairing,
        only_in_file=tuple(sorted(in_file - by_engine)),
        only_by_engine=tuple(sorted(by_engine - in_file)),
        errors=errors,
        explanation=explanation,
    )
