"""The FIDE Swiss pairing systems the application pairs and checks, one place for each.

A system names its engine and its explainer by import path, so that a web process imports
only the engine of the event it pairs. Record 192 of TRF-2026 (the encoded type of
tournament) names the system of a file; :func:`system_of_document` reads it.

Framework-free, like the rest of the package.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from tournaments.pairing.base import Pairing, PairingEngine, PairingState
    from tournaments.pairing.explanation import Explanation
    from tournaments.trf import TrfDocument


@dataclass(frozen=True)
class SwissSystem:
    """One FIDE Swiss system: ``code`` as the application stores it, the handbook article,
    the record 192 codes that name it (without the ``_BAKU`` suffix of an accelerated event),
    and where its engine and explainer live (``module:name``)."""

    code: str
    name: str
    article: str
    trf_codes: tuple[str, ...]
    engine_path: str
    explain_path: str
    matches: bool = False
    """Every pairing is a two-game match (the Double-Swiss system)."""

    def engine(self) -> PairingEngine:
        engine: PairingEngine = _load(self.engine_path)()
        return engine

    def explain(self, state: PairingState, recorded: Pairing, engine: Pairing) -> Explanation:
        """Why ``recorded`` differs from the engine's pairing ``engine`` of ``state.round``."""
        explanation: Explanation = _load(self.explain_path)(state, recorded, engine)
        return explanation


def _load(path: str) -> Any:
    module, _, name = path.partition(":")
    return getattr(import_module(module), name)


DUTCH = SwissSystem(
    code="dutch",
    name="FIDE (Dutch) system",
    article="C.04.3",
    trf_codes=("FIDE_DUTCH_2025", "FIDE_DUTCH"),
    engine_path="tournaments.pairing.dutch:DutchEngine",
    explain_path="tournaments.pairing.dutch.explain:explain",
)

DUBOV = SwissSystem(
    code="dubov",
    name="Dubov system",
    article="C.04.4.1",
    trf_codes=("FIDE_DUBOV",),  # TRF-2026 code table: no edition suffix for Dubov
    engine_path="tournaments.pairing.dubov:DubovEngine",
    explain_path="tournaments.pairing.dubov.explain:explain",
)

BURSTEIN = SwissSystem(
    code="burstein",
    name="Burstein system",
    article="C.04.4.2",
    trf_codes=("FIDE_BURSTEIN",),
    engine_path="tournaments.pairing.burstein:BursteinEngine",
    explain_path="tournaments.pairing.burstein.explain:explain",
)

DOUBLE_SWISS = SwissSystem(
    code="double_swiss",
    name="Double-Swiss system",
    article="C.04.5",
    trf_codes=("FIDE_DOUBLESWISS",),
    engine_path="tournaments.pairing.double_swiss:DoubleSwissEngine",
    explain_path="tournaments.pairing.double_swiss.explain:explain",
    matches=True,
)

SYSTEMS: dict[str, SwissSystem] = {
    system.code: system for system in (DUTCH, DUBOV, BURSTEIN, DOUBLE_SWISS)
}
"""Every system by code, the default first."""


class UnknownSystem(ValueError):
    """A system code or a record 192 the application does not pair; the message says which."""


def system_named(code: str) -> SwissSystem:
    """The system stored as ``code``."""
    try:
        return SYSTEMS[code]
    except KeyError:
        raise UnknownSystem(
            f"unknown pairing system {code!r}; one of {', '.join(SYSTEMS)}"
        ) from None


def system_of_engine(engine: PairingEngine | None) -> SwissSystem | None:
    """The system one of our own engines pairs by (the Dutch system's for ``None``, the
    default engine); ``None`` for an external program or py4swiss, whose rules we do not
    explain from."""
    if engine is None:
        return DUTCH
    module = type(engine).__module__
    for candidate in SYSTEMS.values():
        package = candidate.engine_path.partition(":")[0]
        if module == package or module.startswith(f"{package}."):
            return candidate
    return None


def system_of_document(document: TrfDocument) -> SwissSystem | None:
    """The system record 192 names (``FIDE_DUBOV``, ``FIDE_DUTCH_2025_BAKU`` …), or
    ``None`` when the record is absent or names no Swiss system we know (a round robin)."""
    code = document.header("192").strip().upper().removesuffix("_BAKU")
    for system in SYSTEMS.values():
        if code in system.trf_codes:
            return system
    return None
