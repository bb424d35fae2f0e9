"""The report tables as plain data: the PDF renderers, the HTML pages and the CSV download
all print these, so a crosstable reads the same on paper and on screen.

Built from an outcome sheet and its standings (the scoring package's), never from queries.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop, pgettext_lazy

from tournaments.scoring.sheet import Color, Outcome, PlayerSheet, RoundEntry, TournamentSheet
from tournaments.scoring.standings import Exclusion, Standing, Standings, format_points

Align = Literal["left", "center", "right"]
Order = Literal["rank", "start"]

NOT_RATED_MARK = "*"
"""After the result of a game scored but not rated (TRF ``W``/``D``/``L``), in every table."""

RESULT_SYMBOLS = {
    Outcome.WIN: "1",
    Outcome.UNRATED_WIN: "1" + NOT_RATED_MARK,
    Outcome.DRAW: "½",
    Outcome.UNRATED_DRAW: "½" + NOT_RATED_MARK,
    Outcome.LOSS: "0",
    Outcome.UNRATED_LOSS: "0" + NOT_RATED_MARK,
    Outcome.FORFEIT_WIN: "+",
    Outcome.FORFEIT_LOSS: "−",
    Outcome.ADJOURNED: "A",
}
"""A game's result as the crosstable prints it; ``A``: adjourned, not yet decided; ``*``
after it: not rated."""

_NOT_RATED = frozenset({Outcome.UNRATED_WIN, Outcome.UNRATED_DRAW, Outcome.UNRATED_LOSS})

BYE_SYMBOLS = {
    Outcome.PAIRING_BYE: gettext_noop("bye"),
    Outcome.HALF_BYE: gettext_noop("½ bye"),
    Outcome.FULL_BYE: gettext_noop("1 bye"),
    Outcome.ZERO_BYE: gettext_noop("0 bye"),
    Outcome.FORFEIT_WIN: "+",
    Outcome.FORFEIT_LOSS: "−",
    Outcome.NOT_PAIRED: "",
}
"""A round without an opponent in a wall chart cell."""

COLOR_LETTERS = {Color.WHITE: "w", Color.BLACK: "b"}


@dataclass(frozen=True)
class Column:
    label: str
    align: Align = "right"
    kind: Literal["text", "name", "number", "result"] = "number"
    """``name`` columns shrink or wrap their text to fit; ``result`` cells are a grid."""
    title: str = ""
    """A longer header, for a tooltip or a legend."""


@dataclass(frozen=True)
class Cell:
    text: str
    sort: str | float | None = None
    """The value a column is sorted by on screen (``None``: the text)."""
    style: str = ""
    """``diagonal`` (a round robin's blacked-out cell), ``win``/``draw``/``loss``."""


@dataclass(frozen=True)
class Table:
    title: str
    columns: tuple[Column, ...]
    rows: tuple[tuple[Cell, ...], ...]
    notes: tuple[str, ...] = ()
    provisional: bool = False
    name: str = "report"
    """What the table is, for its file name: ``standings-round-5``, ``players``."""

    def texts(self) -> list[list[str]]:
        return [[cell.text for cell in row] for row in self.rows]


def _tiebreak_columns(standings: Standings) -> list[Column]:
    return [
        Column(spec.name, title=f"TB{index}") for index, spec in enumerate(standings.tiebreaks, 1)
    ]


def _tiebreak_cells(row: Standing) -> list[Cell]:
    return [
        Cell(value.display, sort=float(value.value) if value.value is not None else None)
        for value in row.tiebreaks
    ]


def _player_cells(player: PlayerSheet, row: Standing | None = None) -> list[Cell]:
    """Name, title, rating, federation; the name of a player the standings list without a
    place for being expelled (``row``) is marked so beside it, not only in the notes."""
    name = player.name
    if row is not None and row.excluded is Exclusion.EXPELLED:
        name = _("%(name)s (expelled)") % {"name": name}
    return [
        Cell(name),
        Cell(player.title),
        Cell(str(player.rating) if player.rating else "", sort=player.rating),
        Cell(player.federation),
    ]


_PLAYER_COLUMNS = (
    # A person's name (姓名), not a thing's (名称): the same word, its own catalogue entry.
    (pgettext_lazy("person", "Name"), "left", "name"),
    (gettext_noop("Title"), "center", "text"),
    (gettext_noop("Rtg"), "right", "number"),
    (gettext_noop("Fed"), "center", "text"),
)


def _player_columns() -> list[Column]:
    return [
        Column(str(label) if isinstance(label, Promise) else _(label), align, kind)  # type: ignore[arg-type]
        for label, align, kind in _PLAYER_COLUMNS
    ]


def _not_rated_note(sheet: TournamentSheet, rounds: int) -> list[str]:
    """The legend of the not-rated mark, when a game in the table has it."""
    if not any(
        entry.outcome in _NOT_RATED and entry.round <= rounds
        for player in sheet.players
        for entry in player.rounds
    ):
        return []
    return [
        _(
            "%(mark)s not rated: the game is scored but does not count for rating (less than "
            "one move played, 0-0, ½-0 or 0-½, or excluded by the arbiter)."
        )
        % {"mark": NOT_RATED_MARK}
    ]


def _notes(standings: Standings) -> list[str]:
    """A line for each player who left or is listed without a place, and for pending games."""
    notes = []
    for row in sorted(standings.rows, key=lambda r: r.start_rank):
        who = {"name": row.name, "number": row.start_rank, "round": row.withdrawn_after or 0}
        if row.excluded is Exclusion.EXPELLED:
            notes.append(_("%(name)s (no. %(number)d) was expelled after round %(round)d.") % who)
        elif row.excluded is Exclusion.ANNULLED:
            notes.append(
                _(
                    "%(name)s (no. %(number)d) withdrew after round %(round)d having completed "
                    "fewer than half of the games: those results count for nobody."
                )
                % who
            )
        elif row.withdrawn_after is not None:
            notes.append(_("%(name)s (no. %(number)d) withdrew after round %(round)d.") % who)
    if standings.pending:
        games = ", ".join(
            _("round %(round)d (no. %(number)d)") % {"round": r, "number": p}
            for r, p in standings.pending
        )
        notes.append(
            _("Provisional: adjourned games are not yet decided: %(games)s.") % {"games": games}
        )
    return notes


def _ordered(standings: Standings, order: Order) -> list[Standing]:
    if order == "rank":
        return list(standings.rows)
    return sorted(standings.rows, key=lambda row: row.start_rank)


def _round_label(sheet: TournamentSheet, planned: int | None) -> str:
    if planned and sheet.rounds < planned:
        return _("after round %(round)d of %(rounds)d") % {"round": sheet.rounds, "rounds": planned}
    return _("after round %(round)d") % {"round": sheet.rounds}


def standings_table(
    sheet: TournamentSheet, standings: Standings, *, planned_rounds: int | None = None
) -> Table:
    """Rank, number, name, title, rating, federation, points, each tie-break."""
    players = {p.start_rank: p for p in sheet.players}
    columns = [
        Column(_("Rk")),
        Column(_("No.")),
        *_player_columns(),
        Column(_("Pts")),
        *_tiebreak_columns(standings),
    ]
    rows = tuple(
        (
            Cell(row.place, sort=row.rank),
            Cell(str(row.start_rank), sort=row.start_rank),
            *_player_cells(players[row.start_rank], row),
            Cell(format_points(row.points), sort=float(row.points)),
            *_tiebreak_cells(row),
        )
        for row in standings.rows
    )
    title = _("Standings %(after)s") % {"after": _round_label(sheet, planned_rounds)}
    return Table(
        title,
        tuple(columns),
        rows,
        tuple(_notes(standings)),
        bool(standings.pending),
        name=f"standings-round-{sheet.rounds}",
    )


def _games_between(player: PlayerSheet, rounds: int) -> dict[int, list[RoundEntry]]:
    games: dict[int, list[RoundEntry]] = {}
    for entry in player.rounds:
        if entry.opponent is not None and entry.round <= rounds:
            games.setdefault(entry.opponent, []).append(entry)
    return games


def round_robin_table(
    sheet: TournamentSheet,
    standings: Standings,
    *,
    order: Order = "rank",
    cycles: int = 1,
    planned_rounds: int | None = None,
) -> Table:
    """The round-robin grid: one cell per opponent (two marks in a double round robin),
    the diagonal blacked out, then points, tie-breaks and the rank again. Columns and the
    "No." column give the starting number, as the notes under the table do."""
    players = {p.start_rank: p for p in sheet.players}
    ordered = _ordered(standings, order)
    numbers = [row.start_rank for row in ordered]
    columns = [
        Column(_("Rk")),
        Column(_("No.")),
        *_player_columns(),
        *(Column(str(number), "center", "result") for number in numbers),
        Column(_("Pts")),
        *_tiebreak_columns(standings),
        Column(_("Rk")),
    ]
    rows = []
    for row in ordered:
        player = players[row.start_rank]
        games = _games_between(player, sheet.rounds)
        grid = []
        for opponent in numbers:
            if opponent == row.start_rank:
                grid.append(Cell("", style="diagonal"))
                continue
            marks = [RESULT_SYMBOLS.get(e.outcome, "") for e in games.get(opponent, [])]
            marks += [""] * (cycles - len(marks))
            grid.append(Cell(" ".join(marks).strip(), style=_style(games.get(opponent, []))))
        rows.append(
            (
                Cell(row.place, sort=row.rank),
                Cell(str(row.start_rank), sort=row.start_rank),
                *_player_cells(player, row),
                *grid,
                Cell(format_points(row.points), sort=float(row.points)),
                *_tiebreak_cells(row),
                Cell(row.place, sort=row.rank),
            )
        )
    title = _("Crosstable %(after)s") % {"after": _round_label(sheet, planned_rounds)}
    return Table(
        title,
        tuple(columns),
        tuple(rows),
        tuple(_notes(standings) + _not_rated_note(sheet, sheet.rounds)),
        bool(standings.pending),
        name=f"crosstable-round-{sheet.rounds}",
    )


def _style(entries: Sequence[RoundEntry]) -> str:
    if len(entries) != 1:
        return ""
    return {
        Outcome.WIN: "win",
        Outcome.UNRATED_WIN: "win",
        Outcome.FORFEIT_WIN: "win",
        Outcome.DRAW: "draw",
        Outcome.UNRATED_DRAW: "draw",
        Outcome.LOSS: "loss",
        Outcome.UNRATED_LOSS: "loss",
        Outcome.FORFEIT_LOSS: "loss",
    }.get(entries[0].outcome, "")


def wall_chart_table(
    sheet: TournamentSheet,
    standings: Standings,
    *,
    order: Order = "rank",
    planned_rounds: int | None = None,
) -> Table:
    """The Swiss wall chart: per round the opponent's line number, colour and result over the
    running score; then points and tie-breaks.

    Players and opponents are named by starting number (the "No." column), as the notes
    under the table name them, whichever order the rows are in.
    """
    players = {p.start_rank: p for p in sheet.players}
    ordered = _ordered(standings, order)
    columns = [
        Column(_("Rk")),
        Column(_("No.")),
        *_player_columns(),
        *(
            Column(str(number), "center", "result", title=_("Round %(n)d") % {"n": number})
            for number in range(1, sheet.rounds + 1)
        ),
        Column(_("Pts")),
        *_tiebreak_columns(standings),
    ]
    rows = []
    for row in ordered:
        player = players[row.start_rank]
        cells, total = [], Fraction(0)
        for number in range(1, sheet.rounds + 1):
            entry = player.entry(number)
            total += sheet.points.points(entry.outcome)
            if entry.opponent is None:
                top = _(symbol) if (symbol := BYE_SYMBOLS.get(entry.outcome, "")) else ""
            else:
                colour = COLOR_LETTERS.get(entry.color, "") if entry.color else ""
                top = f"{entry.opponent}{colour}{RESULT_SYMBOLS[entry.outcome]}"
            text = f"{top}\n{format_points(total)}" if top else ""
            cells.append(Cell(text, sort=float(total), style=_style([entry])))
        rows.append(
            (
                Cell(row.place, sort=row.rank),
                Cell(str(row.start_rank), sort=row.start_rank),
                *_player_cells(player, row),
                *cells,
                Cell(format_points(row.points), sort=float(row.points)),
                *_tiebreak_cells(row),
            )
        )
    title = _("Wall chart %(after)s") % {"after": _round_label(sheet, planned_rounds)}
    notes = _notes(standings) + _not_rated_note(sheet, sheet.rounds)
    if any(_outside_the_event(p, sheet.rounds) for p in players.values()):
        notes.append(
            _(
                "An empty round cell: the player was not in the event that round (a late "
                "entry, or after withdrawing)."
            )
        )
    return Table(
        title,
        tuple(columns),
        tuple(rows),
        tuple(notes),
        bool(standings.pending),
        name=f"wall-chart-round-{sheet.rounds}",
    )


def _outside_the_event(player: PlayerSheet, rounds: int) -> bool:
    """Whether the player has an empty round because he was not in the event then: before
    his first round (a late entry) or after his withdrawal. (A round whose result is not yet
    in is empty too; the provisional note says so.)"""
    played = [n for n in range(1, rounds + 1) if player.entry(n).outcome is not Outcome.NOT_PAIRED]
    for n in range(1, rounds + 1):
        if player.entry(n).outcome is not Outcome.NOT_PAIRED:
            continue
        if not played or n < played[0]:
            return True
        if player.withdrawn_after is not None and n > player.withdrawn_after:
            return True
    return False


def starting_list_table(sheet: TournamentSheet) -> Table:
    """The players by starting rank: number, name, title, rating, federation, FIDE id."""
    columns = [Column(_("No.")), *_player_columns(), Column(_("FIDE id"))]
    rows = tuple(
        (
            Cell(str(p.start_rank), sort=p.start_rank),
            *_player_cells(p),
            Cell(p.fide_id),
        )
        for p in sorted(sheet.players, key=lambda p: p.start_rank)
    )
    return Table(_("Players by starting rank"), tuple(columns), rows, name="players")


@dataclass(frozen=True)
class BoardSide:
    start_rank: int
    name: str
    rating: int | None = None
    points: Fraction = Fraction(0)
    """Points before the round."""


@dataclass(frozen=True)
class Board:
    """One board of a round (or a bye: no black)."""

    number: int
    white: BoardSide
    black: BoardSide | None = None
    result: str = ""
    """As printed: ``1-0``, ``½-½``, ``+/−``, or empty when not played yet."""
    bye: str = ""
    """The bye's kind, as printed, when there is no black."""


@dataclass(frozen=True)
class RoundBoards:
    round: int
    boards: tuple[Board, ...] = field(default_factory=tuple)


def pairings_table(boards: RoundBoards) -> Table:
    """Board, white (number, name, rating, points), result, black; byes last."""
    columns = [
        Column(_("Bd.")),
        Column(_("No.")),
        Column(_("White"), "left", "name"),
        Column(_("Rtg")),
        Column(_("Pts")),
        Column(_("Result"), "center", "text"),
        Column(_("Pts")),
        Column(_("Black"), "left", "name"),
        Column(_("Rtg")),
        Column(_("No.")),
    ]
    rows = []
    for board in boards.boards:
        white, black = board.white, board.black
        rows.append(
            (
                Cell(str(board.number), sort=board.number),
                Cell(str(white.start_rank), sort=white.start_rank),
                Cell(white.name),
                Cell(str(white.rating or ""), sort=white.rating),
                Cell(format_points(white.points), sort=float(white.points)),
                Cell(board.result if black else board.bye),
                Cell(format_points(black.points) if black else ""),
                Cell(black.name if black else ""),
                Cell(str(black.rating or "") if black else ""),
                Cell(str(black.start_rank) if black else ""),
            )
        )
    title = _("Pairings of round %(round)d") % {"round": boards.round}
    return Table(title, tuple(columns), tuple(rows), name=f"pairings-round-{boards.round}")
