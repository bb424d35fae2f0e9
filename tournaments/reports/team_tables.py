"""A team event's report tables as plain data, as :mod:`tournaments.reports.tables` has the
individual ones: the PDF renderers (:mod:`tournaments.reports.team_pdf`), the pages and the
CSV download all print these.

Built from a :class:`~tournaments.scoring.teams.sheet.TeamSheet`, its
:class:`~tournaments.scoring.teams.standings.TeamStandings` and, for the tables that name
players, a lookup of each player's name and rating by starting rank (the TRF file's player
lines, the models' players: anything with ``name`` and ``rating``). Never from queries.

* :func:`team_standings_table`: place, team, match and game points, tie-breaks, legend;
* :func:`team_crosstable`: a Swiss's rounds (opponent, colour on board 1, game points) or a
  round robin's grid of game points, by :func:`is_round_robin`;
* :func:`board_results_table`: one round, match by match, board by board;
* :func:`board_prizes_table`: each board's players by percentage (:mod:`.team_boards`);
* :func:`team_list_table`: the teams with their rosters.

Rows that head a group (a match, a board) have the cell style ``heading``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal, Protocol

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, pgettext

from tournaments.reports.tables import (
    BYE_SYMBOLS,
    COLOR_LETTERS,
    RESULT_SYMBOLS,
    Cell,
    Column,
    Table,
)
from tournaments.scoring.sheet import Outcome
from tournaments.scoring.standings import format_points
from tournaments.scoring.teams.points import MatchResult, TeamRoundResult, game_points, team_results
from tournaments.scoring.teams.sheet import Board, ByeKind, Match, TeamSheet
from tournaments.scoring.teams.standings import TeamStanding, TeamStandings, up_to_round
from tournaments.scoring.teams.tiebreaks import (
    TEAM_TIEBREAKS,
    TeamTieBreakSpec,
    parse_team_tiebreak,
)

Order = Literal["rank", "start"]
HEADING = "heading"
"""The style of a row that heads a group: a match's line, a board's."""


class TeamPlayer(Protocol):
    """What a table needs of a player: :class:`~tournaments.scoring.sheet.PlayerSheet`, a
    TRF player line and the players of the models all have it."""

    @property
    def name(self) -> str: ...

    @property
    def rating(self) -> int: ...


BYE_OUTCOMES = {
    ByeKind.PAIRING: Outcome.PAIRING_BYE,
    ByeKind.FULL: Outcome.FULL_BYE,
    ByeKind.HALF: Outcome.HALF_BYE,
    ByeKind.ZERO: Outcome.ZERO_BYE,
}
"""A team's bye printed as a player's of the same kind is."""

_STYLES = {
    MatchResult.WIN: "win",
    MatchResult.FORFEIT_WIN: "win",
    MatchResult.DRAW: "draw",
    MatchResult.FORFEIT_DRAW: "draw",
    MatchResult.LOSS: "loss",
    MatchResult.FORFEIT_LOSS: "loss",
}
_FORFEIT_MARKS = {
    MatchResult.FORFEIT_WIN: "+",
    MatchResult.FORFEIT_LOSS: "−",
    MatchResult.FORFEIT_DRAW: "=",
}
"""After a match's game points when it was not played over the board."""


def points_cell(points: Fraction) -> Cell:
    return Cell(format_points(points), sort=float(points))


def _round_label(sheet: TeamSheet, planned: int | None) -> str:
    numbers = {"round": sheet.played_rounds, "rounds": planned}
    if planned and sheet.played_rounds < planned:
        return str(_("after round %(round)d of %(rounds)d") % numbers)
    return str(_("after round %(round)d") % numbers)


def _own_column(spec: TeamTieBreakSpec) -> bool:
    """Whether a tie-break has a column of its own: a plain MP or GP (a list may name the
    score that is not primary) is the MP or GP column already shown."""
    return spec != parse_team_tiebreak(spec.code) or spec.code not in ("MP", "GP")


def _score_columns(standings: TeamStandings) -> list[Column]:
    return [
        Column(_("MP"), title=_("Match points")),
        Column(_("GP"), title=_("Game points")),
        *(
            Column(spec.name, title=f"TB{index}")
            for index, spec in enumerate(standings.tiebreaks, start=1)
            if _own_column(spec)
        ),
    ]


def _score_cells(row: TeamStanding, standings: TeamStandings) -> list[Cell]:
    return [
        points_cell(row.match_points),
        points_cell(row.game_points),
        *(
            Cell(value.display, sort=float(value.value) if value.value is not None else None)
            for spec, value in zip(standings.tiebreaks, row.tiebreaks, strict=True)
            if _own_column(spec)
        ),
    ]


def _team_cells(row: TeamStanding) -> list[Cell]:
    return [
        Cell(row.place, sort=row.rank),
        Cell(str(row.team), sort=row.team),
        Cell(row.name),
    ]


