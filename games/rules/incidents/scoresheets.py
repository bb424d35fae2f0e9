"""Scoresheets: Article 11, and refusal to keep score (11.4 → 10.17).

The under-five-minutes exemption (11.2) is the ruleset's ``scoresheet_exemption``; under
2023 8.4 it holds only for a player who "does not have additional time of 30 seconds or
more added with each move" (``scoresheet_exemption_increment_limit``), the increment of
the period his next move is in, read from the game's time control.

:func:`compare_scoresheet` lines a player's sheet up with the game record and lists the
moves that are missing, wrong, written out of order or extra. The alignment is
:class:`difflib.SequenceMatcher`'s; a written move is compared by meaning (``Ng1-f3`` is
``Nf3``), read with :func:`games.rules.notation.parse_move` in the record's positions.
"""

from __future__ import annotations

import difflib
import enum
from collections.abc import Sequence
from dataclasses import dataclass

import chess

from games.rules.notation import MoveTextError, parse_move
from games.rules.rulesets import Ruleset
from games.rules.rulings import ClockAdjustment, ClockChange, Decision, Ruling, Score
from games.rules.sides import move_label

from ._common import SIDE_EN, SIDE_ZH, color_name, moves_made, ruling, time_control_of
from ._record import ReplayedGame


class SheetFault(enum.Enum):
    MISSING = "missing"
    WRONG = "wrong"
    OUT_OF_ORDER = "out_of_order"
    EXTRA = "extra"


@dataclass(frozen=True)
class SheetProblem:
    """One difference between a scoresheet and the record."""

    fault: SheetFault
    ply: int
    """1-based ply of the record the problem is at (for extra moves: the ply they follow)."""
    written: str | None
    expected: str | None

    def as_dict(self) -> dict[str, object]:
        return {
            "fault": self.fault.value,
            "ply": self.ply,
            "written": self.written,
            "expected": self.expected,
        }


@dataclass(frozen=True)
class ScoresheetCheck:
    """``player``'s scoresheet is compared with the record.

    ``remaining_seconds``: his time left until the next control (11.2);
    ``control_passed``: a flag has fallen / the control has been passed;
    ``time_control``: the game's control when the record has no ``TimeControl`` tag.
    """

    player: chess.Color
    sheet: tuple[str, ...]
    remaining_seconds: float | None = None
    control_passed: bool = False
    time_control: str | None = None


class Reconstruction(enum.Enum):
    """How the moves of incomplete scoresheets can be brought back (11.7–11.9)."""

    SCORESHEETS = "scoresheets"
    BOARD = "board"
    """Only by replaying on a board under the arbiter's supervision (11.8)."""
    IMPOSSIBLE = "impossible"


@dataclass(frozen=True)
class ScoresheetCompletion:
    """After the time control: who must complete his scoresheet, and how it can be done."""

    white_incomplete: bool
    black_incomplete: bool
    uses_arbiter_record: bool = False
    reconstruction: Reconstruction = Reconstruction.SCORESHEETS


@dataclass(frozen=True)
class ScoresheetBorrowing:
    """11.5: ``by`` asks for the opponent's scoresheet to complete his own."""

    by: chess.Color
    before_control: bool
    disturbs_opponent: bool = False
    seconds_spent: int = 0
    """Time spent copying while the clocks were stopped, charged to the borrower."""


@dataclass(frozen=True)
class RefusalToRecord:
    """11.4: the players in ``players`` refuse to keep score; their times left until the
    control decide whether 11.2 excuses them."""

    players: tuple[chess.Color, ...]
    white_remaining: float | None = None
    black_remaining: float | None = None
    time_control: str | None = None
    """The game's control when the record has no ``TimeControl`` tag."""


@dataclass(frozen=True)
class NeitherRecords:
    """11.3: neither player keeps score, e.g. both in time trouble. ``white_remaining`` and
    ``black_remaining`` are their times left until the control (11.2); ``flag_fallen``: a
    flag has fallen since; ``moves_asked``: a player asked how many moves have been made."""

    white_remaining: float | None = None
    black_remaining: float | None = None
    flag_fallen: bool = False
    moves_asked: bool = False
    time_control: str | None = None
    """The game's control when the record has no ``TimeControl`` tag."""


def _record_sans(record: ReplayedGame) -> list[str]:
    board = record.board(0)
    sans = []
    for move in record.moves:
        sans.append(board.san(move))
        board.push(move)
    return sans


