"""What the pieces on the board allow, whatever their squares: 10.4 and 10.5."""

from __future__ import annotations

import re
from dataclasses import dataclass

import chess

__all__ = [
    "NamedPosition",
    "NamedPositionError",
    "is_dead_by_material",
    "is_lone_king",
    "material_of",
    "only_kings",
    "parse_named_positions",
]

_PIECE_ORDER = "KQRBNP"
_ENTRY = re.compile(
    r"^\s*(?P<first>[KQRBNP]+)\s*(?:V|VS\.?|-|–)\s*(?P<second>[KQRBNP]+)\s*[:=]\s*(?P<moves>\d+)\s*$"
)


class NamedPositionError(ValueError):
    """A list of named positions that cannot be read: ``entry`` is the entry at fault,
    ``problem`` one of ``unreadable``, ``below_fifty``, ``named_twice``."""

    MESSAGES = {
        "unreadable": "expected the two sides' pieces and a move count, e.g. KRB v KR: 100",
        "below_fifty": "the count may be raised, not below 50",
        "named_twice": "that position is named twice",
    }

    def __init__(self, entry: str, problem: str) -> None:
        super().__init__(f"{entry!r}: {self.MESSAGES[problem]}")
        self.entry = entry
        self.problem = problem


@dataclass(frozen=True)
class NamedPosition:
    """A position the organiser names by its material (10.12), e.g. K+R+B against K+R,
    with the number of moves each side must make without a pawn move or capture."""

    material: tuple[str, str]
    """Both sides' pieces, e.g. ``("KR", "KRB")``: sorted, so either colour may hold either."""
    moves: int

    def describe(self) -> str:
        return f"{self.material[1]} v {self.material[0]}: {self.moves}"


def _side(board: chess.Board, color: chess.Color) -> str:
    return "".join(
        symbol * chess.popcount(board.pieces_mask(chess.PIECE_SYMBOLS.index(symbol.lower()), color))
        for symbol in _PIECE_ORDER
    )


def material_of(board: chess.Board) -> tuple[str, str]:
    """Both sides' pieces in the order K, Q, R, B, N, P, sorted as :class:`NamedPosition`."""
    first, second = sorted((_side(board, chess.WHITE), _side(board, chess.BLACK)))
    return first, second


def _canonical(side: str) -> str:
    if side.count("K") != 1:
        raise ValueError(side)
    letters = side
    return "".join(letter * letters.count(letter) for letter in _PIECE_ORDER)


def parse_named_positions(text: str) -> tuple[NamedPosition, ...]:
    """Read the organiser's list, entries separated by commas, semicolons or lines:
    ``KRB v KR: 100, KNN v KP: 100``. Each side is its king and pieces (K, Q, R, B, N, P);
    the count is at least 50 (10.12: the count may be raised). Raises
    :class:`NamedPositionError` naming the entry that cannot be read."""
    positions: dict[tuple[str, str], NamedPosition] = {}
    for entry in (part for part in re.split(r"[,;\n]", text) if part.strip()):
        match = _ENTRY.match(entry.upper())
        try:
            if match is None:
                raise ValueError(entry)
            first, second = sorted((_canonical(match["first"]), _canonical(match["second"])))
        except ValueError:
            raise NamedPositionError(entry.strip(), "unreadable") from None
        moves = int(match["moves"])
        if moves < 50:
            raise NamedPositionError(entry.strip(), "below_fifty")
        if (first, second) in positions:
            raise NamedPositionError(entry.strip(), "named_twice")
        positions[first, second] = NamedPosition((first, second), moves)
    return tuple(positions.values())


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
