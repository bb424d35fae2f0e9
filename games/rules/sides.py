"""The two sides: their names in English, in Chinese and in incident files, and how many
moves each has made — written once for every explanation, report and ruling."""

from __future__ import annotations

from collections.abc import Sequence

import chess

__all__ = [
    "SIDE_EN",
    "SIDE_ZH",
    "both_moves_made",
    "color_name",
    "moves_made",
    "numbered_moves",
    "side_name",
]

SIDE_EN = {chess.WHITE: "White", chess.BLACK: "Black"}
SIDE_ZH = {chess.WHITE: "白方", chess.BLACK: "黑方"}


def side_name(color: chess.Color) -> str:
    """``White`` or ``Black``, as explanations and reports write it."""
    return SIDE_EN[color]


def color_name(color: chess.Color) -> str:
    """``white`` or ``black``, as incident files and ruling details write it."""
    return SIDE_EN[color].lower()


def moves_made(board: chess.Board, color: chess.Color) -> int:
    """How many moves ``color`` has completed in the game (counted from the FEN's move number)."""
    made = board.fullmove_number - 1
    if color == chess.WHITE and board.turn == chess.BLACK:
        made += 1
    return made


def both_moves_made(board: chess.Board) -> int:
    """Moves both sides have completed: the move count the online house rules use."""
    return min(moves_made(board, chess.WHITE), moves_made(board, chess.BLACK))


def move_label(ply: int, *, white_starts: bool = True) -> str:
    """How an arbiter names the half-move ``ply`` (1-based): ``12.`` for White's twelfth
    move, ``12...`` for Black's."""
    offset = ply - 1 if white_starts else ply
    number = offset // 2 + 1
    return f"{number}." if offset % 2 == 0 else f"{number}..."


def numbered_moves(sans: Sequence[str], fen: str = chess.STARTING_FEN) -> str:
    """A move list as a scoresheet reads it, ``1. e4 e5 2. Nf3``, numbered from ``fen``'s move
    number (``12... Nf6 13. Nc3`` when Black is to move). The moves are written, not played:
    a list that holds an illegal move is numbered all the same."""
    board = chess.Board(fen)
    number, white = board.fullmove_number, board.turn == chess.WHITE
    words = [] if white or not sans else [f"{number}..."]
    for san in sans:
        if white:
            words.append(f"{number}.")
        else:
            number += 1
        words.append(san)
        white = not white
    return " ".join(words)


def moves_by_side(plies: int, first_is_white: bool) -> tuple[int, int]:
    """How many of ``plies`` consecutive half-moves are White's and Black's."""
    first = (plies + 1) // 2
    return (first, plies - first) if first_is_white else (plies - first, first)
