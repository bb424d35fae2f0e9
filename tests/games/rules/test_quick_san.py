"""``quick_san``: the move ``Board.parse_san`` finds, or no answer — never another move.

The replay asks ``quick_san`` first and ``parse_san`` only when it has no answer, so each of
its answers is compared with ``parse_san``'s in positions of real and random games (checks,
pins, en passant, promotions) for every spelling of every pseudo-legal move, the illegal
ones included, and for texts that name no move at all.
"""

from __future__ import annotations

import random

import chess
import chess.pgn
import pytest

from games.rules.notation import quick_san

from ._data import PGN

SPECIAL = [
    "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",  # en passant
    "8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1",  # en passant that exposes the king
    "4k3/1P6/8/8/8/8/6p1/4K2R b K - 0 1",  # promotions
    "4k3/8/8/8/1b6/8/3N4/4K3 w - - 0 1",  # a pinned knight
    "4k3/8/8/8/4r3/8/4N3/4K1N1 w - - 0 1",  # a pinned knight, another free
    "4k3/8/8/8/8/8/3n4/R3K2R w KQ - 0 1",  # in check by a knight
    "3qk3/8/8/8/8/8/3PP3/2BQKB2 w - - 0 1",  # in check along a file, a block
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
]


def positions() -> list[chess.Board]:
    rng = random.Random(28)
    boards = [chess.Board(fen) for fen in SPECIAL]
    with open(PGN / "python-chess" / "kasparov-deep-blue-1997.pgn", encoding="utf-8") as stream:
        while (game := chess.pgn.read_game(stream)) is not None:
            board = game.board()
            for move in game.mainline_moves():
                board.push(move)
                if rng.random() < 0.2:
                    boards.append(board.copy(stack=False))
    for _ in range(40):
        board = chess.Board()
        for _ in range(rng.randint(10, 200)):
            moves = list(board.legal_moves)
            if not moves:
                break
            board.push(rng.choice(moves))
            if rng.random() < 0.05:
                boards.append(board.copy(stack=False))
    return boards


def spellings(board: chess.Board, move: chess.Move) -> list[str]:
    to, origin = chess.square_name(move.to_square), chess.square_name(move.from_square)
    promotion = "=" + chess.piece_symbol(move.promotion).upper() if move.promotion else ""
    letter = board.piece_type_at(move.from_square)
    if letter == chess.PAWN:
        texts = [origin[0] + to + promotion, origin[0] + "x" + to, to + promotion, to]
        texts += [to + "=K", origin[0] + to + "q", origin + to]
    else:
        symbol = chess.piece_symbol(letter or chess.KING).upper()
        texts = [symbol + to, symbol + "x" + to, symbol + origin[0] + to, symbol + origin[1] + to]
        texts += [symbol + origin + to, symbol + to + "=Q", symbol.lower() + to]
    if board.is_legal(move):
        texts.append(board.san(move))
    return texts + [t + "+" for t in texts[:2]]


def parse_san(board: chess.Board, text: str) -> chess.Move | None:
    try:
        return board.parse_san(text)
    except ValueError:
        return None


@pytest.mark.parametrize("index", range(4))
def test_every_answer_is_parse_sans(index):
    boards = positions()[index::4]
    answered = 0
    for board in boards:
        texts = {"O-O", "0-0-0", "--", "Z0", "e9", "Sf3", "Nf3", "exd6", "a8=Q", "Kxe2", "Qh5"}
        for move in board.generate_pseudo_legal_moves():
            texts.update(spellings(board, move))
        for text in sorted(texts):
            move = quick_san(board, text)
            if move is not None:
                answered += 1
                assert move == parse_san(board, text), (board.fen(), text)
    assert answered > 20 * len(boards)  # most legal moves are answered


def test_the_legal_san_of_a_real_game_is_answered():
    with open(PGN / "python-chess" / "kasparov-deep-blue-1997.pgn", encoding="utf-8") as stream:
        game = chess.pgn.read_game(stream)
    assert game is not None
    board = game.board()
    for move in game.mainline_moves():
        san = board.san(move)
        assert quick_san(board, san) == (None if san.startswith("O-O") else move), san
        board.push(move)
