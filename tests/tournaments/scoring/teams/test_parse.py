"""Team tie-break codes as TRF-2026 writes them (C.07 Art. 13, 14), and SSSC's factor (13.4.2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tournaments.scoring.teams.tiebreaks import (
    TeamTieBreakCalculator,
    TeamTieBreakSpec,
    higher_is_better,
    parse_team_tiebreak,
)
from tournaments.scoring.tiebreaks import TieBreakError
from tournaments.trf import read_trf
from tournaments.trf.team_sheet import read_team_sheet

REAL = (
    Path(__file__).resolve().parents[3]
    / "data"
    / "teams"
    / "real"
    / "crete_team_championship_2025.normalised.trf"
)


@pytest.mark.parametrize(
    ("text", "spec"),
    [
        ("BH:GP/C1", TeamTieBreakSpec("BH", "GP", 1)),
        ("fb/m1", TeamTieBreakSpec("FB", None, 1, 1)),
        ("PS/C2", TeamTieBreakSpec("PS", None, 2)),
        ("SSSC/K4/P", TeamTieBreakSpec("SSSC", scheduled=True, factor=4)),
        ("EDEBT/P", TeamTieBreakSpec("EDEBT", scheduled=True)),
        ("DE:GP", TeamTieBreakSpec("DE", "GP")),
        ("MPTS", TeamTieBreakSpec("MP")),
        ("GE", TeamTieBreakSpec("REP")),
    ],
)
def test_codes_are_read(text: str, spec: TeamTieBreakSpec) -> None:
    assert parse_team_tiebreak(text) == spec


@pytest.mark.parametrize("text", ["PS/P", "BC:GP", "TBR/C1", "SSSC/C1", "KS/K2", "XYZ", "BH/C0"])
def test_codes_a_tiebreak_does_not_take_are_refused(text: str) -> None:
    with pytest.raises(TieBreakError):
        parse_team_tiebreak(text)


def test_places_board_count_and_pairing_numbers_rank_the_lower_first() -> None:
    assert not any(higher_is_better(code) for code in ("DE", "EDEBT", "TBR", "BC", "TPN"))
    assert all(higher_is_better(code) for code in ("BH", "SSSC", "PS", "BPG"))


def test_sssc_is_undefined_when_the_normalising_factor_comes_to_zero() -> None:
    """Crete 2025: 4 rounds of 10 boards, 2 × 4 / 10 rounds to 0 (13.4.2); the regulations
    must then state the factor (``/Kn``)."""
    calculator = TeamTieBreakCalculator(read_team_sheet(read_trf(REAL.read_bytes())))
    assert set(calculator.values("SSSC").values()) == {None}
    assert None not in calculator.values("SSSC/K2").values()
