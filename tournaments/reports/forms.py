"""Paper for the playing hall: the arbiter's result sheet, the scoresheet form and the
sealed-move envelope."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any, ClassVar

import chess
from django.utils.translation import gettext as _
from reportlab.graphics.shapes import Circle, Drawing, Rect, String
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, PageBreak, Paragraph, Spacer
from reportlab.platypus import Table as PdfTable

from tournaments.reports.event import ReportEvent
from tournaments.reports.pdf import PdfReport, TableReport, paragraph_markup, slug
from tournaments.reports.tables import Cell, Column, RoundBoards, Table


def result_sheet_table(boards: RoundBoards) -> Table:
    """A line per board: who plays, an empty box for the result, both players' signatures."""
    columns = (
        Column(_("Bd.")),
        Column(_("No.")),
        Column(_("White"), "left", "name"),
        Column(_("Result"), "center", "text", title="1-0 / ½-½ / 0-1"),
        Column(_("No.")),
        Column(_("Black"), "left", "name"),
        Column(_("White's signature"), "left", "text"),
        Column(_("Black's signature"), "left", "text"),
    )
    rows = []
    for board in boards.boards:
        black = board.black
        rows.append(
            (
                Cell(str(board.number)),
                Cell(str(board.white.start_rank)),
                Cell(board.white.name),
                Cell(board.result if black else board.bye),
                Cell(str(black.start_rank) if black else ""),
                Cell(black.name if black else ""),
                Cell(""),
                Cell(""),
            )
        )
    title = _("Result sheet, round %(round)d") % {"round": boards.round}
    return Table(title, columns, tuple(rows))


class ResultSheetReport(TableReport):
    """The sheet on the arbiter's table where results are written and signed."""

    font_size = 9.0
    kind = "result-sheet"
    signature_width: ClassVar[float] = 32 * mm
    row_height: ClassVar[float] = 9 * mm

    def __init__(
        self, event: ReportEvent, boards: RoundBoards, *, paper: str | None = None, author: str = ""
    ) -> None:
        super().__init__(event, result_sheet_table(boards), paper=paper, author=author)
        self.round = boards.round

    def filename(self) -> str:
        return f"{slug(self.event.name)}-result-sheet-round-{self.round}.pdf"

    @property
    def legend(self) -> str:
        return ""

    def _widths(self, size: float, name_width: float) -> list[float]:
        widths = super()._widths(size, name_width)
        widths[3] = max(widths[3], 16 * mm)
        widths[6] = widths[7] = self.signature_width
        return widths


def _field_table(fields: list[tuple[str, str]], width: float, font: str, size: float) -> PdfTable:
    """Label / value pairs, two to a line, values on a line to write on."""
    data = []
    for start in range(0, len(fields), 2):
        pair = fields[start : start + 2]
        row: list[str] = []
        for label, value in pair:
            row += [label, value]
        data.append(row + [""] * (4 - len(row)))
    table = PdfTable(data, colWidths=[width * 0.14, width * 0.36] * 2, rowHeights=size * 2.4)
    table.setStyle(
        [
            ("FONT", (0, 0), (-1, -1), font, size),
            ("FONTSIZE", (0, 0), (0, -1), size * 0.85),
            ("FONTSIZE", (2, 0), (2, -1), size * 0.85),
            ("LINEBELOW", (1, 0), (1, -1), 0.5, colors.black),
            ("LINEBELOW", (3, 0), (3, -1), 0.5, colors.black),
            ("VALIGN", (0, 0), (-1, -1), "BOTTOM"),
        ]
    )
    return table


@dataclass(frozen=True)
class GameHeading:
    """What a scoresheet or an envelope says about the game (empty: to be filled in)."""

    round: int | None = None
    board: int | None = None
    white: str = ""
    black: str = ""
    date: str = ""


