"""The Dubov system, C.04.4.1 (approved 13 April 2024, in force from 1 February 2026): a
pairing engine of our own and its checker, framework-free.

Public API::

    DubovEngine().pair(state) -> Pairing
    explain(state, recorded, engine) -> Explanation    # tournaments.pairing.dubov.explain
    ENGINE_NAME, RULES            # "Arbiter Dubov engine", "FIDE C.04.4.1 (2025)"
"""

from tournaments.pairing.dubov.engine import ENGINE_NAME, RULES, DubovEngine

__all__ = ["ENGINE_NAME", "RULES", "DubovEngine"]
