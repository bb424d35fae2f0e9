"""Our team tie-breaks equal FIDE TEC's TieBreakServer on the recorded events.

``tests/data/teams/generated/``: 60 random team events (Swiss and round robin, byes, board
and match forfeits, unoccupied boards, both rule sets); ``tests/data/teams/real/``: a real
team Swiss. SOURCES.md there says how TieBreakServer's answers were recorded.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.team_tiebreaks_reference import CODES, compare, read_answers

DATA = Path(__file__).resolve().parents[3] / "data" / "teams"
GENERATED = sorted((DATA / "generated").glob("*.trf"))
REAL = DATA / "real" / "crete_team_championship_2025.normalised.trf"


def test_enough_events_are_recorded() -> None:
    assert len(GENERATED) >= 50
    answers = read_answers(GENERATED[0].with_suffix(".tbs.tsv"))
    assert set(answers) == set(CODES)


@pytest.mark.parametrize("path", [*GENERATED, REAL], ids=lambda path: path.name)
def test_every_tiebreak_equals_tiebreakservers(path: Path) -> None:
    assert compare(path) == []


def test_a_wrong_value_is_reported(tmp_path: Path) -> None:
    """The comparison can fail: one recorded value changed is one difference."""
    source = GENERATED[0]
    trf = tmp_path / source.name
    trf.write_bytes(source.read_bytes())
    lines = source.with_suffix(".tbs.tsv").read_text(encoding="utf-8").splitlines()
    cells = lines[1].split("\t")
    cells[5] = str(float(cells[5]) + 1)  # BH:MP of the first team
    lines[1] = "\t".join(cells)
    trf.with_suffix(".tbs.tsv").write_text("\n".join(lines), encoding="utf-8")
    assert len(compare(trf)) == 1
