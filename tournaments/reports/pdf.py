"""The PDF machinery every report shares: paper, margins, fonts, the page header and footer,
"Page x of y", and a report table laid out so that nothing overflows its cell.

A report is a class: page size, margins and fonts are class attributes, :meth:`flowables`
gives the content, :meth:`PdfReport.generate` returns ``(filename, mimetype, bytes)``.
"""

from __future__ import annotations

import io
import re
import unicodedata
from collections.abc import Callable
from typing import Any, ClassVar
from xml.sax.saxutils import escape

from django.utils.translation import gettext as _
from reportlab.lib import colors
from reportlab.lib.enums import TA_LEFT
from reportlab.lib.pagesizes import A4, LETTER, landscape
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageTemplate, Paragraph, Spacer
from reportlab.platypus import Table as PdfTable

from tournaments.reports.event import ReportEvent, tiebreak_legend
from tournaments.reports.fonts import (
    HALF,
    HALF_FONT,
    fit_text,
    font_for,
    register_fonts,
    text_width,
)
from tournaments.reports.tables import Table

PAPERS = {"a4": A4, "letter": LETTER}
PDF = "application/pdf"


class NumberedCanvas(Canvas):
    """Keeps every page until the end, then prints "Page x of y" on each.

    Reportlab knows the page count only after the last page; the pages are short lists of
    drawing operations, so holding them costs little.
    """

    footer_font = HALF_FONT
    footer_size = 7.0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._saved_pages: list[dict[str, Any]] = []

    def showPage(self) -> None:
        self._saved_pages.append(dict(self.__dict__))
        self._startPage()

    def save(self) -> None:
        total = len(self._saved_pages)
        for state in self._saved_pages:
            self.__dict__.update(state)
            self._draw_page_number(total)
            super().showPage()
        super().save()

    def _draw_page_number(self, total: int) -> None:
        width, _height = self._pagesize
        label = _("Page %(page)d of %(pages)d") % {"page": self._pageNumber, "pages": total}
        self.setFont(register_fonts(), self.footer_size)
        self.drawRightString(width - PdfReport.margin, PdfReport.margin / 2, label)


def paragraph_markup(text: str) -> str:
    """Escape ``text`` for a Paragraph and print each "½" in the font that draws it whole."""
    return escape(text).replace(HALF, f'<font name="{HALF_FONT}">{HALF}</font>')


def slug(text: str) -> str:
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", ascii_text.lower()).strip("-") or "report"


