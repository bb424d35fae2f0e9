"""The two sides: their names in English, in Chinese and in incident files, and how many
moves each has made — written once for every explanation, report and ruling."""

from __future__ import annotations

import chess

__all__ = [
    "SIDE_EN",
    "SIDE_ZH",
    "both_moves_made",
    "color_name",
    "moves_made",
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
