"""The Dubov system, C.04.4.1 (approved 13 April 2024; the edition applied from 1 July 2025
and in force since 1 February 2026), behind :class:`PairingEngine`.

The round: the pairing-allocated bye first (article 3.1), then the brackets from the top
(3.2, :mod:`~tournaments.pairing.dubov.bracket`), the colours of each pair (5.2) and the
boards in the order the text publishes them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from tournaments.pairing.base import Pairing, PairingState
from tournaments.pairing.dubov.bracket import RoundPairing
from tournaments.pairing.dubov.bye import choose_bye
from tournaments.pairing.dubov.colours import colour_of
from tournaments.pairing.dubov.criteria import Layout
from tournaments.pairing.dubov.players import DubovPlayer, round_players
from tournaments.scoring.sheet import Color

ENGINE_NAME = "Arbiter Dubov engine"
RULES = "FIDE C.04.4.1 (2025)"
"""The rule edition: C.04.4.1 approved 13 April 2024 (handbook chapters C040401202507 and
C040401202602, the same text)."""


@dataclass(frozen=True)
class DubovEngine:
    """Pairs a Swiss round by the Dubov system."""

    accelerations: Mapping[int, Sequence[Fraction]] = field(default_factory=dict)
    """Virtual points per starting rank and round (index 0 is round 1): ``XXA`` records or
    Baku acceleration (C.04.5). Overrides ``state.accelerations`` when given."""

    name = ENGINE_NAME
    rules = RULES

    @property
    def label(self) -> str:
        return f"{ENGINE_NAME}, {RULES}"

    def pair(self, state: PairingState) -> Pairing:
        players = round_players(state, self.accelerations or state.accelerations)
        forbidden = frozenset(frozenset(pair) for pair in state.forbidden)
        byes: tuple[int, ...] = ()
        if len(players) % 2:
            bye = choose_bye(players, forbidden, state.round)
            players = [p for p in players if p is not bye]
            byes = (bye.start_rank,)
        if not players:
            return Pairing(pairs=(), byes=byes)
        layout = Layout.of(players, last_round(state))
        pairs = RoundPairing(players, layout, forbidden, state.round).run()
        boards = [(players[a], players[b]) for a, b in pairs]
        return Pairing(pairs=published(boards, state.initial_color), byes=byes)


def last_round(state: PairingState) -> bool:
    """The round is the event's last (the text drops [C8]–[C10] there)."""
    return state.round >= max(state.planned_rounds or 0, state.round)


def published(
    pairs: Sequence[tuple[DubovPlayer, DubovPlayer]], initial_color: Color
) -> tuple[tuple[int, int], ...]:
    """Each pair as (white, black), in board order: by the score of the higher ranked
    player, then the sum of both scores, then the TPN of the higher ranked player. Scores
    are pairing scores (virtual points included, as the brackets are built on them)."""
    boards = []
    for a, b in pairs:
        higher, lower = (a, b) if a.ranks_above(b) else (b, a)
        white, black = (a, b) if colour_of(a, b, initial_color) is Color.WHITE else (b, a)
        key = (-higher.score, -(higher.score + lower.score), higher.rank_index)
        boards.append((key, (white.start_rank, black.start_rank)))
    boards.sort(key=lambda board: board[0])
    return tuple(pair for _, pair in boards)
