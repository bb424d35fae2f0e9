"""TRF reading/writing and Swiss pairing against py4swiss's own code, in the same run.

Measured on the real files of the test data:

* reading: ``read_trf`` + ``to_sheet`` against py4swiss's ``TrfParser`` (baseline) on the
  same event as the engine's TRF16 file (py4swiss refuses the originals' TRF06 titles ``g``/``m``
  and the sex ``f``);
* writing: ``write_trf`` of the documents (no baseline: py4swiss does not write);
* pairing: ``pair_round`` (building the engine's TRF, writing, parsing, pairing, checking)
  against py4swiss's Dutch engine alone on the already parsed file (baseline), for the round
  after each file's last (round 8 of Karl-Mala, 12 of issue 15, 5 of the Gros Open).

Run: ``python -m bench pairing`` or ``python -m bench.pairing --repeat 5``.
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from py4swiss.engines import DutchEngine  # type: ignore[import-untyped]
from py4swiss.trf import TrfParser  # type: ignore[import-untyped]

from bench import summary
from bench._timing import best_of
from tournaments.pairing import PairingState, pair_round
from tournaments.pairing.engines import engine_document
from tournaments.trf import read_trf, write_trf

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "trf"
EVENTS = {
    "Karl-Mala 2005 (284 lines, 7 rounds)": "sklangen_TRF__example1.trf",
    "bbpPairings issue 15 (180 players, 11 rounds)": "bbpPairings_pairing_tests/issue_15.input.trf",
    "Gros Open 2010 (52 players, after round 4)": "javafo_aum/gros_open_2010_after_round4.trf",
}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=summary(__doc__))
    parser.add_argument("--repeat", type=int, default=3)
    repeat = parser.parse_args(argv).repeat
    with tempfile.TemporaryDirectory() as directory:
        copy = Path(directory) / "event.trf"
        for label, name in EVENTS.items():
            raw = (DATA / name).read_bytes()
            document = read_trf(raw)
            state = PairingState.from_trf(document)
            copy.write_text(write_trf(engine_document(state)))

            ours = best_of(repeat, lambda: read_trf(raw).to_sheet())  # noqa: B023
            baseline = best_of(repeat, lambda: TrfParser.parse(copy, strict=True))
            written = best_of(repeat, lambda: write_trf(document))  # noqa: B023
            print(label)
            print(
                f"  read + to_sheet {ours * 1000:8.2f} ms   "
                f"py4swiss parse {baseline * 1000:8.2f} ms   ratio {ours / baseline:5.2f}"
            )
            print(f"  write_trf       {written * 1000:8.2f} ms")

            ours = best_of(repeat, lambda: pair_round(state))  # noqa: B023
            parsed = TrfParser.parse(copy, strict=True)
            baseline = best_of(repeat, lambda: DutchEngine.generate_pairings(parsed))  # noqa: B023
            print(
                f"  pair round {state.round:<4} {ours * 1000:8.2f} ms   "
                f"py4swiss Dutch {baseline * 1000:8.2f} ms   ratio {ours / baseline:5.2f}"
            )


if __name__ == "__main__":
    main()
