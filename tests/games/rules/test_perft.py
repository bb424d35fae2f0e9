"""Perft: the published node counts of the standard test positions, with every move of
the first two plies read back through our notation (SAN, UCI, figurine)."""

import chess
import pytest

from games.rules.notation import parse_move

from ._data import PERFT

FIGURINES = {"N": "♘", "B": "♗", "R": "♖", "Q": "♕", "K": "♔"}


def _positions():
    found, current = [], None
    for line in (PERFT / "python-chess__tricky.perft").read_text().splitlines():
        if line.startswith("id "):
            current = {"id": line[3:].strip(), "counts": {}}
            found.append(current)
        elif line.startswith("epd "):
            current["fen"] = line[4:].strip() + " 0 1"
        elif line.startswith("perft "):
            _, depth, nodes = line.split()
            current["counts"][int(depth)] = int(nodes)
    return found


def perft(board, depth, read_back):
    if depth == 1 and not read_back:
        return board.legal_moves.count()
    nodes = 0
    for move in board.legal_moves:
        if read_back:
            san = board.san(move)
            assert parse_move(board, san) == move
            assert parse_move(board, board.uci(move)) == move
            figurine = FIGURINES.get(san[0], "") + san[1:] if san[0] in FIGURINES else san
            assert parse_move(board, figurine) == move
        if depth > 1:
            board.push(move)
            nodes += perft(board, depth - 1, read_back - 1 if read_back else 0)
            board.pop()
        else:
            nodes += 1
    return nodes


# Shallow enough to keep the suite quick: at most ~100,000 nodes a position.
CASES = [
    (position["id"], position["fen"], depth, nodes)
    for position in _positions()
    for depth, nodes in position["counts"].items()
    if nodes <= 100_000 and depth == max(d for d, n in position["counts"].items() if n <= 100_000)
]


def test_the_standard_positions_are_all_there():
    ids = {case[0] for case in CASES}
    assert {"pos-2", "pos-3", "pos-4", "pos-5"} <= ids
    assert len(CASES) >= 15


@pytest.mark.parametrize(("name", "fen", "depth", "nodes"), CASES, ids=[c[0] for c in CASES])
def test_published_counts(name, fen, depth, nodes):
    # Chess960 mode reads the X-FEN castling rights of the xfen-* positions; standard
    # positions count the same in it.
    board = chess.Board(fen, chess960=True)
    assert perft(board, depth, read_back=min(depth, 2)) == nodes


def test_start_position_depth_4():
    assert perft(chess.Board(), 4, read_back=2) == 197_281


@pytest.mark.slow
def test_start_position_depth_5():
    assert perft(chess.Board(), 5, read_back=0) == 4_865_609