def _team_columns() -> list[Column]:
    # A thing's name (名称), not a person's: the team's.
    return [Column(_("Rk")), Column(_("No.")), Column(_("Team"), "left", "name")]


def legend(standings: TeamStandings) -> list[str]:
    """What MP, GP and each tie-break column are (C.07's titles), and the primary score."""
    primary = _("match points") if standings.primary == "MP" else _("game points")
    lines = [
        _("MP: match points; GP: game points. Ranked by %(primary)s, then by the tie-breaks.")
        % {"primary": primary}
    ]
    described = [
        f"TB{index} {spec.name}: {_(TEAM_TIEBREAKS[spec.code])}"
        for index, spec in enumerate(standings.tiebreaks, start=1)
    ]
    if described:
        lines.append(" · ".join(described))
    return lines


def team_standings_table(
    sheet: TeamSheet, standings: TeamStandings, *, planned_rounds: int | None = None
) -> Table:
    """Place, number, team, match points, game points, each tie-break; the legend below."""
    sheet = up_to_round(sheet, standings.after_round)  # the rounds the standings count
    rows = tuple((*_team_cells(row), *_score_cells(row, standings)) for row in standings.rows)
    title = _("Team standings %(after)s") % {"after": _round_label(sheet, planned_rounds)}
    return Table(
        title,
        (*_team_columns(), *_score_columns(standings)),
        rows,
        tuple(legend(standings)),
        name=f"team-standings-round-{sheet.played_rounds}",
    )


def is_round_robin(sheet: TeamSheet) -> bool:
    """The sheet's own word, else whether every team met every other (as the TRF checker
    decides)."""
    if sheet.round_robin is not None:
        return sheet.round_robin
    met = {frozenset((m.team_a, m.team_b)) for r in sheet.each_round() for m in r.matches}
    teams = len(sheet.teams)
    return teams > 2 and len(met) == teams * (teams - 1) // 2


def team_crosstable(
    sheet: TeamSheet,
    standings: TeamStandings,
    *,
    order: Order = "rank",
    planned_rounds: int | None = None,
) -> Table:
    """The round robin grid for a round robin, the Swiss crosstable otherwise."""
    sheet = up_to_round(sheet, standings.after_round)  # the rounds the standings count
    if is_round_robin(sheet):
        return round_robin_team_table(sheet, standings, order=order, planned_rounds=planned_rounds)
    return swiss_team_table(sheet, standings, order=order, planned_rounds=planned_rounds)


def _ordered(standings: TeamStandings, order: Order) -> list[TeamStanding]:
    if order == "rank":
        return list(standings.rows)
    return sorted(standings.rows, key=lambda row: row.team)


def round_cell(result: TeamRoundResult) -> Cell:
    """``5w 2.5``: opponent, colour on board 1 (C.04.6 Art. 1.6: the team's colour), game
    points; ``+``/``−``/``=`` after them for a match not played over the board; a bye by its
    kind and game points; nothing for a round without the team, nor for a match still to be
    decided (as an individual crosstable leaves a game not yet played)."""
    if not result.decided:
        return Cell("")
    points = format_points(result.game_points)
    if result.opponent is not None:
        colour = COLOR_LETTERS.get(result.color, "") if result.color else ""
        mark = _FORFEIT_MARKS.get(result.result, "")
        text = f"{result.opponent}{colour} {points}{mark}"
    elif result.result is MatchResult.NOT_PAIRED:
        text = ""
    else:
        kind = _BYE_KINDS[result.result]
        text = f"{_(BYE_SYMBOLS[BYE_OUTCOMES[kind]])} {points}"
    return Cell(text, sort=float(result.game_points), style=_STYLES.get(result.result, ""))


_BYE_KINDS = {
    MatchResult.PAIRING_BYE: ByeKind.PAIRING,
    MatchResult.FULL_BYE: ByeKind.FULL,
    MatchResult.HALF_BYE: ByeKind.HALF,
    MatchResult.ZERO_BYE: ByeKind.ZERO,
}


def swiss_team_table(
    sheet: TeamSheet,
    standings: TeamStandings,
    *,
    order: Order = "rank",
    planned_rounds: int | None = None,
) -> Table:
    """Per round the opponent's number, the colour on board 1 and the match's game points;
    then match points, game points and tie-breaks."""
    sheet = up_to_round(sheet, standings.after_round)  # the rounds the standings count
    results = team_results(sheet)
    rounds = range(1, sheet.played_rounds + 1)
    columns = [
        *_team_columns(),
        *(Column(str(n), "center", "result", title=_("Round %(n)d") % {"n": n}) for n in rounds),
        *_score_columns(standings),
    ]
    rows = tuple(
        (
            *_team_cells(row),
            *(round_cell(result) for result in results[row.team]),
            *_score_cells(row, standings),
        )
        for row in _ordered(standings, order)
    )
    notes = [
        _(
            "Each round: the opponent's number, the team's colour on board 1 (w/b) and its game "
            "points in the match; +, − or = after them: the match was not played over the "
            "board (won, lost or drawn by forfeit)."
        ),
        *legend(standings),
    ]
    title = _("Team crosstable %(after)s") % {"after": _round_label(sheet, planned_rounds)}
    return Table(
        title,
        tuple(columns),
        rows,
        tuple(notes),
        name=f"team-crosstable-round-{sheet.played_rounds}",
    )


