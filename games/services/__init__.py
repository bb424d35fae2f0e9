"""Writes of the games app: one verb-first function per state change.

Each validates (raising :class:`GameError` with every problem, what and where), writes inside
one transaction and leaves a ``GameChange`` audit row; results reach the board only through
the tournaments service ``record_result``.
"""

from .chess960 import set_chess960_position
from .errors import GameError
from .games import (
    ReadingsWouldBeLost,
    correct_result,
    create_game,
    readings_at_risk,
    save_moves,
    set_result,
)
from .imports import (
    CheckResult,
    GameCheck,
    ImportDecision,
    check_pgn,
    check_upload,
    clean_games_on_free_boards,
    decode_pgn,
    import_games,
    refuse_unfit_pgn,
    stored_checks,
    upload_pgn,
)
from .incidents import (
    apply_incident,
    readings_the_ruling_discards,
    resume_game,
    rule_on_incident,
    ruling_for,
    seal_game,
)

__all__ = [
    "CheckResult",
    "GameCheck",
    "GameError",
    "ImportDecision",
    "ReadingsWouldBeLost",
    "apply_incident",
    "check_pgn",
    "check_upload",
    "clean_games_on_free_boards",
    "correct_result",
    "create_game",
    "decode_pgn",
    "import_games",
    "readings_at_risk",
    "readings_the_ruling_discards",
    "refuse_unfit_pgn",
    "resume_game",
    "rule_on_incident",
    "ruling_for",
    "save_moves",
    "seal_game",
    "set_chess960_position",
    "set_result",
    "stored_checks",
    "upload_pgn",
]
