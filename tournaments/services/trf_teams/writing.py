"""A team event written as TRF: the player section the individual export writes (every board
a game in its players' round blocks, a board the other team left empty ``0000 - +``), then the
team records.

TRF-2026: records 192 (the team Swiss's options, ``FIDE_TEAM_…``, or a round robin), 352 (team
A's colour by board), 362 (match points, when not 2 / 1 / 0) and 202/212 (the team tie-breaks)
among the headers; after the players, :func:`~tournaments.trf.team_sheet.team_record_lines`
of the team sheet the models give (310 with match points, game points and rank, 320, 240,
330, 300) and a record 240 for each bye asked for a round not yet paired. TRF16 has only the
teams and their rosters: a record 013 each, in pairing-number order; what it cannot hold of
the rounds, a team's bye and a match forfeited whole, :func:`trf16_losses` names.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from django.db.models import Max, Q
from django.utils.translation import gettext as _

from tournaments.models import Match, PairingSystem, TeamAbsence, TeamByeKind, Tournament
from tournaments.pairing.team_swiss.system_code import record_192
from tournaments.scoring.teams.sheet import TeamSheet
from tournaments.team_sheet import event_team_standings, team_sheet
from tournaments.trf import TrfDocument, TrfError, TrfRecord, write_trf
from tournaments.trf.team_sheet import team_record_lines
from tournaments.trf.teams import (
    IdList,
    TeamLine,
    TeamScoring,
    format_013,
    format_240,
    format_310,
    format_362,
    parse_310,
)

from ..errors import TournamentError
from ..trf_exchange.exporting import _header_records, _with_games_awaiting_results

TEAM_HEADERS = frozenset({"192", "202", "212", "240"})
"""Header records the individual export writes for players that a team event writes for
its teams."""

ROUND_ROBIN_192 = "FIDE_TEAM_ROUNDROBIN"

_REQUEST_LETTERS = {
    TeamByeKind.FULL_POINT: "F",
    TeamByeKind.HALF_POINT: "H",
    TeamByeKind.ZERO_POINT: "Z",
}


def team_application_text(
    tournament: Tournament, version: int, comments: list[str], source: str | None
) -> str:
    """The team event as the application writes it (``source``: the imported file's text,
    whose own 192 is written back by the merge)."""
    sheet = _with_games_awaiting_results(tournament)
    records = [
        record
        for record in _header_records(tournament, sheet, version, source)
        if record.code not in TEAM_HEADERS
    ]
    teams = _teams(tournament)
    if version == 2026:
        records += _team_headers(tournament, teams, source)
    records += [TrfRecord(text) for text in comments]
    try:
        document = TrfDocument.from_sheet(sheet, records=records)
        lines = _team_lines(tournament, teams) if version == 2026 else _lines_013(teams)
        entries = (*document.entries, *(TrfRecord(line) for line in lines))
        return write_trf(TrfDocument(entries=entries), version=version)
    except TrfError as error:
        raise TournamentError(str(error)) from None


def _teams(tournament: Tournament) -> TeamSheet:
    """The team sheet of the models, each team with its set strength (record 310's strength
    factor)."""
    sheet = team_sheet(tournament)
    strengths = dict(tournament.teams.values_list("number", "strength"))
    return replace(
        sheet,
        teams=[
            replace(team, strength=str(strengths.get(team.number) or "")) for team in sheet.teams
        ],
    )


def _team_headers(tournament: Tournament, sheet: TeamSheet, source: str | None) -> list[TrfRecord]:
    records = []
    if source is None:
        records.append(TrfRecord(f"192 {_record_192(tournament)}"))
    boards = sheet.boards
    records.append(TrfRecord("352 " + (sheet.colors or ("WB" * boards)[:boards])))
    system = sheet.match_points
    if (system.win, system.draw, system.loss) != (Fraction(2), Fraction(1), Fraction(0)):
        records.append(TrfRecord(format_362(TeamScoring(system.win, system.draw, system.loss))))
    if tournament.tiebreaks:
        records.append(TrfRecord("202 " + " ".join(tournament.tiebreaks)))
        primary = tournament.team_primary_score
        records.append(TrfRecord(f"212 {primary} " + " ".join(tournament.tiebreaks)))
    return records


def _record_192(tournament: Tournament) -> str:
    """A team Swiss paired here: the event's colour preference type (``TYPEA``, ``TYPEB``,
    absent for none), its primary score and, when it decides the first team, the other score
    (C.04.6 1.7, 4.2), as the engine pairs it."""
    if tournament.system != PairingSystem.TEAM_SWISS:
        return ROUND_ROBIN_192
    return record_192(tournament.team_swiss_options)


def _team_lines(tournament: Tournament, sheet: TeamSheet) -> list[str]:
    lines = _ranked(tournament, sheet, team_record_lines(sheet))
    absences = TeamAbsence.objects.filter(
        team__tournament=tournament,
        round_number__gt=sheet.played_rounds,
        team__number__isnull=False,
    ).values_list("round_number", "kind", "team__number")
    grouped: dict[tuple[int, str], list[int]] = {}
    for number, kind, team in absences:
        grouped.setdefault((number, _REQUEST_LETTERS[TeamByeKind(kind)]), []).append(team)
    lines += [
        format_240(IdList("240", number, tuple(sorted(teams)), letter))
        for (number, letter), teams in sorted(grouped.items())
    ]
    return lines


def _ranked(tournament: Tournament, sheet: TeamSheet, lines: list[str]) -> list[str]:
    """Records 310 with each team's place in the published standings, by the event's primary
    score and tie-breaks (C.07): teams the standings leave level share their first place
    (TRF-2026 record 310: the team rank is not unique, ties allowed), as the standings page,
    its PDF and the API show them; nothing the event does not rank by (game points after
    match points, when no tie-break names them) splits them."""
    places = event_team_standings(tournament, sheet).places()
    ranked = []
    for line in lines:
        if line.startswith("310"):
            team: TeamLine = parse_310(line)
            line = format_310(replace(team, rank=places[team.number][0]))
        ranked.append(line)
    return ranked


def _lines_013(sheet: TeamSheet) -> list[str]:
    """TRF16's team records: name and roster, in pairing-number order."""
    return [
        format_013(TeamLine(team.number, team.name, team.roster, legacy=True))
        for team in sorted(sheet.teams, key=lambda t: t.number)
    ]