def round_robin_team_table(
    sheet: TeamSheet,
    standings: TeamStandings,
    *,
    order: Order = "rank",
    planned_rounds: int | None = None,
) -> Table:
    """The grid team by team: the game points each scored against the other (two in a
    double round robin), the diagonal blacked out; then MP, GP, tie-breaks and the place."""
    sheet = up_to_round(sheet, standings.after_round)  # the rounds the standings count
    results = team_results(sheet)
    ordered = _ordered(standings, order)
    numbers = [row.team for row in ordered]
    cycles = max((len(_against(results[a], b)) for a in numbers for b in numbers), default=1)
    columns = [
        *_team_columns(),
        *(Column(str(number), "center", "result") for number in numbers),
        *_score_columns(standings),
        Column(_("Rk")),
    ]
    rows = []
    for row in ordered:
        grid = []
        for opponent in numbers:
            if opponent == row.team:
                grid.append(Cell("", style="diagonal"))
                continue
            met = [r for r in _against(results[row.team], opponent) if r.decided]
            marks = [format_points(r.game_points) + _FORFEIT_MARKS.get(r.result, "") for r in met]
            style = _STYLES.get(met[0].result, "") if len(met) == 1 else ""
            grid.append(Cell(" ".join(marks), style=style))
        rows.append(
            (
                *_team_cells(row),
                *grid,
                *_score_cells(row, standings),
                Cell(row.place, sort=row.rank),
            )
        )
    notes = [
        _("Each cell: the row's team's game points against the column's team.")
        if cycles < 2
        else _(
            "Each cell: the row's team's game points against the column's team, "
            "in the order the matches were played."
        ),
        *legend(standings),
    ]
    title = _("Team crosstable %(after)s") % {"after": _round_label(sheet, planned_rounds)}
    return Table(
        title,
        tuple(columns),
        tuple(rows),
        tuple(notes),
        name=f"team-crosstable-round-{sheet.played_rounds}",
    )


def _against(rounds: Sequence[TeamRoundResult], opponent: int) -> list[TeamRoundResult]:
    return [result for result in rounds if result.opponent == opponent]


# ---- one round, board by board ----------------------------------------------------------------

UNOCCUPIED = gettext_noop("(no player)")
"""A board one team left unoccupied (TRF record 300)."""


def _player_cells(number: int | None, players: Mapping[int, TeamPlayer]) -> list[Cell]:
    if number is None:
        return [Cell(""), Cell(_(UNOCCUPIED)), Cell("")]
    player = players.get(number)
    name, rating = (player.name, player.rating) if player is not None else ("", 0)
    return [
        Cell(str(number), sort=number),
        Cell(name),
        Cell(str(rating) if rating else "", sort=rating),
    ]


_FORFEIT_SIDES = frozenset({"+", "−"})


def board_result(outcome_a: Outcome, outcome_b: Outcome) -> str:
    """``1-0``, ``½-½``, ``0-1``, a forfeit ``+/−``: as the individual pairing list writes a
    result; empty while the game has no result."""
    first, second = RESULT_SYMBOLS.get(outcome_a, ""), RESULT_SYMBOLS.get(outcome_b, "")
    if not (first or second):
        return ""
    return f"{first}/{second}" if {first, second} <= _FORFEIT_SIDES else f"{first}-{second}"


def _board_cell(board: Board) -> Cell:
    """A board's result; none for a board a team left empty, which its ``(no player)``
    says (the forfeit counts in the match's game points)."""
    if board.player_a is None or board.player_b is None:
        return Cell("")
    return Cell(board_result(board.outcome_a, board.outcome_b))


def match_score(sheet: TeamSheet, match: Match) -> str:
    """``2.5-1.5``: each team's game points, written as a board's result is; empty while
    the match is still to be decided."""
    if not match.decided:
        return ""
    own, other = game_points(sheet, match, match.team_a), game_points(sheet, match, match.team_b)
    score = f"{format_points(own)}-{format_points(other)}"
    if match.forfeit is not None:
        score = _("%(score)s forfeit") % {"score": score}
    return score


