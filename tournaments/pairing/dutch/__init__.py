"""The FIDE (Dutch) System, C.04.3 as applied from 1 July 2025 (with C.04.1 and C.04.2 of that
date): a pairing engine of our own, framework-free.

Public API::

    DutchEngine().pair(state) -> Pairing
    ENGINE_NAME, RULES            # "Arbiter Dutch engine", "FIDE C.04.3 (2025)"
"""

from tournaments.pairing.dutch.engine import ENGINE_NAME, RULES, DutchEngine

__all__ = ["ENGINE_NAME", "RULES", "DutchEngine"]
