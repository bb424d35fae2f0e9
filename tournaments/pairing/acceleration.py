"""Accelerated pairings (C.04.5): virtual points added to the score for pairing only.

Baku acceleration (C.04.5.1): before round 1 the players are split into GA, the first half
rounded up to an even number (2 × ⌈N/4⌉ players by pairing number), and GB. The accelerated
rounds are the first half of the event, rounded up; GA players get 1 virtual point before
each round of the first half (rounded up) of the accelerated rounds, ½ before the others; GB
players, and every player after the accelerated rounds, get none. Late entries keep the last
GA player of round 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction


def ga_size(players: int) -> int:
    """The number of players in GA before round 1, which is also the pairing number of its
    last player: the first half rounded up to an even number (2 × ⌈N/4⌉)."""
    return 2 * -(-players // 4)


def baku_accelerations(
    start_ranks: Sequence[int], rounds: int, *, last_ga_rank: int | None = None
) -> dict[int, tuple[Fraction, ...]]:
    """Virtual points per starting rank, one per round from round 1 (the ``XXA`` form).

    ``start_ranks`` are the players' pairing numbers; ``last_ga_rank`` the pairing number now
    of the player who was GA's last in round 1 (late entries ranked above him join GA, so
    his number may have grown), else :func:`ga_size`.
    """
    if last_ga_rank is None:
        last_ga_rank = ga_size(len(start_ranks))
    accelerated = -(-rounds // 2)
    full = -(-accelerated // 2)
    points = tuple(
        Fraction(1) if number <= full else Fraction(1, 2) for number in range(1, accelerated + 1)
    )
    return {rank: points for rank in sorted(start_ranks) if rank <= last_ga_rank}


def baku_from_round_one(
    start_ranks: Sequence[int], paired_in_round_one: Sequence[int], rounds: int
) -> dict[int, tuple[Fraction, ...]]:
    """Baku acceleration of a field of which only ``paired_in_round_one`` took part in round
    1's pairing: GA is counted among them, since a round-1 absentee has no pairing number
    until he arrives (FIDE checklist D26: groups respect round-1 byes having no TPN). The last
    GA player stays the same; an absentee ranked above him joins GA when he arrives, as a late
    entry does (C.04.5.1, "Late entries")."""
    present = sorted(paired_in_round_one)
    if not present:
        return {}
    last_ga_rank = present[min(ga_size(len(present)), len(present)) - 1]
    return baku_accelerations(start_ranks, rounds, last_ga_rank=last_ga_rank)
