"""Chess960 (Laws of Chess, Guidelines II): its 960 starting positions and its castling.

A starting position is named by its number, 0 to 959, in the numbering every Chess960 table
and program shares (518 is the standard position). A game of Chess960 is played on a board in
python-chess's Chess960 mode, where castling is the king "taking" its own rook in UCI and
``O-O`` / ``O-O-O`` in SAN, wherever the king and rook stand (II.3). :func:`board_from_fen`
is the one place a board is set up from a FEN, so that a record started from a Chess960
position keeps its castling rules in every check that replays it.
"""

from __future__ import annotations

import secrets

import chess

__all__ = [
    "CHESS960_VARIANTS",
    "PGN_VARIANT",
    "POSITIONS",
    "STANDARD_POSITION",
    "back_rank",
    "board_from_fen",
    "draw_position",
    "is_chess960_variant",
    "position_fen",
    "position_number",
    "read_position",
]

POSITIONS = 960
STANDARD_POSITION = 518
"""The standard starting position's number."""

CHESS960_VARIANTS = frozenset({"chess960", "chess 960", "fischerandom", "fischer random"})
"""The ``Variant`` tag values that name Chess960 (lichess, cutechess and others)."""

PGN_VARIANT = "Chess960"
"""The ``Variant`` tag written for a Chess960 game."""


def is_chess960_variant(variant: str) -> bool:
    """Whether a PGN ``Variant`` tag names Chess960."""
    return variant.strip().lower() in CHESS960_VARIANTS


def board_from_fen(fen: str | None = None, *, chess960: bool = False) -> chess.Board:
    """The board of ``fen`` (the standard start by default), in Chess960 mode when
    ``chess960`` is set or when its castling rights are those of a king and rook off their
    standard squares, which only Chess960 castling can use. Raises ``ValueError`` for a
    FEN that is not a position."""
    board = chess.Board(fen or chess.STARTING_FEN, chess960=chess960)
    board.chess960 = board.chess960 or board.has_chess960_castling_rights()
    return board


def position_fen(number: int) -> str:
    """The FEN of Chess960 starting position ``number`` (0–959), castling rights in X-FEN
    (``KQkq``: each king with its outer rooks), as PGN ``FEN`` tags write it."""
    if not 0 <= number < POSITIONS:
        raise ValueError(f"a Chess960 position is numbered 0 to 959, not {number}")
    return chess.Board.from_chess960_pos(number).fen()


def position_number(fen: str) -> int | None:
    """The number of the Chess960 starting position ``fen`` sets up, else ``None``."""
    try:
        board = chess.Board(fen, chess960=True)
    except ValueError:
        return None
    return board.chess960_pos(ignore_turn=False, ignore_castling=False, ignore_counters=True)


def read_position(text: str) -> int:
    """A starting position as an arbiter gives it: its number (0–959) or its FEN.

    Raises ``ValueError`` saying why when it is neither."""
    text = text.strip()
    if text.isdigit():
        number = int(text)
        if number >= POSITIONS:
            raise ValueError(f"a Chess960 position is numbered 0 to 959, not {number}")
        return number
    from_fen = position_number(text)
    if from_fen is None:
        raise ValueError(f"{text!r} is neither a number 0–959 nor a Chess960 starting position")
    return from_fen


def draw_position() -> int:
    """A starting position drawn by lot, each of the 960 equally likely (II.2)."""
    return secrets.randbelow(POSITIONS)


def back_rank(number: int) -> str:
    """White's pieces on the first rank, a to h (``RNBQKBNR`` for 518)."""
    return position_fen(number).split("/")[-1].split(" ")[0]
