"""The pairing-allocated bye (C.04.4.2 article 3.1), chosen before any bracket is paired.

With an odd number of players, the bye goes to the player who: 3.1.1 may have it ([C2]: no
pairing-allocated bye and no win scored without playing before, C.04.1 article 4); 3.1.2 leaves
the others a complete pairing ([C4]); 3.1.3 has the lowest score; 3.1.4 has played the most
games; 3.1.5 ranks lowest in the order of article 1.8.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from tournaments.pairing.base import PairingError
from tournaments.pairing.burstein.criteria import compatible
from tournaments.pairing.burstein.players import BursteinPlayer, RoundFacts
from tournaments.pairing.matching import Matching, NoPerfectMatching


def bye_order_key(player: BursteinPlayer, position: int) -> tuple[Fraction, int, int]:
    """3.1.3-3.1.5: the first candidate sorts first; ``position`` is his place in 1.8's order."""
    return (player.score, -player.played_games, -position)


def can_pair_all(players: Sequence[BursteinPlayer], facts: RoundFacts) -> bool:
    """[C4]: whether ``players`` can all be paired without breaking [C1] or [C3]."""
    if len(players) % 2:
        return False
    matching = Matching(len(players))
    for j, b in enumerate(players):
        for i in range(j):
            if compatible(players[i], b, facts):
                matching.set_weight(i, j, 1)
    try:
        matching.solve()
    except NoPerfectMatching:
        return False
    return True


def pairing_allocated_bye(
    players: Sequence[BursteinPlayer], facts: RoundFacts, round_number: int
) -> BursteinPlayer:
    """Article 3.1 for ``players`` (an odd number, in the order of article 1.8)."""
    candidates = sorted(
        (
            (bye_order_key(player, position), player)
            for position, player in enumerate(players)
            if player.bye_eligible
        ),
        key=lambda item: item[0],
    )
    for _, player in candidates:
        others = [p for p in players if p is not player]
        if can_pair_all(others, facts):
            return player
    raise PairingError(
        f"round {round_number} cannot be paired: no player may receive the pairing-allocated "
        "bye and leave the others a complete pairing (C.04.4.2 3.1, [C1]-[C4])"
    )
