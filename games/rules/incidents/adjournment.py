"""Adjournment and sealed moves (rulesets with ``adjournment``), 8.4, 10.15 and 10.16.

Sealing: the player to move writes his move without playing it and the arbiter keeps an
:class:`Envelope`. The move stays secret — the envelope's ``repr`` and its public
:meth:`Envelope.as_dict` never show it; only :func:`rule_resumption` reads it. A game may be
adjourned more than once: each sealing makes a new envelope with its ``adjournment`` number.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta

import chess

from games.rules.clocks import TimeControlError, parse_time_control
from games.rules.notation import MoveFault, MoveTextError, parse_move
from games.rules.rulesets import Ruleset
from games.rules.rulings import Decision, Ruling, Score

from ._common import (
    SIDE_EN,
    SIDE_ZH,
    IncidentError,
    board_from_fen,
    color_name,
    is_dead_by_material,
    is_lone_king,
    ruling,
)
from ._record import ReplayedGame
from .lateness import Attendance, default_tolerance, is_late, rule_attendance


@dataclass(frozen=True)
class SealedMove:
    """A move as the sealer wrote it; shown to nobody before the resumption."""

    text: str

    def __repr__(self) -> str:
        return "SealedMove(<sealed>)"


@dataclass(frozen=True, kw_only=True)
class Envelope:
    """What the arbiter keeps at an adjournment."""

    white: str
    black: str
    fen: str
    """The position before the sealed move."""
    white_used: int
    black_used: int
    """Seconds each player had used at the adjournment."""
    moves_made: int
    """Moves both players had completed (the sealed move is move ``moves_made + 1`` or the
    second half of it)."""
    sealer: chess.Color
    adjourned_at: datetime
    resumes_at: datetime
    time_control: str | None = None
    adjournment: int = 1
    """1 for the first adjournment of the game, 2 for the second, …"""
    sealed_move: SealedMove = field(repr=False)

    def used(self, color: chess.Color) -> int:
        return self.white_used if color == chess.WHITE else self.black_used

    def as_dict(self) -> dict[str, object]:
        """The envelope's outside: everything but the sealed move."""
        return {
            "white": self.white,
            "black": self.black,
            "fen": self.fen,
            "white_used": self.white_used,
            "black_used": self.black_used,
            "moves_made": self.moves_made,
            "sealer": color_name(self.sealer),
            "adjourned_at": self.adjourned_at.isoformat(),
            "resumes_at": self.resumes_at.isoformat(),
            "time_control": self.time_control,
            "adjournment": self.adjournment,
        }


@dataclass(frozen=True)
class Sealing:
    """The player to move seals ``sealed_move`` at the end of a session."""

    sealer: chess.Color
    sealed_move: str
    white_used: int
    black_used: int
    adjourned_at: datetime
    resumes_at: datetime
    adjournment: int = 1


@dataclass(frozen=True)
class Resumption:
    """The adjourned game is resumed: who came when, and the position as set up (8.4)."""

    envelope: Envelope
    attendance: Attendance
    position_on_board: str | None = None
    """FEN of the position the players set up, when it is checked against the envelope."""


def _require_adjournment(ruleset: Ruleset) -> None:
    """Sealing and resuming exist only under a ruleset with adjournment."""
    if not ruleset.adjournment:
        raise IncidentError(
            f"the {ruleset.name} ruleset has no adjournment: the game is played to a finish"
        )


def seal_move(record: ReplayedGame, sealing: Sealing, ruleset: Ruleset) -> Envelope:
    """The envelope for ``sealing``, after checking that the sealer may seal now."""
    _require_adjournment(ruleset)
    if record.broken is not None:
        raise IncidentError(
            f"cannot seal: move {record.broken.ply} of the record ({record.broken.text!r}) "
            "does not play; rule on the illegal move first"
        )
    board = record.board()
    if board.is_game_over():
        raise IncidentError("cannot seal: the game is already over on the board")
    if sealing.sealer != board.turn:
        raise IncidentError(
            f"{SIDE_EN[sealing.sealer]} cannot seal: {SIDE_EN[board.turn]} is to move "
            f"(move {board.fullmove_number}); only the player to move seals"
        )
    if sealing.resumes_at <= sealing.adjourned_at:
        raise IncidentError("the resumption must come after the adjournment")
    return Envelope(
        white=record.headers.get("White", "?"),
        black=record.headers.get("Black", "?"),
        fen=board.fen(),
        white_used=sealing.white_used,
        black_used=sealing.black_used,
        moves_made=board.fullmove_number - 1,
        sealer=sealing.sealer,
        adjourned_at=sealing.adjourned_at,
        resumes_at=sealing.resumes_at,
        time_control=record.headers.get("TimeControl"),
        adjournment=sealing.adjournment,
        sealed_move=SealedMove(sealing.sealed_move),
    )