class ScoresheetForm(PdfReport):
    """Scoresheets, one page per game: the game's heading, 60 numbered moves in two blocks,
    the result and the signatures (Art. 11.1 of the Laws: both players record every move).
    Without games, one blank sheet."""

    kind = "scoresheet"
    moves: ClassVar[int] = 60
    font_size = 9.0

    def __init__(
        self,
        event: ReportEvent,
        games: Sequence[GameHeading] = (),
        *,
        paper: str | None = None,
        author: str = "",
    ) -> None:
        super().__init__(event, paper=paper, author=author)
        self.games = list(games) or [GameHeading()]

    @property
    def title(self) -> str:
        return _("Scoresheet")

    def filename(self) -> str:
        """A round's sheets are named after their round (one file per round is kept)."""
        rounds = {game.round for game in self.games if game.round}
        if len(rounds) == 1:
            return f"{slug(self.event.name)}-scoresheets-round-{rounds.pop()}.pdf"
        return super().filename()

    @property
    def legend(self) -> str:
        return ""

    def flowables(self, width: float) -> list[Flowable]:
        pages: list[Flowable] = []
        for game in self.games:
            if pages:
                pages.append(PageBreak())
            pages += self._sheet(game, width)
        return pages

    def _sheet(self, game: GameHeading, width: float) -> list[Flowable]:
        heading = _field_table(
            [
                (_("Round"), str(game.round or "")),
                (_("Board"), str(game.board or "")),
                (_("White"), game.white),
                (_("Black"), game.black),
                (_("Date"), game.date),
                (_("Result"), ""),
            ],
            width,
            self.font,
            self.font_size,
        )
        half = self.moves // 2
        header = [_("No."), _("White"), _("Black")] * 2
        rows = [[str(n), "", "", str(n + half), "", ""] for n in range(1, half + 1)]
        number = 8 * mm
        move = (width - 2 * number - 4 * mm) / 4
        grid = PdfTable(
            [header, *rows],
            colWidths=[number, move, move, number + 4 * mm, move, move],
            rowHeights=[self.font_size * 1.8] + [self.font_size * 2.05] * half,
        )
        grid.setStyle(
            [
                ("FONT", (0, 0), (-1, -1), self.font, self.font_size),
                ("GRID", (0, 0), (-1, -1), 0.5, colors.black),
                ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#dddddd")),
                ("BACKGROUND", (0, 1), (0, -1), colors.HexColor("#eeeeee")),
                ("BACKGROUND", (3, 1), (3, -1), colors.HexColor("#eeeeee")),
                ("ALIGN", (0, 0), (-1, -1), "CENTER"),
                ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ]
        )
        signatures = _field_table(
            [(_("White's signature"), ""), (_("Black's signature"), "")],
            width,
            self.font,
            self.font_size,
        )
        return [heading, Spacer(0, 3 * mm), grid, Spacer(0, 3 * mm), signatures]


@dataclass(frozen=True)
class EnvelopeFacts:
    """What the arbiter writes on the envelope of an adjourned game (the sealed move itself
    is written inside, by the player, and never printed)."""

    game: GameHeading
    fen: str
    sealer: chess.Color
    moves_made: int
    white_used: int
    """Seconds."""
    black_used: int
    adjourned_at: datetime | None = None
    resumes_at: datetime | None = None


def _clock(seconds: int) -> str:
    hours, rest = divmod(seconds, 3600)
    return f"{hours}:{rest // 60:02d}:{rest % 60:02d}"


