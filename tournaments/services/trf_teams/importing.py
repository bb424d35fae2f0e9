"""A team file imported as a team event: the tournament and its settings, the players, the
teams with their rosters, and every round's matches, line-ups and boards, in one transaction.

Records used: 352 (the boards and team A's colour on each, C.04.6 1.6), 362 (match points),
320 (the pairing-allocated bye, its points and who had it), 330 (matches forfeited whole), 300
(line-ups out of the roster's order or with an empty board), 240 (team byes), 310 or TRF16's 013
(the teams, their pairing numbers and rosters in board order), 192 (team Swiss options or a
round robin) and 202 (team tie-breaks). Each board is an ordinary board of the round with its
match and its board in the match; a board the other team left empty is a bye ``win`` of the
player present (TRF ``0000 - +``). Byes of rounds beyond the last paired one are requests.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.models import (
    InitialColor,
    Player,
    Round,
    Team,
    TeamAbsence,
    TeamPrimaryScore,
    Tournament,
    TournamentLog,
)
from tournaments.models.tournament import ENGINE_COLOUR_PREFERENCES
from tournaments.pairing.team_swiss.system_code import TeamSwissOptions, read_record_192
from tournaments.pairing.teams_berger import check_team_round_robin
from tournaments.scoring.sheet import Color
from tournaments.scoring.teams.points import team_results, totals
from tournaments.scoring.teams.sheet import ByeKind as SheetBye
from tournaments.scoring.teams.sheet import TeamSheet
from tournaments.trf import TrfDocument
from tournaments.trf.teams import team_records

from ..audit import log_event, log_round_breaking_rules
from ..configuration import create_tournament, tiebreak_problems
from ..errors import raise_if
from ..trf_exchange.header import (
    _POINT_NAMES,
    _decimal,
    _rating_method,
    _tiebreak_tokens,
    _variant,
    document_event_fields,
    unknown_type_code,
)
from ..trf_exchange.importing import _keep_source
from ..trf_exchange.players import _player, _store_checked
from ..trf_exchange.records import _apply_round_dates, _unused_records
from ..trf_exchange.rounds import _breach_question
from ..warnings import Level, cautions, require_confirmation
from .checks import (
    board_problems,
    event_system,
    initial_colour,
    read_team_event,
    round_breaches,
    swiss_options,
)
from .rounds import last_paired_round, store_team_rounds

APPLIED = frozenset({"310", "013", "300", "320", "330", "352", "362"})
"""The team records the import applies (240 is applied with the individual records)."""

_REQUESTS = {SheetBye.FULL: "full", SheetBye.HALF: "half", SheetBye.ZERO: "zero"}


@transaction.atomic
def import_team_event(
    document: TrfDocument,
    *,
    user: AbstractBaseUser | None = None,
    filename: str = "",
    confirm: str = "",
) -> Tournament:
    """A new team event from a team file (records 310 or 013); nothing is stored when the
    file is refused, and a round breaking the pairing rules asks the same L3 confirmation as
    an individual file's (``confirm``)."""
    sheet = read_team_event(document, filename)
    raise_if(board_problems(document, sheet))
    system = event_system(document, sheet)
    breaches = round_breaches(document, sheet, system)
    require_confirmation(
        cautions(Level.CONFIRM, [_breach_question(n, problems) for n, problems in breaches]),
        confirm,
        action="import-trf",
    )
    warnings = list(document.warnings)
    code = document.header("192")
    warnings += unknown_type_code(
        document, read_record_192(code) is not None or "ROBIN" in code.upper()
    )
    tournament, applied = _create_event(document, sheet, system, filename, user, warnings)
    teams = _store_teams(tournament, sheet, document)
    players = _store_players(tournament, document, sheet, teams, warnings)
    store_team_rounds(tournament, document, sheet, teams, players, user)
    warnings += _unpaired_in_trf16(document, sheet)
    warnings += _store_requests(tournament, document, sheet, teams)
    notes, dated = _apply_round_dates(tournament, document, players)
    warnings += notes + _points_notes(document, sheet) + _acceleration_notes(document, system)
    warnings += _unused_records(document, applied | APPLIED | dated)
    log_event(
        tournament,
        TournamentLog.Kind.IMPORT,
        gettext_lazy(
            "Imported %(file)s: a team event of %(teams)s teams, %(players)s players, "
            "%(rounds)s rounds."
        ),
        params={
            "file": filename or "TRF",
            "teams": len(teams),
            "players": len(players),
            "rounds": last_paired_round(sheet, document),
        },
        user=user,
        round_number=last_paired_round(sheet, document) or None,
        reason="\n".join(warnings),
    )
    for comment in document.comments:
        log_event(tournament, TournamentLog.Kind.IMPORT, comment, user=user)
    _keep_source(tournament, document, players, filename)
    _log_breaches(tournament, document, breaches, user)
    return tournament