def as_written(moment: datetime) -> str:
    """``2026-12-13 10:00``: the time as the arbiter wrote it on the envelope (in the event's
    time zone, which the caller gives)."""
    return moment.strftime("%Y-%m-%d %H:%M")


def rule_sealing(record: ReplayedGame, sealing: Sealing, ruleset: Ruleset) -> Ruling:
    """Sealing as a ruling: play stops; the envelope's outside is in the details."""
    envelope = seal_move(record, sealing, ruleset)
    return ruling(
        ruleset,
        Decision.PLAY_ON,
        "adjournment.seal",
        f"The game is adjourned; {SIDE_EN[envelope.sealer]} has sealed the move. "
        f"Resumption at {as_written(envelope.resumes_at)}.",
        f"对局封棋，{SIDE_ZH[envelope.sealer]}已封着。续赛时间：{as_written(envelope.resumes_at)}。",
        restore_fen=envelope.fen,
        details={"envelope": envelope.as_dict()},
    )


_FAULT_CONCEPT = {
    MoveFault.AMBIGUOUS: "sealed_move.ambiguous",
    MoveFault.UNREADABLE: "sealed_move.unreadable",
    MoveFault.ILLEGAL: "sealed_move.illegal",
}
_FAULT_EN = {
    MoveFault.AMBIGUOUS: "ambiguous",
    MoveFault.UNREADABLE: "recorded so that its true meaning cannot be established",
    MoveFault.ILLEGAL: "illegal",
}
_FAULT_ZH = {
    MoveFault.AMBIGUOUS: "有歧义",
    MoveFault.UNREADABLE: "无法确定其含义",
    MoveFault.ILLEGAL: "不合规则",
}


def _faulty_sealed_move(envelope: Envelope, fault: MoveFault, ruleset: Ruleset) -> Ruling:
    """10.16: the sealer loses — unless his opponent has a lone king (10.5: draw)."""
    board = board_from_fen(envelope.fen, "envelope.fen")
    sealer = envelope.sealer
    written = envelope.sealed_move.text
    facts = {"sealed_move": written, "fault": fault.value}
    if is_lone_king(board, not sealer):
        return ruling(
            ruleset,
            Decision.GAME_OVER,
            "sealed_move.lone_king",
            f"{SIDE_EN[sealer]}'s sealed move {written!r} is {_FAULT_EN[fault]}, but "
            f"{SIDE_EN[not sealer]} has only a king and cannot win: draw.",
            f"{SIDE_ZH[sealer]}的封着“{written}”{_FAULT_ZH[fault]}，但{SIDE_ZH[not sealer]}"
            "只剩单王，不能取胜：和棋。",
            score=Score.DRAW,
            details=facts,
        )
    return ruling(
        ruleset,
        Decision.GAME_OVER,
        _FAULT_CONCEPT[fault],
        f"{SIDE_EN[sealer]}'s sealed move {written!r} is {_FAULT_EN[fault]}: {SIDE_EN[sealer]} "
        "loses.",
        f"{SIDE_ZH[sealer]}的封着“{written}”{_FAULT_ZH[fault]}：{SIDE_ZH[sealer]}判负。",
        score=Score.loss_for(sealer),
        details=facts,
    )


def _sealed_move_ends_game(
    envelope: Envelope, board: chess.Board, san: str, ruleset: Ruleset
) -> Ruling | None:
    """10.15(1)–(2) and 10.1/10.3/10.4: the sealed move itself ends the game."""
    facts = {"sealed_move": san}
    if board.is_checkmate():
        return ruling(
            ruleset,
            Decision.GAME_OVER,
            "sealed_move.mates",
            f"The sealed move {san} checkmates: {SIDE_EN[envelope.sealer]} wins.",
            f"封着{san}将死对方：{SIDE_ZH[envelope.sealer]}胜。",
            score=Score.win_for(envelope.sealer),
            details=facts,
        )
    if board.is_stalemate() or is_dead_by_material(board):
        dead = ruleset.article("game.dead_position")
        what_en = "stalemates" if board.is_stalemate() else f"leaves only a {dead} position"
        what_zh = "形成逼和" if board.is_stalemate() else f"形成{dead}条所列的局面"
        return ruling(
            ruleset,
            Decision.GAME_OVER,
            "sealed_move.draws",
            f"The sealed move {san} {what_en}: draw.",
            f"封着{san}{what_zh}：和棋。",
            score=Score.DRAW,
            details=facts,
        )
    return None


