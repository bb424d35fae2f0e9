"""Touch move: Article 7, with the castling touch order of 5.1(3)–(4).

The ruling names the piece that must move (or capture, or be captured) and lists the legal
moves that satisfy the obligation; when exactly one does, it is the move to play.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import chess

from games.rules.rulesets import Ruleset
from games.rules.rulings import Decision, Ruling

from ._common import SIDE_EN, SIDE_ZH, IncidentError, ruling
from ._record import ReplayedGame


class CastlingSide(enum.Enum):
    KINGSIDE = "kingside"
    QUEENSIDE = "queenside"


@dataclass(frozen=True)
class TouchMoveClaim:
    """The opponent claims that the player to move must move a piece he touched.

    ``touched``: squares of the pieces deliberately touched, in order (own or opponent's);
    ``adjusted``: he said "I adjust" first (7.1); ``order_known``: whether the order of
    an own and an opponent's piece can be established (7.2(2)); ``castling``: he touched
    the king to castle on that side (5.1(4)); ``claimant_touched_first``: the claimant had
    touched a piece himself before claiming (7.4).
    """

    touched: tuple[str, ...]
    adjusted: bool = False
    order_known: bool = True
    castling: CastlingSide | None = None
    claimant_touched_first: bool = False


def _play_on(ruleset: Ruleset, concept: str, en: str, zh: str) -> Ruling:
    return ruling(ruleset, Decision.PLAY_ON, concept, en, zh, details={"obligation": None})


def _obliged(
    ruleset: Ruleset,
    board: chess.Board,
    concept: str,
    square: chess.Square,
    what: str,
    moves: Sequence[chess.Move],
) -> Ruling:
    sans = [board.san(move) for move in moves]
    name = chess.square_name(square)
    piece = board.piece_at(square)
    label = piece.symbol() if piece else "?"
    wording = {
        "move": (f"must move the piece on {name}", f"必须走动{name}格上的棋子"),
        "capture_with": (
            f"must capture with the piece on {name}",
            f"必须用{name}格上的棋子吃子",
        ),
        "capture": (f"must capture the piece on {name}", f"必须吃掉{name}格上的棋子"),
        "king": ("must make another king move", "必须改走王的其他着法"),
    }[what]
    return ruling(
        ruleset,
        Decision.PLAY_ON,
        concept,
        f"{SIDE_EN[board.turn]} {wording[0]} ({label}); legal choices: {', '.join(sans)}.",
        f"{SIDE_ZH[board.turn]}{wording[1]}（{label}）；可走：{'、'.join(sans)}。",
        move_to_play=sans[0] if len(sans) == 1 else None,
        details={"obligation": what, "square": name, "legal_moves": sans},
    )


def _any_move(ruleset: Ruleset, board: chess.Board, concept: str = "touch.any_move") -> Ruling:
    return ruling(
        ruleset,
        Decision.PLAY_ON,
        concept,
        f"No touched piece can be moved or captured: {SIDE_EN[board.turn]} may make any legal "
        "move.",
        f"所触摸的棋子均无法走动或被吃：{SIDE_ZH[board.turn]}可以走任何合乎规则的着法。",
        details={"obligation": "any"},
    )


def _moves(board: chess.Board, keep: Callable[[chess.Move], bool]) -> list[chess.Move]:
    return [move for move in board.legal_moves if keep(move)]


def _castles_with(board: chess.Board, move: chess.Move, rook: chess.Square) -> bool:
    """True when ``move`` castles with the rook on ``rook``."""
    if not board.is_castling(move):
        return False
    rook_on_kingside = chess.square_file(rook) > chess.square_file(move.from_square)
    return rook_on_kingside == board.is_kingside_castling(move)


def _castling_intent(ruleset: Ruleset, board: chess.Board, side: CastlingSide) -> Ruling:
    """5.1(4): the king was touched to castle on ``side``."""
    kingside = side is CastlingSide.KINGSIDE
    king = board.king(board.turn)
    assert king is not None
    castle = _moves(
        board, lambda m: board.is_castling(m) and board.is_kingside_castling(m) == kingside
    )
    if castle:
        return _obliged(ruleset, board, "touch.king_to_castle", king, "move", castle)
    others = _moves(board, lambda m: m.from_square == king)
    if others:
        return _obliged(ruleset, board, "touch.king_to_castle", king, "king", others)
    return _any_move(ruleset, board, "touch.king_to_castle")


def _squares(board: chess.Board, touched: Sequence[str]) -> list[chess.Square]:
    squares = []
    for name in touched:
        try:
            square = chess.parse_square(name)
        except ValueError:
            raise IncidentError(f"touched: {name!r} is not a square") from None
        if board.piece_at(square) is None:
            raise IncidentError(f"touched: there is no piece on {name}")
        squares.append(square)
    return squares


def rule_touch_move(record: ReplayedGame, claim: TouchMoveClaim, ruleset: Ruleset) -> Ruling:
    """Which touched piece must move, capture or be captured (7.1–7.4, 5.1(3)–(4))."""
    board = record.board()
    if claim.claimant_touched_first:
        return _play_on(
            ruleset,
            "touch.claim_too_late",
            "The claimant touched a piece himself before claiming: the claim is rejected.",
            "提出要求的一方在提出之前自己已触摸棋子：要求不予受理。",
        )
    if claim.adjusted:
        return _play_on(
            ruleset,
            "touch.adjusted",
            "The player announced “I adjust” first: touching obliges nothing.",
            "行棋方事先声明了“我摆正”：触摸不构成走子义务。",
        )
    if claim.castling is not None:
        return _castling_intent(ruleset, board, claim.castling)
    squares = _squares(board, claim.touched)
    own = [sq for sq in squares if board.color_at(sq) == board.turn]
    theirs = [sq for sq in squares if board.color_at(sq) != board.turn]
    if own and theirs:
        captures = _moves(board, lambda m: m.from_square == own[0] and m.to_square == theirs[0])
        if captures and claim.order_known:
            return _obliged(ruleset, board, "touch.both_colours", own[0], "capture_with", captures)
        theirs = []  # 7.2(2): the own piece counts as touched
    forbidden = _rooks_touched_before_king(board, own)
    for square in own:
        moves = [
            m
            for m in board.legal_moves
            if m.from_square == square
            and not any(_castles_with(board, m, rook) for rook in forbidden)
        ]
        if moves:
            rook_first = forbidden and board.piece_type_at(square) == chess.KING
            concept = "touch.rook_then_king" if rook_first else "touch.own_piece"
            return _obliged(ruleset, board, concept, square, "move", moves)
    for square in theirs:
        captures = [m for m in board.legal_moves if m.to_square == square]
        if captures:
            return _obliged(ruleset, board, "touch.opponent_piece", square, "capture", captures)
    return _any_move(ruleset, board)


def _rooks_touched_before_king(
    board: chess.Board, own: Sequence[chess.Square]
) -> list[chess.Square]:
    """5.1(3): rooks touched before the king, which forbids castling with them."""
    king = board.king(board.turn)
    if king not in own:
        return []
    earlier = own[: own.index(king)]
    return [square for square in earlier if board.piece_type_at(square) == chess.ROOK]
