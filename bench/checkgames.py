"""checkgames against python-chess's own loop, on the same file in the same run.

The file is built at run time by repeating the real game collections of the test data
until it holds at least ``--games`` games (default 10,000). Measured:

* baseline: ``chess.pgn.read_game`` + replaying the mainline on a board;
* checkgames on one core (``jobs=1``) and on every core (``jobs=None``), each game's
  report rendered as the command prints it;
* the command as a user runs it, start-up included (``manage.py checkgames`` in a process of
  its own, every core) on a 1,500-game file, against the baseline on the same file;
* memory: peak traced allocations of the one-core check for the file and for a file four
  times smaller — equal peaks mean memory does not grow with the file.

Run: ``python -m bench checkgames``, ``python -m bench.checkgames --games 20000``, or
``python -m bench.checkgames --command-only`` for the command's ratio alone.
"""

from __future__ import annotations

import argparse
import io
import os
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

import chess.pgn

from games.rules.batch import check_file
from games.rules.records import read_pgn_file
from games.rules.replay import replay
from games.rules.rulesets import get_ruleset

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "pgn"
# Real games of real length: a TWIC issue, lichess exports, Kasparov–Deep Blue, WCh 2023.
SOURCES = [
    "mliebelt-pgn-parser/twic-01-232games.pgn",
    "mliebelt-pgn-parser/32games.pgn",
    "mliebelt-pgn-parser/lichess_mliebelt_2024-01-03.pgn",
    "python-chess/kasparov-deep-blue-1997.pgn",
    "python-chess/nepomniachtchi-liren-game1.pgn",
]


def build_file(games: int, directory: str) -> tuple[str, int]:
    """A PGN file of at least ``games`` games; returns its path and its game count."""
    blocks = [(DATA / name).read_text(encoding="utf-8-sig").strip() + "\n\n" for name in SOURCES]
    per_round = sum(sum(1 for _ in read_pgn_file(str(DATA / name))) for name in SOURCES)
    rounds = -(-games // per_round)
    path = os.path.join(directory, f"bench-{games}.pgn")
    with open(path, "w", encoding="utf-8") as out:
        for _ in range(rounds):
            out.writelines(blocks)
    return path, rounds * per_round


def python_chess_loop(path: str) -> int:
    count = 0
    with open(path, encoding="utf-8") as stream:
        while (game := chess.pgn.read_game(stream)) is not None:
            board = game.board()
            for move in game.mainline_moves():
                board.push(move)
            count += 1
    return count


def checkgames(path: str, jobs: int | None) -> int:
    ruleset = get_ruleset("classic")
    out = io.StringIO()
    count = 0
    for report in check_file(path, ruleset, jobs=jobs):
        out.write(report.as_text())
        count += 1
        if count % 1000 == 0:
            out = io.StringIO()  # what a pipe does with the text: it does not pile up here
    return count


def timed(run: Callable[[], int]) -> tuple[int, float]:
    started = time.perf_counter()
    count = run()
    return count, time.perf_counter() - started


MANAGE = Path(__file__).resolve().parent.parent / "manage.py"


def command_seconds(path: str) -> float:
    """Wall-clock seconds of ``manage.py checkgames`` on ``path``, start-up included.

    Python runs as installed: it keeps the compiled modules it writes on the first run
    (an environment that forbids writing them would have every start compile the project
    again, which no installed copy does).
    """
    environment = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, str(MANAGE), "checkgames", path, "--format", "json"],
        check=False,
        stdout=subprocess.DEVNULL,
        env=environment,
    )
    seconds = time.perf_counter() - started
    if done.returncode not in (0, 1):  # 1 only says some game has a finding
        raise SystemExit(
            f"ERROR: manage.py checkgames exited {done.returncode}: a failed run, not a time"
        )
    return seconds


def command_against_baseline(directory: str) -> None:
    """The command as a user runs it, start-up included, against python-chess's loop on the
    same 1,500-game file: best of three each, taken in turns so that a busy machine
    slows both alike."""
    path, games = build_file(1500, directory)
    command_seconds(path)  # the first start compiles the modules
    command, baseline = [], []
    for _ in range(3):
        baseline.append(timed(lambda: python_chess_loop(path))[1])
        command.append(command_seconds(path))
    print(
        f"manage.py checkgames, {games} games, start-up included: {min(command):.2f} s; "
        f"python-chess {min(baseline):.2f} s; {min(baseline) / min(command):.2f}x"
    )


def peak_memory(path: str) -> int:
    tracemalloc.start()
    checkgames(path, jobs=1)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    return peak


def check_all_replay(path: str) -> None:
    """The bench file must be real, legal games: check one round of it."""
    for record in read_pgn_file(path):
        result = replay(record)
        if result.error or result.setup_error:
            raise SystemExit(f"bench data does not replay: {result.error or result.setup_error}")
        if record.number >= 300:
            return


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument(
        "--command-only", action="store_true", help="only the command against python-chess"
    )
    options = parser.parse_args(argv or [])
    with tempfile.TemporaryDirectory() as directory:
        if options.command_only:
            command_against_baseline(directory)
            return
        path, games = build_file(options.games, directory)
        small, small_games = build_file(options.games // 4, directory)
        check_all_replay(path)
        size = os.path.getsize(path) / 1e6
        print(f"file: {games} games, {size:.1f} MB, {os.cpu_count()} cores")
        base_count, base_time = timed(lambda: python_chess_loop(path))
        base_rate = base_count / base_time
        baseline = "python-chess read_game + replay"
        print(f"{baseline:<32}: {base_rate:8.0f} games/s ({base_time:.1f} s)")
        for label, jobs in (("checkgames, one core", 1), ("checkgames, all cores", None)):
            count, seconds = timed(lambda jobs=jobs: checkgames(path, jobs))
            if count != base_count:
                raise SystemExit(f"ERROR: {label} reported {count} games of {base_count}")
            rate = count / seconds
            print(f"{label:<32}: {rate:8.0f} games/s ({seconds:.1f} s), {rate / base_rate:.2f}x")
        command_against_baseline(directory)
        small_peak, big_peak = peak_memory(small), peak_memory(path)
        print(
            f"peak traced memory, one core: {small_peak / 1e6:.1f} MB for {small_games} games, "
            f"{big_peak / 1e6:.1f} MB for {games} games"
        )


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
