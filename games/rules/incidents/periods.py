"""Flag fall and the end of a period: 6.5, 10.14 with 10.5, and the online void.

This module works out who overstepped at which move of which period; the result of a flag
fall in a position is :func:`games.rules.endings.flag_fall_ruling`'s (10.14, 10.5, and
fide2023's "no series of legal moves can mate").

10.14 A player who does not make the prescribed number of moves in the allotted time loses;
if both sides have only kings it is a draw, and a player with a lone king can never win
(10.5). A move that ended the game (mate, stalemate, a 10.4 position) stands even if the
clock was not pressed (6.5). The online ruleset voids a game whose flag fell within the
first ``flag_fall_void_max_moves`` moves.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

import chess

from games.rules.clocks import format_seconds
from games.rules.endings import flag_fall_ruling
from games.rules.rulesets import Ruleset
from games.rules.rulings import Decision, Ruling, Score

from ._common import (
    SIDE_EN,
    SIDE_ZH,
    IncidentError,
    color_name,
    is_dead_by_material,
    moves_made,
    only_kings,
    ruling,
    time_control_of,
)
from ._record import ReplayedGame


@dataclass(frozen=True)
class FlagFall:
    """``flagged``'s flag has fallen. ``used_seconds``, if given, is his used time as the clock
    shows it; ``time_control`` stands in for a missing ``TimeControl`` tag."""

    flagged: chess.Color
    used_seconds: float | None = None
    time_control: str | None = None


@dataclass(frozen=True)
class PeriodEnd:
    """The arbiter checks where the game stands in the time control.

    ``adjourn_after_move``: the session ends once both players have completed this move
    (an adjournment-era schedule such as ``40/7200:20/3600`` and adjourn after move 60).
    """

    adjourn_after_move: int | None = None
    time_control: str | None = None


def _playable_board(record: ReplayedGame) -> chess.Board:
    if record.broken is not None:
        raise IncidentError(
            f"move {record.broken.ply} of the record ({record.broken.text!r}) does not play; "
            "rule on the illegal move first"
        )
    return record.board()


def _game_already_over(board: chess.Board, ruleset: Ruleset) -> Ruling | None:
    """6.5: the last move ended the game before the flag counted."""
    if board.is_checkmate():
        winner = not board.turn
        return ruling(
            ruleset,
            Decision.GAME_OVER,
            "flag.game_already_over",
            f"{SIDE_EN[winner]}'s last move was checkmate, which ended the game before the flag "
            f"fall counted: {SIDE_EN[winner]} wins.",
            f"{SIDE_ZH[winner]}的最后一着已将死对方，对局在落旗之前已经结束：{SIDE_ZH[winner]}胜。",
            score=Score.win_for(winner),
        )
    if board.is_stalemate() or is_dead_by_material(board):
        dead = ruleset.article("game.dead_position")
        return ruling(
            ruleset,
            Decision.GAME_OVER,
            "flag.game_already_over",
            f"The last move made a stalemate or a {dead} position, which ended the game before "
            "the flag fall counted: draw.",
            f"最后一着已形成逼和或{dead}条所列局面，对局在落旗之前已经结束：和棋。",
            score=Score.DRAW,
        )
    return None


def rule_flag_fall(record: ReplayedGame, flag: FlagFall, ruleset: Ruleset) -> Ruling:
    """Who overstepped, at which move, and what follows (6.5, 10.14, 10.5, online void)."""
    board = _playable_board(record)
    flagged = flag.flagged
    if only_kings(board):
        return ruling(
            ruleset,
            Decision.GAME_OVER,
            "flag.bare_kings",
            f"{SIDE_EN[flagged]}'s flag fell, but only the two kings are left: draw.",
            f"{SIDE_ZH[flagged]}落旗，但双方只剩王：和棋。",
            score=Score.DRAW,
        )
    ended = _game_already_over(board, ruleset)
    if ended is not None:
        return ended
    control = time_control_of(record.headers, flag.time_control, "flag fall")
    made = moves_made(board, flagged)
    move_number = made + 1
    allotted = control.allotted_seconds(move_number)
    control_move = control.period_end(move_number)
    facts: dict[str, object] = {
        "flagged": color_name(flagged),
        "moves_made": made,
        "move_number": move_number,
        "control_move": control_move,
        "allotted_seconds": allotted,
    }
    if flag.used_seconds is not None and flag.used_seconds <= allotted:
        return ruling(
            ruleset,
            Decision.PLAY_ON,
            "flag.fall",
            f"{SIDE_EN[flagged]} has used {format_seconds(flag.used_seconds)} of the "
            f"{format_seconds(allotted)} allotted for move {move_number}: no overstepping.",
            f"{SIDE_ZH[flagged]}已用时{format_seconds(flag.used_seconds)}，第{move_number}着"
            f"的限定时间为{format_seconds(allotted)}：未超时。",
            details=facts,
        )
    decided = flag_fall_ruling(board, flagged, ruleset, moves_made=made)
    return dataclasses.replace(decided, details={**decided.details, **facts})


def rule_period_end(record: ReplayedGame, check: PeriodEnd, ruleset: Ruleset) -> Ruling:
    """Which period each player is in; at the scheduled end of a session, adjourn."""
    board = _playable_board(record)
    control = time_control_of(record.headers, check.time_control, "period end")
    standing: dict[str, object] = {}
    for color in chess.COLORS:
        move_number = moves_made(board, color) + 1
        index, _, _, last = control.period_of(move_number)
        standing[color_name(color)] = {"period": index + 1, "next_control_move": last}
    session_over = check.adjourn_after_move is not None and all(
        moves_made(board, color) >= check.adjourn_after_move for color in chess.COLORS
    )
    if session_over:
        if not ruleset.adjournment:
            raise IncidentError(
                f"the {ruleset.name} ruleset has no adjournment: adjourn_after_move does not apply"
            )
        sealer = board.turn
        return ruling(
            ruleset,
            Decision.PLAY_ON,
            "adjournment.session_end",
            f"Both players have completed move {check.adjourn_after_move}: the session ends and "
            f"the game is adjourned; {SIDE_EN[sealer]}, to move, seals the next move.",
            f"双方均已走完第{check.adjourn_after_move}着：本轮比赛时间结束，对局封棋；"
            f"轮到走棋的{SIDE_ZH[sealer]}封着。",
            details={"adjourn": True, "sealer": color_name(sealer), "players": standing},
        )
    mover = board.turn
    index, period, _, last = control.period_of(moves_made(board, mover) + 1)
    until_en = f"until move {last}" if last else "for the rest of the game"
    until_zh = f"至第{last}着" if last else "至终局"
    return ruling(
        ruleset,
        Decision.PLAY_ON,
        "period.standing",
        f"{SIDE_EN[mover]}, to move, is in period {index + 1} "
        f"({format_seconds(period.seconds)} {until_en}); play continues.",
        f"轮到走棋的{SIDE_ZH[mover]}处于第{index + 1}时段（{format_seconds(period.seconds)}，"
        f"{until_zh}）；对局继续。",
        details={"adjourn": False, "players": standing},
    )
