"""Draw claims: threefold repetition (10.10, 10.11), fifty moves (10.12), the procedure and
the penalty for an incorrect claim (10.13).

The Laws separate a repetition that *has just arisen* (10.10(2)) from one that *will arise*
after the move the claimant has written and declared (10.10(1)); python-chess's
``can_claim_threefold_repetition()`` mixes the two, so the predicates here are our own:
:func:`threefold_has_arisen` and :func:`threefold_after_move`. Positions are compared with
:func:`games.rules.replay.position_key` (same side to move, same pieces on the same squares,
same castling rights, and an en-passant capture only if it is legal).
"""

from __future__ import annotations

import enum
from collections.abc import Hashable
from dataclasses import dataclass

import chess

from games.rules.clocks import TimeControl, format_seconds
from games.rules.endings import is_dead_position
from games.rules.material import is_lone_king
from games.rules.notation import MoveTextError, parse_move
from games.rules.replay import position_key
from games.rules.rulesets import ClaimPenalty, Ruleset
from games.rules.rulings import ClockAdjustment, ClockChange, Decision, Ruling, Score, ruling
from games.rules.sides import SIDE_ZH, side_name

__all__ = [
    "ClaimClock",
    "ClaimKind",
    "DrawClaim",
    "Occurrence",
    "decide_claim",
    "fifty_moves_made",
    "occurrences",
    "threefold_after_move",
    "threefold_has_arisen",
]


class ClaimKind(enum.Enum):
    """The draw a player claims."""

    THREEFOLD = "threefold"
    """10.10: the same position for the third time."""
    FIFTY_MOVES = "fifty_moves"
    """10.12: the last fifty moves by each side without a pawn move or a capture."""


@dataclass(frozen=True)
class DrawClaim:
    """A claim as the arbiter receives it."""

    claimant: chess.Color
    kind: ClaimKind
    written_move: str | None = None
    """The move written on the scoresheet and declared, not played (10.10(1), 10.12)."""
    move_count: int | None = None
    """The organiser's extended count for this position (10.12); else the ruleset's."""


@dataclass(frozen=True)
class ClaimClock:
    """The claimant's clock when he claims, to compute the classic penalty (10.13(2))."""

    time_control: TimeControl
    claimant_used: float
    """Seconds the claimant has used since the start of the game."""


@dataclass(frozen=True)
class Occurrence:
    """One time a position stood on the board."""

    ply: int
    """0 for the starting position, else the half-move after which it arose."""
    label: str
    """The move that produced it, e.g. ``12...Ng8``, or ``start``."""


def occurrences(board: chess.Board) -> dict[Hashable, list[Occurrence]]:
    """Every position of ``board``'s game (from its root) with where it arose."""
    replay = board.root()
    found: dict[Hashable, list[Occurrence]] = {position_key(replay): [Occurrence(0, "start")]}
    for ply, move in enumerate(board.move_stack, start=1):
        dots = "." if replay.turn == chess.WHITE else "..."
        label = f"{replay.fullmove_number}{dots}{replay.san(move)}"
        replay.push(move)
        found.setdefault(position_key(replay), []).append(Occurrence(ply, label))
    return found


def threefold_has_arisen(board: chess.Board) -> list[Occurrence] | None:
    """The occurrences, when the current position has arisen at least three times."""
    seen = occurrences(board).get(position_key(board), [])
    return seen if len(seen) >= 3 else None


def threefold_after_move(board: chess.Board, move: chess.Move) -> list[Occurrence] | None:
    """The occurrences, when ``move`` would make its position arise a third time."""
    after = board.copy()
    after.push(move)
    seen = occurrences(after).get(position_key(after), [])
    return seen if len(seen) >= 3 else None


def fifty_moves_made(board: chess.Board, move_count: int = 50) -> bool:
    """Each side has made the last ``move_count`` moves without a pawn move or capture."""
    return board.halfmove_clock >= 2 * move_count


def decide_claim(
    board: chess.Board,
    claim: DrawClaim,
    ruleset: Ruleset,
    *,
    clock: ClaimClock | None = None,
) -> Ruling:
    """Decide ``claim`` in ``board``'s position (the board holds the game's moves)."""
    over = _already_over(board, ruleset)
    if over is not None:
        return over
    verdict = _check(board, claim, ruleset)
    if verdict.correct:
        return ruling(
            ruleset,
            Decision.GAME_OVER,
            verdict.concept,
            f"Claim correct: {verdict.en} The game is drawn.",
            f"要求正确：{verdict.zh}对局和棋。",
            score=Score.DRAW,
            details=verdict.details,
        )
    return _incorrect(board, claim, ruleset, clock, verdict)


@dataclass
class _Verdict:
    correct: bool
    concept: str
    """What the claim rests on, as :mod:`games.rules.articles` names it."""
    en: str
    zh: str
    details: dict[str, object]
    move_to_play: str | None = None


