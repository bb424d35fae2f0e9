"""Team tie-breaks against FIDE TEC's TieBreakServer on generated team events.

``tests/data/teams/generated/`` holds random team events (one TRF-2026 file per seed, from
:mod:`tournaments.scoring.teams.generator`) and, beside each, TieBreakServer's values of
:data:`CODES` (``<seed>.tbs.tsv``). This module compares ours with them, file by file and
code by code, and prints the differences (none expected; the known ones are listed in the
data's SOURCES.md).

``--record TIEBREAKCHECKER`` writes the events anew (``--events`` of them from seed 1) and runs
the given ``tiebreakchecker.py`` on each to record its answers.

Run: ``python -m bench team_tiebreaks_reference`` or
``python -m bench.team_tiebreaks_reference --record /path/to/tiebreakchecker.py``.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from fractions import Fraction
from pathlib import Path

from tournaments.scoring.teams.generator import generate_team_event, random_settings
from tournaments.scoring.teams.tiebreaks import TeamTieBreakCalculator
from tournaments.trf import read_trf, write_trf
from tournaments.trf.team_sheet import read_team_sheet, team_document

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "teams" / "generated"

CODES = [
    "MPTS",
    "GPTS",
    "MPVGP",
    "BH:MP",
    "BH:GP",
    "BH:MP/C1",
    "BH:GP/C1",
    "BH:MP/M1",
    "BH:GP/C2",
    "SB:MP",
    "SB:GP",
    "SB:GP/C1",
    "EMMSB",
    "EMGSB",
    "EGMSB",
    "EGGSB",
    "EMMSB/C1",
    "EGMSB/C1",
    "WIN",
    "WON",
    "WIN:GP",
    "WON:GP",
]
"""TieBreakServer's names; ``MPTS``/``GPTS`` are our ``MP``/``GP``."""


def our_code(code: str) -> str:
    return {"MPTS": "MP", "GPTS": "GP"}.get(code, code)


def read_answers(path: Path) -> dict[str, dict[int, Fraction]]:
    """A recorded TieBreakServer table: code → team → value."""
    lines = path.read_text(encoding="utf-8").splitlines()
    header = lines[0].split("\t")
    answers: dict[str, dict[int, Fraction]] = {code: {} for code in header[2:]}
    for line in lines[1:]:
        cells = line.split("\t")
        for code, cell in zip(header[2:], cells[2:], strict=True):
            answers[code][int(cells[0])] = Fraction(cell)
    return answers


def compare(trf: Path) -> list[str]:
    """The differences between ours and the recorded answers for one event."""
    sheet = read_team_sheet(read_trf(trf.read_bytes()))
    calculator = TeamTieBreakCalculator(sheet)
    differences = []
    for code, expected in read_answers(trf.with_suffix(".tbs.tsv")).items():
        ours = calculator.values(our_code(code))
        for team, value in sorted(expected.items()):
            if ours[team] != value:
                differences.append(f"{trf.name} {code} team {team}: ours {ours[team]}, TBS {value}")
    return differences


def record(checker: Path, events: int) -> None:
    DATA.mkdir(parents=True, exist_ok=True)
    for seed in range(1, events + 1):
        sheet = generate_team_event(random_settings(seed))
        path = DATA / f"{seed:03d}.trf"
        path.write_text(write_trf(team_document(sheet), version=2026), encoding="utf-8")
        command = [sys.executable, str(checker), "-i", str(path), "-dT", "-t", *CODES]
        output = subprocess.run(command, capture_output=True, text=True, check=True).stdout
        path.with_suffix(".tbs.tsv").write_text(output, encoding="utf-8")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--record", type=Path, help="TieBreakServer's tiebreakchecker.py")
    parser.add_argument("--events", type=int, default=60)
    options = parser.parse_args(argv)
    if options.record:
        record(options.record, options.events)
    start = time.perf_counter()
    files = sorted(DATA.glob("*.trf"))
    differences = [d for path in files for d in compare(path)]
    for line in differences:
        print(line)
    seconds = time.perf_counter() - start
    print(
        f"{len(files)} events, {len(CODES)} tie-breaks each, {len(differences)} differences, "
        f"{seconds:.2f} s"
    )


if __name__ == "__main__":
    main()
