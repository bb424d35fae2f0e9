"""checktrf's peak memory on an event at the player limit (2,000 players).

The event is round 1 of a Swiss of ``--players`` players, the top half against the bottom
half, written directly (the random generator, ``--generated``, takes more than a quarter of
an hour to pair 2,000 players on two cores); ``--file`` names a TRF file to use instead.
``checktrf`` then runs in a process of its own, which reports its peak resident memory
(``ru_maxrss``) and its time. Re-pairing the round with the engine sets the peak: checking
whether the event is a round robin no longer builds every pair of players (two million sets,
about 480 MB at 2,000 players).

Run: ``python -m bench checktrf_memory`` or ``python -m bench.checktrf_memory --players 500``.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from bench import summary

MANAGE = Path(__file__).resolve().parent.parent / "manage.py"

# Runs checktrf in this child and prints its peak resident memory (kB on Linux) and seconds.
MEASURE = """
import os, resource, sys, time
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arbiter.settings")
import django
django.setup()
from django.core.management import call_command
from django.core.management.base import CommandError
started = time.perf_counter()
try:
    call_command("checktrf", sys.argv[1], stdout=open(os.devnull, "w"))
except CommandError as error:
    if error.returncode != 1:  # 1: findings, a normal outcome
        raise
seconds = time.perf_counter() - started
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss, f"{seconds:.1f}")
"""


def write_round_one(players: int, path: str) -> None:
    """Round 1 played, the top half against the bottom half, every game won by the top."""
    half = players // 2
    lines = ["012 Open at the player limit", "XXR 9"]
    for rank in range(1, players + 1):
        top = rank <= half
        opponent = rank + half if top else rank - half
        white = (rank if top else opponent) % 2 == 1
        colour = "w" if white == top else "b"
        fields = [
            "001",
            f"{rank:4d}",
            "    ",
            f"{'Player ' + str(rank):<33}",
            f"{2800 - rank // 2:4d}",
            "GER",
            f"{'':>11}",
            "1990/01/01",
            " 1.0" if top else " 0.0",
            f"{rank:4d}",
        ]
        lines.append(" ".join(fields) + f"  {opponent:4d} {colour} {'1' if top else '0'}")
    Path(path).write_text("\n".join(lines) + "\n", encoding="utf-8")


def generate(players: int, rounds: int, seed: int, path: str) -> None:
    subprocess.run(
        [
            sys.executable,
            str(MANAGE),
            "generate_tournament",
            "-o",
            path,
            "--players",
            str(players),
            "--rounds",
            str(rounds),
            "--seed",
            str(seed),
            "--no-accelerated",
        ],
        check=True,
        stdout=subprocess.DEVNULL,
    )


def measure(path: str) -> tuple[float, float]:
    """checktrf's peak resident memory (MB) and seconds on ``path``."""
    done = subprocess.run(
        [sys.executable, "-c", MEASURE, path],
        check=True,
        capture_output=True,
        text=True,
        cwd=MANAGE.parent,
    )
    kilobytes, seconds = done.stdout.split()
    return int(kilobytes) / 1024, float(seconds)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=summary(__doc__))
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument(
        "--generated", action="store_true", help="a random event (generate_tournament) instead"
    )
    parser.add_argument("--rounds", type=int, default=3, help="rounds of --generated")
    parser.add_argument("--seed", type=int, default=1, help="seed of --generated")
    parser.add_argument("--file", help="a TRF file to check instead of a generated one")
    parser.add_argument("--keep", action="store_true", help="keep the generated file")
    options = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as directory:
        path = options.file
        if path is None:
            path = os.path.join(directory, f"checktrf-{options.players}.trf")
            if options.generated:
                generate(options.players, options.rounds, options.seed, path)
            else:
                write_round_one(options.players, path)
            if options.keep:
                kept = Path.cwd() / Path(path).name
                kept.write_bytes(Path(path).read_bytes())
                print(f"kept {kept}")
        megabytes, seconds = measure(path)
    rounds = options.rounds if options.generated else 1
    what = options.file or f"{options.players} players, {rounds} rounds"
    print(f"checktrf on {what}: peak {megabytes:.0f} MB resident, {seconds:.1f} s")


if __name__ == "__main__":
    main()
