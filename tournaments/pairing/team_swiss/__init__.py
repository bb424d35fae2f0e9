"""The FIDE Swiss Team Pairing System (C.04.6, applied from 1 February 2026). Framework-free.

Public API::

    TeamSwissEngine().pair(state) -> TeamPairing     # matches (White on board 1, other), bye
    TeamSwissState(sheet, round, planned_rounds=None, requested_byes={}, withdrawn=frozenset(),
                   forbidden=(), initial_colour=Color.WHITE, primary=PrimaryScore.MATCH_POINTS,
                   secondary_for_colours=True, preferences=ColourPreferences.TYPE_A,
                   accelerations={})                  # virtual points by TPN and round
    TeamSwissState.from_sheet(sheet, round, ...)      # the byes and absences the sheet records
    explain.explain(state, recorded, engine) -> Explanation   # recorded, engine: TeamPairing
    check.check_team_sheet(sheet, planned_rounds=, initial_colour=, forbidden=, options=,
                           accelerations=)
    check.team_accelerations(document, sheet, options)   # records 250, else 192's _BAKU
    check.check_team_document(document) -> TeamSwissCheck    # .rounds: RoundFinding per round
    validate.validate_team_round(state, pairing) -> list[str]
    generator.generate_team_swiss_event(TeamSwissSettings(...)) -> GeneratedTeamSwiss
    system_code.record_192(TeamSwissOptions(...)) / read_record_192(code)   # record 192
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
