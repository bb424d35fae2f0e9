"""Reading a move as a player wrote it.

Scoresheets are not strict SAN: arbiters meet ``0-0``, ``e8Q``, ``exd6e.p.``, ``Ng1-f3``,
``e2e4``, figurine ``♘f3`` and Chinese piece names (``马f3``). :func:`parse_move` accepts
all of them when they name exactly one legal move, and otherwise raises a
:class:`MoveTextError` that says why in words an arbiter can read out: the move cannot be
read, it could be more than one move, or it is illegal (and which condition it breaks).

python-chess does the reading of well-formed text (``Board.parse_san``, which already
accepts long algebraic, UCI, ``0-0`` and ``e8Q``); this module adds the sloppy forms and the
explanation of a failure, which python-chess reports only as "illegal san".

Chinese piece names: 王 king, 后 queen, 车 rook, 象 bishop, 马 knight, 兵 pawn (the
traditional forms 後, 車, 馬 are read as well).
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

import chess

from games.rules.sides import side_name

__all__ = [
    "AmbiguousMoveError",
    "IllegalMoveError",
    "MoveFault",
    "MoveTextError",
    "UnreadableMoveError",
    "castling_obstacle",
    "parse_move",
    "quick_san",
]


class MoveFault(enum.Enum):
    """Why a written move cannot be played in its position (the words of 10.16)."""

    ILLEGAL = "illegal"
    AMBIGUOUS = "ambiguous"
    UNREADABLE = "unreadable"


class MoveTextError(ValueError):
    """A written move that cannot be played.

    ``text`` is the move exactly as written; ``reason`` says why, in plain English;
    ``fault`` is the kind of fault, for the replay's report and the sealed-move ruling.
    """

    fault = MoveFault.UNREADABLE

    def __init__(self, text: str, reason: str) -> None:
        super().__init__(f"{text!r}: {reason}")
        self.text = text
        self.reason = reason


class UnreadableMoveError(MoveTextError):
    """The text is not a move in any notation we know (Art. 11.1: "recorded so that its true
    meaning cannot be established")."""


class AmbiguousMoveError(MoveTextError):
    """The text fits more than one legal move; ``candidates`` are those moves."""

    fault = MoveFault.AMBIGUOUS

    def __init__(self, text: str, reason: str, candidates: tuple[chess.Move, ...]) -> None:
        super().__init__(text, reason)
        self.candidates = candidates


class IllegalMoveError(MoveTextError):
    """The text names a move the Laws do not allow in this position; ``reason`` names the
    condition it breaks (Art. 3, 5, 9)."""

    fault = MoveFault.ILLEGAL


_PIECE_LETTERS = {
    # Figurines, both colours: a scoresheet's colour of the figurine is not the mover's.
    "♔": "K",
    "♕": "Q",
    "♖": "R",
    "♗": "B",
    "♘": "N",
    "♙": "",
    "♚": "K",
    "♛": "Q",
    "♜": "R",
    "♝": "B",
    "♞": "N",
    "♟": "",
    # Chinese piece names (simplified and traditional).
    "王": "K",
    "后": "Q",
    "後": "Q",
    "车": "R",
    "車": "R",
    "象": "B",
    "马": "N",
    "馬": "N",
    "兵": "",
}
_CAPTURE_MARKS = {"×": "x", ":": "x", "：": "x"}
_EN_PASSANT_MARK = re.compile(r"\s*(e\.\s?p\.?|ep)\s*$", re.IGNORECASE)
_DECORATION = re.compile(r"[+#!?‼⁇⁈⁉†‡]+$")
_KINGSIDE = re.compile(r"^[0Oo]-?[0Oo]$")
_QUEENSIDE = re.compile(r"^[0Oo]-?[0Oo]-?[0Oo]$")
_NULL_MOVES = {"--", "Z0", "0000", "@@@@"}
_MOVE = re.compile(
    r"^(?P<piece>[KQRBNP])?(?P<file>[a-h])?(?P<rank>[1-8])?(?P<sep>[-x])?"
    r"(?P<to>[a-h][1-8])(?:=?\(?(?P<promotion>[KQRBNPkqrbnp])\)?)?$"
)
_PIECE_NAMES = {
    chess.PAWN: "pawn",
    chess.KNIGHT: "knight",
    chess.BISHOP: "bishop",
    chess.ROOK: "rook",
    chess.QUEEN: "queen",
    chess.KING: "king",
}


_SanParts = tuple[chess.PieceType, chess.Bitboard, chess.Square, chess.PieceType | None]
_CASTLING_SAN = frozenset({"O-O", "O-O+", "O-O#", "0-0", "0-0+", "0-0#"}) | frozenset(
    {"O-O-O", "O-O-O+", "O-O-O#", "0-0-0", "0-0-0+", "0-0-0#"}
)
_san_parts: dict[str, _SanParts | None] = {}
_SAN_PARTS_KEPT = 20_000
_PROMOTIONS = (chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN)
_LAST_RANKS = chess.BB_RANK_1 | chess.BB_RANK_8


def _read_san_parts(text: str) -> _SanParts | None:
    """The parts of SAN text as ``Board.parse_san`` reads them (its own pattern): the piece,
    the squares the origin may be on, the target and the promotion. ``None`` for what
    :func:`quick_san` leaves to ``parse_san``: castling, an origin given in full (long
    algebraic, UCI), a pawn's origin rank, a piece promoted, a promotion to a king."""
    match = chess.SAN_REGEX.match(text)
    if not match or text in _CASTLING_SAN:
        return None
    letter, file, rank, target, promotion = match.groups()
    to_square = chess.SQUARE_NAMES.index(target)
    from_mask = chess.BB_ALL
    if file:
        from_mask &= chess.BB_FILES[chess.FILE_NAMES.index(file)]
    if letter:
        if promotion:
            return None
        if rank:
            from_mask &= chess.BB_RANKS[int(rank) - 1]
        return chess.PIECE_SYMBOLS.index(letter.lower()), from_mask, to_square, None
    if rank:
        return None
    promoted = chess.PIECE_SYMBOLS.index(promotion[-1].lower()) if promotion else None
    if promoted is not None and promoted not in _PROMOTIONS:
        return None
    if not file:
        from_mask &= chess.BB_FILES[chess.square_file(to_square)]
    return chess.PAWN, from_mask, to_square, promoted


def quick_san(board: chess.Board, text: str) -> chess.Move | None:
    """The move ``board.parse_san(text)`` returns, when this finds it at once; ``None``
    otherwise (castling, long algebraic or UCI, an illegal or ambiguous text, a promoted
    king): ask ``parse_san`` then.

    ``parse_san`` matches the text with its pattern, then generates the legal moves of the
    named piece type to the target and keeps those that fit: most of what a replay spends
    on a move. Here the text's parts are read once per distinct text (with the same
    pattern); python-chess's attack tables give the pieces of that type that reach the
    target (for a pawn, the squares it can step or capture from); and the move of the one
    piece found is legal if it leaves no piece of the opponent's attacking the king. A
    king's move and an en passant capture take python-chess's own test (``is_into_check``).
    """
    try:
        parts = _san_parts[text]
    except KeyError:
        if len(_san_parts) >= _SAN_PARTS_KEPT:
            _san_parts.clear()
        parts = _san_parts[text] = _read_san_parts(text)
    if parts is None or board.kings & board.promoted:  # python-chess's king() skips those
        return None
    piece, from_mask, to_square, promotion = parts
    turn = board.turn
    ours = board.occupied_co[turn]
    target = chess.BB_SQUARES[to_square]
    if ours & target:
        return None
    if piece == chess.PAWN:
        if bool(target & _LAST_RANKS) != (promotion is not None):
            return None
        origins = _pawn_origins(board, turn, to_square, target) & from_mask & board.pawns & ours
    else:
        origins = _piece_origins(board, piece, to_square) & from_mask & ours
    if not origins or origins & (origins - 1):
        return None
    origin = chess.msb(origins)
    move = chess.Move(origin, to_square, promotion)
    king = board.kings & ours
    en_passant = (
        piece == chess.PAWN
        and not board.occupied & target
        and chess.square_file(origin) != chess.square_file(to_square)
    )
    if piece == chess.KING or en_passant or not king or king & (king - 1):
        return None if board.is_into_check(move) else move
    # The move is legal if no piece of the opponent's attacks the king once it is made: the
    # piece has left its square and stands on the target, whatever stood there is taken.
    # python-chess's own test works out every pin first; one look at the king's lines,
    # through the squares as they will be, answers for this move alone.
    occupied = board.occupied & ~chess.BB_SQUARES[origin] | target
    if board.attackers_mask(not turn, chess.msb(king), occupied) & ~target:
        return None
    return move


def _piece_origins(
    board: chess.Board, piece: chess.PieceType, to_square: chess.Square
) -> chess.Bitboard:
    """The squares from which a ``piece`` (not a pawn) of either side attacks
    ``to_square``: ``Board.attackers_mask``'s terms for that piece."""
    occupied = board.occupied
    if piece == chess.KNIGHT:
        return chess.BB_KNIGHT_ATTACKS[to_square] & board.knights
    if piece == chess.KING:
        return chess.BB_KING_ATTACKS[to_square] & board.kings
    attacks = 0
    if piece != chess.ROOK:
        diagonal = chess.BB_DIAG_ATTACKS[to_square][chess.BB_DIAG_MASKS[to_square] & occupied]
        attacks = diagonal & (board.bishops if piece == chess.BISHOP else board.queens)
    if piece != chess.BISHOP:
        rank = chess.BB_RANK_ATTACKS[to_square][chess.BB_RANK_MASKS[to_square] & occupied]
        file = chess.BB_FILE_ATTACKS[to_square][chess.BB_FILE_MASKS[to_square] & occupied]
        attacks |= (rank | file) & (board.rooks if piece == chess.ROOK else board.queens)
    return attacks


def _pawn_origins(
    board: chess.Board, turn: chess.Color, to_square: chess.Square, target: chess.Bitboard
) -> chess.Bitboard:
    """The squares a pawn of ``turn`` could come from to reach ``to_square``: a step or a
    double step onto an empty square, a capture onto an opponent's piece or en passant."""
    occupied = board.occupied
    if occupied & target:
        if not board.occupied_co[not turn] & target:
            return 0
        return chess.BB_PAWN_ATTACKS[not turn][to_square]
    step = -8 if turn == chess.WHITE else 8
    origins = chess.BB_SQUARES[to_square + step] if 0 <= to_square + step < 64 else 0
    double = to_square + 2 * step
    if chess.square_rank(to_square) == (3 if turn == chess.WHITE else 4) and not (
        occupied & origins
    ):
        origins |= chess.BB_SQUARES[double]
    if to_square == board.ep_square:
        origins |= chess.BB_PAWN_ATTACKS[not turn][to_square]
    return origins


def parse_move(board: chess.Board, text: str) -> chess.Move:
    """The one legal move ``text`` names in ``board``'s position.

    Raises :class:`UnreadableMoveError`, :class:`AmbiguousMoveError` or
    :class:`IllegalMoveError` (all :class:`MoveTextError`) with the reason.
    """
    written = _normalise(text)
    if not written:
        raise UnreadableMoveError(text, "no move written")
    if written in _NULL_MOVES:
        raise IllegalMoveError(text, "a null move (passing) is not a move in chess")
    if _KINGSIDE.match(written):
        return _castle(board, text, kingside=True)
    if _QUEENSIDE.match(written):
        return _castle(board, text, kingside=False)
    try:
        move = board.parse_san(written)
    except chess.AmbiguousMoveError:
        pass  # explained below, with the candidates
    except ValueError:
        pass
    else:
        if move:  # python-chess returns a null move for "--"-like text: not ours to accept
            return move
    return _explain(board, text, written)


def _normalise(text: str) -> str:
    written = "".join(_PIECE_LETTERS.get(c, _CAPTURE_MARKS.get(c, c)) for c in text.strip())
    written = _EN_PASSANT_MARK.sub("", written)
    written = _DECORATION.sub("", written.strip())
    written = written.replace("–", "-").replace("—", "-").replace(" ", "")
    # "Pe4" and "Pe2-e4": the pawn letter is not SAN but unambiguous.
    if len(written) > 2 and written[0] == "P" and written[1] in "abcdefgh":
        written = written[1:]
    return written


@dataclass(frozen=True)
class _Written:
    """The parts of a written move, before the position gives them a meaning."""

    piece: chess.PieceType | None
    from_file: int | None
    from_rank: int | None
    capture: bool
    to_square: chess.Square
    promotion: chess.PieceType | None

    def matches(self, board: chess.Board, move: chess.Move) -> bool:
        if move.to_square != self.to_square:
            return False
        if self.from_file is not None and chess.square_file(move.from_square) != self.from_file:
            return False
        if self.from_rank is not None and chess.square_rank(move.from_square) != self.from_rank:
            return False
        return self.piece is None or board.piece_type_at(move.from_square) == self.piece

    @property
    def from_square(self) -> chess.Square | None:
        if self.from_file is None or self.from_rank is None:
            return None
        return chess.square(self.from_file, self.from_rank)


def _read(text: str, written: str) -> _Written:
    match = _MOVE.match(written)
    if not match:
        raise UnreadableMoveError(text, "not a move in algebraic, long algebraic or UCI notation")
    file, rank = match["file"], match["rank"]
    piece: chess.PieceType | None = None
    if match["piece"]:
        piece = chess.PIECE_SYMBOLS.index(match["piece"].lower())
    elif not (file and rank):
        piece = chess.PAWN  # "e4", "exd5": no letter means a pawn, unless the origin is given
    promotion = (
        chess.PIECE_SYMBOLS.index(match["promotion"].lower()) if match["promotion"] else None
    )
    return _Written(
        piece=piece,
        from_file=chess.FILE_NAMES.index(file) if file else None,
        from_rank=int(rank) - 1 if rank else None,
        capture=match["sep"] == "x" or (piece == chess.PAWN and file is not None),
        to_square=chess.parse_square(match["to"]),
        promotion=promotion,
    )


def _explain(board: chess.Board, text: str, written: str) -> chess.Move:
    """Find the move python-chess would not take, or say precisely why there is none."""
    move = _read(text, written)
    if move.promotion in (chess.KING, chess.PAWN):
        raise IllegalMoveError(text, "a pawn is promoted to a queen, rook, bishop or knight")
    candidates = [m for m in board.legal_moves if move.matches(board, m)]
    if move.from_square is not None and move.piece is None:
        # Long algebraic / UCI: the origin square decides, whatever stands there.
        candidates = [m for m in candidates if m.from_square == move.from_square]
    exact = [m for m in candidates if m.promotion == move.promotion]
    if len(exact) == 1:
        return exact[0]
    if len(exact) > 1:
        names = " and ".join(sorted(board.san(m) for m in exact))
        raise AmbiguousMoveError(text, f"{names} both possible", tuple(exact))
    if candidates and move.promotion is None:
        raise IllegalMoveError(text, "promotion piece missing")
    if candidates:
        raise IllegalMoveError(text, "only a pawn reaching the last rank is promoted")
    raise IllegalMoveError(text, _why_illegal(board, move, text.strip()))


def _why_illegal(board: chess.Board, move: _Written, text: str) -> str:
    us = board.turn
    side = side_name(us)
    target = chess.square_name(move.to_square)
    own = board.color_at(move.to_square) == us
    pseudo = [m for m in board.generate_pseudo_legal_moves() if move.matches(board, m)]
    if pseudo:
        return _exposes_king(board, pseudo[0], text)
    if move.piece == chess.PAWN and move.capture and board.piece_at(move.to_square) is None:
        reason = _en_passant_unavailable(board, move)
        if reason:
            return reason
    origin = move.from_square
    if origin is not None and board.color_at(origin) != us:
        return f"{side} has no piece on {chess.square_name(origin)}"
    if own:
        occupant = board.piece_type_at(move.to_square)
        assert occupant is not None
        return f"{target} is occupied by {side}'s own {_PIECE_NAMES[occupant]}"
    if move.piece is not None and not board.pieces_mask(move.piece, us):
        return f"{side} has no {_PIECE_NAMES[move.piece]}"
    what = _PIECE_NAMES[move.piece] if move.piece is not None else "piece"
    return f"no {side.lower()} {what} can move to {target}"


def _exposes_king(board: chess.Board, move: chess.Move, text: str) -> str:
    """Why a move that the pieces allow is illegal: it leaves the own king in check (Art. 9)."""
    king = board.king(board.turn)
    if board.is_check():
        return f"{side_name(board.turn)} is in check and {text} does not escape it"
    if move.from_square == king:
        return f"the king would be in check on {chess.square_name(move.to_square)}"
    if board.is_en_passant(move):
        return "the en passant capture would leave the king in check"
    if board.is_pinned(board.turn, move.from_square):
        return f"the piece on {chess.square_name(move.from_square)} is pinned to the king"
    return "the move would leave the king in check"


def _en_passant_unavailable(board: chess.Board, move: _Written) -> str | None:
    """The reason a pawn may not capture onto an empty square, if it looks like en passant."""
    forward = 8 if board.turn == chess.WHITE else -8
    passed = move.to_square - forward
    ep_rank = 5 if board.turn == chess.WHITE else 2
    if chess.square_rank(move.to_square) != ep_rank:
        return None
    if board.piece_at(passed) != chess.Piece(chess.PAWN, not board.turn):
        return f"there is nothing to capture on {chess.square_name(move.to_square)}"
    return "en passant not available: the pawn's double step was not the last move"


def _castle(board: chess.Board, text: str, *, kingside: bool) -> chess.Move:
    for move in board.generate_castling_moves():
        if board.is_kingside_castling(move) == kingside:
            return move
    raise IllegalMoveError(text, "castling: " + castling_obstacle(board, kingside=kingside))


def castling_obstacle(board: chess.Board, *, kingside: bool) -> str:
    """Which of the castling conditions of Art. 5 the side to move does not meet."""
    us = board.turn
    back_rank = 0 if us == chess.WHITE else 7
    king = board.king(us)
    home = chess.square(4, back_rank)
    corner = chess.square(7 if kingside else 0, back_rank)
    corner_name = chess.square_name(corner)
    if king is None:
        return "there is no king"
    if king != home or _has_moved(board, home):
        return "the king has moved"
    rights = board.clean_castling_rights()
    if not rights & chess.BB_SQUARES[corner]:
        if board.piece_at(corner) != chess.Piece(chess.ROOK, us):
            if board.pieces_mask(chess.ROOK, us) & chess.BB_FILES[4]:
                return "the rook must stand on the king's own rank"
            return f"there is no rook on {corner_name}"
        if not rights & chess.BB_RANKS[back_rank] and not _has_moved(board, corner):
            return f"the king or the {corner_name} rook has moved"
        return f"the {corner_name} rook has moved"
    if board.is_check():
        return "the king is in check"
    step = 1 if kingside else -1
    between = chess.SquareSet.between(home, corner)
    blocked = [chess.square_name(sq) for sq in between if board.piece_at(sq)]
    if blocked:
        return f"the squares between king and rook are not empty ({', '.join(blocked)})"
    passed, landing = home + step, home + 2 * step
    if board.is_attacked_by(not us, passed):
        return f"king passes through an attacked square {chess.square_name(passed)}"
    if board.is_attacked_by(not us, landing):
        return f"the king would be in check on {chess.square_name(landing)}"
    return "not possible in this position"


def _has_moved(board: chess.Board, square: chess.Square) -> bool:
    """Whether a move of the record started from ``square`` (a king or rook that left home
    loses castling for good, even if it came back)."""
    plies = len(board.move_stack)
    return any(
        move.from_square == square
        for index, move in enumerate(board.move_stack)
        if (plies - index) % 2 == 0  # moves of the side to move
    )
