"""Our Dutch engine against the 198 reference tournaments paired by bbpPairings v6 (the rules
applied from 1 July 2025) and the accelerated Capo d'Orso 2012: every round of every file
re-paired from the rounds before it and compared with the file (pairs and colours, the bye).

Prints each file's matched rounds, the rounds that differ, the time per file and the totals
(rounds matched out of all rounds, rounds per second). The default is a quick subset (the
files of up to ``--max-players`` 30); ``--max-players 150`` runs all 198 (about an hour on
one core).

Run: ``python -m bench dutch_reference`` or ``python -m bench.dutch_reference --max-players 150``.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from bench import summary
from tournaments.pairing import Pairing, pair_round
from tournaments.pairing.base import recorded_pairing
from tournaments.pairing.checker import file_round_state
from tournaments.trf import read_trf

DATA = Path(__file__).resolve().parent.parent / "tests" / "data"
REFERENCE = DATA / "pairing" / "dutch2025"
ACCELERATED = DATA / "trf" / "javafo_aum" / "capo_dorso_2012_final_accelerated.trf"


def _boards(pairing: Pairing) -> set[tuple[int, int]]:
    return set(pairing.pairs) | {(bye, 0) for bye in pairing.byes}


def check_file(path: Path) -> tuple[int, int, list[int]]:
    """Rounds matched, rounds in the file, the rounds that differ."""
    document = read_trf(path.read_bytes())
    sheet = document.to_sheet()
    differing = []
    for number in range(1, sheet.rounds + 1):
        ours = pair_round(file_round_state(document, number, sheet))
        if _boards(ours) != _boards(recorded_pairing(sheet, number)):
            differing.append(number)
    return sheet.rounds - len(differing), sheet.rounds, differing


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=summary(__doc__))
    parser.add_argument("--max-players", type=int, default=30)
    options = parser.parse_args(argv)
    files = [
        path
        for path in sorted(REFERENCE.glob("*.trf"))
        if len(read_trf(path.read_bytes()).players) <= options.max_players
    ]
    matched = total = 0
    started = time.perf_counter()
    for path in [*files, ACCELERATED]:
        begun = time.perf_counter()
        good, rounds, differing = check_file(path)
        matched, total = matched + good, total + rounds
        note = f"  differ: {differing}" if differing else ""
        print(f"{path.name:45} {good:3}/{rounds:<3} {time.perf_counter() - begun:7.1f} s{note}")
    elapsed = time.perf_counter() - started
    print(
        f"{len(files)} reference files and the accelerated event: {matched} of {total} rounds "
        f"as the file, {total / elapsed:.2f} rounds per second"
    )


if __name__ == "__main__":
    main()
