"""The pairing checker for a played Double-Swiss event: every match re-paired by the engine
and validated against the absolute rules, one :class:`RoundFinding` per match (``round`` is
the match number). What ``checktrf`` calls for a file whose record 192 names the system.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from tournaments.pairing.base import PairingEngine, PairingError
from tournaments.pairing.checker import RoundFinding
from tournaments.pairing.double_swiss.engine import DoubleSwissEngine
from tournaments.pairing.double_swiss.explain import explain
from tournaments.pairing.double_swiss.matches import (
    MatchRecordError,
    matches_on_sheet,
    recorded_match_pairing,
)
from tournaments.pairing.double_swiss.players import match_state
from tournaments.pairing.double_swiss.validate import validate_match_round
from tournaments.scoring.sheet import Color, TournamentSheet
from tournaments.trf import TrfDocument


@dataclass(frozen=True)
class DoubleSwissCheck:
    matches: tuple[RoundFinding, ...]
    engine_label: str

    @property
    def differences(self) -> int:
        """Matches whose recorded pairing is not the engine's."""
        return sum(1 for m in self.matches if m.engine is not None and not m.pairing_matches)

    @property
    def errors(self) -> int:
        """Matches that break a rule, or that the engine could not pair."""
        return sum(1 for m in self.matches if m.errors or m.engine_error)

    @property
    def has_findings(self) -> bool:
        return any(m.has_findings for m in self.matches)


def check_sheet(
    sheet: TournamentSheet,
    *,
    planned_matches: int | None = None,
    initial_color: Color = Color.WHITE,
    forbidden: tuple[tuple[int, int], ...] = (),
    engine: PairingEngine | None = None,
) -> DoubleSwissCheck:
    """Re-pair and validate every match of a sheet in game columns."""
    engine = engine or DoubleSwissEngine()
    planned = planned_matches or matches_on_sheet(sheet)
    findings = tuple(
        _check_match(sheet, match, planned, initial_color, forbidden, engine)
        for match in range(1, matches_on_sheet(sheet) + 1)
    )
    return DoubleSwissCheck(findings, str(getattr(engine, "label", type(engine).__name__)))


def check_document(
    document: TrfDocument, *, engine: PairingEngine | None = None
) -> DoubleSwissCheck:
    """Check a Double-Swiss TRF file (one round per game): ``XXR``/142 count game rounds,
    the initial-colour is ``XXC``/152 or what match 1 shows, ``XXP``/260 forbid pairs."""
    sheet = document.to_sheet()
    planned = document.planned_rounds
    forbidden = tuple(
        (a, b) for group in document.forbidden_groups(1) for a, b in combinations(sorted(group), 2)
    )
    return check_sheet(
        sheet,
        planned_matches=(planned + 1) // 2 if planned else None,
        initial_color=document.initial_color or _first_colour(sheet),
        forbidden=forbidden,
        engine=engine,
    )


def _first_colour(sheet: TournamentSheet) -> Color:
    """The initial-colour as match 1 shows it: that of the highest-ranked player who played
    it, turned if his TPN is even (4.3.1)."""
    for player in sorted(sheet.players, key=lambda p: p.start_rank):
        colour = player.entry(1).color
        if colour is not None:
            if player.start_rank % 2:
                return colour
            return Color.BLACK if colour is Color.WHITE else Color.WHITE
    return Color.WHITE


def _check_match(
    sheet: TournamentSheet,
    match: int,
    planned: int,
    initial_color: Color,
    forbidden: tuple[tuple[int, int], ...],
    engine: PairingEngine,
) -> RoundFinding:
    try:
        recorded = recorded_match_pairing(sheet, match)
        state = match_state(
            sheet,
            match,
            planned_matches=planned,
            initial_color=initial_color,
            forbidden=forbidden,
        )
    except (MatchRecordError, PairingError) as error:
        return RoundFinding(match, 0, errors=(str(error),))
    boards = len(recorded.pairs) + len(recorded.byes)
    errors = tuple(validate_match_round(state, recorded).errors)
    try:
        ours = engine.pair(state)
    except PairingError as error:
        return RoundFinding(match, boards, engine_error=str(error), errors=errors)
    in_file = {*recorded.pairs, *((r, 0) for r in recorded.byes)}
    by_engine = {*ours.pairs, *((r, 0) for r in ours.byes)}
    explanation = ""
    if in_file != by_engine:
        explanation = explain(state, recorded, ours).describe()
    return RoundFinding(
        match,
        boards,
        engine=ours,
        only_in_file=tuple(sorted(in_file - by_engine)),
        only_by_engine=tuple(sorted(by_engine - in_file)),
        errors=errors,
        explanation=explanation,
    )
