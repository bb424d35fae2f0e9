"""The FIDE Swiss Team Pairing System (C.04.6, applied from 1 February 2026). Framework-free.

Public API::

    TeamSwissEngine().pair(state) -> TeamPairing     # matches (White on board 1, other), bye
    TeamSwissState(sheet, round, planned_rounds=None, requested_byes={}, withdrawn=frozenset(),
                   forbidden=(), initial_colour=Color.WHITE, primary=PrimaryScore.MATCH_POINTS,
                   secondary_for_colours=True, preferences=ColourPreferences.TYPE_A)
    TeamSwissState.from_sheet(sheet, round, ...)      # the byes and absences the sheet records
    explain(state, recorded, engine) -> Explanation
    check_team_sheet(sheet, ...) / check_team_document(document) -> TeamSwissCheck
    validate_team_round(state, pairing) -> list of errors
    generate_team_swiss_event(TeamSwissSettings(...)) -> GeneratedTeamSwiss   # sheet, TRF text
    record_192(...) / read_record_192(code)           # the TRF-2026 tournament-type code
"""

from tournaments.pairing.team_swiss.engine import ENGINE_NAME, RULES, TeamSwissEngine, pair_round
from tournaments.pairing.team_swiss.state import (
    ColourPreferences,
    PrimaryScore,
    TeamPairing,
    TeamSwissState,
)

__all__ = [
    "ENGINE_NAME",
    "RULES",
    "ColourPreferences",
    "PrimaryScore",
    "TeamPairing",
    "TeamSwissEngine",
    "TeamSwissState",
    "pair_round",
]
