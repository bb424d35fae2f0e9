"""Pairing states from the TRF test files (tests/data/trf, see its SOURCE.md)."""

import json
from pathlib import Path

from tournaments.pairing import Pairing, PairingState
from tournaments.trf import TrfDocument, read_trf

TRF_DATA = Path(__file__).resolve().parents[2] / "data" / "trf"
BBP = "bbpPairings_pairing_tests"


def document(name: str) -> TrfDocument:
    return read_trf((TRF_DATA / name).read_bytes())


def next_round_state(name: str) -> PairingState:
    """The state for the round after the last one the file records."""
    return PairingState.from_trf(document(name))


def bbp_expected(case: str) -> Pairing:
    """bbpPairings' ``-p`` output for a case: pairs, ``N 0`` a bye."""
    text = (TRF_DATA / BBP / f"{case}.output.expected").read_text()
    rows = [tuple(int(n) for n in line.split()) for line in text.splitlines()[1:] if line.strip()]
    return Pairing(
        pairs=tuple((w, b) for w, b in rows if b), byes=tuple(w for w, b in rows if not b)
    )


def gros_expected() -> Pairing:
    data = json.loads(
        (TRF_DATA / "javafo_aum/gros_open_2010_round5_expected_pairing.json").read_text()
    )
    return Pairing(
        pairs=tuple(tuple(pair) for pair in data["pairs"]), byes=(data["pairing_allocated_bye"],)
    )


def agreement(ours: Pairing, expected: Pairing) -> int:
    """Boards (with colours) and byes the two pairings share."""
    return len(set(ours.pairs) & set(expected.pairs)) + len(set(ours.byes) & set(expected.byes))