def board_diagram(fen: str, size: float) -> Drawing:
    """The position as a diagram: white pieces as letters on white discs, black pieces on
    black discs, so that no figurine font is needed."""
    board = chess.Board(fen)
    square = size / 8
    drawing = Drawing(size, size)
    for index in chess.SQUARES:
        file, rank = chess.square_file(index), chess.square_rank(index)
        x, y = file * square, rank * square
        dark = (file + rank) % 2 == 0
        fill = colors.HexColor("#b58863") if dark else colors.HexColor("#f0d9b5")
        drawing.add(Rect(x, y, square, square, fillColor=fill, strokeColor=None))
        piece = board.piece_at(index)
        if piece is None:
            continue
        white = piece.color == chess.WHITE
        drawing.add(
            Circle(
                x + square / 2,
                y + square / 2,
                square * 0.38,
                fillColor=colors.white if white else colors.black,
                strokeColor=colors.black,
                strokeWidth=0.6,
            )
        )
        drawing.add(
            String(
                x + square / 2,
                y + square * 0.32,
                piece.symbol().upper(),
                fontName="Helvetica-Bold",
                fontSize=square * 0.45,
                fillColor=colors.black if white else colors.white,
                textAnchor="middle",
            )
        )
    drawing.add(Rect(0, 0, size, size, fillColor=None, strokeColor=colors.black, strokeWidth=1))
    for file in range(8):
        drawing.add(
            String(
                file * square + square / 2,
                -9,
                chess.FILE_NAMES[file],
                fontSize=7,
                textAnchor="middle",
            )
        )
    for rank in range(8):
        drawing.add(String(-7, rank * square + square / 2 - 2.5, str(rank + 1), fontSize=7))
    return drawing


class SealedMoveEnvelope(PdfReport):
    """The envelope of an adjourned game: players and colours, the position before the sealed
    move (FEN and diagram), moves made, each clock, who sealed, when it was adjourned and
    when it resumes; a box for the sealed move, written by the player, and the signatures."""

    kind = "envelope"
    font_size = 10.0

    def __init__(
        self,
        event: ReportEvent,
        facts: EnvelopeFacts,
        *,
        paper: str | None = None,
        author: str = "",
    ) -> None:
        super().__init__(event, paper=paper, author=author)
        self.facts = facts

    @property
    def title(self) -> str:
        return _("Sealed-move envelope")

    @property
    def legend(self) -> str:
        return ""

    def flowables(self, width: float) -> list[Flowable]:
        facts, game = self.facts, self.facts.game
        sealer = _("White") if facts.sealer == chess.WHITE else _("Black")
        stamp = "%Y-%m-%d %H:%M"
        rows = [
            (_("Round"), str(game.round or "")),
            (_("Board"), str(game.board or "")),
            (_("White"), game.white),
            (_("Black"), game.black),
            (_("Sealed by"), sealer),
            (_("Moves made"), str(facts.moves_made)),
            (_("White's clock"), _clock(facts.white_used)),
            (_("Black's clock"), _clock(facts.black_used)),
            (_("Adjourned at"), facts.adjourned_at.strftime(stamp) if facts.adjourned_at else ""),
            (_("Resumes at"), facts.resumes_at.strftime(stamp) if facts.resumes_at else ""),
        ]
        style = self.style(self.font_size)
        content: list[Any] = [_field_table(rows, width, self.font, self.font_size)]
        content += [
            Spacer(0, 4 * mm),
            Paragraph(paragraph_markup(_("Position before the sealed move (FEN):")), style),
            Paragraph(f'<font name="Courier">{paragraph_markup(facts.fen)}</font>', style),
            Spacer(0, 4 * mm),
        ]
        diagram = board_diagram(facts.fen, 64 * mm)
        sealed = PdfTable(
            [[_("Sealed move (written by the player, inside the envelope)")], [""]],
            colWidths=[width - 80 * mm],
            rowHeights=[self.font_size * 2, 24 * mm],
        )
        sealed.setStyle(
            [
                ("FONT", (0, 0), (-1, -1), self.font, self.font_size * 0.85),
                ("BOX", (0, 1), (0, 1), 1, colors.black),
            ]
        )
        layout = PdfTable([[diagram, sealed]], colWidths=[76 * mm, width - 76 * mm])
        layout.setStyle([("VALIGN", (0, 0), (-1, -1), "TOP"), ("LEFTPADDING", (0, 0), (0, 0), 8)])
        content += [layout, Spacer(0, 8 * mm)]
        content.append(
            _field_table(
                [
                    (_("White's signature"), ""),
                    (_("Black's signature"), ""),
                    (_("Arbiter's signature"), ""),
                    (_("Opened at"), ""),
                ],
                width,
                self.font,
                self.font_size,
            )
        )
        return content