def _create_event(
    document: TrfDocument,
    sheet: TeamSheet,
    system: str,
    filename: str,
    user: AbstractBaseUser | None,
    warnings: list[str],
) -> tuple[Tournament, set[str]]:
    """The tournament with the file's settings, and the records they used."""
    points = document.to_sheet().points
    match_points = sheet.match_points
    tiebreaks, applied = _team_tiebreaks(document, warnings)
    robin = check_team_round_robin(sheet) if system != "team_swiss" else None
    tournament = create_tournament(
        **document_event_fields(document, filename, warnings),
        system=system,
        number_of_rounds=max(document.planned_rounds or 0, sheet.played_rounds, 1),
        user=user,
        tiebreaks=tiebreaks,
        rating_method=_rating_method(document),
        variant=_variant(document),
        initial_color=_initial_color(document, sheet, system),
        boards_per_match=sheet.boards,
        board_colors=team_records(document).colors,
        match_points_win=_decimal(match_points.win),
        match_points_draw=_decimal(match_points.draw),
        match_points_loss=_decimal(match_points.loss),
        team_bye_match_points=_optional(match_points.pairing_bye),
        team_bye_game_points=_optional(match_points.pairing_bye_game_points),
        **_swiss_settings(document, system),
        reverse_last_two_rounds=bool(robin and robin.double and robin.swapped),
        **{f"points_{name}": _decimal(getattr(points, name)) for name in _POINT_NAMES},
    )
    return tournament, applied


def _optional(value: Fraction | None) -> object:
    return None if value is None else _decimal(value)


def _initial_color(document: TrfDocument, sheet: TeamSheet, system: str) -> str:
    """A team Swiss's initial-colour: record 152/``XXC``, else what round 1 shows (so that
    the next rounds are paired as the first were); blank (drawn by lot) before round 1."""
    if system != "team_swiss" or not sheet.played_rounds:
        colour = document.initial_color
        if colour is None:
            return ""
    else:
        colour = initial_colour(document, sheet)
    return InitialColor.WHITE if colour is Color.WHITE else InitialColor.BLACK


def _swiss_settings(document: TrfDocument, system: str) -> dict[str, object]:
    """The settings record 192 states of a team Swiss (``FIDE_TEAM_<pref>_<scores>``):
    the primary score, the colour preference type (none when the code names neither type)
    and whether the other score decides the first team (C.04.6 1.2, 1.7, 4.2); without a
    code, or for a round robin, type A and match points first, the other score deciding."""
    options = swiss_options(document) if system == "team_swiss" else TeamSwissOptions()
    return {
        "team_primary_score": TeamPrimaryScore(options.primary.value),
        "team_colour_preferences": next(
            k for k, v in ENGINE_COLOUR_PREFERENCES.items() if v is options.preferences
        ),
        "team_colours_by_other_score": options.secondary_for_colours,
    }


def _acceleration_notes(document: TrfDocument, system: str) -> list[str]:
    """Record 192's Baku acceleration (``…_BAKU``), which a team event here does not
    apply (``checktrf`` does); records 250 are reported with the records not used."""
    if system != "team_swiss" or not swiss_options(document).baku:
        return []
    return [
        _(
            "record 192: %(code)s asks for the Baku acceleration (C.04.7), which a team event "
            "here does not apply: the rounds paired here get no virtual points"
        )
        % {"code": document.header("192").strip()}
    ]


def _team_tiebreaks(document: TrfDocument, warnings: list[str]) -> tuple[list[str], set[str]]:
    """Record 202's team tie-breaks (C.07), the primary score it may name first left out;
    one this application does not know is left out and reported. Record 212, the same list
    after the primary score, is written by the export from them."""
    tokens = _tiebreak_tokens(document.header("202"))
    if tokens and tokens[0].upper() in {"MP", "GP"}:
        tokens = tokens[1:]
    found = []
    for token in tokens:
        problems = tiebreak_problems([token], teams=True)
        if problems:
            warnings.append(_("record 202: %(error)s; left out") % {"error": problems[0]})
        else:
            found.append(token)
    return found, {"202", "212"} if found else set()


def _store_teams(
    tournament: Tournament, sheet: TeamSheet, document: TrfDocument
) -> dict[int, Team]:
    """The teams by pairing number; two teams of one name are refused, naming the lines."""
    lines = {record.line for record in document.records if record.code in {"310", "013"}}
    named: dict[str, int] = {}
    problems = []
    for team in sheet.teams:
        if team.name in named:
            problems.append(
                _("teams %(first)s and %(second)s are both named %(name)r (records %(lines)s)")
                % {
                    "first": named[team.name],
                    "second": team.number,
                    "name": team.name,
                    "lines": ", ".join(map(str, sorted(lines))),
                }
            )
        named[team.name] = team.number
    raise_if(problems)
    teams = Team.objects.bulk_create(
        Team(
            tournament=tournament,
            name=team.name or f"Team {team.number}",
            short_name=team.nickname[:20],
            number=team.number,
            strength=int(team.strength) if team.strength.isdigit() else None,
        )
        for team in sheet.teams
    )
    return {team.number or 0: team for team in teams}


