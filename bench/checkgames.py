"""checkgames against python-chess's own loop, on the same files in the same run.

The baseline is a script that reads a file with ``chess.pgn.read_game`` in a loop and
replays each game's mainline on a board (``board.push``). Against it, in CPU time, the
median of ``--runs`` runs taken in turns, so that a busy machine slows both alike:

* many games on one core: ``manage.py checkgames FILE --jobs 1`` against the script, each
  in a process of its own, start-up included; and the check alone, in this process
  (``check_file(..., jobs=1)``, each report rendered as the command prints it), against the
  script's loop in this process;
* one game: ``manage.py checkgames`` on a one-game file against the script on it, where
  the start-up is nearly all of the time.

A figure is a ratio of CPU times (below 1: checkgames takes less); its inverse is the
speed against python-chess. The many-game file is built by repeating the real game
collections of the test data until it holds at least ``--games`` games (default 1,500).
Every run must be whole: each process exits 0, the command reports every game the script
read, all of them legal, and the script meets no error; anything else stops the benchmark
(exit status 1) without a figure.

``--all-cores`` adds the command on every core (its default), in wall-clock time against
the script; ``--memory`` the peak traced allocations of the one-core check of the file and
of a file four times smaller (equal peaks: memory does not grow with the file).

Run: ``python -m bench checkgames``, ``python -m bench.checkgames --games 5000 --runs 7``.

Measured (1,674 games, 5 runs, load average about 1): the command on one core 0.60 of
python-chess's CPU time, 1.67x its speed (the code before: 0.97); the check alone 0.51,
1.96x (before: 0.75); one game 1.49x python-chess's time (before: 5.42x); the command on
two cores, wall clock, 0.39 (2.53x).
"""

from __future__ import annotations

import argparse
import io
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

import chess.pgn

from bench import summary
from games.rules.batch import check_file
from games.rules.records import read_pgn_file
from games.rules.rulesets import get_ruleset

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "pgn"
MANAGE = ROOT / "manage.py"
# Real games of real length: a TWIC issue, lichess exports, Kasparov–Deep Blue, WCh 2023.
SOURCES = [
    "mliebelt-pgn-parser/twic-01-232games.pgn",
    "mliebelt-pgn-parser/32games.pgn",
    "mliebelt-pgn-parser/lichess_mliebelt_2024-01-03.pgn",
    "python-chess/kasparov-deep-blue-1997.pgn",
    "python-chess/nepomniachtchi-liren-game1.pgn",
]
ONE_GAME = "python-chess/nepomniachtchi-liren-game1.pgn"

BASELINE_SCRIPT = """\
import sys

import chess.pgn

games = errors = 0
with open(sys.argv[1], encoding="utf-8") as stream:
    while (game := chess.pgn.read_game(stream)) is not None:
        board = game.board()
        for move in game.mainline_moves():
            board.push(move)
        games += 1
        errors += len(game.errors)
print(games, errors)
"""


class Failed(SystemExit):
    """A run that did not do all of its work: the figures are void (exit status 1)."""


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
    """The baseline's loop, in this process: the number of games."""
    count = 0
    with open(path, encoding="utf-8") as stream:
        while (game := chess.pgn.read_game(stream)) is not None:
            board = game.board()
            for move in game.mainline_moves():
                board.push(move)
            if game.errors:
                raise Failed(f"ERROR: python-chess met an error in game {count + 1}")
            count += 1
    return count


def checkgames(path: str, jobs: int | None) -> int:
    """The command's check, in this process, each report rendered as the command prints it;
    the number of games, all of them legal."""
    out = io.StringIO()
    count = 0
    for report in check_file(path, get_ruleset("classic"), jobs=jobs):
        if not report.all_legal:
            raise Failed(f"ERROR: checkgames found game {report.number} not legal")
        out.write(report.as_text())
        count += 1
        if count % 1000 == 0:
            out = io.StringIO()  # what a pipe does with the text: it does not pile up here
    return count


