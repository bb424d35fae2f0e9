"""Illegal moves and illegal positions: Article 8, and the modern Laws' penalties.

8.1 An illegal move found during the game: restore the position just before it; if that
position cannot be established, annul. Rulesets with ``illegal_move_opponent_bonus`` /
``illegal_moves_to_lose`` (fide2023) also give the opponent time and end the game at the
offender's n-th illegal move — a draw if the opponent has a lone king (10.5).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import chess

from games.rules.clocks import TimeControlError, parse_time_control
from games.rules.notation import MoveFault
from games.rules.rulesets import Ruleset
from games.rules.rulings import ClockAdjustment, ClockChange, Decision, Ruling, Score

from ._common import (
    SIDE_EN,
    SIDE_ZH,
    IncidentError,
    board_from_fen,
    color_name,
    is_lone_king,
    ruling,
)
from ._record import BrokenMove, ReplayedGame


@dataclass(frozen=True)
class IllegalMoveFound:
    """8.1: someone finds that an illegal move was made; the record is searched for it.

    ``earlier_illegal_moves`` counts the offender's completed illegal moves earlier in the
    same game (they matter under ``illegal_moves_to_lose``).
    """

    earlier_illegal_moves: int = 0


@dataclass(frozen=True)
class PiecesDisplaced:
    """8.2: pieces displaced by accident were put back wrongly.

    ``restorable`` is False when nobody can establish the position before the accident.
    """

    restorable: bool = True


@dataclass(frozen=True)
class PiecesKnockedOver:
    """8.3: a player knocked pieces over."""

    by: chess.Color


@dataclass(frozen=True)
class WrongInitialPosition:
    """8.5: the initial position is found to have been set up as ``set_up`` (a FEN)."""

    set_up: str


@dataclass(frozen=True)
class ColoursReversed:
    """8.6: the game was started with the colours reversed; seconds used by each clock."""

    white_used: int
    black_used: int
    time_control: str | None = None
    """The game's control when the record's ``TimeControl`` tag is missing."""


@dataclass(frozen=True)
class BoardMisplaced:
    """8.7: the board was placed against 1.2 (no light square in the right-hand corner)."""


def find_illegal_move(record: ReplayedGame) -> BrokenMove | None:
    """The first move of the record that cannot be played, if any."""
    return record.broken


def _restored_position(record: ReplayedGame, broken: BrokenMove) -> chess.Board:
    return record.board(broken.ply - 1)


def _penalty(
    record: ReplayedGame, offender: chess.Color, incident: IllegalMoveFound, ruleset: Ruleset
) -> tuple[Ruling | None, tuple[ClockAdjustment, ...]]:
    """The modern Laws' sanction: the n-th illegal move loses, else the opponent gets time."""
    count = incident.earlier_illegal_moves + 1
    limit = ruleset.illegal_moves_to_lose
    if limit is not None and count >= limit:
        board = record.board()
        if is_lone_king(board, not offender):
            return (
                ruling(
                    ruleset,
                    Decision.GAME_OVER,
                    "illegal.move.lone_king",
                    f"This is {SIDE_EN[offender]}'s illegal move number {count}, which loses, "
                    f"but {SIDE_EN[not offender]} has only his king and cannot win: draw.",
                    f"这是{SIDE_ZH[offender]}第{count}次走出不合规则的着法，本应判负，"
                    f"但{SIDE_ZH[not offender]}只剩单王，不能取胜：和棋。",
                    score=Score.DRAW,
                    details={"illegal_moves": count},
                ),
                (),
            )
        return (
            ruling(
                ruleset,
                Decision.GAME_OVER,
                "illegal.move.loses",
                f"This is {SIDE_EN[offender]}'s illegal move number {count}: "
                f"{SIDE_EN[offender]} loses.",
                f"这是{SIDE_ZH[offender]}第{count}次走出不合规则的着法：{SIDE_ZH[offender]}判负。",
                score=Score.loss_for(offender),
                details={"illegal_moves": count},
            ),
            (),
        )
    bonus = ruleset.illegal_move_opponent_bonus
    if bonus:
        return None, (ClockAdjustment(not offender, ClockChange.ADD_REMAINING, bonus),)
    return None, ()


def rule_illegal_move(record: ReplayedGame, incident: IllegalMoveFound, ruleset: Ruleset) -> Ruling:
    """8.1 on the record: restore, void the later moves, penalise; or annul."""
    broken = find_illegal_move(record)
    if broken is None:
        return ruling(
            ruleset,
            Decision.PLAY_ON,
            "illegal.move",
            "Every move of the record is legal: there is nothing to correct.",
            "记录中的每一着都合乎规则：无需纠正。",
        )
    void = tuple(range(broken.ply, record.plies + 1))
    if broken.fault is not MoveFault.ILLEGAL:
        return ruling(
            ruleset,
            Decision.ANNUL,
            "illegal.move",
            f"Move {broken.text!r} (ply {broken.ply}) cannot be read, so the position before "
            "the irregularity cannot be established: the game is annulled and replayed.",
            f"第{broken.ply}步“{broken.text}”无法辨认，不能确定出错前的局面：对局作废，重赛。",
            void_plies=void,
            details={"ply": broken.ply, "move": broken.text, "fault": broken.fault.value},
        )
    before = _restored_position(record, broken)
    offender = before.turn
    number = f"{before.fullmove_number}{'.' if offender == chess.WHITE else '...'}"
    facts = {"ply": broken.ply, "move": broken.text, "offender": color_name(offender)}
    decided, adjustments = _penalty(record, offender, incident, ruleset)
    if decided is not None:
        return decided
    bonus_en = bonus_zh = ""
    for adjustment in adjustments:
        said = adjustment.explain()
        bonus_en, bonus_zh = f" {said.en}", said.zh
    return ruling(
        ruleset,
        Decision.PLAY_ON,
        "illegal.move",
        f"{SIDE_EN[offender]}'s move {number} {broken.text} was illegal: the position before it "
        f"is restored and the {len(void)} moves from it on are void.{bonus_en}",
        f"{SIDE_ZH[offender]}的第{before.fullmove_number}着{broken.text}不合规则：恢复该着之前的局面，"
        f"此后的{len(void)}步作废。{bonus_zh}",
        restore_fen=before.fen(),
        void_plies=void,
        clock_adjustments=adjustments,
        details=facts,
    )