def _store_players(
    tournament: Tournament,
    document: TrfDocument,
    sheet: TeamSheet,
    teams: Mapping[int, Team],
    warnings: list[str],
) -> dict[int, Player]:
    """Every player line, each rostered player on his team in board order. A player is in
    the event from round 1 to its end: the rounds he sat out as a reserve are no late entry,
    and a line that stops before the last round (a reserve who never played, or rested from
    some round on) no withdrawal, as it is in an individual file."""
    individual = document.to_sheet()
    lines = {player.start_rank: player.line for player in document.players}
    players = {p.start_rank: _player(tournament, p, warnings) for p in individual.players}
    for team in sheet.teams:
        for order, rank in enumerate(team.roster, start=1):
            player = players[rank]
            player.team, player.board_order, player.first_round = teams[team.number], order, 1
            player.status, player.withdrawn_after_round = Player.Status.ACTIVE, None
    _store_checked(players, lines)
    return players


def _store_requests(
    tournament: Tournament, document: TrfDocument, sheet: TeamSheet, teams: Mapping[int, Team]
) -> list[str]:
    """Byes (records 240) of the rounds after the last paired one: requests for those rounds;
    a pairing-allocated bye there (320) is kept for the export only."""
    notes = []
    requests = []
    for number in range(last_paired_round(sheet, document) + 1, sheet.played_rounds + 1):
        for bye in sheet.round(number).byes:
            if bye.kind in _REQUESTS:
                requests.append(
                    TeamAbsence(team=teams[bye.team], round_number=number, kind=_REQUESTS[bye.kind])
                )
            else:
                notes.append(
                    _(
                        "record 320: team %(team)s has the pairing-allocated bye of round "
                        "%(round)s, which is not paired yet; kept for the export, not used"
                    )
                    % {"team": bye.team, "round": number}
                )
    TeamAbsence.objects.bulk_create(requests)
    return notes


def _unpaired_in_trf16(document: TrfDocument, sheet: TeamSheet) -> list[str]:
    """Each team of a TRF16 file (records 013, no 310) that has neither a match nor a bye in
    a round paired: TRF16 has no record for a team's bye or a match forfeited whole, so a
    team that had one is stored without it and scores nothing in the round (the export of a
    team event names each one it leaves out)."""
    if any(record.code == "310" for record in document.records):
        return []
    names = {team.number: team.name for team in sheet.teams}
    notes = []
    for number in range(1, last_paired_round(sheet, document) + 1):
        team_round = sheet.round(number)
        present = {bye.team for bye in team_round.byes}
        present |= {team for match in team_round.matches for team in (match.team_a, match.team_b)}
        notes += [
            _(
                "round %(round)s: team %(team)s (%(name)s) has neither a match nor a bye in the "
                "file; TRF16 has no record for a team's bye or a match forfeited whole "
                "(TRF-2026 records 320, 240 and 330), so the team scores nothing in the round"
            )
            % {"round": number, "team": team, "name": names[team]}
            for team in sorted(set(names) - present)
        ]
    return notes


def _points_notes(document: TrfDocument, sheet: TeamSheet) -> list[str]:
    """Teams whose record 310 states other points than their matches give: the event keeps
    the matches' points."""
    match_points, game_points = totals(team_results(sheet))
    notes = []
    for line in team_records(document).teams:
        counted = (
            match_points.get(line.number, Fraction(0)),
            game_points.get(line.number, Fraction(0)),
        )
        for stated, points, label in (
            (line.match_points, counted[0], _("match points")),
            (line.game_points, counted[1], _("game points")),
        ):
            if stated is not None and stated != points:
                notes.append(
                    _(
                        "record 310: team %(team)s states %(stated)s %(what)s, its matches give "
                        "%(counted)s; the matches' points are used"
                    )
                    % {"team": line.number, "stated": stated, "what": label, "counted": points}
                )
    return notes


def _log_breaches(
    tournament: Tournament,
    document: TrfDocument,
    breaches: list[tuple[int, list[str]]],
    user: AbstractBaseUser | None,
) -> None:
    """Each confirmed round that breaks the pairing rules, as ``### Import @ Round n``."""
    commented = {
        comment.split(":", 1)[0].strip()
        for comment in document.comments
        if comment.startswith("Import @ Round ")
    }
    for number, problems in breaches:
        if f"Import @ Round {number}" in commented:
            continue
        log_round_breaking_rules(
            tournament, number, Round.PairedBy.IMPORT.label, problems, user=user
        )
