"""The pairing and tie-break checker (FIDE checklist A7): a TRF file's rounds re-paired with
the built-in engine and checked against the pairing rules, its final ranks against the
standings its tie-break list gives.

Framework-free, like the rest of the package. ``python manage.py checktrf`` prints the report.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from fractions import Fraction

from tournaments.pairing.base import Pairing, PairingEngine, PairingError, PairingState
from tournaments.pairing.base import recorded_pairing as file_pairing
from tournaments.pairing.dutch import DutchEngine
from tournaments.pairing.engines import Py4SwissEngine, engine_label, pair_round
from tournaments.pairing.systems import (
    DUTCH,
    SwissSystem,
    UnknownSystem,
    system_named,
    system_of_document,
    system_of_engine,
)
from tournaments.pairing.validate import validate_round
from tournaments.scoring.sheet import Color, TournamentSheet
from tournaments.scoring.standings import Standing, compute_standings, format_points
from tournaments.scoring.tiebreaks import TieBreakSettings, TieBreakSpec, parse_tiebreak
from tournaments.trf import TrfDocument


@dataclass(frozen=True)
class RoundFinding:
    """One round of the file: how its pairing compares with the engine's, and the rule check.

    ``engine`` is ``None`` when the round was not re-paired (a round robin, or the engine
    failed: ``engine_error`` says why). ``only_in_file`` and ``only_by_engine`` are the boards
    (white, black; black 0 for the pairing-allocated bye) on which the two differ.
    """

    round: int
    boards: int
    engine: Pairing | None = None
    engine_error: str = ""
    only_in_file: tuple[tuple[int, int], ...] = ()
    only_by_engine: tuple[tuple[int, int], ...] = ()
    errors: tuple[str, ...] = ()
    warnings: tuple[str, ...] = ()
    explanation: str = ""
    """Why the two differ, by the Dutch rules of 2025: the absolute criterion the file breaks,
    the quality criterion that decides for the engine, or that both are equally good."""

    @property
    def pairing_matches(self) -> bool:
        return self.engine is not None and not self.only_in_file and not self.only_by_engine

    @property
    def has_findings(self) -> bool:
        return bool(self.engine_error or self.only_in_file or self.only_by_engine or self.errors)


@dataclass(frozen=True)
class PlayerFinding:
    """A player whose line disagrees with what the file's results and tie-breaks give."""

    start_rank: int
    name: str
    file_rank: int | None
    file_points: Fraction | None
    line_points: Fraction
    """What the line's results add up to (byes entered for the next round included)."""
    computed: Standing

    def describe(self) -> str:
        parts = []
        if self.file_points is not None and self.file_points != self.line_points:
            parts.append(
                f"file points {format_points(self.file_points)}, "
                f"its results add up to {format_points(self.line_points)}"
            )
        if self.file_rank is not None and not _rank_agrees(self.file_rank, self.computed):
            values = ", ".join(f"{t.spec.name} {t.display}" for t in self.computed.tiebreaks)
            detail = f"{self.computed.points_display} points" + (f"; {values}" if values else "")
            parts.append(f"file rank {self.file_rank}, computed {self.computed.place} ({detail})")
        return f"player {self.start_rank} {self.name}: " + "; ".join(parts)


@dataclass(frozen=True)
class TrfCheck:
    rounds: tuple[RoundFinding, ...]
    tiebreaks: tuple[TieBreakSpec, ...]
    tiebreak_source: str
    """``"record 202"``, ``"--tiebreaks"`` or ``"none"`` (points only)."""
    players: tuple[PlayerFinding, ...]
    ranked: int
    """How many players the file gives a rank (those the standings check compares)."""
    round_robin: bool
    notes: tuple[str, ...] = field(default=())
    matches: bool = False
    """Every pairing is a two-game match (the Double-Swiss system): ``rounds`` holds one
    finding per match, its ``round`` the match's number (games ``2k-1`` and ``2k``)."""

    @property
    def has_findings(self) -> bool:
        return bool(self.players) or any(r.has_findings for r in self.rounds)


DUTCH_2025_FROM = date(2025, 7, 1)
"""C.04.3 as revised in 2024 applies to events from this date; older ones follow the 2017 text."""

RULE_EDITIONS = ("2025", "2017")