def _environment() -> dict[str, str]:
    """Python as installed: it keeps the compiled modules it writes on the first run (an
    environment that forbids writing them would have every start compile the project
    again, which no installed copy does)."""
    return {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_process(arguments: list[str]) -> tuple[str, float, float]:
    """Standard output, CPU seconds (its own and its children's) and wall-clock seconds of
    a process that must exit 0."""
    cpu, started = _children_cpu(), time.perf_counter()
    done = subprocess.run(
        arguments, capture_output=True, text=True, check=False, env=_environment()
    )
    seconds, cpu = time.perf_counter() - started, _children_cpu() - cpu
    if done.returncode != 0:
        raise Failed(
            f"ERROR: {' '.join(arguments[1:3])} exited {done.returncode}: a failed run, not "
            f"a time\n{done.stderr[-2000:]}"
        )
    return done.stdout, cpu, seconds


def baseline(script: str, path: str, games: int) -> tuple[float, float]:
    """The python-chess script on ``path``: CPU and wall-clock seconds."""
    out, cpu, seconds = run_process([sys.executable, script, path])
    read, errors = map(int, out.split())
    if (read, errors) != (games, 0):
        raise Failed(f"ERROR: python-chess read {read} games of {games}, {errors} errors")
    return cpu, seconds


def command(path: str, games: int, *options: str) -> tuple[float, float]:
    """``manage.py checkgames`` on ``path`` (JSON lines): CPU and wall-clock seconds; it
    must report every game, all legal, none unchecked."""
    out, cpu, seconds = run_process(
        [sys.executable, str(MANAGE), "checkgames", path, "--format", "json", *options]
    )
    summary = json.loads(out.rstrip().rsplit("\n", 1)[-1])["summary"]
    if (summary["games"], summary["all_legal"]) != (games, games):
        raise Failed(f"ERROR: manage.py checkgames {' '.join(options)}: {summary}")
    return cpu, seconds


def cpu_of(task: Callable[[], int], games: int) -> float:
    """CPU seconds of ``task`` in this process; it must count ``games`` games."""
    started = time.process_time()
    count = task()
    if count != games:
        raise Failed(f"ERROR: {count} games of {games}")
    return time.process_time() - started


def peak_memory(path: str, games: int) -> int:
    tracemalloc.start()
    count = checkgames(path, jobs=1)
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    if count != games:
        raise Failed(f"ERROR: {count} games of {games}")
    return peak


def _ratio(label: str, ours: list[float], theirs: list[float], unit: str = "CPU") -> str:
    mine, base = statistics.median(ours), statistics.median(theirs)
    return (
        f"{label:<44}: {mine / base:5.2f} ({unit} {mine:6.2f} s against {base:6.2f} s; "
        f"{base / mine:.2f}x python-chess's speed)"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=summary(__doc__))
    parser.add_argument("--games", type=int, default=1_500, help="games in the large file")
    parser.add_argument("--runs", type=int, default=5, help="runs of each, taken in turns")
    parser.add_argument(
        "--all-cores", action="store_true", help="also the command on every core (wall clock)"
    )
    parser.add_argument(
        "--memory", action="store_true", help="also the one-core check's peak memory"
    )
    options = parser.parse_args(argv or [])
    with tempfile.TemporaryDirectory() as directory:
        script = os.path.join(directory, "python_chess_loop.py")
        Path(script).write_text(BASELINE_SCRIPT, encoding="utf-8")
        path, games = build_file(options.games, directory)
        one = str(DATA / ONE_GAME)
        size = os.path.getsize(path) / 1e6
        print(f"file: {games} games, {size:.1f} MB; {options.runs} runs, medians of CPU time")
        # The first start compiles the modules; the first loop warms the caches.
        command(one, 1)
        baseline(script, one, 1)
        times: dict[str, list[float]] = {}

        def add(name: str, seconds: float) -> None:
            times.setdefault(name, []).append(seconds)

        for _ in range(options.runs):
            add("script", baseline(script, path, games)[0])
            add("command", command(path, games, "--jobs", "1")[0])
            add("loop", cpu_of(lambda: python_chess_loop(path), games))
            add("check", cpu_of(lambda: checkgames(path, 1), games))
            add("script, one game", baseline(script, one, 1)[0])
            add("command, one game", command(one, 1)[0])
            if options.all_cores:
                add("script, wall", baseline(script, path, games)[1])
                add("command, all cores, wall", command(path, games)[1])
        print(
            _ratio(
                "manage.py checkgames --jobs 1, start-up incl.", times["command"], times["script"]
            )
        )
        print(_ratio("check_file(jobs=1) in process", times["check"], times["loop"]))
        print(
            _ratio(
                "manage.py checkgames, one game",
                times["command, one game"],
                times["script, one game"],
            )
        )
        if options.all_cores:
            print(
                _ratio(
                    f"manage.py checkgames, {os.cpu_count()} cores",
                    times["command, all cores, wall"],
                    times["script, wall"],
                    "wall",
                )
            )
        if options.memory:
            small, small_games = build_file(options.games // 4, directory)
            small_peak, big_peak = peak_memory(small, small_games), peak_memory(path, games)
            print(
                f"peak traced memory, one core: {small_peak / 1e6:.1f} MB for {small_games} "
                f"games, {big_peak / 1e6:.1f} MB for {games} games"
            )


if __name__ == "__main__":
    main(sys.argv[1:])