def _match_rows(
    sheet: TeamSheet, index: int, match: Match, players: Mapping[int, TeamPlayer]
) -> list[tuple[Cell, ...]]:
    score = match_score(sheet, match)
    heading = HEADING  # the match's line
    rows: list[tuple[Cell, ...]] = [
        (
            Cell(str(index), style=heading),
            Cell("", style=heading),
            Cell(str(match.team_a), style=heading),
            Cell(sheet.team(match.team_a).name, style=heading),
            Cell("", style=heading),
            Cell(score, style=heading),
            Cell(str(match.team_b), style=heading),
            Cell(sheet.team(match.team_b).name, style=heading),
            Cell("", style=heading),
        )
    ]
    for board in match.boards:
        colour = COLOR_LETTERS[sheet.board_color(board.number, "a")]
        rows.append(
            (
                Cell(f"{index}.{board.number}"),
                Cell(colour),
                *_player_cells(board.player_a, players),
                _board_cell(board),
                *_player_cells(board.player_b, players),
            )
        )
    return rows


def board_results_table(
    sheet: TeamSheet, round_number: int, players: Mapping[int, TeamPlayer]
) -> Table:
    """Round ``round_number`` match by match: a line for the match (the teams and its game
    points), then each board (the first team's player, his colour, the result from his side,
    the second team's player); the teams with a bye last."""
    team_round = sheet.round(round_number)
    columns = (
        Column(_("Bd.")),
        Column(_("Col."), "center", "text", title=_("The first team's player's colour")),
        Column(_("No.")),
        Column(pgettext("person", "Name"), "left", "name"),
        Column(_("Rtg")),
        Column(_("Result"), "center", "text"),
        Column(_("No.")),
        Column(pgettext("person", "Name"), "left", "name"),
        Column(_("Rtg")),
    )
    rows: list[tuple[Cell, ...]] = []
    for index, match in enumerate(team_round.matches, start=1):
        rows += _match_rows(sheet, index, match, players)
    for bye in team_round.byes:
        label = _(BYE_SYMBOLS[BYE_OUTCOMES[bye.kind]])
        rows.append(
            (
                Cell(""),
                Cell(""),
                Cell(str(bye.team), sort=bye.team),
                Cell(sheet.team(bye.team).name),
                Cell(""),
                Cell(label),
                Cell(""),
                Cell(""),
                Cell(""),
            )
        )
    title = _("Board results of round %(round)d") % {"round": round_number}
    return Table(title, columns, tuple(rows), name=f"team-boards-round-{round_number}")


# ---- the teams and their rosters ----------------------------------------------------------------


@dataclass(frozen=True)
class ListedPlayer:
    """A roster's player as the team list prints him."""

    board_order: int | None
    title: str
    name: str
    federation: str
    rating: int | None


@dataclass(frozen=True)
class ListedTeam:
    """A team as the team list prints it: ``strength`` as :func:`format_strength` writes it,
    its players in board order."""

    number: int | None
    name: str
    federation: str = ""
    captain: str = ""
    strength: str = ""
    players: tuple[ListedPlayer, ...] = ()


def format_strength(strength: Fraction | None) -> str:
    """A team's strength as the pages and reports print it: a whole rating, or one
    decimal."""
    if strength is None:
        return ""
    return str(int(strength)) if strength.denominator == 1 else f"{float(strength):.1f}"


def team_list_table(teams: Sequence[ListedTeam]) -> Table:
    """The teams page as a table: a line for each team (number, name and captain,
    federation, strength), then its roster in board order (board, title, name, federation,
    rating)."""
    columns = (
        Column(_("No.")),
        Column(_("Title"), "center", "text"),
        Column(_("Name"), "left", "name"),
        Column(_("Fed"), "center", "text"),
        Column(_("Rtg")),
    )
    rows: list[tuple[Cell, ...]] = []
    for team in teams:
        name = team.name
        if team.captain:
            name = _("%(team)s (captain: %(captain)s)") % {"team": name, "captain": team.captain}
        rows.append(
            (
                Cell(str(team.number or ""), sort=team.number, style=HEADING),
                Cell("", style=HEADING),
                Cell(name, style=HEADING),
                Cell(team.federation, style=HEADING),
                Cell(team.strength, style=HEADING),
            )
        )
        rows += [
            (
                Cell(str(player.board_order or ""), sort=player.board_order),
                Cell(player.title),
                Cell(player.name),
                Cell(player.federation),
                Cell(str(player.rating or ""), sort=player.rating),
            )
            for player in team.players
        ]
    notes = (
        _(
            "Each team: its number, name, federation and strength (as set, or the average "
            "rating of its first boards); then its roster in board order."
        ),
    )
    return Table(_("Teams"), columns, tuple(rows), notes, name="teams")


def csv_rows(table: Table) -> list[list[str]]:
    """The table as the CSV download writes it: the header, then each row's texts."""
    return [[column.label for column in table.columns], *table.texts()]
