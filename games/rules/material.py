"""What the pieces on the board allow, whatever their squares: 10.4 and 10.5."""

from __future__ import annotations

import chess

__all__ = ["is_dead_by_material", "is_lone_king", "only_kings"]


def is_lone_king(board: chess.Board, color: chess.Color) -> bool:
    """10.5: the player has nothing but his king."""
    return board.occupied_co[color] == board.kings & board.occupied_co[color]


def only_kings(board: chess.Board) -> bool:
    """10.14: both sides have only their kings (a flag fall is then a draw)."""
    return board.occupied == board.kings


def is_dead_by_material(board: chess.Board) -> bool:
    """10.4: only K v K, K v K+B, K v K+N, or kings and bishops all on squares of one
    colour remain — no sequence of legal moves can then give mate, wherever the pieces are.

    (The Laws list K+B v K+B with bishops on one colour; more bishops on that same colour,
    from promotions, are dead for the same reason.)
    """
    if board.pawns or board.rooks or board.queens:
        return False
    if board.knights:
        return not board.bishops and chess.popcount(board.knights) == 1
    bishops = board.bishops
    return not (bishops & chess.BB_LIGHT_SQUARES and bishops & chess.BB_DARK_SQUARES)
