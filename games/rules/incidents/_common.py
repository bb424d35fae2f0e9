"""What every incident ruling shares: building the ruling, naming sides, material facts."""

from __future__ import annotations

from collections.abc import Mapping

import chess

from games.rules.material import is_dead_by_material, is_lone_king
from games.rules.rulesets import Ruleset
from games.rules.rulings import ClockAdjustment, Decision, Explanation, Ruling, Score

__all__ = [
    "SIDE_EN",
    "SIDE_ZH",
    "IncidentError",
    "board_from_fen",
    "both_moves_made",
    "color_name",
    "is_dead_by_material",
    "is_lone_king",
    "moves_made",
    "only_kings",
    "ruling",
]

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


def only_kings(board: chess.Board) -> bool:
    """True when both sides have only their kings (10.14: a flag fall is a draw)."""
    return board.occupied == board.kings


def moves_made(board: chess.Board, color: chess.Color) -> int:
    """How many moves ``color`` has completed in the game (counted from the FEN's move number)."""
    made = board.fullmove_number - 1
    if color == chess.WHITE and board.turn == chess.BLACK:
        made += 1
    return made


def both_moves_made(board: chess.Board) -> int:
    """Moves both sides have completed: the move count the online house rules use."""
    return min(moves_made(board, chess.WHITE), moves_made(board, chess.BLACK))
