"""Seeding rounds (C.04.4.2 article 1.6): the first rounds of a Burstein event are paired by the
FIDE (Dutch) System, so that the Index of article 1.7 has something to measure.

1.6.2: as many seeding rounds as half the rounds of the event (rounded down), at most four.
"""

from __future__ import annotations

from tournaments.pairing.base import PairingState

MAX_SEEDING_ROUNDS = 4


def seeding_rounds(planned_rounds: int) -> int:
    """Article 1.6.2: half the rounds (rounded down) or four, whichever is lower."""
    return min(planned_rounds // 2, MAX_SEEDING_ROUNDS)


def planned_rounds_of(state: PairingState) -> int:
    """The rounds of the event; a state that does not say counts the round being paired as
    the last (so the fewest seeding rounds)."""
    return max(state.planned_rounds or 0, state.round)


def is_seeding_round(state: PairingState) -> bool:
    """Article 1.6.1: whether ``state.round`` is paired by the Dutch System."""
    return state.round <= seeding_rounds(planned_rounds_of(state))
