"""Where the TRF tests find their files (a copy under tests/data/trf, see its SOURCE.md)."""

from pathlib import Path

from tournaments.trf import TrfDocument, read_trf

TRF_DATA = Path(__file__).resolve().parents[2] / "data" / "trf"
REAL_FILES = sorted(
    path for path in TRF_DATA.rglob("*.trf") if path.parent.name != "pairing_dutch2025"
)
DUTCH_2025 = sorted((TRF_DATA / "pairing_dutch2025").glob("*.trf"))
"""Random tournaments paired by bbpPairings under the 2025 Dutch rules (a sample in the suite)."""


def read_data(name: str) -> TrfDocument:
    return read_trf((TRF_DATA / name).read_bytes())
