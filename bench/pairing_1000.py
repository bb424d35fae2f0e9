"""Pairing round 7 of a 1,000-player Swiss: the default engine against py4swiss, same run.

The event is a 1,000-player Swiss of this project's random generator (seed 1, 6 rounds
paired by py4swiss), announced for 9 rounds (see ``tests/data/pairing/SOURCE.md``). Both
engines pair round 7 from the same state through ``pair_round``; the ratio is the default
engine's time over py4swiss's, and the line says whether they pair it alike.

Run: ``python -m bench pairing_1000`` or ``python -m bench.pairing_1000 --repeat 3``.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from bench import summary
from bench._timing import best_of
from tournaments.pairing import Pairing, PairingState, Py4SwissEngine, pair_round
from tournaments.trf import read_trf

EVENT = (
    Path(__file__).resolve().parent.parent
    / "tests/data/pairing/generated_1000_players_after_round6.trf"
)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=summary(__doc__))
    parser.add_argument("--repeat", type=int, default=1)
    repeat = parser.parse_args(argv).repeat
    state = PairingState.from_trf(read_trf(EVENT.read_bytes()), 7)
    pairings: dict[str, Pairing] = {}
    ours = best_of(repeat, lambda: pairings.update(ours=pair_round(state)))
    baseline = best_of(
        repeat, lambda: pairings.update(py4swiss=pair_round(state, Py4SwissEngine()))
    )
    same = pairings["ours"] == pairings["py4swiss"]
    print(f"round 7 of {len(state.sheet.players)} players ({len(state.to_pair)} to pair)")
    print(
        f"  default engine {ours:8.2f} s   py4swiss {baseline:8.2f} s   "
        f"ratio {ours / baseline:5.2f}   same pairing: {'yes' if same else 'no'}"
    )


if __name__ == "__main__":
    main()
