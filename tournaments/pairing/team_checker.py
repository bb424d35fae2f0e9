"""The checker of a team event's TRF file (``checktrf`` on a file with team records).

A file is a team event when it has team records, 310 (TRF-2026) or 013 (TRF16):
:func:`is_team_document` is the one place that decides. Its rounds are checked by the
event's system:

* a team Swiss (C.04.6): every round re-paired by the team Swiss engine with the options of
  record 192 (``FIDE_TEAM_...``), validated against the absolute rules, each difference
  explained by article (:mod:`tournaments.pairing.team_swiss.check`);
* a team round robin: every round against the Berger table (C.05 Annex 1,
  :mod:`tournaments.pairing.teams_berger`).

Record 192 (or 092's words, or ``system``) says which; without either a file in which every
team meets every other is a round robin. Then each team's match and game points (record 310)
against what its games add up to, each player's points column against his results, and each
team's rank (310) against the standings by the primary score and the file's team tie-break
list (record 202, e.g. ``MP, GP, EMMSB``; else ``tiebreaks``), C.07, as
:func:`tournaments.scoring.teams.standings.team_standings` ranks them.

Framework-free.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from fractions import Fraction

from tournaments.pairing.checker import CheckInputError, RoundFinding, file_tiebreaks
from tournaments.pairing.team_swiss.check import check_team_document
from tournaments.pairing.team_swiss.system_code import read_record_192
from tournaments.pairing.teams_berger import check_team_round_robin
from tournaments.scoring.standings import format_points
from tournaments.scoring.teams.points import team_results, totals
from tournaments.scoring.teams.sheet import TeamSheet
from tournaments.scoring.teams.standings import team_standings
from tournaments.scoring.teams.tiebreaks import (
    TeamTieBreakSettings,
    TeamTieBreakSpec,
    Value,
    parse_team_tiebreak,
)
from tournaments.scoring.tiebreaks import TieBreakError
from tournaments.trf import TrfDocument
from tournaments.trf.errors import TrfError
from tournaments.trf.team_sheet import read_team_sheet
from tournaments.trf.teams import parse_013, parse_310, team_records

TEAM_SWISS, TEAM_ROUND_ROBIN = "team_swiss", "team_round_robin"
TEAM_SYSTEMS = (TEAM_SWISS, TEAM_ROUND_ROBIN)
"""The systems a team file is checked by (``checktrf --system``)."""
TEAM_RECORDS = frozenset({"310", "013"})
TEAM_SWISS_FROM = date(2026, 2, 1)
"""C.04.6, the FIDE Swiss Team Pairing System, applies to events from this date."""


def is_team_document(document: TrfDocument) -> bool:
    """Whether ``document`` is a team event: it has a team record (310 or 013)."""
    return any(record.code in TEAM_RECORDS for record in document.records)


@dataclass(frozen=True)
class TeamFinding:
    """A team whose record 310 disagrees with its games or with the standings."""

    team: int
    name: str
    file_rank: int | None
    place: tuple[int, int]
    """The computed place, first and last when shared."""
    file_points: tuple[Fraction | None, Fraction | None]
    """Match and game points as record 310 states them."""
    points: tuple[Fraction, Fraction]
    """Match and game points as the games add up."""
    values: tuple[tuple[str, Value], ...]

    def describe(self) -> str:
        parts = []
        scores = zip(("match", "game"), self.file_points, self.points, strict=True)
        for label, stated, counted in scores:
            if stated is not None and stated != counted:
                parts.append(
                    f"file {label} points {format_points(stated)}, "
                    f"its games add up to {format_points(counted)}"
                )
        if self.file_rank is not None and not rank_agrees(self.file_rank, self.place):
            first, last = self.place
            place = f"{first}" if first == last else f"{first}-{last}"
            values = ", ".join(f"{name} {_shown(value)}" for name, value in self.values)
            parts.append(f"file rank {self.file_rank}, computed {place} ({values})")
        return f"team {self.team} {self.name}: " + "; ".join(parts)


@dataclass(frozen=True)
class PlayerPointsFinding:
    """A player line whose points column is not what its results add up to."""

    start_rank: int
    name: str
    file_points: Fraction
    line_points: Fraction

    def describe(self) -> str:
        return (
            f"player {self.start_rank} {self.name}: file points "
            f"{format_points(self.file_points)}, its results add up to "
            f"{format_points(self.line_points)}"
        )


@dataclass(frozen=True)
class TeamTrfCheck:
    rounds: tuple[RoundFinding, ...]
    system: str
    """:data:`TEAM_SWISS` or :data:`TEAM_ROUND_ROBIN`."""
    primary: str
    tiebreaks: tuple[TeamTieBreakSpec, ...]
    tiebreak_source: str
    teams: tuple[TeamFinding, ...]
    players: tuple[PlayerPointsFinding, ...]
    ranked: int
    """How many teams the file gives a rank (310)."""
    team_numbers: tuple[int, ...]
    notes: tuple[str, ...] = ()

    @property
    def has_findings(self) -> bool:
        return bool(self.teams or self.players) or any(r.has_findings for r in self.rounds)

    def standings_lines(self) -> list[str]:
        """The report's summary: the teams' points and ranks, the players' points."""
        names = ", ".join([self.primary, *(spec.name for spec in self.tiebreaks)])
        heading = f"Team standings ({names}; tie-breaks from {self.tiebreak_source})"
        if self.ranked:
            heading += f": {len(self.teams)} of {len(self.team_numbers)} teams disagree"
        else:
            heading += ": the file gives no team ranks; match and game points checked"
            heading += f", {len(self.teams)} teams disagree" if self.teams else ""
        lines = [heading, *(f"  {finding.describe()}" for finding in self.teams)]
        lines.append(f"Player points: {len(self.players)} player lines disagree with their results")
        lines += [f"  {finding.describe()}" for finding in self.players]
        return lines


