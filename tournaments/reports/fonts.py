"""The fonts the reports embed, and fitting a text into a cell.

Reportlab's standard fonts and its unembedded CID fonts cannot print Polish, Czech,
Vietnamese or Chinese names; WenQuanYi Micro Hei (vendored in ``fonts/`` with its licence)
can. Only its "½" is drawn incompletely, so "½" is printed in Helvetica.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

FONT = "WenQuanYiMicroHei"
HALF_FONT = "Helvetica"
FONT_FILE = Path(__file__).parent / "fonts" / "wqy-microhei.ttc"
HALF = "½"
ELLIPSIS = "…"


@cache
def register_fonts() -> str:
    """Register the embedded font once per process; return its name."""
    pdfmetrics.registerFont(TTFont(FONT, str(FONT_FILE), subfontIndex=0))
    # One face only: bold and italic markup fall back to the same font.
    pdfmetrics.registerFontFamily(FONT, normal=FONT, bold=FONT, italic=FONT, boldItalic=FONT)
    return FONT


def font_for(text: str) -> str:
    """The font a cell's text is drawn in: Helvetica when it holds a "½" and Helvetica has
    every character of it (result symbols, points), else the embedded font."""
    if HALF in text:
        try:
            text.encode("cp1252")
        except UnicodeEncodeError:
            return FONT
        return HALF_FONT
    return FONT


def text_width(text: str, size: float, font: str | None = None) -> float:
    """The widest line of ``text`` at ``size`` points."""
    font = font or font_for(text)
    return max(pdfmetrics.stringWidth(line, font, size) for line in text.split("\n"))


def fit_text(text: str, width: float, size: float, *, smallest: float) -> tuple[str, float]:
    """Make ``text`` fit ``width``: shrink it down to ``smallest`` points, then break it in two
    lines at a space or comma, then cut the second line with an ellipsis.

    Returns the text (possibly with a line break) and the font size to draw it at.
    """
    if not text or text_width(text, size) <= width:
        return text, size
    shrunk = max(smallest, size * width / text_width(text, size))
    if text_width(text, shrunk) <= width:
        return text, shrunk
    first, rest = _break(text, width, smallest)
    while rest and text_width(rest, smallest) > width:
        rest = rest[:-2] + ELLIPSIS if len(rest) > 1 else ""
    return (f"{first}\n{rest}" if rest else first), smallest


def _break(text: str, width: float, size: float) -> tuple[str, str]:
    """The longest head of ``text`` that fits, cut after a space or comma when there is one."""
    cut = len(text)
    while cut > 1 and text_width(text[:cut], size) > width:
        cut -= 1
    gap = max(text.rfind(" ", 0, cut + 1), text.rfind(",", 0, cut))
    if gap > 0:
        cut = gap + 1
    return text[:cut].rstrip(), text[cut:].lstrip()
