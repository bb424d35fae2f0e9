"""Replaying real games with one move corrupted: the error is reported at that exact ply,
line and column, with the position before it."""

import io
import itertools
import random

import chess
import pytest

from games.rules.records import read_pgn, read_pgn_file
from games.rules.replay import replay

from ._data import PGN

COLLECTION = PGN / "mliebelt-pgn-parser" / "twic-01-232games.pgn"


def _illegal_text(board):
    """A move text that is readable but illegal here: the opponent's piece moves."""
    board = board.copy(stack=False)
    board.turn = not board.turn
    board.ep_square = None
    for move in board.legal_moves:
        text = board.san(move).rstrip("+#")
        mover = board.piece_at(move.from_square)
        board.turn = not board.turn
        try:
            board.parse_san(text)
        except ValueError:
            if mover is not None and mover.piece_type != chess.PAWN:
                return text
        finally:
            board.turn = not board.turn
    return None


def _corrupted_games():
    lines = COLLECTION.read_text(encoding="utf-8").splitlines(keepends=True)
    chooser = random.Random(1997)
    for record in list(read_pgn_file(str(COLLECTION)))[::8]:
        ply = chooser.randrange(1, len(record.moves) + 1)
        board = replay(record).board
        for _ in range(len(record.moves) - ply + 1):
            board.pop()
        text = _illegal_text(board)
        if text is None:
            continue
        written = record.moves[ply - 1]
        yield record.number, ply, written, text, board.fen(), lines


@pytest.mark.parametrize(
    ("number", "ply", "written", "text", "fen", "lines"),
    list(_corrupted_games()),
    ids=lambda value: str(value) if isinstance(value, int) else "",
)
def test_corrupted_move_is_flagged_at_its_ply(number, ply, written, text, fen, lines):
    lines = list(lines)
    line = lines[written.line - 1]
    start = written.column - 1
    assert line[start:].startswith(written.text)
    lines[written.line - 1] = line[:start] + text + line[start + len(written.text) :]
    records = list(itertools.islice(read_pgn(io.StringIO("".join(lines))), number + 1))
    result = replay(records[number - 1])
    error = result.error
    assert error is not None
    assert (error.game, error.ply, error.text) == (number, ply, text)
    assert (error.line, error.column) == (written.line, written.column)
    assert error.kind == "illegal" and error.reason
    assert error.fen_before == fen
    assert error.move_number == chess.Board(fen).fullmove_number
    assert result.plies == ply - 1
    # The broken game does not stop the next one from being read and replayed.
    if number < len(records):  # islice stops one game after the broken one
        assert replay(records[number]).error is None
