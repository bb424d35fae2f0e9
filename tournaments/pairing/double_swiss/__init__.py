"""The FIDE Double-Swiss system (C.04.5, applied from 1 February 2026): every pairing is a
two-game match with alternating colours and points per game. Framework-free.

Public API::

    DoubleSwissEngine().pair(state) -> Pairing     # state.round: the match to pair
    match_state(sheet, match, ...) -> PairingState  # a sheet in game columns
    validate_match_round(state, pairing) -> RoundCheck
    check_sheet(sheet, ...) / check_document(document) -> DoubleSwissCheck
    game_columns, match_result, met_pairs, game_pairings, match_game_entries, ...
"""

from tournaments.pairing.double_swiss.engine import ENGINE_NAME, RULES, DoubleSwissEngine
from tournaments.pairing.double_swiss.matches import (
    DOUBLE_SWISS_POINTS,
    MatchRecordError,
    MatchResult,
    game_columns,
    game_pairings,
    match_game_entries,
    match_result,
    met_pairs,
    recorded_match_pairing,
)
from tournaments.pairing.double_swiss.players import match_state

__all__ = [
    "DOUBLE_SWISS_POINTS",
    "ENGINE_NAME",
    "RULES",
    "DoubleSwissEngine",
    "MatchRecordError",
    "MatchResult",
    "game_columns",
    "game_pairings",
    "match_game_entries",
    "match_result",
    "match_state",
    "met_pairs",
    "recorded_match_pairing",
]
