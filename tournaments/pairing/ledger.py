"""The cross-test campaign's ledger (FIDE checklist A9): the campaign run in slices, one line
per slice in a committed file, each line enough to run its slice again and check it.

A slice is ``size`` random tournaments each way against the other engine, drawn from the
slice's seed (:func:`slice_seed`, from its number). Its line says what was found (rounds,
unfinishable events, discrepancies, reading differences, tie-break differences or "not
compared") and the sha256 of what was compared: each tournament's :attr:`digest
<tournaments.pairing.crosstest.TournamentOutcome.digest>` (the pairings of the file the
generating engine made and every round the checking engine paired otherwise), ours → theirs
in seed order, then theirs → ours. Running the slice again from its seed with the same engine
gives the same line, but for the CPU time it took.

Appending runs the next slices (after the last slice of the file) and writes each line as
soon as its slice is done, so a campaign stopped anywhere resumes where it stopped; only one
run appends to a file at a time (a lock on the file). Framework-free, like the rest of the
package.
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import random
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, fields
from pathlib import Path

from tournaments.pairing.crosstest import (
    CrossTestError,
    Direction,
    Engine,
    TournamentOutcome,
    run_crosstest,
    tournament_seeds,
)
from tournaments.pairing.generator import GeneratorSettings

SLICE = 25
"""Tournaments each way in a slice: about a minute of CPU time, so a slice is checked again
quickly and a campaign stopped anywhere loses little."""

NOT_COMPARED = "not compared"
RANDOM = "random"

HEADER = """\
# The cross-test campaign's ledger (FIDE checklist A9): one line per slice, tab-separated.
# slice: the slice's number; seed: its seed (tournament seeds drawn as crosstest --seed does).
# ours_to_theirs, theirs_to_ours: tournaments each way (ours generate and the other engine
#   checks; the other engine generates and ours checks).
# players, event_rounds: every event's size, or "random" (9-150 players, 5-11 rounds).
# rounds: the rounds compared, both ways; unfinishable: events neither engine can pair (not
#   compared).
# discrepancies: rounds paired differently that no known reading difference explains, and
#   final standings that differ (docs/reading-differences.md argues each reading difference).
# reading_differences: rounds paired differently by a known reading difference (apart).
# tiebreak_differences: events whose final standings differ from the tie-break reference's,
#   or "not compared" (no reference).
# engine: the other engine's command (files named without their folders), then after " | "
#   the tie-break reference's, if any.
# cpu_seconds: the CPU time the slice took (this program and the engine's; not compared).
# sha256: the digest of what was compared (each event's pairings, as each engine made them).
# Check it: python manage.py crosstest --verify-ledger --sample N --engine "COMMAND".
"""


class LedgerError(Exception):
    """The ledger cannot be read, or is being appended to by another run."""


@dataclass(frozen=True)
class SliceLine:
    """One slice's line of the ledger."""

    slice: int
    seed: int
    ours_to_theirs: int
    theirs_to_ours: int
    players: str
    event_rounds: str
    rounds: int
    unfinishable: int
    discrepancies: int
    reading_differences: int
    tiebreak_differences: str
    engine: str
    cpu_seconds: str
    sha256: str

    REPRODUCED = (
        "ours_to_theirs",
        "theirs_to_ours",
        "rounds",
        "unfinishable",
        "discrepancies",
        "reading_differences",
        "tiebreak_differences",
        "sha256",
    )
    """What a slice run again must give the same (not its time, nor how the engine was
    named)."""

    @classmethod
    def columns(cls) -> list[str]:
        return [f.name for f in fields(cls)]

    def text(self) -> str:
        return "\t".join(str(getattr(self, name)) for name in self.columns())

    @classmethod
    def parse(cls, text: str, number: int) -> SliceLine:
        cells = text.rstrip("\n").split("\t")
        names = cls.columns()
        if len(cells) != len(names):
            raise LedgerError(f"ledger line {number}: {len(cells)} columns, {len(names)} expected")
        values: dict[str, object] = {}
        for name, cell in zip(names, cells, strict=True):
            kind = cls.__dataclass_fields__[name].type
            if kind == "int":
                if not cell.isdigit():
                    raise LedgerError(f"ledger line {number}: {name} {cell!r} is not a number")
                values[name] = int(cell)
            else:
                values[name] = cell
        line = cls(**values)  # type: ignore[arg-type]
        line._check(number)
        return line

    def _check(self, number: int) -> None:
        if len(self.sha256) != 64 or any(c not in "0123456789abcdef" for c in self.sha256):
            raise LedgerError(f"ledger line {number}: sha256 {self.sha256!r} is not a digest")
        for name in ("players", "event_rounds"):
            value = getattr(self, name)
            if value != RANDOM and not value.isdigit():
                raise LedgerError(f"ledger line {number}: {name} {value!r}")
        compared = self.tiebreak_differences
        if compared != NOT_COMPARED and not compared.isdigit():
            raise LedgerError(f"ledger line {number}: tiebreak_differences {compared!r}")

    @property
    def tiebreaks_compared(self) -> bool:
        return self.tiebreak_differences != NOT_COMPARED

    @property
    def settings(self) -> GeneratorSettings:
        """What every event of the slice shares (the rest is drawn from its seed)."""
        return GeneratorSettings(
            players=None if self.players == RANDOM else int(self.players),
            rounds=None if self.event_rounds == RANDOM else int(self.event_rounds),
        )

    def differences(self, other: SliceLine) -> list[str]:
        """What ``other`` (the slice run again) gives otherwise, in words."""
        return [
            f"{name} {getattr(self, name)} in the ledger, {getattr(other, name)} run again"
            for name in self.REPRODUCED
            if getattr(self, name) != getattr(other, name)
        ]