class PdfReport:
    """A printed report: a header on every page, "Page x of y", title and author metadata."""

    paper: ClassVar[str] = "a4"
    margin: ClassVar[float] = 10 * mm
    font_size: ClassVar[float] = 8.0
    smallest_font_size: ClassVar[float] = 5.0
    event_size: ClassVar[float] = 12.0
    title_size: ClassVar[float] = 10.0
    facts_size: ClassVar[float] = 7.5
    legend_size: ClassVar[float] = 6.5
    kind: ClassVar[str] = "report"
    """The file name's suffix."""

    def __init__(self, event: ReportEvent, *, paper: str | None = None, author: str = "") -> None:
        if paper is not None and paper not in PAPERS:
            raise ValueError(f"unknown paper {paper!r}; choose one of {', '.join(PAPERS)}")
        self.event = event
        self.paper_name = paper or self.paper
        self.author = author or event.chief_arbiter or _("Arbiter")
        self.font = register_fonts()

    # ---- what a report gives -------------------------------------------------------------

    @property
    def title(self) -> str:
        raise NotImplementedError

    @property
    def provisional(self) -> bool:
        return False

    @property
    def legend(self) -> str:
        return tiebreak_legend(self.event.tiebreaks)

    def natural_width(self) -> float:
        """The width the content wants at the normal font size (0: any)."""
        return 0.0

    def flowables(self, width: float) -> list[Flowable]:
        raise NotImplementedError

    # ---- layout --------------------------------------------------------------------------

    def pagesize(self) -> tuple[float, float]:
        """Portrait unless the content is wider than a portrait page allows."""
        portrait = PAPERS[self.paper_name]
        if self.natural_width() > portrait[0] - 2 * self.margin:
            return landscape(portrait)
        return portrait

    def filename(self) -> str:
        return f"{slug(self.event.name)}-{self.kind}.pdf"

    def style(self, size: float, **kwargs: Any) -> ParagraphStyle:
        return ParagraphStyle(
            "report", fontName=self.font, fontSize=size, leading=size * 1.25, **kwargs
        )

    def _header_lines(self, width: float) -> list[tuple[Paragraph, float]]:
        lines = [
            Paragraph(paragraph_markup(" · ".join(self.event.facts())), self.style(self.facts_size))
        ]
        if self.legend:
            lines.append(Paragraph(paragraph_markup(self.legend), self.style(self.legend_size)))
        if self.event.fide_mode_mark:
            mark = self.style(self.facts_size, textColor=colors.HexColor("#b00020"))
            lines.append(Paragraph(paragraph_markup(self.event.fide_mode_mark), mark))
        return [(line, line.wrap(width, 1000)[1]) for line in lines]

    def _header_height(self, width: float) -> float:
        lines = self._header_lines(width)
        return self.event_size * 1.3 + sum(height for _line, height in lines) + 3 * mm

    def _draw_header(self, canvas: Canvas, width: float, page_height: float) -> None:
        canvas.saveState()
        top = page_height - self.margin
        title = self.title
        if self.provisional:
            title = f"{title} — {_('provisional')}"
        title_font = font_for(title)
        canvas.setFont(title_font, self.title_size)
        if self.provisional:
            canvas.setFillColor(colors.HexColor("#b00020"))
        canvas.drawRightString(self.margin + width, top - self.event_size, title)
        canvas.setFillColor(colors.black)
        room = width - text_width(title, self.title_size, title_font) - 6 * mm
        name, size = fit_text(self.event.name, room, self.event_size, smallest=7)
        canvas.setFont(self.font, size)
        canvas.drawString(self.margin, top - self.event_size, name.replace("\n", " "))
        y = top - self.event_size * 1.3
        for line, height in self._header_lines(width):
            line.drawOn(canvas, self.margin, y - height)
            y -= height
        canvas.setLineWidth(0.5)
        canvas.line(self.margin, y - 1 * mm, self.margin + width, y - 1 * mm)
        canvas.setFont(self.font, NumberedCanvas.footer_size)
        canvas.drawString(self.margin, self.margin / 2, f"{self.event.name} · {self.title}")
        canvas.restoreState()

    def generate(self, page_done: Callable[[int], None] | None = None) -> tuple[str, str, bytes]:
        """Render the report: ``(filename, mimetype, bytes)``. ``page_done`` is told the
        number of each page as it is laid out (a background job's progress)."""
        page_width, page_height = self.pagesize()
        width = page_width - 2 * self.margin
        header = self._header_height(width)
        buffer = io.BytesIO()
        document = BaseDocTemplate(
            buffer,
            pagesize=(page_width, page_height),
            leftMargin=self.margin,
            rightMargin=self.margin,
            topMargin=self.margin + header,
            bottomMargin=self.margin,
            title=f"{self.event.name} — {self.title}",
            author=self.author,
            subject=self.title,
            creator="Arbiter",
        )
        frame = Frame(
            self.margin,
            self.margin,
            width,
            page_height - 2 * self.margin - header,
            leftPadding=0,
            rightPadding=0,
            topPadding=0,
            bottomPadding=0,
        )

        def on_page(canvas: Canvas, _document: BaseDocTemplate) -> None:
            self._draw_header(canvas, width, page_height)

        document.addPageTemplates([PageTemplate("page", [frame], onPage=on_page)])
        if page_done is not None:
            told = page_done

            def laid_out(kind: str, value: int) -> None:
                if kind == "PAGE":
                    told(value)

            document.setProgressCallBack(laid_out)
        document.build(self.flowables(width), canvasmaker=NumberedCanvas)
        return self.filename(), PDF, buffer.getvalue()


CELL_PADDING = 1.6
NAME_WIDTH_MAX = 48 * mm