def _already_over(board: chess.Board, ruleset: Ruleset) -> Ruling | None:
    # Mate and stalemate end the game at once (10.1, 10.3): there is nothing left to claim.
    # So does a dead position under 2023 5.2.2 ("This immediately ends the game").
    if board.is_checkmate():
        winner = not board.turn
        en = f"The game already ended: {side_name(winner)} delivered mate."
        zh = f"对局已经结束：{SIDE_ZH[winner]}已将死对方。"
        score, concept = Score.win_for(winner), "game.checkmate"
    elif board.is_stalemate():
        en, zh = "The game already ended in stalemate.", "对局已因逼和结束。"
        score, concept = Score.DRAW, "game.stalemate"
    elif ruleset.dead_position_ends_game and is_dead_position(board):
        en = (
            "The game is already drawn: a dead position has arisen, in which neither player "
            "can checkmate by any series of legal moves, and that ended the game."
        )
        zh = "对局已经是和棋：已形成死局，双方都无法以任何合法着法将死对方，对局随即结束。"
        score, concept = Score.DRAW, "game.dead_position"
    else:
        return None
    return ruling(ruleset, Decision.GAME_OVER, concept, en, zh, score=score)


def _check(board: chess.Board, claim: DrawClaim, ruleset: Ruleset) -> _Verdict:
    side = side_name(claim.claimant)
    if claim.claimant != board.turn:
        return _not_on_move(board, claim, side)
    written: chess.Move | None = None
    if claim.written_move is not None:
        try:
            written = parse_move(board, claim.written_move)
        except MoveTextError as error:
            return _Verdict(
                False,
                _claim_concept(claim.kind),
                f"the written move {error.text!r} cannot be played: {error.reason}.",
                f"所写着法“{error.text}”不能走：{error.reason}。",
                {"written_move": error.text},
            )
    if claim.kind is ClaimKind.THREEFOLD:
        return _threefold(board, claim, written)
    return _fifty(board, claim, ruleset, written)


def _not_on_move(board: chess.Board, claim: DrawClaim, side: str) -> _Verdict:
    # 10.11: having moved without claiming, he lost the right to claim that repetition.
    lost = False
    if claim.kind is ClaimKind.THREEFOLD and board.move_stack:
        before = board.copy()
        before.pop()
        lost = threefold_has_arisen(before) is not None
    if lost:
        return _Verdict(
            False,
            "claim.threefold.right_lost",
            f"{side} made a move without claiming, and so lost the right to claim that "
            f"repetition until the position arises again with {side} to move.",
            f"{SIDE_ZH[claim.claimant]}未提出要求就走了棋，失去了对该重复局面的要求权，"
            f"直到该局面在轮到{SIDE_ZH[claim.claimant]}走时再次出现。",
            {"lost_right": True},
        )
    return _Verdict(
        False,
        _claim_concept(claim.kind),
        f"only the player to move may claim, and it is {side_name(board.turn)}'s move.",
        f"只有轮到走棋的一方才能提出要求，现在轮到{SIDE_ZH[board.turn]}走棋。",
        {},
    )


def _threefold(board: chess.Board, claim: DrawClaim, written: chess.Move | None) -> _Verdict:
    if written is None:
        seen = threefold_has_arisen(board)
        concept = "claim.threefold.arisen"
        en_what, zh_what = "the position has just arisen for the third time", "该局面第三次出现"
    else:
        seen = threefold_after_move(board, written)
        concept = "claim.threefold.written"
        san = board.san(written)
        en_what = f"the written move {san} makes the position arise for the third time"
        zh_what = f"所写着法{san}使该局面第三次出现"
    if seen:
        cited = ", ".join("the starting position" if not o.ply else o.label for o in seen)
        cited_zh = "、".join("初始局面" if not o.ply else o.label for o in seen)
        return _Verdict(
            True,
            concept,
            f"{en_what} (after {cited}).",
            f"{zh_what}（{cited_zh}）。",
            {"occurrences": [o.label for o in seen], "plies": [o.ply for o in seen]},
        )
    position = board if written is None else _after(board, written)
    count = len(occurrences(position).get(position_key(position), []))
    return _Verdict(
        False,
        concept,
        f"the position has occurred {_times(count)}, not three times.",
        f"该局面只出现了{count}次，不是三次。",
        {"occurrences_found": count},
        move_to_play=None if written is None else board.san(written),
    )


def _claim_concept(kind: ClaimKind) -> str:
    return "claim.threefold" if kind is ClaimKind.THREEFOLD else "claim.fifty_moves"


def _times(count: int) -> str:
    return {1: "once", 2: "twice"}.get(count, f"{count} times")


def _after(board: chess.Board, move: chess.Move) -> chess.Board:
    after = board.copy()
    after.push(move)
    return after


