"""Importing a 200,000-player FIDE rating list: seconds and peak memory.

The file is generated here in the official layouts (the standard list's fixed-column TXT, and
its XML), then imported through the service on a fresh SQLite file, as an arbiter's upload
would be. Measured in one run:

* the import of the TXT and of the XML list (read, checked, stored in batches), each timed;
* the baseline: reading the same file with the reader alone (no database), so the ratio is
  what storing adds;
* memory: the process's peak resident size after the imports, and the reader's peak Python
  allocations (tracemalloc) on a tenth of the file and on the whole of it — equal peaks show
  that memory does not grow with the file (it is streamed, never held whole).

Run: ``python -m bench rating_list`` or ``python -m bench.rating_list --players 500000``.
"""

from __future__ import annotations

import argparse
import os
import random
import resource
import tempfile
import time
import tracemalloc
from pathlib import Path

from bench import summary

HEADER = (
    "ID Number      Name                                                         "
    "Fed Sex Tit  WTit OTit           FOA SEP26 Gms K  B-day Flag"
)
FEDERATIONS = ["CHN", "IND", "GER", "FRA", "ESP", "USA", "RUS", "NOR", "BRA", "EGY"]
TITLES = ["", "", "", "", "", "", "CM", "FM", "IM", "GM"]


def _players(count: int, seed: int = 26):
    rng = random.Random(seed)
    for index in range(count):
        rating = rng.choice([0, rng.randint(1400, 2800)])
        yield (
            10_000_000 + index,
            f"Surname{index:06d}, Given",
            rng.choice(FEDERATIONS),
            rng.choice("MF"),
            rng.choice(TITLES),
            rating,
            rng.randint(1940, 2018),
        )


def write_txt(path: Path, count: int) -> None:
    with path.open("w", encoding="utf-8", newline="\r\n") as out:
        out.write(HEADER + "\n")
        for fide_id, name, fed, sex, title, rating, born in _players(count):
            line = (
                f"{fide_id:<15}{name:<61}{fed:<4}{sex:<4}{title:<5}{'':<5}{'':<15}{'':<4}"
                f"{rating or '':<6}{0:<4}{20:<3}{born:<6}"
            )
            out.write(line.rstrip() + "\n")


def write_xml(path: Path, count: int) -> None:
    with path.open("w", encoding="utf-8") as out:
        out.write('<?xml version="1.0" encoding="UTF-8"?>\n<playerslist>\n')
        for fide_id, name, fed, sex, title, rating, born in _players(count):
            out.write(
                f"<player><fideid>{fide_id}</fideid><name>{name}</name><country>{fed}</country>"
                f"<sex>{sex}</sex><title>{title}</title><w_title></w_title><o_title></o_title>"
                f"<foa_title></foa_title><rating>{rating or ''}</rating><games>0</games>"
                f"<k>20</k><birthday>{born}</birthday><flag></flag></player>\n"
            )
        out.write("</playerslist>\n")


def _setup_django(directory: str) -> None:
    os.environ["DATABASE_URL"] = f"sqlite:///{Path(directory) / 'bench.sqlite3'}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arbiter.settings")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)


def _read_only(path: Path) -> int:
    from tournaments.ratinglist.reader import read_rating_list

    with path.open("rb") as stream:
        return sum(1 for _ in read_rating_list(stream, name=path.name).entries)


def _reader_peak(path: Path) -> int:
    tracemalloc.start()
    _read_only(path)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak


def _import(path: Path) -> tuple[float, float, int]:
    """Wall-clock and CPU seconds of one import (the machine may be shared), players stored."""
    from tournaments.services.ratings import import_rating_list

    start, cpu = time.perf_counter(), time.process_time()
    with path.open("rb") as stream:
        rating_list = import_rating_list(stream, name=path.name)
    return time.perf_counter() - start, time.process_time() - cpu, rating_list.player_count


def _peak_rss_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m bench.rating_list", description=summary(__doc__)
    )
    parser.add_argument("--players", type=int, default=200_000)
    options = parser.parse_args(argv)
    count = options.players
    with tempfile.TemporaryDirectory() as directory:
        folder = Path(directory)
        txt, xml = folder / "standard_sep26frl.txt", folder / "standard_sep26frl_xml.xml"
        tenth = folder / "standard_sep26frl_tenth.txt"
        write_txt(txt, count)
        write_xml(xml, count)
        write_txt(tenth, max(count // 10, 1))
        print(
            f"{count} players: TXT {txt.stat().st_size / 2**20:.1f} MiB, "
            f"XML {xml.stat().st_size / 2**20:.1f} MiB"
        )
        _setup_django(directory)
        rss_before = _peak_rss_mib()
        for label, path in (("TXT", txt), ("XML", xml)):
            start = time.perf_counter()
            read = _read_only(path)
            baseline = time.perf_counter() - start
            seconds, cpu, stored = _import(path)
            if not read == stored == count:
                raise SystemExit(
                    f"ERROR: {label}: {read} players read and {stored} stored of {count}"
                )
            print(
                f"{label}: import {seconds:.1f} s ({cpu:.1f} s CPU) for {stored} players "
                f"({stored / seconds:,.0f} a second); reading alone {baseline:.1f} s "
                f"(import / reading {seconds / baseline:.1f})"
            )
        print(
            f"peak resident memory {_peak_rss_mib():.0f} MiB "
            f"({rss_before:.0f} MiB before the imports)"
        )
        small, whole = _reader_peak(tenth), _reader_peak(txt)
        print(
            f"reader's peak allocations: {small / 2**20:.2f} MiB for {count // 10} players, "
            f"{whole / 2**20:.2f} MiB for {count} (ratio {whole / small:.2f}: streamed)"
        )


if __name__ == "__main__":
    main()
