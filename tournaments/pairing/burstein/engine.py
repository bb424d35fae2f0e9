"""The Burstein System, C.04.4.2 as applied from 1 February 2026 (with C.04.1 and C.04.2 of that
date), behind :class:`PairingEngine`.

1.6: the seeding rounds are paired by our FIDE (Dutch) engine. After them: the pairing-allocated
bye first (3.1, :mod:`.bye`), then the brackets from the top (3.2 and 4, :mod:`.brackets`) on a
maximum-weight matching of the criteria of article 2 (:mod:`.criteria`), then the colours
(5.2, :mod:`.colours`) and the board order (C.04.2: the higher player's score, then the other's,
then the higher player's pairing number).

Acceleration: an event that declares it (TRF-2026's ``FIDE_BURSTEIN_BAKU``, ``XXA``, records
250) adds the virtual points to the score that forms the scoregroups; the Index of article 1.7
uses real points only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from tournaments.pairing.base import Pairing, PairingState
from tournaments.pairing.burstein.brackets import BracketPairing
from tournaments.pairing.burstein.bye import pairing_allocated_bye
from tournaments.pairing.burstein.colours import white_and_black
from tournaments.pairing.burstein.players import BursteinPlayer, round_players
from tournaments.pairing.burstein.seeding import is_seeding_round
from tournaments.pairing.dutch import DutchEngine
from tournaments.scoring.sheet import Color

ENGINE_NAME = "Arbiter Burstein engine"
RULES = "FIDE C.04.4.2 (2026)"
"""The rule edition: C.04.4.2 applied from 1 February 2026."""


@dataclass(frozen=True)
class BursteinEngine:
    """Pairs a Swiss round by the Burstein System (C.04.4.2) as applied from 1 February 2026."""

    accelerations: Mapping[int, Sequence[Fraction]] = field(default_factory=dict)
    """Virtual points per starting rank and round (index 0 is round 1); overrides
    ``state.accelerations`` when given."""

    name = ENGINE_NAME
    rules = RULES

    @property
    def label(self) -> str:
        return f"{ENGINE_NAME}, {RULES}"

    def pair(self, state: PairingState) -> Pairing:
        accelerations = self.accelerations or state.accelerations
        if is_seeding_round(state):
            return DutchEngine(accelerations=accelerations).pair(state)
        players, facts = round_players(state, accelerations)
        bye = None
        if len(players) % 2:
            bye = pairing_allocated_bye(players, facts, state.round)
            players = [p for p in players if p is not bye]
        pairs = BracketPairing(players, facts, state.round).run()
        return published(pairs, bye, facts.initial_color)


def _board_key(a: BursteinPlayer, b: BursteinPlayer) -> tuple[Fraction, Fraction, int]:
    higher, lower = sorted((a, b), key=lambda p: (-p.score, p.pairing_number))
    return (-higher.score, -lower.score, higher.pairing_number)


def published(
    pairs: Sequence[tuple[BursteinPlayer, BursteinPlayer]],
    bye: BursteinPlayer | None,
    initial_color: Color,
) -> Pairing:
    """The pairs as (white, black) in board order, and the bye."""
    boards = sorted(pairs, key=lambda pair: _board_key(*pair))
    coloured = [white_and_black(a, b, initial_color) for a, b in boards]
    return Pairing(
        pairs=tuple((w.start_rank, b.start_rank) for w, b in coloured),
        byes=() if bye is None else (bye.start_rank,),
    )