def slice_seed(number: int) -> int:
    """Slice ``number``'s seed: fixed by its number, so the campaign is the same wherever it
    is resumed."""
    return random.Random(f"crosstest ledger slice {number}").randrange(2**32)


def engine_label(engine: Engine) -> str:
    """The engine as the ledger names it: its command, each file named without its folder
    (the ledger is the same on every machine)."""
    return " ".join(Path(word).name if "/" in word else word for word in engine.argv)


def _cpu_seconds() -> float:
    """This process's CPU time and that of the programs it ran and waited for."""
    times = os.times()
    return times.user + times.system + times.children_user + times.children_system


def run_slice(
    engine: Engine,
    number: int,
    seed: int,
    *,
    size: int = SLICE,
    settings: GeneratorSettings | None = None,
    tiebreaks: Engine | None = None,
    report: Callable[[TournamentOutcome], None] | None = None,
) -> SliceLine:
    """Run slice ``number`` from ``seed``: ``size`` tournaments each way; its ledger line.
    ``report`` sees each tournament's outcome as it comes (to print its discrepancies)."""
    settings = settings or GeneratorSettings()
    started = _cpu_seconds()
    counts: dict[Direction, int] = {}
    digests = []
    rounds = unfinishable = found = reading = tie = 0
    for direction in Direction:
        seeds = tournament_seeds(seed, direction, size)
        counts[direction] = 0
        for outcome in run_crosstest(
            engine, direction, seeds, fixed_seed=True, settings=settings, tiebreaks=tiebreaks
        ):
            counts[direction] += 1
            digests.append(outcome.digest)
            if outcome.skipped:
                unfinishable += 1
            else:
                rounds += outcome.rounds
            found += len(outcome.differences)
            reading += outcome.reading_differences
            tie += outcome.tiebreak_differences
            if report is not None:
                report(outcome)
    return SliceLine(
        slice=number,
        seed=seed,
        ours_to_theirs=counts[Direction.OURS],
        theirs_to_ours=counts[Direction.THEIRS],
        players=RANDOM if settings.players is None else str(settings.players),
        event_rounds=RANDOM if settings.rounds is None else str(settings.rounds),
        rounds=rounds,
        unfinishable=unfinishable,
        discrepancies=found,
        reading_differences=reading,
        tiebreak_differences=NOT_COMPARED if tiebreaks is None else str(tie),
        engine=engine_label(engine)
        + ("" if tiebreaks is None else f" | {engine_label(tiebreaks)}"),
        cpu_seconds=f"{_cpu_seconds() - started:.1f}",
        sha256=hashlib.sha256("".join(f"{d}\n" for d in digests).encode()).hexdigest(),
    )