def _meaning(record: ReplayedGame, sans: Sequence[str], index: int, text: str) -> str:
    """The record's SAN that ``text`` means, read in the positions near ``index``; else ``text``.

    A written move is tried in its own position first, then in the neighbouring ones, so that
    a move written one or two places away still lines up with the record.
    """
    for near in (index, index - 1, index + 1, index - 2, index + 2):
        if not 0 <= near < len(sans):
            continue
        board = record.board(near)
        try:
            move = parse_move(board, text)
        except MoveTextError:
            continue
        if board.san(move) == sans[near]:
            return sans[near]
    return text


def _swapped(sans: Sequence[str], written: Sequence[str]) -> set[int]:
    """Indexes where two moves a few plies apart were written in each other's places."""
    swapped: set[int] = set()
    length = min(len(sans), len(written))
    for i in range(length):
        if written[i] == sans[i]:
            continue
        for j in range(i + 1, min(i + 5, length)):
            if written[i] == sans[j] and written[j] == sans[i]:
                swapped |= {i, j}
    return swapped


def compare_scoresheet(record: ReplayedGame, sheet: Sequence[str]) -> tuple[SheetProblem, ...]:
    """The differences between ``sheet`` (one player's written moves, both sides, in order)
    and the playable moves of ``record``."""
    sans = _record_sans(record)
    written = [_meaning(record, sans, index, text) for index, text in enumerate(sheet)]
    swapped = _swapped(sans, written)
    problems = [
        SheetProblem(SheetFault.OUT_OF_ORDER, index + 1, sheet[index], sans[index])
        for index in sorted(swapped)
    ]
    aligned = [sans[index] if index in swapped else text for index, text in enumerate(written)]
    matcher = difflib.SequenceMatcher(a=sans, b=aligned, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            continue
        paired = min(i2 - i1, j2 - j1) if tag == "replace" else 0
        problems.extend(
            SheetProblem(SheetFault.WRONG, i1 + k + 1, sheet[j1 + k], sans[i1 + k])
            for k in range(paired)
        )
        problems.extend(
            SheetProblem(SheetFault.MISSING, i + 1, None, sans[i]) for i in range(i1 + paired, i2)
        )
        problems.extend(
            SheetProblem(SheetFault.EXTRA, i2, sheet[j], None) for j in range(j1 + paired, j2)
        )
    return tuple(sorted(problems, key=lambda problem: problem.ply))


def increment_denies_exemption(
    record: ReplayedGame, player: chess.Color, time_control: str | None, ruleset: Ruleset
) -> float | None:
    """The increment that takes the under-five-minutes exemption away from ``player`` (2023
    8.4: 30 seconds or more added with each move of his current period), else ``None``."""
    limit = ruleset.scoresheet_exemption_increment_limit
    if limit is None:
        return None
    control = time_control_of(record.headers, time_control, "scoresheet exemption")
    _, period, _, _ = control.period_of(moves_made(record.board(), player) + 1)
    return period.increment if period.increment >= limit else None


def is_excused(
    record: ReplayedGame,
    player: chess.Color,
    remaining: float | None,
    time_control: str | None,
    ruleset: Ruleset,
) -> bool:
    """11.2 / 2023 8.4: ``player``, with ``remaining`` seconds left, need not keep score."""
    if remaining is None or remaining >= ruleset.scoresheet_exemption:
        return False
    return increment_denies_exemption(record, player, time_control, ruleset) is None


def rule_scoresheet_check(record: ReplayedGame, check: ScoresheetCheck, ruleset: Ruleset) -> Ruling:
    """What the Laws require of ``check.player`` now: 11.1, 11.2 and when it ends, 11.5, 11.6."""
    problems = compare_scoresheet(record, check.sheet)
    player = check.player
    facts: dict[str, object] = {
        "player": color_name(player),
        "problems": [problem.as_dict() for problem in problems],
    }
    if not problems:
        return ruling(
            ruleset,
            Decision.PLAY_ON,
            "scoresheet.record",
            f"{SIDE_EN[player]}'s scoresheet agrees with the record.",
            f"{SIDE_ZH[player]}的记录纸与对局记录一致。",
            details=facts,
        )
    listed_en, listed_zh = _problems_en(problems), _problems_zh(problems)
    if check.control_passed:
        return ruling(
            ruleset,
            Decision.PLAY_ON,
            "scoresheet.complete_one",
            f"{SIDE_EN[player]}'s scoresheet {listed_en}. The control is passed, so "
            f"{SIDE_EN[player]} must complete it before the next move, on {SIDE_EN[player]}'s "
            "own clock.",
            f"{SIDE_ZH[player]}的记录纸{listed_zh}。已过时限，须在下一着之前补全，"
            "补记时自己的钟照走。",
            details=facts,
        )
    exemption = ruleset.scoresheet_exemption
    short_of_time = check.remaining_seconds is not None and check.remaining_seconds < exemption
    increment = (
        increment_denies_exemption(record, player, check.time_control, ruleset)
        if short_of_time
        else None
    )
    if short_of_time and increment is None:
        return ruling(
            ruleset,
            Decision.PLAY_ON,
            "scoresheet.exemption",
            f"{SIDE_EN[player]} has less than {exemption // 60} minutes left until the control "
            f"and need not record now, but must complete the scoresheet as soon as a flag has "
            "fallen or the control is passed.",
            f"{SIDE_ZH[player]}距时限不足{exemption // 60}分钟，现在可以不记录；"
            "一旦落旗或过了时限，须立即补全记录。",
            details=facts,
        )
    if increment is not None:
        return ruling(
            ruleset,
            Decision.PLAY_ON,
            "scoresheet.exemption",
            f"{SIDE_EN[player]} has less than {exemption // 60} minutes left, but {increment:g} s "
            f"are added with each move: the exemption does not apply. The scoresheet {listed_en}; "
            "every move must be recorded.",
            f"{SIDE_ZH[player]}剩余时间不足{exemption // 60}分钟，但每步加{increment:g}秒："
            f"不适用免记规定。记录纸{listed_zh}；必须记录每一着。",
            details={**facts, "increment": increment},
        )
    borrowing = ruleset.article("scoresheet.borrowing")
    return ruling(
        ruleset,
        Decision.PLAY_ON,
        "scoresheet.record",
        f"{SIDE_EN[player]}'s scoresheet {listed_en}, and every move must be recorded; to "
        f"complete it before the control {SIDE_EN[player]} may ask the arbiter for the "
        f"opponent's scoresheet ({borrowing}), on {SIDE_EN[player]}'s own time.",
        f"{SIDE_ZH[player]}的记录纸{listed_zh}，必须记录每一着；若需在时限前补全，"
        f"可请裁判员借用对方记录纸（{borrowing}），所用时间由本人承担。",
        details=facts,
    )


_FAULTS_EN = {
    SheetFault.MISSING: "{move} {expected} is missing",
    SheetFault.WRONG: "{move} is written {written}, played {expected}",
    SheetFault.OUT_OF_ORDER: "{move} {written} is out of order",
    SheetFault.EXTRA: "{written} after {move} was not played",
}
_FAULTS_ZH = {
    SheetFault.MISSING: "{move}{expected}漏记",
    SheetFault.WRONG: "{move}记为{written}，实际走的是{expected}",
    SheetFault.OUT_OF_ORDER: "{move}{written}顺序有误",
    SheetFault.EXTRA: "{move}之后的{written}并未走出",
}


def _described(problem: SheetProblem, templates: dict[SheetFault, str]) -> str:
    return templates[problem.fault].format(
        move=move_label(problem.ply), written=problem.written or "", expected=problem.expected or ""
    )


def _problems_en(problems: Sequence[SheetProblem]) -> str:
    """``has 2 problems: 12... is written Nd4, played Nf4; 15. Qe2 is missing``."""
    noun = "problem" if len(problems) == 1 else "problems"
    listed = "; ".join(_described(problem, _FAULTS_EN) for problem in problems)
    return f"has {len(problems)} {noun}: {listed}"


def _problems_zh(problems: Sequence[SheetProblem]) -> str:
    listed = "；".join(_described(problem, _FAULTS_ZH) for problem in problems)
    return f"有{len(problems)}处问题：{listed}"


def rule_scoresheet_completion(
    record: ReplayedGame, completion: ScoresheetCompletion, ruleset: Ruleset
) -> Ruling:
    """11.6–11.9 after the time control."""
    board = record.board()
    if completion.reconstruction is Reconstruction.IMPOSSIBLE:
        return ruling(
            ruleset,
            Decision.PLAY_ON,
            "scoresheet.not_reconstructible",
            "The game cannot be reconstructed: it continues, and the next move counts as the "
            "first move of the following time control.",
            "无法复原对局：对局继续，下一着算作下一时限的第一着。",
            details={"first_move_of_next_period": board.fullmove_number},
        )
    if completion.reconstruction is Reconstruction.BOARD:
        return ruling(
            ruleset,
            Decision.PLAY_ON,
            "scoresheet.reconstruct_on_board",
            "The scoresheets alone cannot reconstruct the game: both clocks are stopped, the "
            "arbiter records the actual position, and the game is replayed on a board under "
            "the arbiter's supervision.",
            "仅凭记录纸无法复原对局：停钟，裁判员先记下当前局面，"
            "然后在其监督下在另一棋盘上复原对局。",
            restore_fen=board.fen(),
        )
    if completion.white_incomplete and completion.black_incomplete:
        first_en = (
            " The arbiter first records the actual position."
            if completion.uses_arbiter_record
            else ""
        )
        first_zh = "裁判员先记下当前局面。" if completion.uses_arbiter_record else ""
        return ruling(
            ruleset,
            Decision.PLAY_ON,
            "scoresheet.complete_both",
            "Both scoresheets must be completed: both clocks are stopped until they are."
            + first_en,
            "双方都须补全记录：停钟，直到双方补全为止。" + first_zh,
            details={"clocks_stopped": True},
        )
    if completion.white_incomplete or completion.black_incomplete:
        player = chess.WHITE if completion.white_incomplete else chess.BLACK
        return ruling(
            ruleset,
            Decision.PLAY_ON,
            "scoresheet.complete_one",
            f"{SIDE_EN[player]} must complete the scoresheet before the next move, on "
            f"{SIDE_EN[player]}'s own clock.",
            f"{SIDE_ZH[player]}须在下一着之前补全记录，补记时自己的钟照走。",
            details={"clock_running": color_name(player)},
        )
    return ruling(
        ruleset,
        Decision.PLAY_ON,
        "scoresheet.record",
        "Both scoresheets are complete: play continues.",
        "双方记录完整：对局继续。",
    )


def rule_scoresheet_borrowing(
    record: ReplayedGame, borrowing: ScoresheetBorrowing, ruleset: Ruleset
) -> Ruling:
    """11.5: borrowing the opponent's scoresheet through the arbiter, on the borrower's time."""
    by = borrowing.by
    if borrowing.before_control and borrowing.disturbs_opponent:
        return ruling(
            ruleset,
            Decision.PLAY_ON,
            "scoresheet.borrowing",
            f"Before the time control {SIDE_EN[by]} may not have the opponent's scoresheet "
            f"when it disturbs the opponent: {SIDE_EN[by]} completes it after the control.",
            f"时限之前，若会干扰对方，{SIDE_ZH[by]}不得借用对方记录纸：须在时限之后补全。",
            details={"allowed": False},
        )
    adjustments: tuple[ClockAdjustment, ...] = ()
    if borrowing.seconds_spent:
        adjustments = (ClockAdjustment(by, ClockChange.ADD_USED, borrowing.seconds_spent),)
    return ruling(
        ruleset,
        Decision.PLAY_ON,
        "scoresheet.borrowing",
        f"{SIDE_EN[by]} may borrow the opponent's scoresheet through the arbiter (the "
        "scoresheets belong to the organiser; the opponent cannot refuse); the time spent is "
        f"charged to {SIDE_EN[by]}.",
        f"{SIDE_ZH[by]}可以经裁判员借用对方的记录纸（记录纸属于组织者，对方不得拒绝）；"
        f"所用时间由{SIDE_ZH[by]}承担。",
        clock_adjustments=adjustments,
        details={"allowed": True},
    )


def rule_refusal_to_record(
    record: ReplayedGame, refusal: RefusalToRecord, ruleset: Ruleset
) -> Ruling:
    """11.4 → 10.17: refusing to keep score loses, unless 11.2 excuses it; both → 0–0."""
    exemption = ruleset.scoresheet_exemption
    remaining = {chess.WHITE: refusal.white_remaining, chess.BLACK: refusal.black_remaining}
    refusers = [
        color
        for color in dict.fromkeys(refusal.players)
        if not is_excused(record, color, remaining[color], refusal.time_control, ruleset)
    ]
    if not refusers:
        return ruling(
            ruleset,
            Decision.PLAY_ON,
            "scoresheet.exemption",
            f"Less than {exemption // 60} minutes are left until the control: not recording is "
            "allowed now.",
            f"距时限不足{exemption // 60}分钟：现在可以不记录。",
        )
    duty = ruleset.article("scoresheet.duty_refused")
    if len(refusers) == 2:
        return ruling(
            ruleset,
            Decision.GAME_OVER,
            "refusal.both_lose",
            f"Both players refuse to keep score as the Laws require ({duty}): both lose.",
            f"双方均拒绝按规则记录（{duty}）：双方均判负。",
            score=Score.BOTH_LOSE,
        )
    refuser = refusers[0]
    return ruling(
        ruleset,
        Decision.GAME_OVER,
        "refusal.loses",
        f"{SIDE_EN[refuser]} refuses to keep score as the Laws require ({duty}): "
        f"{SIDE_EN[refuser]} loses.",
        f"{SIDE_ZH[refuser]}拒绝按规则记录（{duty}）：{SIDE_ZH[refuser]}判负。",
        score=Score.loss_for(refuser),
    )


def rule_neither_records(
    record: ReplayedGame, incident: NeitherRecords, ruleset: Ruleset
) -> Ruling:
    """11.3 (2023 8.5.1): when neither player need keep score, the arbiter (or a deputy)
    keeps it, does not intervene unless a flag falls, and until then does not say how many
    moves have been made. A player 11.2 does not excuse must record (11.1)."""
    remaining = {chess.WHITE: incident.white_remaining, chess.BLACK: incident.black_remaining}
    must_record = [
        color
        for color in chess.COLORS
        if not is_excused(record, color, remaining[color], incident.time_control, ruleset)
    ]
    board = record.board()
    made = {color: moves_made(board, color) for color in chess.COLORS}
    facts: dict[str, object] = {
        "must_record": [color_name(color) for color in must_record],
        "white_moves": made[chess.WHITE],
        "black_moves": made[chess.BLACK],
    }
    if must_record:
        return _still_recording(must_record, ruleset, facts)
    exemption = ruleset.scoresheet_exemption // 60
    if incident.flag_fallen:
        complete_both, flag = (
            ruleset.article("scoresheet.complete_both"),
            ruleset.article("flag.fall"),
        )
        return ruling(
            ruleset,
            Decision.PLAY_ON,
            "scoresheet.arbiter_keeps_score",
            "A flag has fallen: the arbiter intervenes. The arbiter's record shows "
            f"{made[chess.WHITE]} moves by White and {made[chess.BLACK]} by Black. Both clocks "
            "are stopped and both players complete their scoresheets from the arbiter's record "
            f"({complete_both}); "
            f"whether the flag fell before the control is ruled as a flag fall ({flag}).",
            f"已落旗：裁判员介入。其记录显示白方已走{made[chess.WHITE]}回合，黑方已走"
            f"{made[chess.BLACK]}回合。停钟，双方依裁判员的记录补全记录纸（{complete_both}）；"
            f"落旗是否发生在时限之前，按落旗处理（{flag}）。",
            details={**facts, "clocks_stopped": True},
        )
    asked_en = (
        " A player who asks how many moves have been made gets no answer."
        if incident.moves_asked
        else ""
    )
    asked_zh = "棋手询问已走回合数，裁判员不予回答。" if incident.moves_asked else ""
    return ruling(
        ruleset,
        Decision.PLAY_ON,
        "scoresheet.arbiter_keeps_score",
        f"Both players have less than {exemption} minutes left until the control and neither "
        "records: the arbiter (or a deputy) keeps score, does not intervene unless a flag "
        "falls, and until then does not say how many moves have been made." + asked_en,
        f"双方距时限均不足{exemption}分钟，都不记录：由裁判员（或副裁判）记录。"
        "除非落旗，裁判员不加干预；落旗之前不告诉棋手已走了多少回合。" + asked_zh,
        details={**facts, "arbiter_keeps_score": True},
    )


def _still_recording(
    must_record: Sequence[chess.Color], ruleset: Ruleset, facts: dict[str, object]
) -> Ruling:
    """Someone whom 11.2 does not excuse is there to keep score: the arbiter does not."""
    refusal = ruleset.article("scoresheet.duty_refused")
    if len(must_record) == 2:
        return ruling(
            ruleset,
            Decision.PLAY_ON,
            "scoresheet.record",
            "Neither player is excused from keeping score: both must record every move; the "
            f"arbiter does not keep score for them. Refusing to record is ruled under {refusal}.",
            f"双方均不免记：都必须记录每一着，裁判员不代为记录。拒绝记录按{refusal}处理。",
            details=facts,
        )
    player = must_record[0]
    return ruling(
        ruleset,
        Decision.PLAY_ON,
        "scoresheet.record",
        f"Only {SIDE_EN[not player]} is excused from keeping score: {SIDE_EN[player]} must go on "
        f"recording every move, and the arbiter does not keep score. Refusing to record is "
        f"ruled under {refusal}.",
        f"只有{SIDE_ZH[not player]}可以不记录：{SIDE_ZH[player]}必须继续记录每一着，"
        f"裁判员不代为记录。拒绝记录按{refusal}处理。",
        details=facts,
    )
