"""The Burstein System, C.04.4.2 as applied from 1 February 2026 (with C.04.1 and C.04.2 of that
date): a pairing engine and its checker, framework-free.

Public API::

    BursteinEngine().pair(state) -> Pairing
    explain(state, recorded, engine_pairing) -> Explanation   # tournaments.pairing.burstein.explain
    ENGINE_NAME, RULES            # "Arbiter Burstein engine", "FIDE C.04.4.2 (2026)"
"""

from tournaments.pairing.burstein.engine import ENGINE_NAME, RULES, BursteinEngine

__all__ = ["ENGINE_NAME", "RULES", "BursteinEngine"]
