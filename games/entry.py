"""Feedback on a typed scoresheet: the first move that does not fit, and what was meant.

The rules engine replays the moves (:func:`games.rules.replay.replay`) and names the first
move that does not play, with the candidates of an ambiguous one. For an illegal or
unreadable move this module adds the legal moves that look like what was written: those to
the same square, else the closest in spelling — a reading aid, not a rule.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

import chess

from games.rules.chess960 import PGN_VARIANT, board_from_fen
from games.rules.records import game_from_moves
from games.rules.replay import MoveError, replay

_TARGET = re.compile(r"([a-h][1-8])(?!.*[a-h][1-8])")


@dataclass(frozen=True)
class EntryFeedback:
    sans: list[str]
    """The moves that play, in SAN."""
    error: MoveError | None
    alternatives: list[str]
    fen: str
    """The position before the first bad move, else after the last move."""

    @property
    def plies(self) -> int:
        return len(self.sans)


def check_written_moves(
    texts: list[str], *, start_fen: str | None = None, chess960: bool = False
) -> EntryFeedback:
    """``chess960``: the game is played under Chess960's castling rules (Guidelines II)."""
    headers = {"Variant": PGN_VARIANT} if chess960 else None
    played = replay(game_from_moves(texts, fen=start_fen, headers=headers))
    board = played.board.root()
    sans = []
    for move in played.board.move_stack:
        sans.append(board.san(move))
        board.push(move)
    error = played.error
    if error is None:
        return EntryFeedback(sans, None, [], board.fen())
    before = board_from_fen(error.fen_before, chess960=played.board.chess960)
    alternatives = list(error.candidates) or lookalikes(before, error.text)
    return EntryFeedback(sans, error, alternatives, error.fen_before)


def lookalikes(board: chess.Board, text: str, *, limit: int = 6) -> list[str]:
    """Legal moves that look like ``text``: to the same square, else spelled alike."""
    legal = sorted(board.san(move) for move in board.legal_moves)
    target = _TARGET.search(text)
    if target:
        square = chess.parse_square(target.group(1))
        same_square = [board.san(m) for m in board.legal_moves if m.to_square == square]
        if same_square:
            return sorted(same_square)[:limit]
    return difflib.get_close_matches(text, legal, n=limit, cutoff=0.4)
