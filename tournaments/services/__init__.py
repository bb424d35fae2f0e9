"""Writes of the tournaments app: one verb-first function per state change.

Each validates (raising :class:`TournamentError` with every problem), writes inside one
transaction and leaves an audit entry (``ResultChange`` or ``TournamentLog``).
"""

from .configuration import change_tiebreaks, create_tournament, leave_fide_mode, update_tournament
from .errors import TournamentError
from .forbidden_pairs import allow_pair, forbid_pair
from .manual_pairing import (
    end_manual_pairing,
    exchange_players,
    set_colours,
    start_manual_pairing,
    swap_colours,
)
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
from .round_ratings import remove_round_rating, set_round_rating
from .rounds import (
    delete_draft_round,
    generate_round_robin_round,
    pair_swiss_round,
    publish_round,
    submit_pairings,
)
from .team_rounds import forfeit_match, pair_team_round, set_lineup
from .teams import (
    create_team,
    delete_team,
    number_teams,
    request_team_bye,
    set_roster,
    update_team,
)
from .warnings import Caution, Level, NeedsConfirmation

__all__ = [
    "Caution",
    "Level",
    "NeedsConfirmation",
    "TournamentError",
    "add_player",
    "adjourn_game",
    "allow_pair",
    "assign_start_ranks",
    "change_tiebreaks",
    "correct_result",
    "create_team",
    "create_tournament",
    "delete_draft_round",
    "delete_team",
    "end_manual_pairing",
    "exchange_players",
    "exchange_start_ranks",
    "expel_player",
    "forbid_pair",
    "forfeit_match",
    "generate_round_robin_round",
    "leave_fide_mode",
    "number_teams",
    "pair_swiss_round",
    "pair_team_round",
    "publish_round",
    "record_result",
    "remove_round_rating",
    "request_absence",
    "request_team_bye",
    "resolve_adjournment",
    "set_colours",
    "set_lineup",
    "set_roster",
    "set_round_rating",
    "set_start_ranks",
    "start_manual_pairing",
    "submit_pairings",
    "swap_colours",
    "update_player",
    "update_team",
    "update_tournament",
    "withdraw_player",
]
