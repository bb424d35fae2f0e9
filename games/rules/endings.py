"""How a game ended, as the Laws see it, and whether the declared result agrees.

The board decides some endings by itself: checkmate (10.1), stalemate (10.3), a dead
position by material (10.4), and under fide2023 the fivefold repetition and the 75-move rule
(9.6). Clocks decide a flag fall (10.14), which a lone king (10.5) — or under fide2023 any
opponent who cannot mate (6.9) — turns into a draw. Separately from 10.4's list, the
analysis can prove that *no sequence of legal moves* can mate (blocked pawns, trapped
pieces): :func:`can_checkmate` searches every reachable position within a node budget and
answers only what it proves.
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from dataclasses import dataclass

import chess

from games.rules.chess960 import board_from_fen
from games.rules.clocks import Overstep, TimeControlError, find_overstep, parse_time_control
from games.rules.material import is_dead_by_material, is_lone_king
from games.rules.replay import Replay, position_key
from games.rules.rulesets import Ruleset
from games.rules.rulings import Decision, Explanation, Ruling, Score, ruling
from games.rules.sides import SIDE_ZH, color_name, side_name
from games.rules.sides import moves_made as count_moves_made

__all__ = [
    "Ending",
    "EndingKind",
    "EndingReport",
    "analyse_ending",
    "can_checkmate",
    "flag_fall_ruling",
    "is_dead_position",
]


class EndingKind(enum.Enum):
    """What ended the game on the board or on the clock."""

    CHECKMATE = "checkmate"
    """10.1: the player to move is checkmated."""
    STALEMATE = "stalemate"
    """10.3: the player to move has no legal move and is not in check."""
    DEAD_POSITION = "dead_position"
    """10.4: only material that can never mate remains."""
    NO_MATE_POSSIBLE = "no_mate_possible"
    """fide2023 5.2.2: no sequence of legal moves can mate (proved by search)."""
    FIVEFOLD_REPETITION = "fivefold_repetition"
    """fide2023 9.6.1: the same position for the fifth time."""
    SEVENTY_FIVE_MOVES = "seventy_five_moves"
    """fide2023 9.6.2: 75 moves each without a pawn move or capture."""
    FLAG_FALL = "flag_fall"
    """10.14 / 6.9: a player did not complete his moves in the allotted time."""
    AUTOMATIC_DRAW = "automatic_draw"
    """Online house rules: quiet moves, checks in a row or in all (the server's draw)."""


@dataclass(frozen=True)
class Ending:
    """An ending the Laws give from the record, with its score and where it happened."""

    kind: EndingKind
    score: Score
    ply: int
    """The ply after which the game was over (0: the starting position)."""
    move_number: int
    article: str
    explanation: Explanation
    flagged: chess.Color | None = None

    def ruling(self, ruleset: Ruleset) -> Ruling:
        return Ruling(
            decision=Decision.GAME_OVER,
            score=self.score,
            ruleset=ruleset.name,
            article=self.article,
            explanation=self.explanation,
            details={"ending": self.kind.value, "ply": self.ply, "move_number": self.move_number},
        )


@dataclass(frozen=True)
class EndingReport:
    """The detected ending (if any), the declared result, and what does not agree."""

    ending: Ending | None
    declared: str
    mismatch: str | None
    findings: tuple[str, ...]
    overstep: Overstep | None = None

    @property
    def detected_result(self) -> str | None:
        return self.ending.score.value if self.ending else None


def can_checkmate(
    board: chess.Board, color: chess.Color, *, node_limit: int = 20_000
) -> bool | None:
    """Whether ``color`` can give mate by *some* sequence of legal moves of both sides.

    ``False`` is a proof (python-chess's material test, or every reachable position
    searched without finding mate); ``True`` is a proof (a mate was reached); ``None``
    means the budget ran out before either.
    """
    if board.turn != color and board.is_checkmate():
        return True  # the mate is already on the board
    if board.has_insufficient_material(color):
        return False
    if node_limit <= 0:
        return None
    search = board.copy()
    seen = {position_key(search)}
    frames: list[Iterator[chess.Move]] = [iter(_ordered_moves(search, color))]
    nodes = 1
    while frames:
        move = next(frames[-1], None)
        if move is None:
            frames.pop()
            if frames:
                search.pop()
            continue
        search.push(move)
        key = position_key(search)
        if key in seen:
            search.pop()
            continue
        seen.add(key)
        nodes += 1
        if search.turn != color and search.is_checkmate():
            return True
        if nodes > node_limit:
            return None
        frames.append(iter(_ordered_moves(search, color)))
    return False


def is_dead_position(board: chess.Board, *, node_limit: int = 2000) -> bool:
    """5.2.2: neither player can checkmate by any series of legal moves — proved, from the
    material (10.4's list) or by :func:`can_checkmate`'s search for each side; a position
    the search cannot settle within ``node_limit`` is not called dead.

    The default budget is small: a position that is really dead has few moves left to
    search (blocked pawns, lone kings), while a live one would spend the whole budget.
    """
    if is_dead_by_material(board):
        return True
    return all(can_checkmate(board, side, node_limit=node_limit) is False for side in chess.COLORS)


def _ordered_moves(board: chess.Board, color: chess.Color) -> list[chess.Move]:
    # The mating side tries checks first; a helpmate is usually found down those lines.
    moves = list(board.legal_moves)
    if board.turn == color:
        moves.sort(key=lambda move: not board.gives_check(move))
    return moves


def analyse_ending(
    result: Replay,
    ruleset: Ruleset,
    *,
    mate_search_nodes: int = 0,
    flag_fall_search_nodes: int = 2000,
) -> EndingReport:
    """The ending the record shows and how it compares with the declared result.

    The "no sequence of legal moves can mate" finding (5.2.2) comes from the material
    alone, or with ``mate_search_nodes`` > 0 from :func:`can_checkmate`'s search of the
    final position. After a flag fall under a ruleset with 6.9, the search gets
    ``flag_fall_search_nodes``.
    """
    board = result.board
    declared = result.record.declared_result
    findings: list[str] = []
    ending = _board_ending(result, ruleset)
    overstep = None
    if ending is None and result.error is None:
        overstep = _overstep(result)
        ending = _flag_fall(result, ruleset, overstep, flag_fall_search_nodes, findings)
    if ending is not None and ending.ply < result.plies:
        findings.append(
            f"the game was over after move {ending.move_number} ({ending.kind.value}); "
            f"the {result.plies - ending.ply} later half-moves do not count"
        )
    lone_king = ruleset.article("game.lone_king")
    for color in (chess.WHITE, chess.BLACK):
        if is_lone_king(board, color):
            findings.append(f"{side_name(color)} has a lone king and cannot win ({lone_king})")
    if ending is None or ending.kind is EndingKind.FLAG_FALL:
        findings.extend(_no_mate_findings(board, mate_search_nodes))
    mismatch = _mismatch(declared, ending, board, ruleset) if result.error is None else None
    return EndingReport(ending, declared, mismatch, tuple(findings), overstep)


def _at_ply(result: Replay, ply: int) -> chess.Board:
    board = result.board.copy()
    for _ in range(result.plies - ply):
        board.pop()
    return board


def _move_number_of_ply(result: Replay, ply: int) -> int:
    """The number of the move that produced the position after ``ply``."""
    start = chess.Board(result.start_fen)
    first_white = start.turn == chess.WHITE
    index = ply - 1 + (0 if first_white else 1)
    return start.fullmove_number + max(index, 0) // 2


def _board_ending(result: Replay, ruleset: Ruleset) -> Ending | None:
    """The earliest ending the positions themselves give."""
    candidates: list[tuple[int, EndingKind]] = []
    if result.dead_material_ply is not None:
        candidates.append((result.dead_material_ply, EndingKind.DEAD_POSITION))
    if ruleset.fivefold_repetition_ends_game and result.fivefold_ply is not None:
        candidates.append((result.fivefold_ply, EndingKind.FIVEFOLD_REPETITION))
    if ruleset.seventy_five_move_rule and result.seventy_five_ply is not None:
        candidates.append((result.seventy_five_ply, EndingKind.SEVENTY_FIVE_MOVES))
    automatic = _automatic_draw(result, ruleset)
    if automatic is not None:
        candidates.append((automatic[0], EndingKind.AUTOMATIC_DRAW))
    board = result.board
    if board.is_checkmate():
        candidates.append((result.plies, EndingKind.CHECKMATE))
    elif board.is_stalemate():
        candidates.append((result.plies, EndingKind.STALEMATE))
    if not candidates:
        return None
    # Mate on the move that completes the 75 moves takes precedence (9.6.2): sort it first.
    ply, kind = min(candidates, key=lambda c: (c[0], c[1] is not EndingKind.CHECKMATE))
    move_number = _move_number_of_ply(result, ply)
    if kind is EndingKind.CHECKMATE:
        winner = not board.turn
        return Ending(
            kind,
            Score.win_for(winner),
            ply,
            move_number,
            ruleset.article("game.checkmate"),
            Explanation(
                en=f"{side_name(winner)} delivered mate on move {move_number}.",
                zh=f"{SIDE_ZH[winner]}第{move_number}回合将死对方。",
            ),
        )
    texts = {
        EndingKind.STALEMATE: ("game.stalemate", "stalemate", "逼和（无子可动）"),
        EndingKind.DEAD_POSITION: (
            "game.dead_position",
            "only pieces that can never mate are left (dead position)",
            "双方剩余子力均无法将死对方（死局）",
        ),
        EndingKind.FIVEFOLD_REPETITION: (
            "game.fivefold_repetition",
            "the same position arose for the fifth time",
            "同一局面第五次出现",
        ),
        EndingKind.SEVENTY_FIVE_MOVES: (
            "game.seventy_five_moves",
            f"{ruleset.seventy_five_move_count} moves each without a pawn move or capture",
            f"双方各{ruleset.seventy_five_move_count}回合未动兵也未吃子",
        ),
    }
    if kind is EndingKind.AUTOMATIC_DRAW:
        assert automatic is not None
        texts[kind] = ("online.automatic_draw", automatic[1], automatic[2])
    concept, en, zh = texts[kind]
    return Ending(
        kind,
        Score.DRAW,
        ply,
        move_number,
        ruleset.article(concept),
        Explanation(en=f"Draw on move {move_number}: {en}.", zh=f"第{move_number}回合和棋：{zh}。"),
    )


def _automatic_draw(result: Replay, ruleset: Ruleset) -> tuple[int, str, str] | None:
    """The first ply after which the online room's server draws the game (its house rules,
    as the ``automatic_draw`` incident rules them): ``auto_draw_quiet_moves`` moves each
    without a pawn move or capture, ``auto_draw_consecutive_checks`` checks in a row by one
    side, or ``auto_draw_total_checks`` checks received in all; with its reason in words."""
    quiet = ruleset.auto_draw_quiet_moves
    in_a_row = ruleset.auto_draw_consecutive_checks
    in_all = ruleset.auto_draw_total_checks
    if quiet is None and in_a_row is None and in_all is None:
        return None
    board = board_from_fen(result.start_fen, chess960=result.board.chess960)
    run = {chess.WHITE: 0, chess.BLACK: 0}
    total = {chess.WHITE: 0, chess.BLACK: 0}
    for ply, move in enumerate(result.board.move_stack, start=1):
        mover = board.turn
        board.push(move)
        if board.is_checkmate():
            return None  # mate ends the game first
        if quiet is not None and board.halfmove_clock >= 2 * quiet:
            return (
                ply,
                f"{quiet} moves by each side without a pawn move or a capture",
                f"双方连续{quiet}回合既未动兵也未吃子",
            )
        if board.is_check():
            run[mover] += 1
            total[mover] += 1
        else:
            run[mover] = 0
        if in_a_row is not None and run[mover] >= in_a_row:
            return (
                ply,
                f"{side_name(mover)} gave {run[mover]} checks in a row without mate",
                f"{SIDE_ZH[mover]}连续将军{run[mover]}次而未能将死",
            )
        if in_all is not None and total[mover] >= in_all:
            return (
                ply,
                f"{side_name(not mover)} received {total[mover]} checks in all without mate",
                f"{SIDE_ZH[not mover]}共被将军{total[mover]}次而未被将死",
            )
    return None


def _overstep(result: Replay) -> Overstep | None:
    """Who overstepped: from the clock comments, else from a ``Termination`` tag that says
    the game was lost on time (the player to move at the end is the one whose flag fell)."""
    tag = result.record.headers.get("TimeControl", "")
    try:
        control = parse_time_control(tag)
    except TimeControlError:
        control = None
    if control is not None and result.clock_readings:
        found = find_overstep(result.clock_readings, control)
        if found is not None:
            return found
    termination = result.record.headers.get("Termination", "").lower()
    if termination in ("time forfeit", "time"):
        board = result.board
        return Overstep(board.turn, board.fullmove_number, result.plies + 1, 0.0, 0.0, None)
    return None


def _flag_fall(
    result: Replay,
    ruleset: Ruleset,
    overstep: Overstep | None,
    mate_search_nodes: int,
    findings: list[str],
) -> Ending | None:
    if overstep is None:
        return None
    board = _at_ply(result, min(overstep.ply, result.plies))
    decided = flag_fall_ruling(
        board,
        overstep.color,
        ruleset,
        moves_made=overstep.move_number - 1,  # the move he overstepped on is not completed
        mate_search_nodes=mate_search_nodes,
    )
    findings.append(overstep.describe() if overstep.allotted else decided.explanation.en)
    if decided.score is None:  # a void game (online: the flag fell in the first moves)
        findings.append(decided.explanation.en)
        return None
    return Ending(
        EndingKind.FLAG_FALL,
        decided.score,
        min(overstep.ply, result.plies),
        overstep.move_number,
        decided.article,
        decided.explanation,
        flagged=overstep.color,
    )


def flag_fall_ruling(
    board: chess.Board,
    flagged: chess.Color,
    ruleset: Ruleset,
    *,
    moves_made: int | None = None,
    mate_search_nodes: int = 20_000,
) -> Ruling:
    """The result of ``flagged``'s flag fall in ``board``'s position (10.14, 10.5, 6.9, and
    the online void), the one judgement of a flag fall for the report and the incidents.

    ``moves_made`` is how many moves ``flagged`` completed before his flag fell (by default,
    as many as ``board`` shows him to have made): the online room voids a game whose flag
    fell within its first moves.
    """
    opponent = not flagged
    side, other = side_name(flagged), side_name(opponent)
    made = count_moves_made(board, flagged) if moves_made is None else moves_made
    limit = ruleset.flag_fall_void_max_moves
    if limit and made <= limit:
        return ruling(
            ruleset,
            Decision.VOID,
            "online.flag_fall_void",
            f"{side}'s flag fell within the first {limit} moves: the game is void, "
            "with no result and no rating change.",
            f"{SIDE_ZH[flagged]}在前{limit}回合内超时：本局无效，不计结果，不计积分。",
            details={"flagged": color_name(flagged), "moves_made": made},
        )
    if is_lone_king(board, opponent):
        concept, draw = "flag.lone_king", True
        en = f"{side}'s flag fell, but {other} has only the king and cannot win: draw."
        zh = f"{SIDE_ZH[flagged]}超时，但{SIDE_ZH[opponent]}只剩单王，不能获胜：和棋。"
    elif ruleset.flag_fall_draw_if_no_mate_possible and (
        can_checkmate(board, opponent, node_limit=mate_search_nodes) is False
    ):
        concept, draw = "flag.no_mate_possible", True
        en = f"{side}'s flag fell, but {other} cannot mate by any series of legal moves: draw."
        zh = f"{SIDE_ZH[flagged]}超时，但{SIDE_ZH[opponent]}无论如何走都不能将死对方：和棋。"
    else:
        concept, draw = "flag.fall", False
        en = f"{side}'s flag fell before the time control was reached: {other} wins."
        zh = f"{SIDE_ZH[flagged]}超时未走完规定步数：{SIDE_ZH[opponent]}胜。"
    return ruling(
        ruleset,
        Decision.GAME_OVER,
        concept,
        en,
        zh,
        score=Score.DRAW if draw else Score.win_for(opponent),
        details={"flagged": color_name(flagged)},
    )


def _no_mate_findings(board: chess.Board, nodes: int) -> Iterator[str]:
    for color in (chess.WHITE, chess.BLACK):
        if is_lone_king(board, color):
            continue  # already said: a lone king cannot win
        if can_checkmate(board, color, node_limit=nodes) is False:
            yield f"{side_name(color)} cannot mate by any sequence of legal moves"


def _mismatch(
    declared: str, ending: Ending | None, board: chess.Board, ruleset: Ruleset
) -> str | None:
    if ending is not None:
        if declared in ("*", ending.score.value):
            return None
        if ending.kind is EndingKind.CHECKMATE:
            return f"Result {declared} but {ending.explanation.en.rstrip('.')}"
        return f"Result {declared} but {ending.explanation.en}"
    for color in (chess.WHITE, chess.BLACK):
        if declared == Score.win_for(color).value and is_lone_king(board, color):
            return (
                f"Result {declared} but {side_name(color)} has a lone king and cannot win "
                f"({ruleset.article('game.lone_king')})"
            )
    if is_dead_by_material(board) and declared not in ("*", Score.DRAW.value):
        dead = ruleset.article("game.dead_position")
        return f"Result {declared} but the position is dead ({dead})"
    return None
