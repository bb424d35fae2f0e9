"""The tie-break test data in tests/data/tiebreak/ (origins in its SOURCE.md)."""

from __future__ import annotations

import dataclasses
import json
from datetime import date
from fractions import Fraction
from pathlib import Path
from typing import Any

from tournaments.scoring.sheet import TournamentSheet
from tournaments.trf import TrfDocument, read_trf

DATA = Path(__file__).resolve().parents[2] / "data" / "tiebreak"


def document(name: str) -> TrfDocument:
    return read_trf((DATA / name).read_bytes())


def sheet(name: str, *, start_date: date | None = None) -> TournamentSheet:
    result = document(name).to_sheet()
    if start_date is not None:
        result = dataclasses.replace(result, start_date=start_date)
    return result


def load_json(name: str) -> Any:
    return json.loads((DATA / name).read_text(encoding="utf-8"))


def table(name: str) -> tuple[list[str], list[list[str]]]:
    """A TieBreakServer output table: the header and one row per player."""
    rows = [line.split("\t") for line in (DATA / name).read_text().splitlines() if "\t" in line]
    return rows[0], rows[1:]


def published(text: str | None) -> Fraction | None:
    """A value as printed ("13.0", "1969"); ``None`` for undefined ("-0" or null)."""
    return None if text in (None, "-0") else Fraction(text)