class TableReport(PdfReport):
    """A report whose content is one of :mod:`tournaments.reports.tables`' tables.

    Column widths come from the widest text at the normal size; when the table is wider than
    the page, the font shrinks step by step to the smallest size, then the name column
    narrows and its names shrink or wrap. The header row repeats on every page.
    """

    row_height: ClassVar[float | None] = None
    """A fixed height for the body rows (``None``: as the text needs)."""

    def __init__(
        self,
        event: ReportEvent,
        table: Table,
        *,
        paper: str | None = None,
        author: str = "",
        font_size: float | None = None,
    ) -> None:
        super().__init__(event, paper=paper, author=author)
        self.table = table
        if font_size is not None:  # lists read from a distance (pairings) print larger
            self.font_size = font_size

    @property
    def title(self) -> str:
        return self.table.title

    def filename(self) -> str:
        return f"{slug(self.event.name)}-{self.table.name}.pdf"

    @property
    def provisional(self) -> bool:
        return self.table.provisional

    def natural_width(self) -> float:
        return sum(self._widths(self.font_size, NAME_WIDTH_MAX))

    def _widths(self, size: float, name_width: float) -> list[float]:
        widths = []
        for index, column in enumerate(self.table.columns):
            texts = [column.label, *(row[index].text for row in self.table.rows)]
            widest = max(text_width(text, size) for text in texts) if texts else 0.0
            if column.kind == "result":
                widest = max(widest, text_width("00", size))
            if column.kind == "name":
                widest = min(widest, name_width)
            widths.append(widest + 2 * CELL_PADDING)
        return widths

    def _fit(self, width: float) -> tuple[float, list[float]]:
        size = self.font_size
        widths = self._widths(size, NAME_WIDTH_MAX)
        while sum(widths) > width and size > self.smallest_font_size:
            size = max(self.smallest_font_size, size - 0.5)
            widths = self._widths(size, NAME_WIDTH_MAX * size / self.font_size)
        excess = sum(widths) - width
        names = [i for i, c in enumerate(self.table.columns) if c.kind == "name"]
        for index in names:
            if excess <= 0:
                break
            cut = min(excess, widths[index] - 18 * mm)
            if cut > 0:
                widths[index] -= cut
                excess -= cut
        if sum(widths) > width:  # still too wide: every column gives up the same share
            scale = width / sum(widths)
            widths = [w * scale for w in widths]
        return size, widths

    def flowables(self, width: float) -> list[Flowable]:
        size, widths = self._fit(width)
        table = self.table
        header = [column.label for column in table.columns]
        data: list[list[str]] = [header]
        commands: list[tuple[Any, ...]] = [
            ("FONT", (0, 0), (-1, -1), self.font, size, size * 1.15),
            ("GRID", (0, 0), (-1, -1), 0.25, colors.HexColor("#777777")),
            ("BACKGROUND", (0, 0), (-1, 0), colors.HexColor("#dddddd")),
            ("ROWBACKGROUNDS", (0, 1), (-1, -1), [colors.white, colors.HexColor("#f3f3f3")]),
            ("VALIGN", (0, 0), (-1, -1), "MIDDLE"),
            ("ALIGN", (0, 0), (-1, 0), "CENTER"),
            ("LEFTPADDING", (0, 0), (-1, -1), CELL_PADDING),
            ("RIGHTPADDING", (0, 0), (-1, -1), CELL_PADDING),
            ("TOPPADDING", (0, 0), (-1, -1), 1),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
        ]
        for index, column in enumerate(table.columns):
            commands.append(("ALIGN", (index, 1), (index, -1), column.align.upper()))
        smallest = max(self.smallest_font_size - 1, 4.0)
        for line, row in enumerate(table.rows, start=1):
            texts = []
            for index, (column, cell) in enumerate(zip(table.columns, row, strict=True)):
                text = cell.text
                if column.kind == "name":
                    inner = widths[index] - 2 * CELL_PADDING
                    text, fitted = fit_text(text, inner, size, smallest=smallest)
                    if fitted != size:
                        commands.append(
                            ("FONT", (index, line), (index, line), self.font, fitted, fitted * 1.15)
                        )
                elif HALF in text and font_for(text) == HALF_FONT:
                    commands.append(("FONTNAME", (index, line), (index, line), HALF_FONT))
                if cell.style == "diagonal":
                    commands.append(("BACKGROUND", (index, line), (index, line), colors.black))
                texts.append(text)
            data.append(texts)
        heights = None
        if self.row_height is not None:
            heights = [None, *([self.row_height] * len(table.rows))]
        pdf_table = PdfTable(
            data, colWidths=widths, rowHeights=heights, repeatRows=1, hAlign="LEFT"
        )
        pdf_table.setStyle(commands)
        notes = [
            Paragraph(paragraph_markup(note), self.style(self.facts_size, alignment=TA_LEFT))
            for note in table.notes
        ]
        return [pdf_table, *([Spacer(0, 2 * mm)] if notes else []), *notes]
