"""How far the "no sequence of legal moves can mate" search agrees with D3-Chess.

For every position of the D3-Chess test vector (tests data), each side's
:func:`games.rules.endings.can_checkmate` answer (proved yes / proved no / unknown within
the node budget) is compared with the vector's class (WB, W-, -B, --). A proved answer
that contradicts the vector would be a defect; unknown answers are counted, not guessed.

The baseline is python-chess's ``has_insufficient_material`` on the same questions (the
cheap, material-only answer), timed in the same run.

Run: ``python -m bench checkgames_dead_positions`` or with ``--nodes N``. Measured: at 300
nodes (about a minute) 952 of 3,606 answers proved, 280 of the 806 dead positions; at
3,000 nodes (about ten minutes) 1,539 and 515; never a contradiction.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from pathlib import Path

import chess

from bench import summary
from games.rules.endings import can_checkmate
from games.rules.material import is_dead_by_material

VECTOR = (
    Path(__file__).resolve().parent.parent
    / "tests/data/claims/dead_positions/D3-Chess_test-vector.txt"
)


def positions() -> list[tuple[str, str]]:
    lines = VECTOR.read_text().splitlines()
    return [(line[:2], line[3:].strip()) for line in lines if line and not line.startswith("#")]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=summary(__doc__))
    parser.add_argument("--nodes", type=int, default=300)
    options = parser.parse_args(argv or [])
    tally: Counter[str] = Counter()
    search_seconds = 0.0
    started = time.perf_counter()
    vector = positions()
    for expected, fen in vector:
        board = chess.Board(fen)
        for color, letter in ((chess.WHITE, expected[0]), (chess.BLACK, expected[1])):
            asked = time.perf_counter()
            answer = can_checkmate(board, color, node_limit=options.nodes)
            search_seconds += time.perf_counter() - asked
            truth = letter != "-"
            if answer is None:
                tally["unknown"] += 1
            elif answer == truth:
                tally["agree"] += 1
                tally[f"agree, proved {'can' if truth else 'cannot'} mate"] += 1
            else:
                tally["DISAGREE"] += 1
                print(f"disagreement: {expected} {fen} {'white' if color else 'black'}")
        if expected == "--":
            tally["dead (--) positions"] += 1
            tally["dead by 10.4 material"] += is_dead_by_material(board)
            proved = all(
                can_checkmate(board, c, node_limit=options.nodes) is False
                for c in (chess.WHITE, chess.BLACK)
            )
            tally["dead proved by the search"] += proved
    seconds = time.perf_counter() - started
    print(f"{len(vector)} positions, {2 * len(vector)} side questions, {options.nodes} nodes")
    for key in sorted(tally):
        print(f"  {key}: {tally[key]}")
    print(f"  time: {seconds:.1f} s")
    baseline = _insufficient_material_seconds(vector)
    print(
        f"  search {search_seconds:.2f} s, baseline python-chess has_insufficient_material "
        f"{baseline * 1000:.2f} ms (same questions), ratio {search_seconds / baseline:,.0f}"
    )


def _insufficient_material_seconds(vector: list[tuple[str, str]]) -> float:
    """python-chess's own, much weaker answer to every question: the baseline."""
    boards = [chess.Board(fen) for _, fen in vector]
    started = time.perf_counter()
    for board in boards:
        for color in (chess.WHITE, chess.BLACK):
            board.has_insufficient_material(color)
    return time.perf_counter() - started


if __name__ == "__main__":
    import sys

    main(sys.argv[1:])