def check_team_trf(
    document: TrfDocument,
    *,
    tiebreaks: Sequence[str] | None = None,
    system: str | None = None,
) -> TeamTrfCheck:
    """Check the rounds, the points and the ranks of a team file. Raises
    :class:`CheckInputError` for a file that cannot be read as a team event or an unknown
    tie-break."""
    sheet = read_team_file(document)
    chosen = team_system(document, sheet, system)
    options = read_record_192(document.header("192"))
    primary = options.primary.value if options else "MP"
    listed, source = file_tiebreaks(document), "record 202"
    if not listed:
        listed, source = list(tiebreaks or ()), "--tiebreaks" if tiebreaks else "none"
    try:
        specs = tuple(parse_team_tiebreak(text) for text in listed)
    except TieBreakError as error:
        raise CheckInputError(f"{source}: {error}") from None
    if chosen == TEAM_SWISS:
        rounds = check_team_document(document).rounds
        notes = [f"a team Swiss (C.04.6), rounds re-paired with {primary} as the primary score"]
        if document.start_date is not None and document.start_date < TEAM_SWISS_FROM:
            notes.append(
                f"the event began on {document.start_date:%Y-%m-%d}, before C.04.6 applied "
                f"({TEAM_SWISS_FROM:%Y-%m-%d}): it was paired by other rules"
            )
    else:
        robin = check_team_round_robin(sheet)
        rounds = robin.rounds
        kind = "double round robin" if robin.double else "round robin"
        order = ", the first cycle's last two rounds swapped" if robin.swapped else ""
        notes = [f"a team {kind}, rounds checked against the Berger table{order}"]
    settings = TeamTieBreakSettings(primary=primary, round_robin=chosen == TEAM_ROUND_ROBIN)
    return TeamTrfCheck(
        rounds=rounds,
        system=chosen,
        primary=primary,
        tiebreaks=specs,
        tiebreak_source=source,
        teams=team_findings(document, sheet, specs, settings),
        players=player_findings(document),
        ranked=sum(1 for line in team_records(document).teams if line.rank),
        team_numbers=tuple(team.number for team in sheet.teams),
        notes=tuple(notes),
    )


