"""What every incident ruling shares: building the ruling, naming sides, material facts."""

from __future__ import annotations

from collections.abc import Mapping

import chess

from games.rules.rulesets import Ruleset
from games.rules.rulings import ClockAdjustment, Decision, Explanation, Ruling, Score

SIDE_EN = {chess.WHITE: "White", chess.BLACK: "Black"}
SIDE_ZH = {chess.WHITE: "白方", chess.BLACK: "黑方"}


class IncidentError(ValueError):
    """An incident that cannot be ruled on as given (wrong side, missing setting, …)."""


def board_from_fen(fen: str, field: str) -> chess.Board:
    """The position ``fen`` given in an incident's ``field``, or an error naming the field."""
    try:
        return chess.Board(fen)
    except ValueError as error:
        raise IncidentError(f"{field}: {fen!r} is not a position: {error}") from None


def ruling(
    ruleset: Ruleset,
    decision: Decision,
    article: str,
    en: str,
    zh: str,
    *,
    score: Score | None = None,
    forfeit: bool = False,
    clock_adjustments: tuple[ClockAdjustment, ...] = (),
    restore_fen: str | None = None,
    void_plies: tuple[int, ...] = (),
    move_to_play: str | None = None,
    details: Mapping[str, object] | None = None,
) -> Ruling:
    """A :class:`Ruling` under ``ruleset`` with its explanation in both languages."""
    return Ruling(
        decision=decision,
        ruleset=ruleset.name,
        article=article,
        explanation=Explanation(en=en, zh=zh),
        score=score,
        forfeit=forfeit,
        clock_adjustments=clock_adjustments,
        restore_fen=restore_fen,
        void_plies=void_plies,
        move_to_play=move_to_play,
        details=details or {},
    )


def color_name(color: chess.Color) -> str:
    """``white`` or ``black``, as incident files and ruling details write it."""
    return "white" if color == chess.WHITE else "black"


def has_lone_king(board: chess.Board, color: chess.Color) -> bool:
    """True when ``color`` has nothing but his king (10.5: he can never win)."""
    return board.occupied_co[color] == board.kings & board.occupied_co[color]


def only_kings(board: chess.Board) -> bool:
    """True when both sides have only their kings (10.14: a flag fall is a draw)."""
    return board.occupied == board.kings


def is_dead_by_material(board: chess.Board) -> bool:
    """The material-only draws of 10.4.

    K v K; K v K+B; K v K+N; K+B v K+B with both bishops on squares of one colour. The
    list is the Law's, so it is narrower than python-chess's insufficient material (which
    also accepts several same-coloured bishops).
    """
    pieces = board.occupied & ~board.kings
    if not pieces:
        return True
    if chess.popcount(pieces) == 1:
        return bool(pieces & (board.bishops | board.knights))
    if chess.popcount(pieces) == 2 and pieces == board.bishops:
        one_each = all(board.occupied_co[color] & pieces for color in chess.COLORS)
        same_shade = not pieces & chess.BB_LIGHT_SQUARES or not pieces & chess.BB_DARK_SQUARES
        return one_each and same_shade
    return False


def moves_made(board: chess.Board, color: chess.Color) -> int:
    """How many moves ``color`` has completed in the game (counted from the FEN's move number)."""
    made = board.fullmove_number - 1
    if color == chess.WHITE and board.turn == chess.BLACK:
        made += 1
    return made


def both_moves_made(board: chess.Board) -> int:
    """Moves both sides have completed: the move count the online house rules use."""
    return min(moves_made(board, chess.WHITE), moves_made(board, chess.BLACK))
