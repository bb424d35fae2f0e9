"""Checking a whole PGN file, on one core or several.

The file is streamed: on one core, game by game; on several, the main process cuts the file
into chunks of whole games and worker processes check them, with at most a few chunks in
flight so memory stays flat whatever the file's size. Reports come back in file order, with
game numbers and line numbers as if the file had been read in one go.
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass, replace
from functools import partial
from typing import TYPE_CHECKING

from games.rules.records import GameRecord, decode_lines, detect_file_encoding, read_pgn
from games.rules.report import GameReport, check_game, unchecked_report
from games.rules.rulesets import Ruleset

if TYPE_CHECKING:
    from multiprocessing.pool import AsyncResult

__all__ = ["Summary", "check_file", "check_safely"]

CHUNK_BYTES = 256 * 1024
MIN_CHUNK_BYTES = 32 * 1024
# Below this size (about 200 games, a quarter of a second on one core) a file is checked in
# the main process: forking the workers and sending them the games costs more than it saves.
PARALLEL_MIN_BYTES = 192 * 1024

Progress = Callable[[int], None]
Check = Callable[[GameRecord], GameReport]


@dataclass
class Summary:
    """Counts over a file's reports."""

    games: int = 0
    all_legal: int = 0
    with_errors: int = 0
    not_checked: int = 0
    mismatches: int = 0
    syntax_problems: int = 0
    plies: int = 0

    def add(self, report: GameReport) -> None:
        self.games += 1
        self.plies += report.plies
        if report.setup_error:
            self.not_checked += 1
        elif report.error:
            self.with_errors += 1
        else:
            self.all_legal += 1
        self.mismatches += report.mismatch is not None
        self.syntax_problems += bool(report.problems)

    def as_text(self) -> str:
        return (
            f"{self.games} games, {self.plies} plies: {self.all_legal} with every move legal, "
            f"{self.with_errors} with an illegal or unreadable move, {self.not_checked} not "
            f"checked, {self.mismatches} result mismatches, {self.syntax_problems} with "
            "syntax problems"
        )

    def as_dict(self) -> dict[str, int]:
        return dict(vars(self))


def check_file(
    path: str,
    ruleset: Ruleset,
    *,
    jobs: int | None = None,
    progress: Progress | None = None,
    mate_search_nodes: int = 0,
    encoding: str | None = None,
) -> Iterator[GameReport]:
    """Reports for every game of the PGN file at ``path``, in order.

    ``jobs``: worker processes (default: every core, for files large enough to gain from
    it; 1 checks in this process). ``progress`` is called with the bytes read so far.
    ``encoding``: see :mod:`games.rules.text` (default: detected). Raises ``OSError`` if
    the file cannot be opened.
    """
    size = os.path.getsize(path)
    workers = jobs if jobs is not None else (os.cpu_count() or 1)
    codec = encoding or detect_file_encoding(path)
    check = partial(check_safely, ruleset=ruleset, mate_search_nodes=mate_search_nodes)
    if workers > 1 and size >= PARALLEL_MIN_BYTES:
        chunk_bytes = _chunk_bytes(size, workers)
        yield from _check_parallel(path, check, workers, progress, codec, chunk_bytes)
    else:
        yield from _check_serial(path, check, progress, codec)


def check_safely(record: GameRecord, ruleset: Ruleset, mate_search_nodes: int = 0) -> GameReport:
    """:func:`check_game`, except that a defect met in one game becomes that game's report
    instead of ending the whole file's check."""
    try:
        return check_game(record, ruleset, mate_search_nodes=mate_search_nodes)
    except Exception as error:  # one broken game must not stop the next ones
        return unchecked_report(record, ruleset, f"could not be checked: {error!r}")


def _check_serial(
    path: str, check: Check, progress: Progress | None, encoding: str
) -> Iterator[GameReport]:
    with open(path, "rb") as stream:
        for record in read_pgn(decode_lines(stream, encoding)):
            yield check(record)
            if progress is not None:
                progress(stream.tell())


def _chunk_bytes(size: int, workers: int) -> int:
    """About eight chunks per worker, so that the workers finish together (the last chunk
    keeps one worker busy alone), but no chunk so small that sending it costs much."""
    return max(MIN_CHUNK_BYTES, min(CHUNK_BYTES, size // (8 * workers)))


@dataclass(frozen=True)
class _Chunk:
    first_line: int
    lines: list[bytes]
    encoding: str


def _chunks(path: str, encoding: str, chunk_bytes: int) -> Iterator[tuple[_Chunk, int]]:
    """Whole-game pieces of the file, each with the bytes read once it is cut.

    A cut goes before a tag line that follows a blank line after movetext (outside any
    comment), which is where the reader ends a game too.
    """
    with open(path, "rb") as stream:
        lines: list[bytes] = []
        first_line, size = 1, 0
        previous_blank, after_movetext, comment_depth = False, False, 0
        for number, line in enumerate(stream, start=1):
            if number == 1:
                line = line.removeprefix(b"\xef\xbb\xbf")
            blank = not line.strip()
            if (
                size >= chunk_bytes
                and line.startswith(b"[")
                and previous_blank
                and after_movetext
                and not comment_depth
            ):
                yield _Chunk(first_line, lines, encoding), stream.tell() - len(line)
                lines, first_line, size = [], number, 0
            lines.append(line)
            size += len(line)
            if not blank:
                after_movetext = not line.lstrip().startswith(b"[")
                if b"{" in line or b"}" in line:
                    comment_depth = max(0, comment_depth + line.count(b"{") - line.count(b"}"))
            previous_blank = blank
        if lines:
            yield _Chunk(first_line, lines, encoding), stream.tell()


def _check_chunk(chunk: _Chunk, check: Check) -> list[GameReport]:
    records = read_pgn(decode_lines(chunk.lines, chunk.encoding), first_line=chunk.first_line)
    return [check(record) for record in records]


def _check_parallel(
    path: str,
    check: Check,
    workers: int,
    progress: Progress | None,
    encoding: str,
    chunk_bytes: int,
) -> Iterator[GameReport]:
    import multiprocessing  # here: a small file, checked in this process, starts sooner

    games_before = 0
    pending: deque[tuple[AsyncResult[list[GameReport]], int]] = deque()
    with multiprocessing.get_context("fork").Pool(workers) as pool:
        for chunk, done in _chunks(path, encoding, chunk_bytes):
            pending.append((pool.apply_async(_check_chunk, (chunk, check)), done))
            if len(pending) >= 2 * workers:
                games_before = yield from _drain_one(pending, games_before, progress)
        while pending:
            games_before = yield from _drain_one(pending, games_before, progress)


def _drain_one(
    pending: deque[tuple[AsyncResult[list[GameReport]], int]],
    games_before: int,
    progress: Progress | None,
) -> Generator[GameReport, None, int]:
    result, done = pending.popleft()
    reports = result.get()
    for report in reports:
        number = games_before + report.number
        error = replace(report.error, game=number) if report.error else None
        yield replace(report, number=number, error=error)
    if progress is not None:
        progress(done)
    return games_before + len(reports)
