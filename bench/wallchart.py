"""The wall chart of a 1,000-player, 11-round Swiss as PDF: seconds and peak memory.

The sheet is the deterministic Swiss of ``bench.standings_scoring``. Measured in one run
(best of three for times; peak memory in a separate run under ``tracemalloc``, which slows
the code down while it counts):

* the PDF: the wall chart table built from the standings, laid out and rendered to bytes;
* the baseline: the standings the chart prints (the scoring package with BH/C1, BH, SB),
  so the ratio says what printing adds to computing;
* the same chart for 250 and 500 players, to show that the time grows about linearly.

Run: ``python -m bench wallchart`` or ``python -m bench.wallchart --players 2000``.
"""

from __future__ import annotations

import argparse
import os
import sys
import tracemalloc
from collections.abc import Callable

from bench import summary
from bench._timing import best_of

TIEBREAKS = ["BH/C1", "BH", "SB"]


def _setup_django() -> None:
    # The reports translate their labels, so Django's settings must be loaded; no database.
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arbiter.settings")
    import django

    django.setup()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=summary(__doc__))
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=11)
    parser.add_argument("--repeat", type=int, default=3)
    options = parser.parse_args(argv or [])
    _setup_django()
    from bench.standings_scoring import swiss_sheet
    from tournaments.reports.event import event_for_sheet
    from tournaments.reports.pdf import TableReport
    from tournaments.reports.tables import wall_chart_table
    from tournaments.scoring.standings import compute_standings

    def chart(players: int) -> Callable[[], bytes]:
        sheet = swiss_sheet(players, options.rounds)
        standings = compute_standings(sheet, TIEBREAKS)
        event = event_for_sheet(sheet, TIEBREAKS)
        return lambda: TableReport(event, wall_chart_table(sheet, standings)).generate()[2]

    sheet = swiss_sheet(options.players, options.rounds)
    render = chart(options.players)
    data = render()
    pages = data.count(b"/Type /Page\n")
    seconds = best_of(options.repeat, render)
    baseline = best_of(options.repeat, lambda: compute_standings(sheet, TIEBREAKS))
    tracemalloc.start()
    render()
    _current, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"{options.players} players, {options.rounds} rounds, tie-breaks {', '.join(TIEBREAKS)}")
    print(f"  wall chart PDF      {seconds:8.3f} s   {pages} pages, {len(data) / 1e6:.2f} MB")
    print(f"  baseline standings  {baseline:8.3f} s   ratio {seconds / baseline:6.1f}")
    print(f"  peak memory         {peak / 2**20:8.1f} MiB (tracemalloc, while rendering)")
    for fraction in (4, 2):
        smaller = chart(options.players // fraction)
        part = best_of(options.repeat, smaller)
        print(
            f"  {options.players // fraction:5d} players      {part:8.3f} s   "
            f"{options.players} players take {seconds / part:4.1f}x (linear: {fraction}x)"
        )


if __name__ == "__main__":
    main(sys.argv[1:])