def read_team_file(document: TrfDocument) -> TeamSheet:
    """The file's team sheet; a roster naming a player the file does not have, or a record
    the reader refuses, is bad input naming the line."""
    players = {line.start_rank for line in document.players}
    rostered: dict[int, int] = {}
    numbers: set[int] = set()
    # The team reader takes the 013 records only when the file has no 310.
    code = "310" if any(record.code == "310" for record in document.records) else "013"
    for record in document.records:
        if record.code != code:
            continue
        try:
            number, roster = _roster(record.code, record.text)
        except TrfError as error:
            raise CheckInputError(f"line {record.line}: {error}") from None
        where = f"line {record.line}: record {record.code}"
        if number and number in numbers:
            raise CheckInputError(f"{where}: a second team with pairing number {number}")
        numbers.add(number)
        missing = [p for p in roster if p not in players]
        if missing:
            who = ", ".join(str(p) for p in missing)
            raise CheckInputError(f"{where} names player {who}, who has no player line (001)")
        for player in roster:
            if player in rostered:
                raise CheckInputError(
                    f"{where} names player {player}, already on the roster of line "
                    f"{rostered[player]}"
                )
            rostered[player] = record.line
    try:
        return read_team_sheet(document)
    except TrfError as error:
        raise CheckInputError(str(error)) from None


def _roster(code: str, text: str) -> tuple[int, tuple[int, ...]]:
    """The team's number (0 for a 013, numbered by its order) and its players."""
    line = parse_310(text) if code == "310" else parse_013(text, 0)
    return line.number, tuple(p for p in line.players if p)


def team_system(document: TrfDocument, sheet: TeamSheet, system: str | None) -> str:
    """``system`` when given; else a round robin when record 192/092 says so or every team
    meets every other, else a team Swiss."""
    if system is not None:
        if system not in TEAM_SYSTEMS:
            raise CheckInputError(
                f"this is a team event (records 310/013): check it as {' or '.join(TEAM_SYSTEMS)}, "
                f"not {system}"
            )
        return system
    if read_record_192(document.header("192")) is not None:
        return TEAM_SWISS
    if sheet.round_robin is not None:
        return TEAM_ROUND_ROBIN if sheet.round_robin else TEAM_SWISS
    met = {frozenset((m.team_a, m.team_b)) for r in sheet.each_round() for m in r.matches}
    teams = len(sheet.teams)
    return TEAM_ROUND_ROBIN if teams > 2 and len(met) == teams * (teams - 1) // 2 else TEAM_SWISS


def player_findings(document: TrfDocument) -> tuple[PlayerPointsFinding, ...]:
    """Player lines whose points column disagrees with their results (byes included)."""
    system = document.point_system
    findings = []
    for line in sorted(document.players, key=lambda p: p.start_rank):
        total = document.player_points(line, system)
        if line.points is not None and line.points != total:
            findings.append(PlayerPointsFinding(line.start_rank, line.name, line.points, total))
    return tuple(findings)


def team_findings(
    document: TrfDocument,
    sheet: TeamSheet,
    specs: Sequence[TeamTieBreakSpec],
    settings: TeamTieBreakSettings,
) -> tuple[TeamFinding, ...]:
    """Teams whose 310 points or rank disagree with the games and the standings."""
    match_points, game_points = totals(team_results(sheet))
    standings = team_standings(
        sheet,
        primary=settings.primary,
        tiebreaks=specs,
        regulations=settings.regulations,
        round_robin=settings.round_robin,
    )
    places = standings.places()
    findings = []
    for line in team_records(document).teams:
        number = line.number
        counted = (match_points.get(number, Fraction(0)), game_points.get(number, Fraction(0)))
        stated = (line.match_points, line.game_points)
        wrong_points = any(s is not None and s != c for s, c in zip(stated, counted, strict=True))
        wrong_rank = line.rank is not None and not rank_agrees(line.rank, places[number])
        if wrong_points or wrong_rank:
            findings.append(
                TeamFinding(
                    number,
                    line.name,
                    line.rank,
                    places[number],
                    stated,
                    counted,
                    standings.deciding_values(number),
                )
            )
    return tuple(findings)


def rank_agrees(file_rank: int, place: tuple[int, int]) -> bool:
    """A file rank agrees with a shared place when it lies within it."""
    return place[0] <= file_rank <= place[1]


def _shown(value: Value) -> str:
    return "-" if value is None else format_points(value)