def remaining_at_resumption(envelope: Envelope, color: chess.Color) -> int | None:
    """Seconds ``color`` has left until his next time control, or ``None`` without a control."""
    if not envelope.time_control:
        return None
    try:
        control = parse_time_control(envelope.time_control)
    except TimeControlError as error:
        raise IncidentError(f"envelope time_control: {error}") from None
    if not control.is_timed():
        return None
    board = board_from_fen(envelope.fen, "envelope.fen")
    made = envelope.moves_made + (1 if color == chess.WHITE and board.turn == chess.BLACK else 0)
    return int(control.allotted_seconds(made + 1)) - envelope.used(color)


def _present_player_overstepped(
    envelope: Envelope, attendance: Attendance, ruleset: Ruleset
) -> Ruling | None:
    """10.15(3): the sealer is absent and the player present oversteps before the default."""
    present = not envelope.sealer
    remaining = remaining_at_resumption(envelope, present)
    if remaining is None or remaining >= default_tolerance(ruleset):
        return None  # the absent sealer would be defaulted before the flag fell
    flag_fell_at = attendance.session_start + timedelta(seconds=remaining)
    sealer_arrived = attendance.arrival(envelope.sealer)
    if attendance.ruled_at <= flag_fell_at:
        return None
    if sealer_arrived is not None and sealer_arrived <= flag_fell_at:
        return None
    return ruling(
        ruleset,
        Decision.GAME_OVER,
        "resumption.present_player_overstepped",
        f"{SIDE_EN[envelope.sealer]}, who sealed, is absent, but {SIDE_EN[present]} overstepped "
        f"the time ({remaining} s left at the resumption) before the default: "
        f"{SIDE_EN[present]} loses.",
        f"封着方{SIDE_ZH[envelope.sealer]}缺席，但在判缺席负之前，在场的{SIDE_ZH[present]}"
        f"已超时（续赛时剩余{remaining}秒）：{SIDE_ZH[present]}判负。",
        score=Score.loss_for(present),
        details={"remaining_at_resumption": remaining},
    )


def _position_mismatch(envelope: Envelope, position_on_board: str | None) -> bool:
    if position_on_board is None:
        return False
    set_up = board_from_fen(position_on_board, "position_on_board")
    expected = board_from_fen(envelope.fen, "envelope.fen")
    return (set_up.board_fen(), set_up.turn) != (expected.board_fen(), expected.turn)


def rule_resumption(record: ReplayedGame, resumption: Resumption, ruleset: Ruleset) -> Ruling:
    """Open the envelope: 10.16 and 10.5 on the sealed move, 10.15/10.17 on attendance, 8.4.

    The sealed move is decided first, since it is the move that was made; when the
    sealer is absent, a sealed move that mates or draws decides the game (10.15(1)–(2)).
    ``record`` is the game up to the adjournment; the envelope is the authority on it.
    A ruleset without adjournment refuses, as it refuses sealing.
    """
    _require_adjournment(ruleset)
    envelope = resumption.envelope
    attendance = resumption.attendance
    board = board_from_fen(envelope.fen, "envelope.fen")
    try:
        move = parse_move(board, envelope.sealed_move.text)
    except MoveTextError as error:
        return _faulty_sealed_move(envelope, error.fault, ruleset)
    san = board.san(move)
    board.push(move)
    ending = _sealed_move_ends_game(envelope, board, san, ruleset)
    if ending is not None:
        return ending
    present = not envelope.sealer
    if attendance.arrival(present) is not None and not is_late(attendance, present, ruleset):
        overstepped = _present_player_overstepped(envelope, attendance, ruleset)
        if overstepped is not None:
            return overstepped
    default = rule_attendance(attendance, ruleset, game_played=True)
    if default is not None:
        return default
    if _position_mismatch(envelope, resumption.position_on_board):
        return ruling(
            ruleset,
            Decision.PLAY_ON,
            "adjournment.wrong_position",
            "The position was set up wrongly at the resumption; it is replaced by the "
            f"position at the adjournment, and the sealed move {san} is played.",
            f"续赛时摆错了局面；按封棋时的局面重新摆好，然后走出封着{san}。",
            restore_fen=envelope.fen,
            move_to_play=san,
            details={"clock_to_start": color_name(not envelope.sealer)},
        )
    return ruling(
        ruleset,
        Decision.PLAY_ON,
        "adjournment.resume",
        f"The arbiter plays the sealed move {san} and starts "
        f"{SIDE_EN[not envelope.sealer]}'s clock.",
        f"裁判员走出封着{san}，并开动{SIDE_ZH[not envelope.sealer]}的棋钟。",
        restore_fen=envelope.fen,
        move_to_play=san,
        details={"clock_to_start": color_name(not envelope.sealer)},
    )
