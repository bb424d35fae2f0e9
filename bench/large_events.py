"""Events of 1,000 to 9,999 players end to end, and how each step grows with the field:
the TRF import, the standings, the crosstable PDF (what the report job draws), the public
standings page, and pairing the next round.

Each size runs in a process of its own (so that its peak memory is its own) on a fresh SQLite
file: an 11-round event is built in the database (the rounds of the circle method, so no two
players meet twice, colours alternating round by round, seeded results, a forfeit every fifty
boards), written as TRF-2026 by the export, and then timed:

* ``import``: that file imported as a new event (:func:`import_trf`: read, checked, stored);
* ``standings``: the standings of the imported event with BH/C1, BH, SB, PS and ARO,
  computed afresh (the cache emptied first);
* ``crosstable PDF``: the crosstable drawn as the report job draws it (reportlab, every page);
* ``public page``: the public standings page read anonymously (the first read, with the cache
  emptied, which builds the table; then a kept one);
* ``pair round 12``: the built-in Dutch engine on the imported event's state, up to
  ``--pair-up-to`` players (pairing keeps every pair of players, so memory grows with the
  square of the field; ``MAX_PLAYERS`` allows at most 9,999, as TRF gives a starting rank four
  columns).

Wall seconds, on the shared 2-core machine; ``peak MB`` is the process's peak resident
memory after each step (it only grows). The growth column is each step's time over the
smallest size's, beside the players' ratio.

Measured on the shared 2-core machine (other work running), ``--players 1000 2000 5000 9999
--pair-up-to 2000``: the TRF import 2.4 / 4.8 / 14.5 / 39.3 s, the standings 0.0 / 0.0 / 0.2 /
0.3 s, the crosstable PDF 1.5 / 2.7 / 8.0 / 18.7 s, the first public page 1.0 / 1.3 / 3.0 /
5.2 s (a kept one under 10 ms), peak memory 150 / 170 / 249 / 366 MB before pairing; pairing
round 12 31.4 s at 1,000 players (269 MB) and 177.1 s at 2,000 (680 MB).

Again after the matching was made cheaper, ``--players 2000 5000 --pair-up-to 5000
--bbp-up-to 2000`` (load average 1 to 2): pairing round 12 took 41.7 s of CPU at 2,000
players (peak 570 MB) against bbpPairings' 274.8 s on the same round (0.15x, the same pairs;
its peak 490 MB), and 351.5 s at 5,000 (peak 2,969 MB): 8.4x the time and 5.2x the memory
for 2.5x the players. The import took 4.1 and 12.2 s, the crosstable PDF 2.4 and 6.6 s.

With bbpPairings on the PATH, the round is also paired by it (a process of its own, its
CPU time and peak memory) up to ``--bbp-up-to`` players, and the two pairings compared.

Run: ``python -m bench large_events`` (1,000 and 2,000 players) or ``python -m
bench.large_events --players 1000 5000 9999 --pair-up-to 2000``.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from typing import Any

from bench import summary
from bench._timing import expect

TIEBREAKS = ["BH/C1", "BH", "SB", "PS", "ARO"]
ROUNDS = 11


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _timed(figures: dict[str, Any], name: str, step: Callable[[], Any]) -> Any:
    start = time.perf_counter()
    result = step()
    figures[name] = (time.perf_counter() - start, _peak_mb())
    print(f"  {name}: {figures[name][0]:.1f} s, peak {figures[name][1]:.0f} MB", file=sys.stderr)
    return result


def measure(players: int, pair: bool, against_bbp: bool) -> dict[str, Any]:
    """One size, in this process: the figures by step."""
    import os

    directory = tempfile.mkdtemp(prefix="arbiter-large-")
    os.environ["MAX_PLAYERS"] = str(max(players, 2000))
    from bench.standings_queries import _setup_django

    _setup_django(directory)
    from django.conf import settings
    from django.core.cache import cache
    from django.test import Client

    from tournaments.models import Tournament
    from tournaments.pairing import DutchEngine
    from tournaments.reports.printed import PRINTED_REPORTS
    from tournaments.selectors import pairing_state, tournament_standings
    from tournaments.services.trf_exchange import export_trf, import_trf

    settings.ALLOWED_HOSTS = ["*"]
    figures: dict[str, Any] = {}
    built = _timed(figures, "build", lambda: _build(players))
    Tournament.objects.filter(pk=built.pk).update(tiebreaks=TIEBREAKS)
    text = _timed(
        figures, "export", lambda: export_trf(Tournament.objects.get(pk=built.pk), version=2026)
    )
    # The circle method's colours break C.04.1's colour rules here and there: confirmed (L3).
    event = _timed(
        figures, "import", lambda: import_trf(text, filename="large.trf", confirm="confirm")
    )
    Tournament.objects.filter(pk=event.pk).update(public=True, tiebreaks=TIEBREAKS)
    event = Tournament.objects.get(pk=event.pk)
    cache.clear()  # the import checked the file's ranks: computed afresh here
    _timed(figures, "standings", lambda: tournament_standings(event))
    crosstable = PRINTED_REPORTS["crosstable"]
    _timed(
        figures,
        "crosstable PDF",
        lambda: crosstable.draw(event, paper=None, after_round=None).generate(),
    )
    client = Client()
    page = f"/tournaments/{event.pk}/standings/"
    cache.clear()
    _timed(figures, "public page", lambda: expect("standings page", client.get(page)))
    _timed(figures, "public page kept", lambda: expect("standings page", client.get(page)))
    if pair:
        state = pairing_state(event, ROUNDS + 1)
        started = time.process_time()
        pairing = _timed(figures, "pair round 12", lambda: DutchEngine().pair(state))
        figures["pair round 12 CPU"] = (time.process_time() - started, _peak_mb())
        if against_bbp and (bbp := _bbp()):
            figures["bbpPairings round 12"] = _bbp_pairs(bbp, state, pairing)
    return figures


def _bbp() -> str | None:
    import shutil

    return shutil.which("bbpPairings.exe") or shutil.which("bbpPairings")


def _bbp_pairs(bbp: str, state: Any, pairing: Any) -> tuple[float, float]:
    """bbpPairings on the same round (the engine's TRF file of the state, a process of its
    own): its CPU seconds and peak megabytes; its pairs must be ours."""
    from bench.pairing_vs_bbp import _pairs, _run
    from tournaments.pairing.engines import engine_document
    from tournaments.trf import write_trf

    with tempfile.TemporaryDirectory() as directory:
        source, target = f"{directory}/round.trf", f"{directory}/pairs.txt"
        with open(source, "w", encoding="utf-8") as stream:
            stream.write(write_trf(engine_document(state)))
        cpu, peak, _ = _run([bbp, "--dutch", source, "-p", target])
        with open(target, encoding="utf-8") as stream:
            theirs = _pairs(stream.read())
    ours = sorted([*pairing.pairs, *((rank, 0) for rank in pairing.byes)])
    if ours != theirs:
        raise SystemExit("bbpPairings pairs round 12 otherwise")
    print(f"  bbpPairings round 12: {cpu:.1f} s CPU, peak {peak:.0f} MB", file=sys.stderr)
    return cpu, peak


def _build(players: int, seed: int = 11) -> Any:
    """The event: round ``r`` pairs as the circle method's round ``r`` (the last player fixed,
    the others turning), so every game is a new pair; an odd field gives one player the
    pairing-allocated bye each round."""
    import random

    from tournaments.models import ByeKind, Pairing, PairingSystem, Player, Round, Tournament

    rng = random.Random(seed)
    tournament = Tournament.objects.create(
        name=f"Large {players}", slug=f"large-{players}", system=PairingSystem.SWISS,
        number_of_rounds=ROUNDS + 1, unrated_rating=1000,
    )  # fmt: skip
    field = Player.objects.bulk_create(
        Player(
            tournament=tournament,
            name=f"Player {rank:05d}",
            start_rank=rank,
            rating_standard=2700 - rank * 1500 // players,
        )
        for rank in range(1, players + 1)
    )
    even = players + players % 2  # an odd field plays against a "bye" seat
    turning = even - 1
    for number in range(1, ROUNDS + 1):
        round_ = Round.objects.create(
            tournament=tournament, number=number, paired_by=Round.PairedBy.IMPORT, status="finished"
        )
        seats = [(number % turning, turning)] + [
            ((number + k) % turning, (number - k) % turning) for k in range(1, even // 2)
        ]
        boards, byes = [], []
        for a, b in seats:
            if b == players or a == players:  # the odd field's empty seat
                byes.append(field[a if b == players else b])
                continue
            white, black = (field[a], field[b]) if number % 2 else (field[b], field[a])
            board = len(boards) + 1
            result = "+/-" if board % 50 == 0 else rng.choice(["1-0", "1/2-1/2", "0-1"])
            boards.append(
                Pairing(round=round_, board=board, white=white, black=black, result=result)
            )
        for player in byes:
            boards.append(
                Pairing(
                    round=round_, board=len(boards) + 1, white=player,
                    bye=ByeKind.PAIRING_ALLOCATED,
                )
            )  # fmt: skip
        Pairing.objects.bulk_create(boards)
    return tournament


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=summary(__doc__))
    parser.add_argument("--players", type=int, nargs="+", default=[1000, 2000])
    parser.add_argument("--pair-up-to", type=int, default=2000)
    parser.add_argument(
        "--bbp-up-to",
        type=int,
        default=2000,
        help="bbpPairings (when on the PATH) pairs the same round up to this many players",
    )
    parser.add_argument("--one", type=int, help=argparse.SUPPRESS)
    options = parser.parse_args(argv if argv is not None else [])
    if options.one:
        pair, bbp = options.one <= options.pair_up_to, options.one <= options.bbp_up_to
        print(json.dumps(measure(options.one, pair, bbp)))
        return
    results: dict[int, dict[str, Any]] = {}
    for players in options.players:
        print(f"{players:,} players x {ROUNDS} rounds", file=sys.stderr, flush=True)
        run = subprocess.run(
            [sys.executable, "-m", "bench.large_events", "--one", str(players),
             "--pair-up-to", str(options.pair_up_to), "--bbp-up-to", str(options.bbp_up_to)],
            capture_output=True, text=True, check=False,
        )  # fmt: skip
        sys.stderr.write(run.stderr)
        if run.returncode != 0:
            raise SystemExit(f"{players} players: exit {run.returncode}")
        results[players] = json.loads(run.stdout.strip().splitlines()[-1])
    steps = list(dict.fromkeys(k for r in results.values() for k in r))
    steps = [s for s in steps if s not in ("build", "export")]
    print(f"{'step':18s}" + "".join(f"{p:>16,d}" for p in results) + "   growth")
    for step in steps:
        cells = []
        for players in results:
            figure = results[players].get(step)
            cells.append(f"{figure[0]:9.1f} s {figure[1]:4.0f}M" if figure else f"{'-':>16s}")
        sizes = [p for p in results if step in results[p]]
        first, largest = min(sizes), max(sizes)
        growth = results[largest][step][0] / max(results[first][step][0], 1e-6)
        print(
            f"{step:18s}" + "".join(f"{c:>16s}" for c in cells)
            + f"   {growth:.1f}x time for {largest / first:g}x players"
        )  # fmt: skip
    for players, figures in results.items():
        if "bbpPairings round 12" in figures:
            ours, theirs = figures["pair round 12 CPU"], figures["bbpPairings round 12"]
            print(
                f"{players:,} players, round 12, CPU: ours {ours[0]:.1f} s against "
                f"bbpPairings {theirs[0]:.1f} s ({ours[0] / theirs[0]:.2f}x), the same pairs"
            )


if __name__ == "__main__":
    main(sys.argv[1:])
