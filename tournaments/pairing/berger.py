"""Round robin from the FIDE Berger tables (Handbook C.05, Annex 1).

The tables follow one rule, which :func:`berger_table` computes: in round ``r`` of an
``n``-player table (``n`` even, ``m = n - 1``) player ``n`` meets ``p = (r - 1)·n/2 mod m + 1``
on board 1 (``p`` has white in odd rounds, ``n`` in even rounds), and on board ``k + 1``
``p + k`` has white against ``p - k`` (counted cyclically in 1…m). The tests check every round
against the published tables for 3 to 16 players.
"""

from __future__ import annotations

from tournaments.pairing.base import Pairing, PairingError


def berger_table(players: int) -> list[tuple[tuple[int, int], ...]]:
    """The Berger table for ``players`` (rounded up to even): per round, (white, black) by board.

    For an odd number of players the highest number (``players + 1``) is the bye.
    """
    if players < 2:
        raise PairingError(f"a round robin needs at least 2 players, not {players}")
    n = players + players % 2
    m = n - 1

    def wrap(number: int) -> int:
        return (number - 1) % m + 1

    table = []
    for round_number in range(1, n):
        p = (round_number - 1) * (n // 2) % m + 1
        first = (p, n) if round_number % 2 else (n, p)
        boards = [first] + [(wrap(p + k), wrap(p - k)) for k in range(1, n // 2)]
        table.append(tuple(boards))
    return table


def berger_rounds(
    players: int, *, double: bool = False, swap_last_two: bool = False
) -> list[Pairing]:
    """Every round of a (double) round robin for ``players`` numbered 1…players.

    Odd numbers: the player who would meet the highest number gets the bye. ``double`` adds
    a second cycle with colours reversed. ``swap_last_two`` plays the first cycle's last two
    rounds in reverse order, as C.05 recommends for double round robins (it avoids three
    consecutive games with the same colour); the second cycle keeps the table's order.
    """
    table = berger_table(players)
    first = list(table)
    if swap_last_two and len(first) >= 2:
        first[-2], first[-1] = first[-1], first[-2]
    cycles = [first]
    if double:
        cycles.append([tuple((black, white) for white, black in boards) for boards in table])
    return [_pairing(boards, players) for cycle in cycles for boards in cycle]


def _pairing(boards: tuple[tuple[int, int], ...], players: int) -> Pairing:
    pairs = tuple(pair for pair in boards if max(pair) <= players)
    byes = tuple(min(pair) for pair in boards if max(pair) > players)
    return Pairing(pairs=pairs, byes=byes)