def system_for(document: TrfDocument, system: str | None = None) -> SwissSystem:
    """The Swiss system to check ``document`` by: ``system`` (a code of
    :data:`~tournaments.pairing.systems.SYSTEMS`) when given, else the one record 192 names,
    else the Dutch system."""
    if system is not None:
        try:
            return system_named(system)
        except UnknownSystem as error:
            raise CheckInputError(str(error)) from None
    return system_of_document(document) or DUTCH


def engine_for(
    document: TrfDocument, rules: str | None = None, system: str | None = None
) -> PairingEngine:
    """The engine to check ``document`` with: that of its system (:func:`system_for`); for the
    Dutch system, the rules in force when the event began (record 042), unless ``rules``
    (``"2025"`` or ``"2017"``) says which. A file without a start date is checked against the
    current rules."""
    chosen = system_for(document, system)
    if chosen is not DUTCH:
        if rules is not None:
            raise CheckInputError(
                f"rule editions ({', '.join(RULE_EDITIONS)}) are the Dutch system's"
            )
        return chosen.engine()
    if rules is None:
        start = document.start_date
        rules = "2017" if start is not None and start < DUTCH_2025_FROM else "2025"
    if rules not in RULE_EDITIONS:
        raise CheckInputError(f"unknown rule edition {rules!r}; one of {', '.join(RULE_EDITIONS)}")
    if rules == "2017":
        return Py4SwissEngine()
    return DutchEngine()


class CheckInputError(ValueError):
    """The file or the tie-break list cannot be checked; the message says why."""


def file_tiebreaks(document: TrfDocument) -> list[str]:
    """The tie-break list of record 202 (TRF-2026), as written: codes split at blanks,
    commas or semicolons; empty without the record."""
    return [token for token in re.split(r"[\s,;]+", document.header("202")) if token]


def check_trf(
    document: TrfDocument,
    *,
    tiebreaks: Sequence[str] | None = None,
    engine: PairingEngine | None = None,
    rules: str | None = None,
    system: str | None = None,
) -> TrfCheck:
    """Check every round and the final ranks of ``document``.

    Rounds are re-paired with ``engine``, by default that of the file's Swiss system (record
    192, or ``system``), for the Dutch system by the rules in force when the event began
    (:func:`engine_for`; ``rules`` overrides the date).

    The tie-break list is record 202's when the file has one, else ``tiebreaks``; without
    either the standings are by points alone. Raises :class:`CheckInputError` for a
    tie-break that does not exist or a sheet that contradicts itself.
    """
    sheet = document.to_sheet()
    listed, source = file_tiebreaks(document), "record 202"
    if not listed:
        listed, source = list(tiebreaks or ()), "--tiebreaks" if tiebreaks else "none"
    try:
        specs = tuple(parse_tiebreak(text) for text in listed)
    except ValueError as error:
        raise CheckInputError(f"{source}: {error}") from None
    if engine is None:
        engine = engine_for(document, rules, system)
    explainer = system_of_engine(engine)
    matches = explainer is not None and explainer.matches
    round_robin = not matches and _is_round_robin(document, sheet)
    meetings = 2 if round_robin and sheet.rounds > len(sheet.players) else 1
    if matches:
        rounds = _check_matches(document, engine)
    else:
        rounds = tuple(
            _check_round(document, sheet, number, round_robin, meetings, engine, explainer)
            for number in range(1, sheet.rounds + 1)
        )
    try:
        standings = compute_standings(
            sheet, specs, settings=TieBreakSettings(round_robin=round_robin)
        )
    except ValueError as error:
        raise CheckInputError(str(error)) from None
    computed = standings.by_start_rank()
    points = document.point_system
    findings = []
    for line in sorted(document.players, key=lambda p: p.start_rank):
        row = computed[line.start_rank]
        rank = line.rank or None  # rank 0: left unranked by the organiser
        # The points column totals the whole line, byes entered for the next round included.
        total = document.player_points(line, points)
        wrong_points = line.points is not None and line.points != total
        if wrong_points or (rank is not None and not _rank_agrees(rank, row)):
            findings.append(
                PlayerFinding(line.start_rank, line.name, rank, line.points, total, row)
            )
    notes = [] if round_robin else [f"rounds re-paired by {engine_label(engine)}"]
    if matches:
        notes.append("a match is two games, two rounds of the file: checked match by match")
    if _baku_from_192(document) and not round_robin:
        notes.append(
            "record 192 names the Baku acceleration (C.04.5.1), no XXA or 250 records: "
            "rounds re-paired with its virtual points"
        )
    if document.acceleration and isinstance(engine, Py4SwissEngine) and not round_robin:
        notes.append(
            "the file is accelerated (XXA); py4swiss pairs without acceleration, "
            "so accelerated rounds differ"
        )
    return TrfCheck(
        rounds=rounds,
        tiebreaks=specs,
        tiebreak_source=source,
        players=tuple(findings),
        ranked=sum(1 for line in document.players if line.rank),
        round_robin=round_robin,
        notes=tuple(notes),
        matches=matches,
    )


