"""Every team file of tests/data imported as a team event and exported again, and checked
both ways the test suite checks a sample (``tests/tournaments/trf_teams/test_round_trip.py``).
The two ways:

* the export in the file's own version (TRF16 for a file with records 013, else TRF-2026) is
  the file but for trailing blanks, the application's header records the file lacked (062,
  072, ``XXR``, ``XXC``) and ``### Import @ Round n`` for a round that breaks the pairing
  rules, confirmed;
* the application's own TRF-2026 rendering, from the models alone, gives the file's team
  records (310 but for its rank, 320, 240, 330, 300, 352, 362) and every player's round
  cells (TRF-2026 files only: a TRF16 file has no 310 to compare). The rank written is the
  event's published place, shared by teams level on everything it ranks by; the generated
  files, which name no tie-break, split teams level on match points by game points.

Prints a line per file that differs, then the counts and the time; exits 1 on a difference.

Measured on the shared 2-core machine: the 60 generated events and the 2 real files, 62
imports, 0 differences either way, 21.5 s; one generated event (047, random Swiss pairings)
has a round breaking C.04.6's absolute rules (a second pairing-allocated bye, [C2]), imported
once confirmed.

Run: ``python -m bench team_trf_round_trip``.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from bench import summary

DATA = Path(__file__).resolve().parent.parent / "tests" / "data" / "teams"
ADDED = {"062", "072", "XXR", "XXC"}
TEAM_RECORDS = {"310", "013", "300", "320", "330", "352", "362", "240"}


def _lines(text: str) -> list[str]:
    return [line.rstrip() for line in text.splitlines()]


def _export_differs(source: str, exported: str) -> bool:
    present = {line[:3] for line in _lines(source)}
    dropped = (ADDED - present) | {"###"}
    return [line for line in _lines(exported) if line[:3] not in dropped] != _lines(source)


def _cells(text: str) -> dict[str, list[str]]:
    return {
        line[4:8]: [line[i : i + 10].rstrip() for i in range(89, len(line), 10)]
        for line in _lines(text)
        if line.startswith("001")
    }


def _unranked(line: str) -> str:
    """A record 310 without its rank (columns 69-71)."""
    return line[:68] + "   " + line[71:] if line.startswith("310") else line


def _models_differ(source: str, rendered: str) -> bool:
    def team(text: str) -> list[str]:
        return [_unranked(line) for line in _lines(text) if line[:3] in TEAM_RECORDS]

    return team(source) != team(rendered) or _cells(source) != _cells(rendered)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=summary(__doc__))
    parser.add_argument(
        "--only", default="", help="only the files whose name contains this text (e.g. real)"
    )
    args = parser.parse_args(argv)
    from bench.standings_queries import _setup_django

    _setup_django(tempfile.mkdtemp(prefix="arbiter-team-trf-"))
    from tournaments.models import TournamentLog
    from tournaments.services.trf_exchange import export_trf, import_trf
    from tournaments.services.trf_exchange.exporting import _application_text

    paths = sorted((DATA / "generated").glob("*.trf")) + sorted((DATA / "real").glob("*.trf"))
    paths = [path for path in paths if args.only in str(path.relative_to(DATA))]
    start = time.perf_counter()
    differing = confirmed = 0
    for path in paths:
        source = path.read_text(encoding="utf-8")
        version = 16 if any(line.startswith("013") for line in _lines(source)) else 2026
        event = import_trf(source, filename=path.name, confirm="confirm")
        if event.log.filter(kind=TournamentLog.Kind.IMPORT, message__contains="breaks").exists():
            confirmed += 1
        problems = []
        if _export_differs(source, export_trf(event, version=version)):
            problems.append("export")
        if version == 2026 and _models_differ(source, _application_text(event, 2026, [], None)):
            problems.append("models")
        if problems:
            differing += 1
            print(f"{path.name}: {', '.join(problems)} differ")
    elapsed = time.perf_counter() - start
    print(
        f"{len(paths)} team files imported and exported: {differing} differ; {confirmed} "
        f"with rounds breaking the pairing rules, imported once confirmed; {elapsed:.1f} s"
    )
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
