"""Illegal moves and illegal positions: Article 8, and the modern Laws' penalties.

8.1 An illegal move found during the game: restore the position just before it; if that
position cannot be established, annul — or, with ``continue_from_last_identifiable_position``
(2023 7.5.1 and 7.6, for displaced pieces too), continue from the last position that can be
established. Rulesets with ``illegal_move_opponent_bonus`` / ``illegal_moves_to_lose``
(fide2023) also give the opponent time and end the game at the offender's n-th illegal
move — a draw if the opponent has a lone king (10.5). Colours reversed (8.6 / 2023 7.3)
follows the ruleset's ``colours_reversed_rule``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import chess

from games.rules.notation import MoveFault
from games.rules.rulesets import ColoursReversedRule, Ruleset
from games.rules.rulings import ClockAdjustment, ClockChange, Decision, Ruling, Score
from games.rules.sides import moves_by_side

from ._common import (
    SIDE_EN,
    SIDE_ZH,
    IncidentError,
    board_from_fen,
    both_moves_made,
    color_name,
    is_lone_king,
    ruling,
    time_control_of,
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
    ``last_identifiable_ply`` is the ply of the record after which the position was last
    known for certain (by default the record's last playable move); 2023 7.6 continues
    from there.
    """

    restorable: bool = True
    last_identifiable_ply: int | None = None


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
    """8.6: the game was started with the colours reversed; seconds used by each clock
    (needed where the rule is the share of the first period's time, classic 8.6)."""

    white_used: int | None = None
    black_used: int | None = None
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
                    f"but {SIDE_EN[not offender]} has only a king and cannot win: draw.",
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
    if broken.fault is not MoveFault.ILLEGAL and ruleset.continue_from_last_identifiable_position:
        return _continue_before_unreadable_move(record, broken, void, ruleset)
    if broken.fault is not MoveFault.ILLEGAL:
        return ruling(
            ruleset,
            Decision.ANNUL,
            "illegal.move",
            f"Move {_written_at(record, broken)} cannot be read, so the position before "
            "the irregularity cannot be established: the game is annulled and replayed.",
            f"着法{_written_at(record, broken)}无法辨认，不能确定出错前的局面：对局作废，重赛。",
            void_plies=void,
            details={"ply": broken.ply, "move": broken.text, "fault": broken.fault.value},
        )
    before = _restored_position(record, broken)
    offender = before.turn
    facts = {"ply": broken.ply, "move": broken.text, "offender": color_name(offender)}
    decided, adjustments = _penalty(record, offender, incident, ruleset)
    if decided is not None:
        return decided
    if not adjustments:
        en, zh = _restored(broken, before, void, "")
        return ruling(
            ruleset,
            Decision.PLAY_ON,
            "illegal.move",
            en,
            zh,
            restore_fen=before.fen(),
            void_plies=void,
            details=facts,
        )
    # The ruling applies the modern Laws' penalty (2023 7.5.5): it cites the penalty's
    # article, and names the article that restores the position (7.5.1) in its text.
    en, zh = _restored(broken, before, void, ruleset.article("illegal.move"))
    penalty = ruleset.article("illegal.move.penalty")
    said = [adjustment.explain() for adjustment in adjustments]
    penalty_en = " ".join(s.en.removesuffix(".") for s in said)
    penalty_zh = "，".join(s.zh.removesuffix("。") for s in said)
    return ruling(
        ruleset,
        Decision.PLAY_ON,
        "illegal.move.penalty",
        f"{en} As the penalty, {penalty_en} ({penalty}).",
        f"{zh}作为处罚，{penalty_zh}（{penalty}）。",
        restore_fen=before.fen(),
        void_plies=void,
        clock_adjustments=adjustments,
        details=facts,
    )


