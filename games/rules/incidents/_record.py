"""The game record an incident is ruled against: the moves as written, and how far they play.

An arbiter meets records that break off: an illegal move (Art. 8), a move nobody can read.
:mod:`games.rules.records` reads what was written and :func:`games.rules.replay.replay` plays
it up to the first move that does not play; :class:`ReplayedGame` is the frozen view of that
the incident rulings need (the playable prefix, the moves as written, the first broken one).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

import chess

from games.rules.chess960 import board_from_fen
from games.rules.notation import MoveFault
from games.rules.records import GameRecord, game_from_moves, read_pgn
from games.rules.replay import Replay, replay


class RecordError(ValueError):
    """A PGN text holding no game, or a starting position that cannot be set up."""


@dataclass(frozen=True)
class BrokenMove:
    """The first written move that cannot be played."""

    ply: int
    """1-based ply of the record."""
    text: str
    fault: MoveFault
    reason: str


@dataclass(frozen=True)
class ReplayedGame:
    """A game's moves as written, the moves that play, and the tags."""

    starting_fen: str = chess.STARTING_FEN
    move_texts: tuple[str, ...] = ()
    moves: tuple[chess.Move, ...] = ()
    """The legal moves from the start up to (not including) :attr:`broken`."""
    broken: BrokenMove | None = None
    headers: Mapping[str, str] = field(default_factory=lambda: MappingProxyType({}))
    chess960: bool = False
    """Played under Chess960's castling rules (Guidelines II)."""

    def board(self, plies: int | None = None) -> chess.Board:
        """The position after ``plies`` playable moves (all of them by default), with its stack."""
        board = board_from_fen(self.starting_fen, chess960=self.chess960)
        for move in self.moves[:plies]:
            board.push(move)
        return board

    @property
    def plies(self) -> int:
        """How many moves the record holds, playable or not."""
        return len(self.move_texts)


def replayed(result: Replay) -> ReplayedGame:
    """The incident rulings' view of a replayed record."""
    if result.setup_error is not None:
        raise RecordError(result.setup_error)
    error = result.error
    broken = None
    if error is not None:
        broken = BrokenMove(error.ply, error.text, MoveFault(error.kind), error.reason)
    return ReplayedGame(
        starting_fen=result.start_fen,
        move_texts=tuple(written.text for written in result.record.moves),
        moves=tuple(result.board.move_stack),
        broken=broken,
        headers=MappingProxyType(dict(result.record.headers)),
        chess960=result.board.chess960,
    )


def replay_record(record: GameRecord) -> ReplayedGame:
    """Replay a :class:`~games.rules.records.GameRecord`."""
    return replayed(replay(record))


def replay_moves(
    move_texts: Iterable[str],
    *,
    starting_fen: str | None = None,
    headers: Mapping[str, str] | None = None,
) -> ReplayedGame:
    """Replay written moves (SAN, sloppy forms, UCI) from ``starting_fen``."""
    record = game_from_moves(list(move_texts), fen=starting_fen, headers=dict(headers or {}))
    return replay_record(record)


def read_replayed_game(pgn_text: str) -> ReplayedGame:
    """The first game of ``pgn_text``, replayed."""
    record = next(read_pgn(pgn_text.splitlines(keepends=True)), None)
    if record is None:
        raise RecordError("the PGN text holds no game")
    if record.problems:
        raise RecordError(record.problems[0].describe())
    return replay_record(record)
