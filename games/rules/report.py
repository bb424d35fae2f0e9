"""The per-game report: what an arbiter wants to know about one game record.

:func:`check_game` replays a record and gathers: its headers and length, the first move that
cannot be played, syntax problems in the file, how the game ended, the declared against the
detected result, other findings, and the draw claims open to the player to move at the end.
A :class:`GameReport` is a value (``as_dict()`` for JSON, ``as_text()`` for people).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import chess

from games.rules.claims import fifty_moves_made
from games.rules.endings import Ending, analyse_ending
from games.rules.records import GameRecord, SyntaxProblem
from games.rules.replay import MoveError, Replay, position_key, replay
from games.rules.rulesets import Ruleset
from games.rules.sides import side_name

__all__ = ["GameReport", "check_game", "unchecked_report"]


@dataclass(frozen=True)
class GameReport:
    """One game's report."""

    number: int
    line: int
    ruleset: str
    headers: Mapping[str, str]
    plies: int
    start_fen: str | None
    final_fen: str
    error: MoveError | None
    setup_error: str | None
    problems: tuple[SyntaxProblem, ...]
    ending: Ending | None
    declared: str
    mismatch: str | None
    findings: tuple[str, ...]
    claims: tuple[str, ...]

    @property
    def detected(self) -> str | None:
        return self.ending.score.value if self.ending else None

    @property
    def all_legal(self) -> bool:
        return self.error is None and self.setup_error is None

    @property
    def clean(self) -> bool:
        return self.all_legal and not self.problems and self.mismatch is None

    def title(self) -> str:
        white = self.headers.get("White", "?")
        black = self.headers.get("Black", "?")
        event = self.headers.get("Event", "?")
        date = self.headers.get("Date", "?")
        return f"{white} – {black}, {event}, {date}"

    def as_dict(self) -> dict[str, object]:
        return {
            "game": self.number,
            "line": self.line,
            "ruleset": self.ruleset,
            "headers": dict(self.headers),
            "plies": self.plies,
            "start_fen": self.start_fen,
            "final_fen": self.final_fen,
            "all_legal": self.all_legal,
            "first_error": self.error.as_dict() if self.error else None,
            "setup_error": self.setup_error,
            "syntax_problems": [
                {"line": p.line, "column": p.column, "message": p.message} for p in self.problems
            ],
            "ending": None
            if self.ending is None
            else {
                "kind": self.ending.kind.value,
                "article": self.ending.article,
                "ply": self.ending.ply,
                "move_number": self.ending.move_number,
                "explanation": {"en": self.ending.explanation.en, "zh": self.ending.explanation.zh},
            },
            "declared_result": self.declared,
            "detected_result": self.detected,
            "mismatch": self.mismatch,
            "findings": list(self.findings),
            "claims_available": list(self.claims),
        }

    def as_text(self) -> str:
        lines = [f"Game {self.number} (line {self.line}): {self.title()}"]
        if self.start_fen:
            lines.append(f"  starts from {self.start_fen}")
        if self.setup_error:
            lines.append(f"  NOT CHECKED: {self.setup_error}")
        elif self.error:
            lines.append(f"  {self.plies} legal plies, then {self.error.describe()}")
            lines.append(f"  position before it: {self.error.fen_before}")
        else:
            lines.append(f"  {self.plies} plies, every move legal")
        lines.extend(f"  syntax: {problem.describe()}" for problem in self.problems)
        if self.ending:
            ending = self.ending.explanation.en.rstrip(".")
            lines.append(f"  ending: {ending} ({self.ending.article})")
        detected = self.detected or "not decided on the board"
        lines.append(f"  result: declared {self.declared}, detected {detected}")
        if self.mismatch:
            lines.append(f"  MISMATCH: {self.mismatch}")
        lines.extend(f"  finding: {finding}" for finding in self.findings)
        lines.extend(f"  claim available: {claim}" for claim in self.claims)
        return "\n".join(lines)


def check_game(record: GameRecord, ruleset: Ruleset, *, mate_search_nodes: int = 0) -> GameReport:
    """Replay and judge one record under ``ruleset``.

    ``mate_search_nodes`` > 0 searches the final position for a proof that a side cannot
    mate (see :func:`games.rules.endings.can_checkmate`); it costs milliseconds per game.
    """
    result = replay(record, seventy_five_moves=ruleset.seventy_five_move_count)
    board = result.board
    start_fen = result.start_fen if result.start_fen != chess.STARTING_FEN else None
    ending = None
    declared = record.declared_result
    mismatch = None
    findings: tuple[str, ...] = ()
    claims: tuple[str, ...] = ()
    if result.setup_error is None:
        analysis = analyse_ending(result, ruleset, mate_search_nodes=mate_search_nodes)
        ending, mismatch, findings = analysis.ending, analysis.mismatch, analysis.findings
        if ending is None:
            claims = tuple(_claims_available(result, ruleset))
    return GameReport(
        number=record.number,
        line=record.line,
        ruleset=ruleset.name,
        headers=dict(record.headers),
        plies=result.plies,
        start_fen=start_fen,
        final_fen=board.fen(),
        error=result.error,
        setup_error=result.setup_error,
        problems=tuple(record.problems),
        ending=ending,
        declared=declared,
        mismatch=mismatch,
        findings=findings,
        claims=claims,
    )


def _claims_available(result: Replay, ruleset: Ruleset) -> list[str]:
    """The draw claims the player to move could make at the end of the record."""
    board = result.board
    side = side_name(board.turn)
    claims = []
    seen = result.occurrence_plies()
    if len(seen) >= 3:
        arisen = ruleset.article("claim.threefold.arisen")
        claims.append(f"{side}: threefold repetition has arisen ({arisen}, plies {seen})")
    elif any(len(plies) >= 2 for plies in result.occurrences.values()):
        for move in board.legal_moves:
            san = board.san(move)
            board.push(move)
            earlier = result.occurrences.get(position_key(board), [])
            board.pop()
            if len(earlier) >= 2:
                written = ruleset.article("claim.threefold.written")
                claims.append(f"{side}: threefold repetition by writing {san} ({written})")
    count = ruleset.fifty_move_count_for(board)
    if fifty_moves_made(board, count):
        claims.append(f"{side}: {count}-move rule ({ruleset.article('claim.fifty_moves')})")
    elif ruleset.fifty_move_written_move and board.halfmove_clock == 2 * count - 1:
        quiet = [board.san(m) for m in board.legal_moves if not board.is_zeroing(m)]
        if quiet:
            claims.append(f"{side}: {count}-move rule by writing a move such as {quiet[0]}")
    return claims


def unchecked_report(record: GameRecord, ruleset: Ruleset, reason: str) -> GameReport:
    """A report for a record that could not be checked at all."""
    return GameReport(
        number=record.number,
        line=record.line,
        ruleset=ruleset.name,
        headers=dict(record.headers),
        plies=0,
        start_fen=record.start_fen,
        final_fen=record.start_fen or chess.STARTING_FEN,
        error=None,
        setup_error=reason,
        problems=tuple(record.problems),
        ending=None,
        declared=record.declared_result,
        mismatch=None,
        findings=(),
        claims=(),
    )
