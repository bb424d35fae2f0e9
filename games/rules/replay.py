"""Replaying a game record and checking every move.

:func:`replay` plays the written moves from the record's starting position and stops at the
first one that cannot be played, reporting it exactly (:class:`MoveError`: game, move
number, side, the text as written, why, the position before it, line and column). On the
way it notes what the Laws make of the positions that arise: repetitions (for 9.6 / 10.10
and the report's claims), the ply at which a fivefold repetition or the 75-move count was
reached, and the ply at which only a dead-material set of pieces was left (10.4).
"""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field

import chess

from games.rules.chess960 import is_chess960_variant
from games.rules.clocks import ClockReading
from games.rules.material import is_dead_by_material
from games.rules.notation import (
    AmbiguousMoveError,
    IllegalMoveError,
    MoveTextError,
    parse_move,
    quick_san,
)
from games.rules.records import GameRecord, WrittenMove, starting_board
from games.rules.sides import color_name, side_name

__all__ = ["MoveError", "Replay", "position_key", "replay"]


def position_key(board: chess.Board) -> Hashable:
    """What makes two positions the same under 10.10 / 9.2: side to move, pieces on
    squares, castling rights, and an en-passant capture only when it is *legal*.

    python-chess's transposition key is exactly this (it keeps the en-passant square only
    if an en-passant capture is legal); it is the key its own repetition checks use.
    """
    return board._transposition_key()


@dataclass(frozen=True)
class MoveError:
    """The first move of a record that cannot be played."""

    game: int
    ply: int
    """1-based half-move index in the record."""
    move_number: int
    color: chess.Color
    text: str
    kind: str
    """``unreadable``, ``ambiguous`` or ``illegal``."""
    reason: str
    fen_before: str
    line: int
    column: int
    candidates: tuple[str, ...] = ()
    """SAN of the moves an ambiguous text could mean."""

    def describe(self) -> str:
        where = f", line {self.line}, column {self.column}" if self.line else ""
        return (
            f"game {self.game}, move {self.move_number} ({side_name(self.color)}){where}: "
            f"{self.kind} move {self.text!r}: {self.reason}"
        )

    def as_dict(self) -> dict[str, object]:
        return {
            "game": self.game,
            "ply": self.ply,
            "move_number": self.move_number,
            "side": color_name(self.color),
            "text": self.text,
            "kind": self.kind,
            "reason": self.reason,
            "fen_before": self.fen_before,
            "line": self.line,
            "column": self.column,
            "candidates": list(self.candidates),
        }


@dataclass
class Replay:
    """What replaying a record found. ``board`` holds every legal move of the record."""

    record: GameRecord
    board: chess.Board
    start_fen: str
    error: MoveError | None = None
    setup_error: str | None = None
    clock_readings: list[ClockReading] = field(default_factory=list)
    occurrences: dict[Hashable, list[int]] = field(default_factory=dict)
    """Plies (0 = start) at which each position of the last irreversible stretch arose."""
    fivefold_ply: int | None = None
    seventy_five_ply: int | None = None
    dead_material_ply: int | None = None
    """First ply after which only 10.4 material was left."""

    @property
    def plies(self) -> int:
        return len(self.board.move_stack)

    def occurrence_plies(self, board: chess.Board | None = None) -> list[int]:
        """The plies at which the current (or given) position arose."""
        return self.occurrences.get(position_key(board or self.board), [])


def replay(record: GameRecord, *, seventy_five_moves: int = 75) -> Replay:
    """Play the record's moves; stop at the first one that cannot be played.

    ``seventy_five_moves`` is the ruleset's count for :attr:`Replay.seventy_five_ply`.
    """
    try:
        board = starting_board(record)
    except ValueError as error:
        fen = record.start_fen or ""
        return Replay(record, chess.Board(), fen, setup_error=f"FEN tag {fen!r}: {error}")
    # Most records start from the initial position: its FEN is known without writing it out.
    start_fen = chess.STARTING_FEN if record.start_fen is None else board.fen()
    result = Replay(record, board, start_fen)
    if record.variant.lower() not in _STANDARD_VARIANTS and not is_chess960_variant(record.variant):
        result.setup_error = f"variant {record.variant!r} is not chess under the Laws"
        return result
    _play(record, board, result, 2 * seventy_five_moves)
    return result


_STANDARD_VARIANTS = {"standard", "chess", "normal", "from position"}
"""Besides Chess960 (Guidelines II), whose records play on a board in Chess960 mode."""


def _play(record: GameRecord, board: chess.Board, result: Replay, quiet_plies: int) -> None:
    occurrences = result.occurrences
    occurrences[position_key(board)] = [0]
    if is_dead_by_material(board):
        result.dead_material_ply = 0
    # Bound once: this loop runs for every move of every game.
    parse_san, push, key_of = board.parse_san, board.push, board._transposition_key
    for ply, written in enumerate(record.moves, start=1):
        move = quick_san(board, written.text)
        if move is None:
            try:
                move = parse_san(written.text)
                if not move:
                    raise ValueError("null move")
            except ValueError:
                try:
                    move = parse_move(board, written.text)
                except MoveTextError as error:
                    result.error = _move_error(
                        record, board, ply, written.line, written.column, error
                    )
                    return
        push(move)
        if written.comments:
            _read_clock(result, written, ply, board)
        key = key_of()  # position_key(board)
        if not board.halfmove_clock:
            # A capture or pawn move: no earlier position can come back, and only such a
            # move changes the material.
            occurrences.clear()
            occurrences[key] = [ply]
            if result.dead_material_ply is None and is_dead_by_material(board):
                result.dead_material_ply = ply
        else:
            seen = occurrences.setdefault(key, [])
            seen.append(ply)
            if len(seen) == 5 and result.fivefold_ply is None:
                result.fivefold_ply = ply
            if result.seventy_five_ply is None and board.halfmove_clock >= quiet_plies:
                result.seventy_five_ply = ply


def _read_clock(result: Replay, written: WrittenMove, ply: int, board: chess.Board) -> None:
    remaining, elapsed = written.clock()
    if remaining is None and elapsed is None:
        return
    mover = not board.turn
    move_number = board.fullmove_number - (1 if mover == chess.BLACK else 0)
    result.clock_readings.append(
        ClockReading(ply, mover, move_number, remaining=remaining, elapsed=elapsed)
    )


def _move_error(
    record: GameRecord,
    board: chess.Board,
    ply: int,
    line: int,
    column: int,
    error: MoveTextError,
) -> MoveError:
    candidates: tuple[str, ...] = ()
    reason = error.reason
    if isinstance(error, AmbiguousMoveError):
        candidates = tuple(sorted(board.san(m) for m in error.candidates))
    elif isinstance(error, IllegalMoveError):
        over = _game_already_over(board)
        if over:
            reason = f"{reason} (the game had already ended: {over})"
    return MoveError(
        game=record.number,
        ply=ply,
        move_number=board.fullmove_number,
        color=board.turn,
        text=error.text,
        kind=error.fault.value,
        reason=reason,
        fen_before=board.fen(),
        line=line,
        column=column,
        candidates=candidates,
    )


def _game_already_over(board: chess.Board) -> str | None:
    if board.is_checkmate():
        return f"{side_name(board.turn)} was checkmated"
    if board.is_stalemate():
        return "stalemate"
    return None