def _fifty(
    board: chess.Board, claim: DrawClaim, ruleset: Ruleset, written: chess.Move | None
) -> _Verdict:
    count = claim.move_count or ruleset.fifty_move_count_for(board)
    details: dict[str, object] = {"move_count": count, "halfmoves": board.halfmove_clock}
    if fifty_moves_made(board, count):
        return _Verdict(
            True,
            "claim.fifty_moves",
            f"each side has made the last {count} moves without a pawn move or capture.",
            f"双方最近各{count}回合均未动兵也未吃子。",
            details,
        )
    if written is not None and ruleset.fifty_move_written_move:
        after = _after(board, written)
        if fifty_moves_made(after, count) and not after.is_checkmate():
            return _Verdict(
                True,
                "claim.fifty_moves",
                f"the written move {board.san(written)} completes {count} moves each without "
                "a pawn move or capture.",
                f"所写着法{board.san(written)}使双方各{count}回合未动兵也未吃子。",
                details,
            )
    return _Verdict(
        False,
        "claim.fifty_moves",
        f"only {board.halfmove_clock // 2} "
        f"{'move' if board.halfmove_clock // 2 == 1 else 'moves'} each have been made without "
        f"a pawn move or capture, not {count}.",
        f"双方未动兵也未吃子只有{board.halfmove_clock // 2}回合，不足{count}回合。",
        details,
        move_to_play=None if written is None else board.san(written),
    )


def _incorrect(
    board: chess.Board,
    claim: DrawClaim,
    ruleset: Ruleset,
    clock: ClaimClock | None,
    verdict: _Verdict,
) -> Ruling:
    claimant, opponent = claim.claimant, not claim.claimant
    penalty = ruleset.claim_penalty_seconds
    details = dict(verdict.details)
    adjustments: tuple[ClockAdjustment, ...] = ()
    en_penalty, zh_penalty = "", ""
    if penalty and ruleset.claim_penalty is ClaimPenalty.OPPONENT_EXTRA_TIME:
        adjustments = (ClockAdjustment(opponent, ClockChange.ADD_REMAINING, penalty),)
    elif penalty:
        adjustments = (ClockAdjustment(claimant, ClockChange.ADD_USED, penalty),)
        if clock is not None and clock.time_control.is_timed():
            over = _penalty_oversteps(board, claimant, clock, penalty, details)
            if over:
                return _penalty_loss(board, claim, ruleset, verdict, adjustments, details)
    penalty_article = ruleset.article("claim.penalty")
    for adjustment in adjustments:
        # The heading cites the penalty's article; the text cites it too, beside the one
        # the claim was judged under.
        said = adjustment.explain()
        en_penalty = f" Penalty ({penalty_article}): {said.en}"
        zh_penalty = f"处罚（{penalty_article}）：{said.zh}"
    en_move, zh_move = "", ""
    if verdict.move_to_play:
        en_move = f" The declared move {verdict.move_to_play} must now be played."
        zh_move = f"所申明的着法{verdict.move_to_play}现在必须走出。"
    rested_on = ruleset.article(verdict.concept)
    return ruling(
        ruleset,
        Decision.PLAY_ON,
        "claim.penalty",
        f"Claim incorrect ({rested_on}): {verdict.en}{en_penalty}{en_move}",
        f"要求不正确（{rested_on}）：{verdict.zh}{zh_penalty}{zh_move}",
        clock_adjustments=adjustments,
        move_to_play=verdict.move_to_play,
        details=details,
    )


def _penalty_oversteps(
    board: chess.Board,
    claimant: chess.Color,
    clock: ClaimClock,
    penalty: int,
    details: dict[str, object],
) -> bool:
    allotted = clock.time_control.allotted_seconds(board.fullmove_number)
    used = clock.claimant_used + penalty
    details.update(used_after_penalty=used, allotted=allotted)
    return used > allotted


def _penalty_loss(
    board: chess.Board,
    claim: DrawClaim,
    ruleset: Ruleset,
    verdict: _Verdict,
    adjustments: tuple[ClockAdjustment, ...],
    details: dict[str, object],
) -> Ruling:
    claimant, opponent = claim.claimant, not claim.claimant
    used = float(str(details["used_after_penalty"]))
    allotted = float(str(details["allotted"]))
    times = f"{format_seconds(used)} used of {format_seconds(allotted)}"
    times_zh = f"已用{format_seconds(used)}，规定{format_seconds(allotted)}"
    if is_lone_king(board, opponent):
        score, concept = Score.DRAW, "claim.penalty.lone_king"
        en_end = f"but {side_name(opponent)} has only the king and cannot win: draw."
        zh_end = f"但{SIDE_ZH[opponent]}只剩单王，不能获胜：和棋。"
    else:
        score, concept = Score.win_for(opponent), "claim.penalty"
        en_end = f"so {side_name(claimant)} loses."
        zh_end = f"因此{SIDE_ZH[claimant]}负。"
    rested_on = ruleset.article(verdict.concept)
    return ruling(
        ruleset,
        Decision.GAME_OVER,
        concept,
        f"Claim incorrect ({rested_on}): {verdict.en} With the penalty "
        f"({ruleset.article('claim.penalty')}) {side_name(claimant)} has exceeded the time "
        f"allotted ({times}), {en_end}",
        f"要求不正确（{rested_on}）：{verdict.zh}加罚时间（{ruleset.article('claim.penalty')}）后"
        f"{SIDE_ZH[claimant]}超过了规定时间（{times_zh}），{zh_end}",
        score=score,
        clock_adjustments=adjustments,
        details=details,
    )