def trf16_losses(tournament: Tournament) -> list[str]:
    """What a team event's TRF16 cannot hold, one item each: its team byes (TRF-2026 records
    320 and 240, also those asked for rounds to come) and its matches forfeited whole (330).
    TRF16 has the teams and their rosters only (013); a bye or a forfeited match puts nothing
    in the players' cells, so the file imported again has the team scoring nothing that round.
    The standings page lists them beside the TRF16 download, the export as ``###`` comments."""
    items = []
    rows = (
        Match.objects.filter(round__tournament=tournament)
        .filter(~Q(bye="") | ~Q(forfeit=""))
        .select_related("round", "team_a", "team_b")
        .order_by("round__number", "table")
    )
    for match in rows:
        where = {"round": match.round.number, "team": match.team_a.name}
        if match.bye:
            record = "320" if match.bye == TeamByeKind.PAIRING_ALLOCATED else "240"
            items.append(
                _("round %(round)s, %(team)s: %(bye)s (record %(record)s)")
                % {**where, "bye": TeamByeKind(match.bye).label, "record": record}
            )
        elif match.team_b is not None:
            items.append(
                _("round %(round)s, %(team)s – %(other)s: forfeit %(forfeit)s (record 330)")
                % {**where, "other": match.team_b.name, "forfeit": match.forfeit}
            )
    paired = tournament.rounds.aggregate(last=Max("number"))["last"] or 0
    for absence in (
        TeamAbsence.objects.filter(team__tournament=tournament, round_number__gt=paired)
        .select_related("team")
        .order_by("round_number", "team__number")
    ):
        items.append(
            _("round %(round)s, %(team)s: %(bye)s asked for (record 240)")
            % {
                "round": absence.round_number,
                "team": absence.team.name,
                "bye": TeamByeKind(absence.kind).label,
            }
        )
    return items
