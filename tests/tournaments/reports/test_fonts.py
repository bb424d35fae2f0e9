"""The embedded font has a glyph for every letter of the names the demo and real events use,
and fitted names never overflow their cell."""

from __future__ import annotations

import pytest
from reportlab.pdfbase import pdfmetrics

from tournaments.demo import ROUND_ROBIN_PLAYERS, SWISS_PEOPLE
from tournaments.reports.fonts import FONT, fit_text, register_fonts, text_width

from .test_large import LONG_NAMES

NAMES = [
    *(player[0] for player in ROUND_ROBIN_PLAYERS),
    *(name for name, _federation, _sex in SWISS_PEOPLE),
    *LONG_NAMES,
]


def test_every_letter_of_every_name_has_a_glyph():
    # Text extraction would read a missing glyph back correctly; the printed page would not.
    register_fonts()
    glyphs = pdfmetrics.getFont(FONT).face.charToGlyph
    missing = {c for name in NAMES for c in name if ord(c) not in glyphs}
    assert missing == set()
    assert 0x1F600 not in glyphs  # the check can fail: an emoji is not in the font


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("width", [40.0, 70.0, 120.0])
def test_fitted_names_stay_inside_the_cell(name, width):
    register_fonts()
    text, size = fit_text(name, width, 8.0, smallest=4.0)
    assert size >= 4.0
    assert text_width(text, size) <= width
    assert text.count("\n") <= 1
    # Nothing is dropped unless the second line had to be cut with an ellipsis.
    if "…" not in text:
        assert text.replace("\n", " ").replace(", ", ",").replace(" ", "") == name.replace(
            ", ", ","
        ).replace(" ", "")
