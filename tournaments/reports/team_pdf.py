"""The printed reports of a team event: each one a :class:`TableReport` of a
:mod:`tournaments.reports.team_tables` table, so that paper, screen and CSV say the same.

The lines that head a group (a match in the board results, a board in the board prizes) are
shaded; the crosstable is printed landscape (a Swiss's rounds, a round robin's grid are wide).
The team tie-breaks are described in the table's notes, under it, not in the page header
(the header's legend describes individual tie-breaks).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

from reportlab.lib import colors
from reportlab.lib.pagesizes import landscape
from reportlab.platypus import Flowable
from reportlab.platypus import Table as PdfTable

from tournaments.reports.event import ReportEvent
from tournaments.reports.pdf import PAPERS, TableReport
from tournaments.reports.team_boards import board_prizes_table
from tournaments.reports.team_tables import (
    HEADING,
    Order,
    TeamPlayer,
    board_results_table,
    team_crosstable,
    team_standings_table,
)
from tournaments.scoring.teams.sheet import TeamSheet
from tournaments.scoring.teams.standings import TeamStandings

HEADING_SHADE = colors.HexColor("#cfd8e3")


class TeamTableReport(TableReport):
    """A team table on paper; ``landscape`` forces a landscape page."""

    landscape: ClassVar[bool] = False

    @property
    def legend(self) -> str:
        return ""

    def pagesize(self) -> tuple[float, float]:
        if self.landscape:
            width, height = landscape(PAPERS[self.paper_name])
            return float(width), float(height)
        return super().pagesize()

    def flowables(self, width: float) -> list[Flowable]:
        flowables = super().flowables(width)
        table = flowables[0]
        assert isinstance(table, PdfTable)
        shaded = [
            ("BACKGROUND", (0, line), (-1, line), HEADING_SHADE)
            for line, row in enumerate(self.table.rows, start=1)
            if row and row[0].style == HEADING
        ]
        if shaded:
            table.setStyle(shaded)
        return flowables


class TeamCrosstableReport(TeamTableReport):
    landscape = True


def event_for_team_sheet(sheet: TeamSheet, **facts: Any) -> ReportEvent:
    """The page header of a team sheet: its name and start date, and any ``facts`` of
    :class:`ReportEvent` (place, chief arbiter, system...)."""
    return ReportEvent(name=sheet.name, start_date=sheet.start_date, **facts)


def team_standings_report(
    event: ReportEvent,
    sheet: TeamSheet,
    standings: TeamStandings,
    *,
    planned_rounds: int | None = None,
    paper: str | None = None,
) -> TeamTableReport:
    table = team_standings_table(sheet, standings, planned_rounds=planned_rounds)
    return TeamTableReport(event, table, paper=paper)


def team_crosstable_report(
    event: ReportEvent,
    sheet: TeamSheet,
    standings: TeamStandings,
    *,
    order: Order = "rank",
    planned_rounds: int | None = None,
    paper: str | None = None,
) -> TeamCrosstableReport:
    table = team_crosstable(sheet, standings, order=order, planned_rounds=planned_rounds)
    return TeamCrosstableReport(event, table, paper=paper)


def board_results_report(
    event: ReportEvent,
    sheet: TeamSheet,
    round_number: int,
    players: Mapping[int, TeamPlayer],
    *,
    paper: str | None = None,
) -> TeamTableReport:
    return TeamTableReport(event, board_results_table(sheet, round_number, players), paper=paper)


def board_prizes_report(
    event: ReportEvent,
    sheet: TeamSheet,
    players: Mapping[int, TeamPlayer],
    *,
    min_games: int | None = None,
    paper: str | None = None,
) -> TeamTableReport:
    table = board_prizes_table(sheet, players, min_games=min_games)
    return TeamTableReport(event, table, paper=paper)
