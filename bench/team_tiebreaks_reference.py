"""Team tie-breaks against FIDE TEC's TieBreakServer on generated team events.

``tests/data/teams/generated/`` holds random team events (one TRF-2026 file per seed, from
:mod:`tournaments.scoring.teams.generator`) and, beside each, TieBreakServer's answers:

* ``<seed>.tbs.tsv``: the values of :data:`CODES`, one run for all;
* ``<seed>.tbs.groups.tsv``: the tie-breaks of :data:`GROUP_CODES`, which order the teams
  still tied, each from its own run after ``MPTS`` alone (so among the teams tied on match
  points, as ours by default). TieBreakServer writes a team's place in its group, or 0 for
  every team of a group it leaves whole; ours is the place, 1 for a group left whole.

This module compares ours with them, file by file and code by code. A difference that
:data:`KNOWN_DIFFERENCES` explains (a genuine disagreement, with its article) is checked to be
exactly that one and counted apart; any other is printed.

``--record TIEBREAKCHECKER`` writes the events anew (``--events`` of them from seed 1) and runs
the given ``tiebreakchecker.py`` on each, and on the real event, to record its answers.

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

from bench import summary
from tournaments.scoring.sheet import Color
from tournaments.scoring.teams.boards import weighted_sum
from tournaments.scoring.teams.context import TeamEvent
from tournaments.scoring.teams.encounter import Encounters, Step, tied_groups
from tournaments.scoring.teams.generator import generate_team_event, random_settings
from tournaments.scoring.teams.sheet import TeamSheet
from tournaments.scoring.teams.tiebreaks import TeamTieBreakCalculator, Value
from tournaments.trf import read_trf, write_trf
from tournaments.trf.team_sheet import read_team_sheet, team_document

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "teams"
GENERATED = DATA / "generated"
REAL = DATA / "real" / "crete_team_championship_2025.normalised.trf"

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
    "BC",
    "PS",
    "PS:GP",
    "PS/C1",
    "KS",
    "KS:GP",
    "FB",
    "FB:GP",
    "FB/C1",
    "AOB",
    "AOB:GP",
    "SSSC",
    "SSSC/K2",
    "BPG",
    "BWG",
    "BPG:GP",
    "BWG:GP",
    "REP",
    "STD",
    "TPN",
]
"""TieBreakServer's names; ``MPTS``/``GPTS`` are our ``MP``/``GP``."""

GROUP_CODES = [
    "DE",
    "DE:GP",
    "DE/P",
    "EDE",
    "EDET",
    "EDEB",
    "EDEBT",
    "EDEBB",
    "TBR",
    "BBE",
]

KNOWN_DIFFERENCES = {
    "EDEBT": "C.07 Art. 12.1: Board Count ranks the lower sum first; inside the extended "
    "direct encounter (13.3.2) TieBreakServer ranks the higher first",
    "EDEBB": "C.07 Art. 12.1: as EDEBT",
    "BPG": "C.04.6 Art. 1.6: a team's colour in a match is its colour on board 1; "
    "TieBreakServer gives White to the team the board colour sequence (record 352) is "
    "written for, Black on board 1 when the sequence starts with B",
    "BWG": "C.04.6 Art. 1.6: as BPG",
}
"""The genuine disagreements, by TieBreakServer's code, with the article each follows."""


def our_code(code: str) -> str:
    return {"MPTS": "MP", "GPTS": "GP"}.get(code, code)


def read_answers(path: Path) -> dict[str, dict[int, Value]]:
    """A recorded TieBreakServer table: code → team → value."""
    lines = path.read_text(encoding="utf-8").splitlines()
    header = lines[0].split("\t")
    first = 2 if header[1] == "Rank" else 1
    answers: dict[str, dict[int, Value]] = {code: {} for code in header[first:]}
    for line in lines[1:]:
        cells = line.split("\t")
        for code, cell in zip(header[first:], cells[first:], strict=True):
            answers[code][int(cells[0])] = None if cell in ("", "None") else Fraction(cell)
    return answers


def groups_path(trf: Path) -> Path:
    return trf.with_suffix(".tbs.groups.tsv")


def check(trf: Path) -> tuple[list[str], list[str]]:
    """The differences between ours and the recorded answers for one event: those nothing
    explains, and those :data:`KNOWN_DIFFERENCES` explains."""
    sheet = read_team_sheet(read_trf(trf.read_bytes()))
    calculator = TeamTieBreakCalculator(sheet)
    unexplained: list[str] = []
    explained: list[str] = []
    answers = read_answers(trf.with_suffix(".tbs.tsv"))
    if groups_path(trf).exists():
        for code, values in read_answers(groups_path(trf)).items():
            answers[code] = {team: value or Fraction(1) for team, value in values.items()}
    for code, expected in answers.items():
        ours = calculator.values(our_code(code))
        if ours == expected:
            continue
        theirs = _their_reading(calculator.event, code) if code in KNOWN_DIFFERENCES else None
        target = explained if theirs == expected else unexplained
        for team, value in sorted(expected.items()):
            if ours[team] != value:
                target.append(f"{trf.name} {code} team {team}: ours {ours[team]}, TBS {value}")
    return unexplained, explained