def _restored(
    broken: BrokenMove, before: chess.Board, void: tuple[int, ...], article: str
) -> tuple[str, str]:
    """The illegal move, the restored position and the void moves, in English and Chinese,
    citing ``article`` when the ruling cites another (the penalty's)."""
    offender = before.turn
    number = f"{before.fullmove_number}{'.' if offender == chess.WHITE else '...'}"
    cited_en, cited_zh = (f" ({article})", f"（{article}）") if article else ("", "")
    return (
        f"{SIDE_EN[offender]}'s move {number} {broken.text} was illegal{cited_en}: the position "
        f"before it is restored and the moves from it on are void ({_void_en(void, offender)}).",
        f"{SIDE_ZH[offender]}的第{before.fullmove_number}着{broken.text}不合规则{cited_zh}："
        f"恢复该着之前的局面，此后的着法作废（{_void_zh(void, offender)}）。",
    )


def _written_at(record: ReplayedGame, broken: BrokenMove) -> str:
    """``12... Nxd4`` — where the move stands and how it is written."""
    board = record.board(broken.ply - 1)
    dots = "." if board.turn == chess.WHITE else "..."
    return f"{board.fullmove_number}{dots} {broken.text}"


def _void_en(void: tuple[int, ...], first: chess.Color) -> str:
    white, black = moves_by_side(len(void), first == chess.WHITE)
    return f"{white} by White, {black} by Black"


def _void_zh(void: tuple[int, ...], first: chess.Color) -> str:
    white, black = moves_by_side(len(void), first == chess.WHITE)
    return f"白方{white}着，黑方{black}着"


def _continue_before_unreadable_move(
    record: ReplayedGame, broken: BrokenMove, void: tuple[int, ...], ruleset: Ruleset
) -> Ruling:
    """2023 7.5.1: "If the position immediately before the irregularity cannot be
    determined, the game shall continue from the last identifiable position prior to the
    irregularity" — here the position after the last move of the record that plays. Who
    made the illegal move the record cannot show, so any 7.5.5 penalty is the arbiter's."""
    before = record.board(broken.ply - 1)
    penalty_en = penalty_zh = ""
    if ruleset.illegal_move_opponent_bonus or ruleset.illegal_moves_to_lose is not None:
        penalty = ruleset.article("illegal.move.loses")
        penalty_en = (
            f" The record does not show who made the illegal move; any penalty ({penalty}) "
            "is for the arbiter to give."
        )
        penalty_zh = f"记录无法显示是谁走出了不合规则的着法；是否处罚（{penalty}）由裁判员决定。"
    return ruling(
        ruleset,
        Decision.PLAY_ON,
        "illegal.move",
        f"Move {_written_at(record, broken)} cannot be read, so the position before the "
        "irregularity cannot be determined: play continues from the last identifiable "
        "position, before it, and the moves from it on are void "
        f"({_void_en(void, before.turn)}).{penalty_en}",
        f"着法{_written_at(record, broken)}无法辨认，不能确定出错前的局面：从最后可以确认的局面"
        f"（该着之前）继续对局，此后的着法作废（{_void_zh(void, before.turn)}）。{penalty_zh}",
        restore_fen=before.fen(),
        void_plies=void,
        details={"ply": broken.ply, "move": broken.text, "fault": broken.fault.value},
    )


def _last_identifiable_ply(record: ReplayedGame, incident: PiecesDisplaced) -> int:
    playable = len(record.moves)
    ply = playable if incident.last_identifiable_ply is None else incident.last_identifiable_ply
    if not 0 <= ply <= playable:
        raise IncidentError(
            f"last_identifiable_ply: {ply} is not a ply of the record "
            f"(0 to {playable}, the moves that play)"
        )
    return ply


