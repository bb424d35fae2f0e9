"""A tournament's reports from the database: the selectors' sheet and standings, the boards
of a round, the event header. Each function runs a fixed number of queries."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from django.utils.translation import ngettext

from tournaments.models import ByeKind, Pairing, PairingSystem, Player, Result, Tournament
from tournaments.reports.event import event_for_tournament
from tournaments.reports.forms import GameHeading
from tournaments.reports.pdf import TableReport
from tournaments.reports.tables import (
    Board,
    BoardSide,
    Order,
    RoundBoards,
    Table,
    pairings_table,
    round_robin_table,
    standings_table,
    starting_list_table,
    wall_chart_table,
)
from tournaments.scoring.points import player_points
from tournaments.scoring.sheet import TournamentSheet
from tournaments.scoring.standings import Standings
from tournaments.selectors import missing_results, sheet_and_standings, tournament_sheet
from tournaments.services.chess960 import positions_note

from .team_sources import team_crosstable_data, team_standings_data

RESULT_TEXT = {
    Result.NOT_PLAYED: "",
    Result.WHITE_WINS: "1-0",
    Result.BLACK_WINS: "0-1",
    Result.DRAW: "½-½",
    Result.WHITE_FORFEIT_WIN: "+/−",
    Result.BLACK_FORFEIT_WIN: "−/+",
    Result.DOUBLE_FORFEIT: "−/−",
    Result.BOTH_LOSE: "0-0",
    Result.WHITE_HALF_BLACK_ZERO: "½-0",
    Result.WHITE_ZERO_BLACK_HALF: "0-½",
    Result.ADJOURNED: "adj.",
    Result.VOID: "void",
}
"""A board's result as the pairing list prints it."""


def _unless_results_missing(table: Table, tournament: Tournament, after_round: int | None) -> Table:
    """The table marked provisional while games of its rounds have no result (FIDE G42)."""
    missing = missing_results(tournament, after_round)
    if not missing:
        return table
    rounds = sorted({number for number, _board in missing})
    note = ngettext(
        "Provisional: %(count)d result is not yet in (round %(rounds)s).",
        "Provisional: %(count)d results are not yet in (round %(rounds)s).",
        len(missing),
    ) % {"count": len(missing), "rounds": ", ".join(map(str, rounds))}
    return replace(table, provisional=True, notes=(*table.notes, note))


def standings_data(tournament: Tournament, *, after_round: int | None = None) -> Table:
    """The standings table after ``after_round`` (default: the last round paired); a team
    event's are its teams'."""
    if tournament.is_team_event:
        table = team_standings_data(tournament, after_round=after_round)
        return _unless_results_missing(table, tournament, after_round)
    sheet, standings = sheet_and_standings(tournament, after_round=after_round)
    table = standings_table(sheet, standings, planned_rounds=tournament.number_of_rounds)
    return _unless_results_missing(table, tournament, after_round)


def standings_report(
    tournament: Tournament,
    sheet: TournamentSheet,
    standings: Standings,
    *,
    paper: str | None = None,
) -> TableReport:
    """The standings PDF of standings already computed from ``sheet`` (whose tie-breaks it
    prints, the event's or others)."""
    after_round = sheet.rounds
    table = standings_table(sheet, standings, planned_rounds=tournament.number_of_rounds)
    table = _unless_results_missing(table, tournament, after_round)
    event = replace(event_for_tournament(tournament), tiebreaks=standings.tiebreaks)
    return TableReport(event, table, paper=paper)


def crosstable_data(
    tournament: Tournament, *, after_round: int | None = None, order: Order = "rank"
) -> Table:
    """The round-robin grid, or for a Swiss the wall chart; a team event's team crosstable."""
    if tournament.is_team_event:
        table = team_crosstable_data(tournament, after_round=after_round, order=order)
        return _unless_results_missing(table, tournament, after_round)
    sheet, standings = sheet_and_standings(tournament, after_round=after_round)
    if tournament.is_round_robin:
        cycles = 2 if tournament.system == PairingSystem.DOUBLE_ROUND_ROBIN else 1
        table = round_robin_table(
            sheet,
            standings,
            order=order,
            cycles=cycles,
            planned_rounds=tournament.number_of_rounds,
        )
    else:
        table = wall_chart_table(
            sheet, standings, order=order, planned_rounds=tournament.number_of_rounds
        )
    return _unless_results_missing(table, tournament, after_round)


def starting_list_data(tournament: Tournament) -> Table:
    return starting_list_table(tournament_sheet(tournament))


def pairings_data(tournament: Tournament, *, number: int) -> Table:
    """The pairing list of round ``number``; in a Chess960 event, with its positions."""
    table = pairings_table(round_boards(tournament, number))
    round_ = tournament.rounds.filter(number=number).first()
    note = positions_note(round_) if round_ is not None else ""
    return replace(table, notes=(*table.notes, note)) if note else table


def round_boards(tournament: Tournament, number: int) -> RoundBoards:
    """The boards of round ``number`` with each player's points before it; byes last."""
    before = player_points(tournament_sheet(tournament, after_round=number - 1))
    pairings = (
        Pairing.objects.filter(round__tournament=tournament, round__number=number)
        .select_related("white", "black")
        .order_by("board")
    )
    boards = []
    for pairing in pairings:
        white = _side(pairing.white, tournament, before)
        if pairing.black is None:
            bye = str(ByeKind(pairing.bye).label)
            boards.append(Board(pairing.board, white, None, bye=bye))
            continue
        black = _side(pairing.black, tournament, before)
        boards.append(Board(pairing.board, white, black, RESULT_TEXT[Result(pairing.result)]))
    boards.sort(key=lambda board: (board.black is None, board.number))
    return RoundBoards(number, tuple(boards))


def _side(player: Player, tournament: Tournament, points: dict[int, Fraction]) -> BoardSide:
    rank = player.start_rank or 0
    return BoardSide(
        start_rank=rank,
        name=player.name,
        rating=player.rating(tournament.rating_type),
        points=points.get(rank, Fraction(0)),
    )


LARGE_PRINT = 10.0
"""The font size of lists pinned up in the hall: pairings and the players by starting rank."""


def table_report(
    tournament: Tournament,
    table: Table,
    *,
    paper: str | None = None,
    font_size: float | None = None,
) -> TableReport:
    """A PDF of one of the tables above, with the tournament's header."""
    return TableReport(event_for_tournament(tournament), table, paper=paper, font_size=font_size)


def scoresheet_headings(boards: RoundBoards, day: str = "") -> list[GameHeading]:
    """A scoresheet heading for each game of the round (byes need none)."""
    return [
        GameHeading(boards.round, board.number, board.white.name, board.black.name, day)
        for board in boards.boards
        if board.black is not None
    ]
