"""The game record an incident is ruled against: the moves as written, and how far they play.

An arbiter meets records that break off: an illegal move (Art. 8), a move nobody can read.
python-chess's PGN reader stops a game at such a move, so this module keeps the moves *as
written* beside the playable prefix, using the library's own tokenizer (a visitor) rather
than a second PGN parser.
"""

from __future__ import annotations

import enum
import io
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType

import chess
import chess.pgn

from games.rules.notation import (
    AmbiguousMoveError,
    IllegalMoveError,
    MoveTextError,
    parse_move,
)


class MoveFault(enum.Enum):
    """Why a written move cannot be played in its position."""

    ILLEGAL = "illegal"
    AMBIGUOUS = "ambiguous"
    UNREADABLE = "unreadable"


class RecordError(ValueError):
    """A PGN text holding no game, or a starting position that cannot be read."""


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

    def board(self, plies: int | None = None) -> chess.Board:
        """The position after ``plies`` playable moves (all of them by default), with its stack."""
        board = chess.Board(self.starting_fen)
        for move in self.moves[:plies]:
            board.push(move)
        return board

    @property
    def plies(self) -> int:
        """How many moves the record holds, playable or not."""
        return len(self.move_texts)


def classify_move_error(error: MoveTextError) -> MoveFault:
    """The notation module's errors, in the words of 10.16."""
    if isinstance(error, AmbiguousMoveError):
        return MoveFault.AMBIGUOUS
    if isinstance(error, IllegalMoveError):
        return MoveFault.ILLEGAL
    return MoveFault.UNREADABLE


def replay_moves(
    move_texts: Iterable[str],
    *,
    starting_fen: str = chess.STARTING_FEN,
    headers: Mapping[str, str] | None = None,
) -> ReplayedGame:
    """Replay ``move_texts`` from ``starting_fen``; the first move that fails is :attr:`broken`."""
    texts = tuple(move_texts)
    try:
        board = chess.Board(starting_fen)
    except ValueError as error:
        raise RecordError(f"starting position {starting_fen!r} cannot be read: {error}") from None
    moves: list[chess.Move] = []
    broken = None
    for ply, text in enumerate(texts, start=1):
        try:
            move = parse_move(board, text)
        except MoveTextError as error:
            broken = BrokenMove(ply, text, classify_move_error(error), error.reason)
            break
        moves.append(move)
        board.push(move)
    return ReplayedGame(
        starting_fen=starting_fen,
        move_texts=texts,
        moves=tuple(moves),
        broken=broken,
        headers=MappingProxyType(dict(headers or {})),
    )


def replay_board(board: chess.Board) -> ReplayedGame:
    """The record of a game already played out on a python-chess board."""
    root = board.root()
    replay = root.copy(stack=False)
    texts = []
    for move in board.move_stack:
        texts.append(replay.san(move))
        replay.push(move)
    return ReplayedGame(
        starting_fen=root.fen(), move_texts=tuple(texts), moves=tuple(board.move_stack)
    )


class _MoveTextCollector(chess.pgn.BaseVisitor[tuple[dict[str, str], list[str]]]):
    """Collects the main line's move texts as written; variations are skipped.

    After the first move that does not play, python-chess would skip the rest of the game;
    this visitor hands it null moves instead so that every later text is still collected.
    """

    def __init__(self) -> None:
        self.headers: dict[str, str] = {}
        self.texts: list[str] = []
        self.broken = False

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        self.headers[tagname] = tagvalue

    def begin_variation(self) -> chess.pgn.SkipType:
        return chess.pgn.SKIP

    def parse_san(self, board: chess.Board, san: str) -> chess.Move:
        self.texts.append(san)
        if not self.broken:
            try:
                return parse_move(board, san)
            except MoveTextError:
                self.broken = True
        return chess.Move.null()

    def result(self) -> tuple[dict[str, str], list[str]]:
        return self.headers, self.texts


def read_replayed_game(pgn_text: str) -> ReplayedGame:
    """The first game of ``pgn_text`` as a :class:`ReplayedGame`."""
    collected = chess.pgn.read_game(io.StringIO(pgn_text), Visitor=_MoveTextCollector)
    if collected is None:
        raise RecordError("the PGN text holds no game")
    headers, texts = collected
    if not headers and not texts:
        raise RecordError("the PGN text holds no game")
    fen = headers.get("FEN", chess.STARTING_FEN)
    return replay_moves(texts, starting_fen=fen, headers=headers)
