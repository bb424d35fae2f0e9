"""Pairing round 7 of a 400- and a 1,000-player Swiss: our Dutch engine against bbpPairings,
FIDE's endorsed engine, on the same file, in the same run: CPU time and peak memory.

Each engine runs as a process of its own on the engine's TRF file of the state
(:func:`tournaments.pairing.engines.engine_document`, what bbpPairings reads when it pairs
for the application): ``bbpPairings.exe --dutch FILE -p OUT``, and ``python -m
bench.pairing_vs_bbp --pair FILE`` for ours (read the file, pair with ``DutchEngine``, write
the pairs). CPU time (user + system) and peak resident memory come from the process's own
resource usage (``wait4``); ours is counted whole, the interpreter's start and imports
included, and also as the pairing alone. The two take turns, ``--repeat`` times each, and
the medians are compared; each run's pairs are compared too (they must be the same pairing).

Measured on the shared 2-core machine (other work running), 3 runs each, medians; first as
this bench was written, then after the engine's hot paths were made cheaper (scores as
integers in the criteria, the matching's stage scanning only tight edges, listed once per
dual epoch, and taking short augmenting paths between stages), then after the tight-edge
lists left out the edges inside the vertex's blossom and were kept over dual steps (with, in
the same session, the figures just before that change: 400 players 1.50 s against 1.25 s,
1.20; 1,000 players 17.18 s against 19.59 s, 0.88):

=========  ========  ===========  ===========  =========  ===========  ===========  ======
players    ours CPU  of which     bbpPairings  CPU ratio  ours peak    bbp peak     peak
                     pairing      CPU                     memory       memory       ratio
=========  ========  ===========  ===========  =========  ===========  ===========  ======
400        2.78 s    2.67 s       1.42 s       1.96       33 MB        18 MB        1.81
1,000      35.06 s   34.88 s      26.39 s      1.33       130 MB       114 MB       1.14
400        1.67 s    1.55 s       1.33 s       1.25       32 MB        19 MB        1.65
1,000      18.36 s   18.21 s      23.72 s      0.77       113 MB       114 MB       0.99
400 now    1.08 s    0.97 s       1.23 s       0.87       31 MB        18 MB        1.69
1,000 now  9.28 s    9.14 s       20.17 s      0.46       106 MB       114 MB       0.92
=========  ========  ===========  ===========  =========  ===========  ===========  ======

The same pairing in every run. At 400 players about a tenth of our time is the interpreter's
start and the imports (the bench's own modules for running processes are imported only
where used, not by the ``--pair`` child), a quarter the Dutch criteria's weights, and the
rest the matching: listing tight edges, measuring the least slacks of the dual steps, and the
greedy start of each solution (``Matching._tightest``).

Needs ``bbpPairings.exe`` (or ``bbpPairings``) on the PATH; without it it says so and skips.
Run: ``python -m bench pairing_vs_bbp`` or ``python -m bench.pairing_vs_bbp --repeat 3``.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
import threading
import time
from pathlib import Path

from bench import summary

# shutil, statistics, subprocess and tempfile are imported where they are used: the
# ``--pair`` child, whose CPU time is counted whole, needs none of them.

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "pairing"
EVENTS = {
    400: DATA / "generated_400_players_after_round6.trf",
    1000: DATA / "generated_1000_players_after_round6.trf",
}
ROUND = 7


def _run(command: list[str]) -> tuple[float, float, str]:
    """CPU seconds, peak resident megabytes and standard output of one process.

    The peak is the process's own ``VmHWM``, read every few milliseconds while it runs: the
    ``ru_maxrss`` that ``wait4`` reports counts the memory of the process that started it
    too (Linux carries the high-water mark over ``exec``), so a child of a large process
    would report at least that process's size.
    """
    import subprocess

    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    outputs: dict[str, bytes] = {}
    drains = [
        threading.Thread(target=lambda n=name, s=stream: outputs.update({n: s.read()}))
        for name, stream in (("out", process.stdout), ("err", process.stderr))
    ]
    for drain in drains:
        drain.start()
    peak_kb = 0
    while True:
        peak_kb = max(peak_kb, _high_water_kb(process.pid))
        pid, status, usage = os.wait4(process.pid, os.WNOHANG)
        if pid:
            break
        time.sleep(0.005)
    for drain in drains:
        drain.join()
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode != 0:
        err = outputs["err"].decode().strip()[:500]
        raise SystemExit(f"{command[0]} failed ({process.returncode}): {err}")
    return usage.ru_utime + usage.ru_stime, peak_kb / 1024, outputs["out"].decode()


def _high_water_kb(pid: int) -> int:
    """The process's peak resident memory so far (``VmHWM``), 0 if it cannot be read."""
    with contextlib.suppress(OSError, StopIteration, ValueError):
        status = Path(f"/proc/{pid}/status").read_text()
        return int(next(x for x in status.splitlines() if x.startswith("VmHWM")).split()[1])
    return 0


