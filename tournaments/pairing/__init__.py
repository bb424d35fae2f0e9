"""Pairings: round robin from the FIDE Berger tables, Swiss through a pairing engine, and the
check of a submitted round.

Framework-free: the standard library, py4swiss and the TRF module, never Django.

Public API::

    berger_rounds(players, double=False, swap_last_two=False) -> list[Pairing]
    pair_round(state, engine=None) -> Pairing        # engine: DutchEngine() by default
    engine_label(engine) -> str                      # "Arbiter Dutch engine, FIDE C.04.3 (2025)"
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
from tournaments.pairing.dutch import DutchEngine
from tournaments.pairing.engines import (
    ExternalEngine,
    Py4SwissEngine,
    engine_document,
    engine_label,
    pair_round,
)
from tournaments.pairing.validate import RoundCheck, validate_round

__all__ = [
    "DutchEngine",
    "ExternalEngine",
    "Pairing",
    "PairingEngine",
    "PairingError",
    "PairingState",
    "Py4SwissEngine",
    "RoundCheck",
    "berger_rounds",
    "berger_table",
    "engine_document",
    "engine_label",
    "pair_round",
    "recorded_pairing",
    "validate_round",
]
