"""The PDF reports whose drawing grows with the field, by name: how each is drawn and who may
read it.

An event of up to ``REPORT_JOB_PLAYERS`` players has them drawn in the request; a larger one
by a background job (:func:`tournaments.jobs.start_report_job`), once per tournament version,
its file then served at once. Putting a report on that path is one entry in
:data:`PRINTED_REPORTS`. The forms that stay one page whatever the field (a blank scoresheet,
a sealed-move envelope) and the incident report (as long as the incidents recorded, not the
field) are drawn in the request at any size.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournaments.caching import cached_table
from tournaments.models import Round, Tournament
from tournaments.permissions import Action
from tournaments.reports.event import event_for_tournament
from tournaments.reports.forms import ResultSheetReport, ScoresheetForm
from tournaments.reports.pdf import PdfReport
from tournaments.reports.sources import (
    LARGE_PRINT,
    crosstable_data,
    pairings_data,
    round_boards,
    scoresheet_headings,
    standings_data,
    starting_list_data,
    table_report,
)
from tournaments.reports.team_sources import (
    board_prizes_data,
    board_results_data,
    team_list_data,
    team_report,
)


@dataclass(frozen=True)
class PrintedReport:
    """A PDF report a large event has drawn by a job."""

    draw: Callable[..., PdfReport]
    """``draw(tournament, paper=…, **options)``: the report of the tournament as it is now
    (options are JSON values: they are kept with the job)."""
    label: Any
    """What the job's page calls it: a lazy translation, formatted with the options."""
    readers: Action = Action.VIEW
    """Who may read it: whoever may view the tournament, or only those who may follow it
    (its page's view lets them in, its job's page and file the same)."""
    round_option: str = ""
    """The option naming the (last) round the report shows, if any: a report showing a
    draft round is its arbiters' only, as the draft is."""

    def readers_of(self, tournament: Tournament, options: dict[str, Any]) -> Action:
        """Who may read the report drawn with ``options`` of the tournament as it is now."""
        if self.readers == Action.VIEW and self.round_option:
            drafts = tournament.rounds.filter(status=Round.Status.DRAFT)
            last = options.get(self.round_option)
            if last is not None:
                drafts = drafts.filter(number__lte=last)
            if drafts.exists():
                return Action.FOLLOW
        return self.readers

    def missing_round(self, tournament: Tournament, options: dict[str, Any]) -> int | None:
        """The round the report is of, when it no longer exists (deleted since it was asked
        for: a draft round)."""
        number = options.get(self.round_option) if self.round_option else None
        if number and not tournament.rounds.filter(number=number).exists():
            return int(number)
        return None


def _standings(tournament: Tournament, *, paper: str | None, after_round: int | None) -> PdfReport:
    table = cached_table(standings_data, tournament, after_round=after_round)
    if tournament.is_team_event:
        return team_report(tournament, table, paper=paper)
    return table_report(tournament, table, paper=paper)


def _crosstable(
    tournament: Tournament, *, paper: str | None, after_round: int | None, order: str = "rank"
) -> PdfReport:
    table = cached_table(crosstable_data, tournament, after_round=after_round, order=order)
    if tournament.is_team_event:
        return team_report(tournament, table, paper=paper, wide=True)
    return table_report(tournament, table, paper=paper)


def _board_prizes(
    tournament: Tournament, *, paper: str | None, after_round: int | None
) -> PdfReport:
    table = cached_table(board_prizes_data, tournament, after_round=after_round)
    return team_report(tournament, table, paper=paper)


def _teams(tournament: Tournament, *, paper: str | None) -> PdfReport:
    table = cached_table(team_list_data, tournament)
    return team_report(tournament, table, paper=paper)


def _pairings(tournament: Tournament, *, paper: str | None, number: int) -> PdfReport:
    if tournament.is_team_event:
        # A team round's pairings are its matches with their lineups, board by board.
        table = cached_table(board_results_data, tournament, number=number)
        return team_report(tournament, table, paper=paper)
    table = cached_table(pairings_data, tournament, number=number)
    return table_report(tournament, table, paper=paper, font_size=LARGE_PRINT)


def _result_sheet(tournament: Tournament, *, paper: str | None, number: int) -> PdfReport:
    boards = round_boards(tournament, number)
    return ResultSheetReport(event_for_tournament(tournament), boards, paper=paper)


def _players(tournament: Tournament, *, paper: str | None) -> PdfReport:
    table = cached_table(starting_list_data, tournament)
    return table_report(tournament, table, paper=paper, font_size=LARGE_PRINT)


def _scoresheets(tournament: Tournament, *, paper: str | None, number: int) -> PdfReport:
    """A scoresheet for every game of the round, with round, board and players filled in."""
    round_ = tournament.rounds.get(number=number)
    day = timezone.localtime(round_.starts_at).date().isoformat() if round_.starts_at else ""
    headings = scoresheet_headings(round_boards(tournament, number), day)
    return ScoresheetForm(event_for_tournament(tournament), headings, paper=paper)


PRINTED_REPORTS: dict[str, PrintedReport] = {
    "standings": PrintedReport(
        _standings, _("Standings after round %(after_round)s"), round_option="after_round"
    ),
    "crosstable": PrintedReport(
        _crosstable, _("Crosstable after round %(after_round)s"), round_option="after_round"
    ),
    "pairings": PrintedReport(_pairings, _("Pairings of round %(number)s"), round_option="number"),
    "board_prizes": PrintedReport(
        _board_prizes, _("Board prizes after round %(after_round)s"), round_option="after_round"
    ),
    "result_sheet": PrintedReport(
        _result_sheet,
        _("Result sheet, round %(number)s"),
        readers=Action.FOLLOW,
        round_option="number",
    ),
    "players": PrintedReport(_players, _("Players by starting rank")),
    "teams": PrintedReport(_teams, _("Teams")),
    "scoresheets": PrintedReport(
        _scoresheets,
        _("Scoresheets of round %(number)s"),
        readers=Action.FOLLOW,
        round_option="number",
    ),
}
"""Every report a large event has drawn by a job, by the name its jobs keep."""
