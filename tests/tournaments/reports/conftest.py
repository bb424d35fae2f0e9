"""Reading the reports back: the text of a PDF cell by cell, its metadata, its pages."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader

from tournaments.scoring.sheet import TournamentSheet
from tournaments.trf import read_trf

DATA = Path(__file__).parent.parent.parent / "data" / "reports"


def trf_sheet(name: str) -> TournamentSheet:
    # Latin-1 is what the 2005 file was written in; the Held file is ASCII.
    return read_trf((DATA / name).read_text(encoding="latin-1")).to_sheet()


def pdf_cells(data: bytes) -> list[str]:
    """Every text the PDF draws, in drawing order: reportlab draws a table row by row, cell by
    cell, and pypdf returns each cell's text on a line of its own."""
    reader = PdfReader(io.BytesIO(data))
    lines = []
    for page in reader.pages:
        lines += [line.strip() for line in page.extract_text().splitlines()]
    return [line for line in lines if line]


def pdf_reader(data: bytes) -> PdfReader:
    return PdfReader(io.BytesIO(data))


def contains_run(cells: list[str], run: list[str]) -> bool:
    """Whether ``run`` appears in ``cells`` as consecutive cells."""
    width = len(run)
    return any(cells[i : i + width] == run for i in range(len(cells) - width + 1))


@pytest.fixture
def held_round_robin() -> TournamentSheet:
    return trf_sheet("held_round_robin.trf")
