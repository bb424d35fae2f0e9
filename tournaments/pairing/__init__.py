"""Pairings: round robin from the FIDE Berger tables, Swiss through a pairing engine, and the
check of a submitted round.

Framework-free: the standard library, py4swiss and the TRF module, never Django.

Public API::

    berger_rounds(players, double=False, swap_last_two=False) -> list[Pairing]
    pair_round(state, engine=None) -> Pairing        # engine: Py4SwissEngine() by default
    validate_round(state, pairing, ...) -> RoundCheck
"""

from tournaments.pairing.base import (
    Pairing,
    PairingEngine,
    PairingError,
    PairingState,
    recorded_pairing,
)
from tournaments.pairing.berger import berger_rounds, berger_table
from tournaments.pairing.engines import ExternalEngine, Py4SwissEngine, pair_round
from tournaments.pairing.validate import RoundCheck, validate_round

__all__ = [
    "ExternalEngine",
    "Pairing",
    "PairingEngine",
    "PairingError",
    "PairingState",
    "Py4SwissEngine",
    "RoundCheck",
    "berger_rounds",
    "berger_table",
    "pair_round",
    "recorded_pairing",
    "validate_round",
]
