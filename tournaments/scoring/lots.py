"""The last tie-breaks: the arbiter's own order, then drawing of lots (FIDE checklist I47).

C.07 ends its tie-break list with "any remaining tie should be broken by drawing of lots";
the arbiter may also rank tied players by hand (a play-off decided elsewhere, for instance).
Lots are drawn once, as a recorded seed: each player's lot is the SHA-256 of the seed and his
starting rank, so the same seed always gives the same order (checklist Q206), whatever else
changes, and anyone can check it.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import replace

from tournaments.scoring.standings import Standing, Standings


def lot(seed: str, start_rank: int) -> str:
    """A player's lot: the lower ranks first."""
    return hashlib.sha256(f"{seed}:{start_rank}".encode()).hexdigest()


def break_remaining_ties(
    standings: Standings, *, order: Sequence[int] = (), seed: str = ""
) -> Standings:
    """The standings with players still level ranked by ``order`` (starting ranks, the
    arbiter's order: those he named first, as he named them), then by lots from ``seed``.
    Without a seed, players he did not name stay level among themselves."""
    if not order and not seed:
        return standings
    position = {rank: index for index, rank in enumerate(order)}
    ranked = [row for row in standings.rows if row.ranked]
    rows: list[Standing] = []
    start = 0
    while start < len(ranked):
        end = start
        while end < len(ranked) and ranked[end].rank == ranked[start].rank:
            end += 1
        rows += _split_group(ranked[start:end], position, seed)
        start = end
    rows += [row for row in standings.rows if not row.ranked]
    return replace(standings, rows=tuple(rows))


def _split_group(group: list[Standing], position: dict[int, int], seed: str) -> list[Standing]:
    if len(group) == 1:
        return group

    def key(row: Standing) -> tuple[int, str]:
        return position.get(row.start_rank, len(position)), lot(
            seed, row.start_rank
        ) if seed else ""

    ordered = sorted(group, key=lambda row: (key(row), row.start_rank))
    first = group[0].rank
    result = []
    index = 0
    while index < len(ordered):
        end = index
        while end < len(ordered) and key(ordered[end]) == key(ordered[index]):
            end += 1
        for row in ordered[index:end]:
            result.append(replace(row, rank=first + index, rank_to=first + end - 1))
        index = end
    return result
