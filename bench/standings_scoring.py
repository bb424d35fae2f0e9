"""Standings with five tie-breaks of a 1,000-player, 11-round Swiss, in memory (pure scoring).

The sheet is generated deterministically: each round pairs players within their score order
(no rematches, a pairing-allocated bye when the field is odd), results drawn from FIDE's
expected score with a fixed seed, and a few half-point byes and forfeits. Measured in one run
(best of three each):

* ``compute_standings`` with BH/C1, BH, SB, PS, ARO (plus DE, which works inside tied groups);
* the baseline: checking the sheet and adding up points, the least any standings must do;
* the same standings for 250 and 500 players, to show the time grows about linearly.

Run: ``python -m bench standings_scoring`` or ``python -m bench.standings_scoring --players 2000``.
"""

from __future__ import annotations

import argparse
import random
import sys
from fractions import Fraction

from bench import summary
from bench._timing import best_of
from tournaments.scoring.fide_tables import expected_score
from tournaments.scoring.points import check_sheet, player_points
from tournaments.scoring.sheet import Color, Outcome, PlayerSheet, RoundEntry, TournamentSheet
from tournaments.scoring.standings import compute_standings

TIEBREAKS = ["BH/C1", "BH", "SB", "PS", "ARO"]
_REVERSE = {
    Outcome.WIN: Outcome.LOSS,
    Outcome.LOSS: Outcome.WIN,
    Outcome.DRAW: Outcome.DRAW,
    Outcome.FORFEIT_WIN: Outcome.FORFEIT_LOSS,
}


def swiss_sheet(players: int, rounds: int, seed: int = 2026) -> TournamentSheet:
    rng = random.Random(seed)
    ratings = sorted((rng.randint(1200, 2700) for _ in range(players)), reverse=True)
    entries: dict[int, list[RoundEntry]] = {n: [] for n in range(1, players + 1)}
    points = dict.fromkeys(entries, Fraction(0))
    met: dict[int, set[int]] = {n: set() for n in entries}
    for number in range(1, rounds + 1):
        waiting = sorted(entries, key=lambda p: (-points[p], p))
        for player in [p for p in waiting if rng.random() < 0.01]:  # requested half-point byes
            waiting.remove(player)
            entries[player].append(RoundEntry(number, Outcome.HALF_BYE))
        if len(waiting) % 2:
            bye = waiting.pop()
            entries[bye].append(RoundEntry(number, Outcome.PAIRING_BYE))
        while waiting:
            white = waiting.pop(0)
            index = next((i for i, p in enumerate(waiting) if p not in met[white]), 0)
            black = waiting.pop(index)
            met[white].add(black)
            met[black].add(white)
            outcome = _result(rng, ratings[white - 1], ratings[black - 1])
            entries[white].append(RoundEntry(number, outcome, black, Color.WHITE))
            entries[black].append(RoundEntry(number, _REVERSE[outcome], white, Color.BLACK))
        for player, player_entries in entries.items():
            points[player] += TournamentSheet("", 0, []).points.points(player_entries[-1].outcome)
    return TournamentSheet(
        f"Bench {players}x{rounds}",
        rounds,
        [
            PlayerSheet(n, f"Player {n}", rating=ratings[n - 1], rounds=tuple(entries[n]))
            for n in entries
        ],
    )


def _result(rng: random.Random, white: int, black: int) -> Outcome:
    if rng.random() < 0.005:
        return Outcome.FORFEIT_WIN
    roll, expected = rng.random(), float(expected_score(white, black))
    draw = 0.3 * (1 - abs(2 * expected - 1))
    if roll < expected - draw / 2:
        return Outcome.WIN
    return Outcome.DRAW if roll < expected + draw / 2 else Outcome.LOSS


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=summary(__doc__))
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--repeat", type=int, default=3)
    options = parser.parse_args(argv or [])
    tiebreaks = [*TIEBREAKS, "DE"]
    sheet = swiss_sheet(options.players, options.rounds)
    standings = best_of(options.repeat, lambda: compute_standings(sheet, tiebreaks))
    baseline = best_of(options.repeat, lambda: (check_sheet(sheet), player_points(sheet)))
    print(f"{options.players} players, {options.rounds} rounds, tie-breaks {', '.join(tiebreaks)}")
    print(f"  standings        {standings:8.3f} s")
    print(f"  baseline (points) {baseline:7.3f} s   ratio {standings / baseline:6.1f}")
    for fraction in (4, 2):
        smaller = swiss_sheet(options.players // fraction, options.rounds)
        seconds = best_of(options.repeat, lambda s=smaller: compute_standings(s, tiebreaks))
        print(
            f"  {options.players // fraction:5d} players    {seconds:8.3f} s   "
            f"{options.players} players take {standings / seconds:4.1f}x (linear: {fraction}x)"
        )


if __name__ == "__main__":
    main(sys.argv[1:])
