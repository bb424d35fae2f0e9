"""The pairing-allocated bye (C.04.4.1 article 3.1), chosen before the brackets are paired.

It goes to the player who 3.1.1 may receive it ([C2]: no earlier pairing-allocated bye, nor
a win's points scored without playing, C.04.1), 3.1.2 leaves a complete pairing of everyone
else ([C4]), 3.1.3 has the lowest score, 3.1.4 has played the most games and 3.1.5 has the
largest TPN.
"""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.pairing.base import PairingError
from tournaments.pairing.dubov.criteria import compatible
from tournaments.pairing.dubov.players import DubovPlayer
from tournaments.pairing.matching import Matching, NoPerfectMatching


def bye_order(players: Sequence[DubovPlayer]) -> list[DubovPlayer]:
    """The players who may receive the bye (3.1.1), the most suitable first (3.1.3–3.1.5)."""
    eligible = [p for p in players if p.bye_eligible]
    return sorted(eligible, key=lambda p: (p.score, -p.played_games, -p.rank_index))


def choose_bye(
    players: Sequence[DubovPlayer], forbidden: frozenset[frozenset[int]], round_number: int
) -> DubovPlayer:
    """The bye's receiver: the first of :func:`bye_order` that leaves a complete pairing.

    One matching decides it: every legal pair weighs the same, and a vertex standing for the
    bye is joined to each candidate with a weight that falls along the order, so the best
    perfect matching gives the bye to the first candidate who completes the round (3.1.2).
    """
    candidates = bye_order(players)
    if not candidates:
        raise PairingError(
            f"round {round_number} cannot be paired: nobody may receive the pairing-allocated bye"
        )
    count = len(players)
    heavy = len(candidates) + 1
    matching = Matching(count + 1)
    for j in range(count):
        for i in range(j):
            if compatible(players[i], players[j], forbidden):
                matching.set_weight(i, j, heavy)
    position = {p.start_rank: k for k, p in enumerate(candidates)}
    for v, player in enumerate(players):
        if player.start_rank in position:
            matching.set_weight(v, count, len(candidates) - position[player.start_rank])
    try:
        mate = matching.solve()
    except NoPerfectMatching:
        raise PairingError(f"round {round_number} cannot be completed") from None
    return players[mate[count]]