def _check_matches(document: TrfDocument, engine: PairingEngine) -> tuple[RoundFinding, ...]:
    """Every match of a Double-Swiss file re-paired and validated by the package's own
    checker (C.04.5), one finding per match."""
    # Imported here: the Double-Swiss checker builds on this module's findings.
    from tournaments.pairing.double_swiss.check import check_document

    return check_document(document, engine=engine).matches


def file_round_state(
    document: TrfDocument, number: int, sheet: TournamentSheet | None = None
) -> PairingState:
    """The state before round ``number`` of a played file, as the engine saw it then: the
    earlier rounds, that round's absences and byes, the first colour (``XXC``/152, else as
    round 1 shows it) and the number of rounds (``XXR``/142, else the file's own)."""
    sheet = sheet or document.to_sheet()
    state = PairingState.from_trf(document, number)
    if document.initial_color is None:
        state = replace(state, initial_color=_first_colour(sheet))
    if document.planned_rounds is None:
        state = replace(state, planned_rounds=sheet.rounds)
    return state


def _baku_from_192(document: TrfDocument) -> bool:
    """Whether the virtual points come from record 192 alone (none written out)."""
    return document.baku_stated and not document.acceleration and not document.acceleration_250


def _rank_agrees(file_rank: int, row: Standing) -> bool:
    """A file rank agrees with a shared place when it lies within it."""
    return row.rank <= file_rank <= row.rank_to


def _is_round_robin(document: TrfDocument, sheet: TournamentSheet) -> bool:
    """Named so in record 092/192, or every player meets every other."""
    kind = f"{document.header('092')} {document.header('192')}".lower()
    if "robin" in kind:
        return True
    players = len(sheet.players)
    if players <= 2:
        return False
    met = {
        frozenset((p.start_rank, e.opponent))
        for p in sheet.players
        for e in p.rounds
        if e.opponent is not None
    }
    # Every pair met is two players of the file (the reader refuses any other opponent), so
    # counting the pairs is enough: building every pair of 2,000 players (two million sets)
    # took most of checktrf's 588 MB.
    return len(met) == players * (players - 1) // 2


def _first_colour(sheet: TournamentSheet) -> Color:
    """The colour drawn for the top player, as round 1 shows it (files without XXC/152):
    that of the highest-ranked player who played round 1, who need not be number 1 (a bye
    or an absence in round 1). bbpPairings reads such files the same way."""
    for player in sorted(sheet.players, key=lambda p: p.start_rank):
        colour = player.entry(1).color
        if colour is not None:
            return colour
    return Color.WHITE


def _boards(pairing: Pairing) -> set[tuple[int, int]]:
    return {*pairing.pairs, *((rank, 0) for rank in pairing.byes)}


def _check_round(
    document: TrfDocument,
    sheet: TournamentSheet,
    number: int,
    round_robin: bool,
    meetings: int,
    engine: PairingEngine | None,
    explainer: SwissSystem | None,
) -> RoundFinding:
    recorded = file_pairing(sheet, number)
    boards = len(recorded.pairs) + len(recorded.byes)
    try:
        state = file_round_state(document, number, sheet)
    except PairingError as error:
        return RoundFinding(number, boards, errors=(str(error),))
    check = validate_round(state, recorded, meetings_allowed=meetings)
    errors, warnings = tuple(check.errors), tuple(check.warnings)
    if round_robin:
        return RoundFinding(number, boards, errors=errors, warnings=warnings)
    try:
        ours = pair_round(state, engine)
    except PairingError as error:
        return RoundFinding(
            number, boards, engine_error=str(error), errors=errors, warnings=warnings
        )
    in_file, by_engine = _boards(recorded), _boards(ours)
    explanation = ""
    if in_file != by_engine and explainer is not None:
        explanation = explainer.explain(state, recorded, ours).describe()
    return RoundFinding(
        number,
        boards,
        engine=ours,
        only_in_file=tuple(sorted(in_file - by_engine)),
        only_by_engine=tuple(sorted(by_engine - in_file)),
        errors=errors,
        warnings=warnings,
        explanation=explanation,
    )