def rule_displaced_pieces(
    record: ReplayedGame, incident: PiecesDisplaced, ruleset: Ruleset
) -> Ruling:
    """8.2: restore the position before the accident, or annul if it cannot be established
    (2023 7.6: continue from the last identifiable position instead)."""
    known = incident.restorable and record.broken is None
    if not known and ruleset.continue_from_last_identifiable_position:
        ply = _last_identifiable_ply(record, incident)
        return ruling(
            ruleset,
            Decision.PLAY_ON,
            "illegal.displaced_pieces",
            "The position before the pieces were displaced cannot be determined: play "
            f"continues from the last identifiable position, after ply {ply} of the record.",
            f"无法确定棋子被碰乱之前的局面：从最后可以确认的局面（记录第{ply}步之后）继续对局。",
            restore_fen=record.board(ply).fen(),
            void_plies=tuple(range(ply + 1, record.plies + 1)),
            details={"last_identifiable_ply": ply},
        )
    if not known:
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
        note_en = (
            f" {SIDE_EN[to_move]} may stop {SIDE_EN[to_move]}'s clock and start "
            f"{SIDE_EN[offender]}'s."
        )
        note_zh = f"{SIDE_ZH[to_move]}可以停下自己的钟并开动{SIDE_ZH[offender]}的钟。"
    return ruling(
        ruleset,
        Decision.PLAY_ON,
        "illegal.knocked_over",
        f"{SIDE_EN[offender]} knocked pieces over and puts them back on "
        f"{SIDE_EN[offender]}'s own clock time." + note_en,
        f"{SIDE_ZH[offender]}碰倒了棋子，须用自己的时间摆回。" + note_zh,
        restore_fen=record.board().fen(),
        details={"clock_running": color_name(offender)},
    )


def rule_wrong_initial_position(
    record: ReplayedGame, incident: WrongInitialPosition, ruleset: Ruleset
) -> Ruling:
    """8.5: a game started from a wrong initial position is annulled."""
    set_up = board_from_fen(incident.set_up, "set_up")
    if set_up.board_fen() == record.board(0).board_fen():
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
    """8.6 / 2023 7.3: go on, or start again with the right colours, by the ruleset's rule."""
    if ruleset.colours_reversed_rule is ColoursReversedRule.MOVE_COUNT:
        return _colours_reversed_by_moves(record, ruleset)
    return _colours_reversed_by_time(record, incident, ruleset)


def _colours_reversed_by_moves(record: ReplayedGame, ruleset: Ruleset) -> Ruling:
    """2023 7.3: "if less than 10 moves have been made by both players, it shall be
    discontinued and a new game played with the correct colours. After 10 moves or more,
    the game shall continue." — the game goes on once each player has made the moves."""
    made = both_moves_made(record.board())
    needed = ruleset.colours_reversed_moves
    facts = {"moves_made": made, "moves_needed": needed}
    if made >= needed:
        return ruling(
            ruleset,
            Decision.PLAY_ON,
            "illegal.colours_reversed",
            f"The colours were reversed, but both players have made {needed} moves or more "
            f"({made}): play continues.",
            f"执棋颜色颠倒，但双方均已走满{needed}回合（{made}回合）：对局继续。",
            details=facts,
        )
    return ruling(
        ruleset,
        Decision.ANNUL,
        "illegal.colours_reversed",
        f"The colours were reversed and fewer than {needed} moves have been made by both "
        f"players ({made}): the game is discontinued and a new game played with the right "
        "colours.",
        f"执棋颜色颠倒，且双方走棋未满{needed}回合（{made}回合）：中止本局，按正确的颜色重新开始一局。",
        details=facts,
    )


def _colours_reversed_by_time(
    record: ReplayedGame, incident: ColoursReversed, ruleset: Ruleset
) -> Ruling:
    """8.6: play on once more than ``colours_reversed_fraction`` of the first period is used.

    The share is taken over both clocks together: the time both have used against the
    time both had for the first period.
    """
    if incident.white_used is None or incident.black_used is None:
        raise IncidentError(
            "colours reversed: white_used and black_used (seconds on each clock) are needed "
            "to measure the share of the first period"
        )
    control = time_control_of(record.headers, incident.time_control, "colours reversed")
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
