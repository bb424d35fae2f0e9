"""Our team tie-breaks equal FIDE TEC's TieBreakServer on the recorded events.

``tests/data/teams/generated/``: 60 random team events (Swiss and round robin, byes, board
and match forfeits, unoccupied boards, both rule sets); ``tests/data/teams/real/``: a real
team Swiss. SOURCES.md there says how TieBreakServer's answers were recorded, and which
differences are genuine disagreements (``KNOWN_DIFFERENCES``, each with its article).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.team_tiebreaks_reference import (
    CODES,
    GROUP_CODES,
    KNOWN_DIFFERENCES,
    check,
    compare,
    groups_path,
    read_answers,
)

DATA = Path(__file__).resolve().parents[3] / "data" / "teams"
GENERATED = sorted((DATA / "generated").glob("*.trf"))
REAL = DATA / "real" / "crete_team_championship_2025.normalised.trf"


def test_enough_events_are_recorded() -> None:
    assert len(GENERATED) >= 50
    assert set(read_answers(GENERATED[0].with_suffix(".tbs.tsv"))) == set(CODES)
    assert set(read_answers(groups_path(GENERATED[0]))) == set(GROUP_CODES)
    # TieBreakServer fails on SSSC for the real event: its normalising factor is 0 (13.4.2).
    assert set(CODES) - set(read_answers(REAL.with_suffix(".tbs.tsv"))) == {"SSSC"}


@pytest.mark.parametrize("path", [*GENERATED, REAL], ids=lambda path: path.name)
def test_every_tiebreak_equals_tiebreakservers(path: Path) -> None:
    assert compare(path) == []


def test_the_known_differences_are_there_and_explained() -> None:
    """Each genuine disagreement shows in the recorded events, and only in its codes."""
    explained = [line for path in GENERATED for line in check(path)[1]]
    assert {line.split()[1] for line in explained} == set(KNOWN_DIFFERENCES)
    # The team colour differs only where the board colour sequence starts with Black.
    colours = {line.split()[0] for line in explained if line.split()[1] in ("BPG", "BWG")}
    starts_black = {p.name for p in GENERATED if "\n352 B" in p.read_text(encoding="utf-8")}
    assert colours == starts_black


def _copy(source: Path, target: Path) -> Path:
    trf = target / source.name
    trf.write_bytes(source.read_bytes())
    for suffix in (".tbs.tsv", ".tbs.groups.tsv"):
        trf.with_suffix(suffix).write_bytes(source.with_suffix(suffix).read_bytes())
    return trf


def _change_cell(path: Path, row: int, column: int, value: str) -> None:
    lines = path.read_text(encoding="utf-8").splitlines()
    cells = lines[row].split("\t")
    cells[column] = value
    lines[row] = "\t".join(cells)
    path.write_text("\n".join(lines), encoding="utf-8")


def test_a_wrong_value_is_reported(tmp_path: Path) -> None:
    """The comparison can fail: one recorded value changed is one difference."""
    trf = _copy(GENERATED[0], tmp_path)
    values = trf.with_suffix(".tbs.tsv")
    first = values.read_text(encoding="utf-8").splitlines()[1].split("\t")
    _change_cell(values, 1, 5, str(float(first[5]) + 1))  # BH:MP of the first team
    assert len(compare(trf)) == 1


def test_a_wrong_place_is_reported_even_in_a_code_with_known_differences(
    tmp_path: Path,
) -> None:
    """A known difference excuses only TieBreakServer's own reading, not any value."""
    source = next(p for p in GENERATED if any("EDEBT" in line for line in check(p)[1]))
    trf = _copy(source, tmp_path)
    column = ["StartNo", *GROUP_CODES].index("EDEBT")
    _change_cell(groups_path(trf), 1, column, "9")
    assert any(" EDEBT " in line for line in compare(trf))