def _pairs(text: str) -> list[tuple[int, int]]:
    lines = [line.split() for line in text.splitlines() if line.strip()]
    return sorted((int(a), int(b)) for a, b in lines[1:])


def _pair_here(path: str) -> None:
    """The child of ``--pair``: pair round 7 of the file, print the pairs as bbpPairings
    writes them, and the pairing's own CPU time on the last line."""
    from tournaments.pairing import DutchEngine, PairingState
    from tournaments.trf import read_trf

    state = PairingState.from_trf(read_trf(Path(path).read_bytes()), ROUND)
    start = time.process_time()
    pairing = DutchEngine().pair(state)
    spent = time.process_time() - start
    rows = [*pairing.pairs, *((rank, 0) for rank in pairing.byes)]
    print(len(rows))
    for white, black in rows:
        print(white, black)
    print(f"pairing {spent:.3f}")


def compare(players: int, repeat: int, bbp: str) -> None:
    import statistics
    import tempfile

    from tournaments.pairing import PairingState
    from tournaments.pairing.engines import engine_document
    from tournaments.trf import read_trf, write_trf

    state = PairingState.from_trf(read_trf(EVENTS[players].read_bytes()), ROUND)
    with tempfile.TemporaryDirectory() as directory:
        source = Path(directory) / "round.trf"
        source.write_text(write_trf(engine_document(state)), encoding="utf-8")
        target = Path(directory) / "pairs.txt"
        figures: dict[str, list[tuple[float, float]]] = {"ours": [], "bbp": []}
        pairing_only: list[float] = []
        for _ in range(repeat):
            cpu, peak, out = _run(
                [sys.executable, "-m", "bench.pairing_vs_bbp", "--pair", str(source)]
            )
            *rows, last = out.strip().splitlines()
            figures["ours"].append((cpu, peak))
            pairing_only.append(float(last.split()[1]))
            ours = _pairs("\n".join(rows))
            cpu, peak, _ = _run([bbp, "--dutch", str(source), "-p", str(target)])
            figures["bbp"].append((cpu, peak))
            theirs = _pairs(target.read_text(encoding="utf-8"))
            if ours != theirs:
                raise SystemExit(f"{players} players: the two engines pair round {ROUND} otherwise")
    ours_cpu = statistics.median(c for c, _ in figures["ours"])
    bbp_cpu = statistics.median(c for c, _ in figures["bbp"])
    ours_peak = statistics.median(p for _, p in figures["ours"])
    bbp_peak = statistics.median(p for _, p in figures["bbp"])
    print(
        f"{players:6,d}  ours {ours_cpu:7.2f} s CPU (pairing {statistics.median(pairing_only):7.2f}"
        f" s)  bbpPairings {bbp_cpu:7.2f} s  ratio {ours_cpu / bbp_cpu:5.2f}  "
        f"peak {ours_peak:6.0f} MB vs {bbp_peak:6.0f} MB ({ours_peak / bbp_peak:4.2f}x)  "
        f"same pairing in {repeat} runs",
        flush=True,
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=summary(__doc__))
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--players", type=int, nargs="*", default=sorted(EVENTS))
    parser.add_argument("--pair", help=argparse.SUPPRESS)
    options = parser.parse_args(argv if argv is not None else [])
    if options.pair:
        _pair_here(options.pair)
        return
    import shutil

    bbp = shutil.which("bbpPairings.exe") or shutil.which("bbpPairings")
    if bbp is None:
        print("bench.pairing_vs_bbp: bbpPairings is not on the PATH; skipped")
        return
    for players in options.players:
        compare(players, options.repeat, bbp)


if __name__ == "__main__":
    main(sys.argv[1:])
