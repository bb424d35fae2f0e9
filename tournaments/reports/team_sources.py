"""A team event's reports from the database: its team sheet and team standings, built by
:mod:`tournaments.team_sheet` and :mod:`tournaments.scoring.teams.standings`, printed by the
tables of :mod:`tournaments.reports.team_tables` and :mod:`tournaments.reports.team_boards`.

The individual reports' sources (:mod:`tournaments.reports.sources`) hand a team event's
standings and crosstable to this module, so that the pages, the CSV downloads and the
printed reports of a team event show its teams. Each function runs a fixed number of queries.
"""

from __future__ import annotations

from dataclasses import replace

from tournaments.models import Tournament
from tournaments.reports.event import event_for_tournament
from tournaments.reports.tables import Order, Table
from tournaments.reports.team_boards import board_prizes_table
from tournaments.reports.team_pdf import TeamCrosstableReport, TeamTableReport
from tournaments.reports.team_tables import (
    ListedPlayer,
    ListedTeam,
    board_results_table,
    format_strength,
    team_crosstable,
    team_list_table,
    team_standings_table,
)
from tournaments.scoring.sheet import PlayerSheet
from tournaments.scoring.teams.sheet import TeamSheet
from tournaments.scoring.teams.standings import TeamStandings
from tournaments.selectors import tournament_sheet
from tournaments.services.teams import team_strengths
from tournaments.team_sheet import event_team_standings, rosters, team_sheet


def team_sheet_and_standings(
    tournament: Tournament, *, after_round: int | None = None
) -> tuple[TeamSheet, TeamStandings]:
    """The team sheet up to ``after_round`` and its standings by the event's primary score
    and team tie-breaks (C.07)."""
    sheet = team_sheet(tournament, after_round=after_round)
    standings = event_team_standings(tournament, sheet)
    return sheet, standings


def _players(tournament: Tournament) -> dict[int, PlayerSheet]:
    """The event's players by starting rank, with their names and ratings."""
    return {player.start_rank: player for player in tournament_sheet(tournament).players}


def team_standings_data(tournament: Tournament, *, after_round: int | None = None) -> Table:
    sheet, standings = team_sheet_and_standings(tournament, after_round=after_round)
    return team_standings_table(sheet, standings, planned_rounds=tournament.number_of_rounds)


def team_crosstable_data(
    tournament: Tournament, *, after_round: int | None = None, order: Order = "rank"
) -> Table:
    sheet, standings = team_sheet_and_standings(tournament, after_round=after_round)
    return team_crosstable(
        sheet, standings, order=order, planned_rounds=tournament.number_of_rounds
    )


def board_prizes_data(tournament: Tournament, *, after_round: int | None = None) -> Table:
    """Each board's players ranked by percentage (games over the board only), those with
    fewer games than the event's minimum (:meth:`Tournament.board_prize_minimum`) unranked."""
    sheet = team_sheet(tournament, after_round=after_round)
    return board_prizes_table(
        sheet,
        _players(tournament),
        min_games=tournament.board_prize_minimum(sheet.played_rounds),
        share=None if tournament.board_prize_min_games else tournament.board_prize_min_share,
    )


def board_results_data(tournament: Tournament, *, number: int) -> Table:
    """Round ``number``'s matches board by board."""
    sheet = team_sheet(tournament, after_round=number)
    return board_results_table(sheet, number, _players(tournament))


def team_list_data(tournament: Tournament) -> Table:
    """The teams as the teams page lists them: numbered teams first by number, each with
    its strength and its roster in board order."""
    strengths = team_strengths(tournament)
    roster = rosters(tournament)
    teams = sorted(tournament.teams.all(), key=lambda t: (t.number is None, t.number or 0, t.name))
    return team_list_table(
        [
            ListedTeam(
                number=team.number,
                name=team.name,
                federation=team.federation,
                captain=team.captain,
                strength=format_strength(strengths.get(team.pk)),
                players=tuple(
                    ListedPlayer(p.board_order, p.title, p.name, p.federation, p.rating_standard)
                    for p in roster.get(team.pk, [])
                ),
            )
            for team in teams
        ]
    )


def team_report(
    tournament: Tournament, table: Table, *, paper: str | None = None, wide: bool = False
) -> TeamTableReport:
    """A PDF of one of the team tables with the tournament's header; ``wide``: landscape,
    as a crosstable is."""
    event = replace(event_for_tournament(tournament), tiebreaks=())
    report = TeamCrosstableReport if wide else TeamTableReport
    return report(event, table, paper=paper)
