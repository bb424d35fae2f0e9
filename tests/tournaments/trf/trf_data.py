"""Where the TRF tests find their files (a copy under tests/data/trf, see its SOURCE.md)."""

from pathlib import Path

from tournaments.trf import TrfDocument, read_trf

TRF_DATA = Path(__file__).resolve().parents[2] / "data" / "trf"
REAL_FILES = sorted(TRF_DATA.rglob("*.trf"))
DUTCH_2025 = sorted((TRF_DATA.parent / "pairing" / "dutch2025").glob("*.trf"))
"""Random tournaments paired by bbpPairings under the 2025 Dutch rules (a sample in the suite)."""


def read_data(name: str) -> TrfDocument:
    return read_trf((TRF_DATA / name).read_bytes())