def read_ledger(path: Path) -> list[SliceLine]:
    """The ledger's slices, in order; an absent file is an empty ledger. Raises
    :class:`LedgerError` on a line that does not read, or slices out of order."""
    if not path.exists():
        return []
    lines: list[SliceLine] = []
    names = "\t".join(SliceLine.columns())
    for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        if not text.strip() or text.startswith("#") or text == names:
            continue
        line = SliceLine.parse(text, number)
        expected = lines[-1].slice + 1 if lines else 1
        if line.slice != expected:
            raise LedgerError(f"ledger line {number}: slice {line.slice}, {expected} expected")
        lines.append(line)
    return lines


class Appender:
    """The ledger opened to append to, locked against another run appending at once."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.file = path.open("a", encoding="utf-8")
        try:
            fcntl.flock(self.file, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            self.file.close()
            raise LedgerError(f"{path} is being appended to by another run") from None
        if self.file.tell() == 0:
            self.file.write(HEADER + "\t".join(SliceLine.columns()) + "\n")
            self.file.flush()

    def append(self, line: SliceLine) -> None:
        """Write the line whole, and to the disk, before the next slice starts."""
        self.file.write(line.text() + "\n")
        self.file.flush()
        os.fsync(self.file.fileno())

    def close(self) -> None:
        self.file.close()  # which releases the lock

    def __enter__(self) -> Appender:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def append_slices(
    path: Path,
    engine: Engine,
    slices: int,
    *,
    size: int = SLICE,
    settings: GeneratorSettings | None = None,
    tiebreaks: Engine | None = None,
    report: Callable[[TournamentOutcome], None] | None = None,
) -> Iterator[SliceLine]:
    """Run the ``slices`` slices after the ledger's last, appending each line as its slice
    ends; yields each line once written."""
    with Appender(path) as ledger:
        done = read_ledger(path)
        first = done[-1].slice + 1 if done else 1
        for number in range(first, first + slices):
            line = run_slice(
                engine,
                number,
                slice_seed(number),
                size=size,
                settings=settings,
                tiebreaks=tiebreaks,
                report=report,
            )
            ledger.append(line)
            yield line


@dataclass(frozen=True)
class Totals:
    each_way: int
    discrepancies: int
    reading_differences: int
    tiebreaks_compared: int
    """Tournaments each way whose final standings were compared with a tie-break reference."""

    @classmethod
    def of(cls, lines: Sequence[SliceLine]) -> Totals:
        return cls(
            each_way=min(
                sum(line.ours_to_theirs for line in lines),
                sum(line.theirs_to_ours for line in lines),
            ),
            discrepancies=sum(line.discrepancies for line in lines),
            reading_differences=sum(line.reading_differences for line in lines),
            tiebreaks_compared=sum(
                min(line.ours_to_theirs, line.theirs_to_ours)
                for line in lines
                if line.tiebreaks_compared
            ),
        )

    def text(self) -> str:
        return (
            f"ledger: {self.each_way} each way, {self.discrepancies} discrepancies, "
            f"{self.reading_differences} reading differences, "
            f"tie-breaks compared in {self.tiebreaks_compared}"
        )


def verify_slice(
    line: SliceLine, engine: Engine, tiebreaks: Engine | None = None
) -> tuple[SliceLine, list[str]]:
    """Run the ledger's slice again from its seed: the line it gives, and what differs."""
    if line.tiebreaks_compared and tiebreaks is None:
        reference = line.engine.partition(" | ")[2] or "a tie-break reference"
        raise CrossTestError(
            f"slice {line.slice} compared tie-breaks with {reference}: give it (--tiebreak-engine)"
        )
    again = run_slice(
        engine,
        line.slice,
        line.seed,
        size=line.ours_to_theirs,
        settings=line.settings,
        tiebreaks=tiebreaks if line.tiebreaks_compared else None,
    )
    problems = []
    if line.ours_to_theirs != line.theirs_to_ours:
        problems.append("not as many tournaments each way")
    return again, problems + line.differences(again)