def compare(trf: Path) -> list[str]:
    """The differences between ours and the recorded answers that nothing explains."""
    return check(trf)[0]


# ---- TieBreakServer's readings of the known differences --------------------------------------


class _HigherBoardCountFirst(Encounters):
    """The extended direct encounter with Board Count ranking the higher sum first."""

    def _board_count_step(self) -> Step:
        return self._board_step(weighted_sum)


def _their_reading(event: TeamEvent, code: str) -> dict[int, Value]:
    """Our computation redone as TieBreakServer reads the article it differs on."""
    if code in ("EDEBT", "EDEBB"):
        groups = tied_groups(event.totals[event.primary])
        return _HigherBoardCountFirst(event, code, event.primary, False).places(groups)
    return _black_matches_as_team_b(event.sheet, event, won_only=code == "BWG")


def _black_matches_as_team_b(
    sheet: TeamSheet, event: TeamEvent, won_only: bool
) -> dict[int, Value]:
    counts: dict[int, Value] = {}
    for team, rounds in event.results.items():
        counts[team] = Fraction(
            sum(
                1
                for r in rounds
                if r.played and (r.color is Color.BLACK) != _sequence_starts_black(sheet)
                if not won_only or r.match_points == sheet.match_points.win
            )
        )
    return counts


def _sequence_starts_black(sheet: TeamSheet) -> bool:
    return (sheet.colors or "W").upper().startswith("B")


# ---- recording -------------------------------------------------------------------------------


def _run(checker: Path, trf: Path, codes: list[str], encoding: str | None) -> list[list[str]]:
    command = [sys.executable, str(checker), "-i", str(trf), "-dT", "-t", *codes]
    if encoding:
        command += ["-b", encoding]
    output = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    return [line.split("\t") for line in output.splitlines()]


def _answers(checker: Path, trf: Path, code: str, encoding: str | None) -> bool:
    try:
        _run(checker, trf, ["MPTS", code], encoding)
    except subprocess.CalledProcessError:
        return False
    return True


def record_answers(checker: Path, trf: Path, encoding: str | None = None) -> None:
    """TieBreakServer's answers for one event, in the two files beside it (without the codes
    it fails on: SSSC when the normalising factor comes to 0)."""
    try:
        rows = _run(checker, trf, CODES, encoding)
    except subprocess.CalledProcessError:
        codes = [code for code in CODES if _answers(checker, trf, code, encoding)]
        rows = _run(checker, trf, codes, encoding)
    trf.with_suffix(".tbs.tsv").write_text(
        "".join("\t".join(row) + "\n" for row in rows), encoding="utf-8"
    )
    columns: dict[str, dict[str, str]] = {}
    for code in GROUP_CODES:
        # After MPTS alone: the code orders the teams tied on match points.
        table = _run(checker, trf, ["MPTS", code], encoding)
        columns[code] = {row[0]: row[3] for row in table[1:]}
    teams = sorted(columns[GROUP_CODES[0]], key=int)
    lines = ["\t".join(["StartNo", *GROUP_CODES])]
    lines += ["\t".join([team, *(columns[code][team] for code in GROUP_CODES)]) for team in teams]
    groups_path(trf).write_text("\n".join(lines) + "\n", encoding="utf-8")


def record(checker: Path, events: int) -> None:
    GENERATED.mkdir(parents=True, exist_ok=True)
    record_answers(checker, REAL, encoding="utf-8")
    for seed in range(1, events + 1):
        sheet = generate_team_event(random_settings(seed))
        path = GENERATED / f"{seed:03d}.trf"
        path.write_text(write_trf(team_document(sheet), version=2026), encoding="utf-8")
        record_answers(checker, path)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=summary(__doc__))
    parser.add_argument("--record", type=Path, help="TieBreakServer's tiebreakchecker.py")
    parser.add_argument("--events", type=int, default=60)
    options = parser.parse_args(argv)
    if options.record:
        record(options.record, options.events)
    start = time.perf_counter()
    files = [*sorted(GENERATED.glob("*.trf")), REAL]
    unexplained: list[str] = []
    explained: dict[str, int] = {}
    for path in files:
        different, known = check(path)
        unexplained += different
        for line in known:
            code = line.split()[1]
            explained[code] = explained.get(code, 0) + 1
    for line in unexplained:
        print(line)
    for code, count in sorted(explained.items()):
        print(f"known difference {code}: {count} values ({KNOWN_DIFFERENCES[code]})")
    seconds = time.perf_counter() - start
    codes = len(CODES) + len(GROUP_CODES)
    print(
        f"{len(files)} events, {codes} tie-breaks each, {len(unexplained)} differences, "
        f"{sum(explained.values())} known, {seconds:.2f} s"
    )


if __name__ == "__main__":
    main()
