"""Writes of the tournaments app: one verb-first function per state change.

Each validates (raising :class:`TournamentError` with every problem), writes inside one
transaction and leaves an audit entry (``ResultChange`` or ``TournamentLog``).
"""

from .configuration import change_tiebreaks, create_tournament, leave_fide_mode, update_tournament
from .errors import TournamentError
from .players import (
    add_player,
    assign_start_ranks,
    exchange_start_ranks,
    expel_player,
    request_absence,
    set_start_ranks,
    update_player,
    withdraw_player,
)
from .results import adjourn_game, correct_result, record_result, resolve_adjournment
from .rounds import (
    delete_draft_round,
    generate_round_robin_round,
    pair_swiss_round,
    publish_round,
    submit_pairings,
)
from .warnings import Caution, Level, NeedsConfirmation

__all__ = [
    "Caution",
    "Level",
    "NeedsConfirmation",
    "TournamentError",
    "add_player",
    "adjourn_game",
    "assign_start_ranks",
    "change_tiebreaks",
    "correct_result",
    "create_tournament",
    "delete_draft_round",
    "exchange_start_ranks",
    "expel_player",
    "generate_round_robin_round",
    "leave_fide_mode",
    "pair_swiss_round",
    "publish_round",
    "record_result",
    "request_absence",
    "resolve_adjournment",
    "set_start_ranks",
    "submit_pairings",
    "update_player",
    "update_tournament",
    "withdraw_player",
]