def rule_displaced_pieces(
    record: ReplayedGame, incident: PiecesDisplaced, ruleset: Ruleset
) -> Ruling:
    """8.2: restore the position before the accident, or annul if it cannot be established."""
    if not incident.restorable or record.broken is not None:
        return ruling(
            ruleset,
            Decision.ANNUL,
            "illegal.displaced_pieces",
            "The position before the pieces were displaced cannot be established: the game is "
            "annulled and replayed.",
            "无法确定棋子被碰乱之前的局面：对局作废，重赛。",
        )
    return ruling(
        ruleset,
        Decision.PLAY_ON,
        "illegal.displaced_pieces",
        "The position before the pieces were displaced is restored from the record.",
        "根据记录恢复棋子被碰乱之前的局面。",
        restore_fen=record.board().fen(),
    )


def rule_knocked_over(
    record: ReplayedGame, incident: PiecesKnockedOver, ruleset: Ruleset
) -> Ruling:
    """8.3: the player who knocked pieces over puts them back on his own time."""
    offender = incident.by
    to_move = record.board().turn
    note_en = note_zh = ""
    if to_move != offender:
        note_en = f" {SIDE_EN[to_move]} may stop his clock and start {SIDE_EN[offender]}'s."
        note_zh = f"{SIDE_ZH[to_move]}可以停下自己的钟并开动{SIDE_ZH[offender]}的钟。"
    return ruling(
        ruleset,
        Decision.PLAY_ON,
        "illegal.knocked_over",
        f"{SIDE_EN[offender]} knocked pieces over and puts them back on his own clock time."
        + note_en,
        f"{SIDE_ZH[offender]}碰倒了棋子，须用自己的时间摆回。" + note_zh,
        restore_fen=record.board().fen(),
        details={"clock_running": color_name(offender)},
    )


def rule_wrong_initial_position(
    record: ReplayedGame, incident: WrongInitialPosition, ruleset: Ruleset
) -> Ruling:
    """8.5: a game started from a wrong initial position is annulled."""
    set_up = board_from_fen(incident.set_up, "set_up")
    if set_up.board_fen() == chess.Board(record.starting_fen).board_fen():
        return ruling(
            ruleset,
            Decision.PLAY_ON,
            "illegal.initial_position",
            "The initial position was set up correctly: play continues.",
            "初始局面摆放正确：对局继续。",
        )
    return ruling(
        ruleset,
        Decision.ANNUL,
        "illegal.initial_position",
        "The initial position was set up wrongly: the game is annulled and a new game played.",
        "初始局面摆错：对局作废，重新开始一局。",
        details={"set_up": set_up.board_fen()},
    )


def rule_colours_reversed(
    record: ReplayedGame, incident: ColoursReversed, ruleset: Ruleset
) -> Ruling:
    """8.6: play on once more than ``colours_reversed_fraction`` of the first period is used.

    The share is taken over both clocks together: the time both have used against the
    time both had for the first period.
    """
    text = incident.time_control or record.headers.get("TimeControl")
    if not text:
        raise IncidentError("colours reversed: the game has no time control (time_control)")
    try:
        control = parse_time_control(text)
    except TimeControlError as error:
        raise IncidentError(f"time_control: {error}") from None
    if not control.is_timed():
        raise IncidentError(f"colours reversed: time control {text!r} has no periods")
    first = control.periods[0]
    used = incident.white_used + incident.black_used
    threshold = ruleset.colours_reversed_fraction * 2 * first.seconds
    facts = {"used_seconds": used, "threshold_seconds": threshold}
    share = Fraction(ruleset.colours_reversed_fraction).limit_denominator(100)
    if used > threshold:
        return ruling(
            ruleset,
            Decision.PLAY_ON,
            "illegal.colours_reversed",
            f"The colours were reversed, but more than {share} of the first period's time has "
            "been used: play continues.",
            f"执棋颜色颠倒，但第一时段已用时间超过{share.denominator}分之{share.numerator}：对局继续。",
            details=facts,
        )
    return ruling(
        ruleset,
        Decision.RESTART,
        "illegal.colours_reversed",
        f"The colours were reversed and no more than {share} of the first period's time has "
        "been used: the arbiter may have the game restarted with the right colours.",
        f"执棋颜色颠倒，且第一时段已用时间未超过{share.denominator}分之{share.numerator}："
        "裁判员可以让双方换色重新开始对局。",
        details=facts,
    )


def rule_board_misplaced(
    record: ReplayedGame, incident: BoardMisplaced, ruleset: Ruleset
) -> Ruling:
    """8.7: the position is transferred to a correctly placed board."""
    return ruling(
        ruleset,
        Decision.PLAY_ON,
        "illegal.board_misplaced",
        "The board was placed wrongly: the position is transferred to a correctly placed board.",
        "棋盘摆放方向错误：将局面移到摆放正确的棋盘上继续。",
        restore_fen=record.board().fen(),
    )
