"""The cross-test (FIDE checklist A9): random tournaments checked both ways against another
pairing engine that speaks the bbpPairings/JaVaFo command line.

* Ours generate, theirs check: :func:`generate_tournament` pairs an event with the default
  engine, and the other engine re-pairs it (``ENGINE FILE -c``); every round it reports is a
  discrepancy, explained by the absolute rule the pairing it wanted breaks, else by the Dutch
  rules' comparison of the two pairings (the quality criterion that decides, or that the
  other engine's pairing is the better one, or that both are equally good).
* Theirs generate, ours check: the other engine makes an event from a configuration file
  (``ENGINE -g CONFIG -o FILE [-s SEED]``), and :func:`check_trf` re-pairs and checks it;
  every round with a finding is a discrepancy, with the checker's explanation.

The configuration follows the same random plan as our generator (players, rounds, rates,
ratings), so both sides cover the same kind of event. Tournaments run in worker processes when
``jobs`` is more than one. Framework-free, like the rest of the package.
"""

from __future__ import annotations

import enum
import hashlib
import random
import re
import shlex
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from tournaments.pairing.base import Pairing, PairingError, file_accelerations, recorded_pairing
from tournaments.pairing.checker import (
    CheckInputError,
    RoundFinding,
    check_trf,
    file_round_state,
    file_tiebreaks,
)
from tournaments.pairing.dutch.explain import explain
from tournaments.pairing.generator import (
    GeneratorError,
    GeneratorSettings,
    Plan,
    UnpairableRound,
    generate_tournament,
    make_plan,
)
from tournaments.pairing.validate import validate_round
from tournaments.scoring.standings import compute_standings
from tournaments.scoring.tiebreaks import TieBreakSettings, parse_tiebreak
from tournaments.trf import TrfDocument, TrfError, read_trf

NO_VALID_PAIRING = 1
"""The exit status bbpPairings and JaVaFo give when no valid pairing exists."""

SMALL_EVENT = GeneratorSettings(players=6, rounds=3, seed=1)
"""The event the engine is first tried on, to tell at once whether it can be run at all."""


class CrossTestError(Exception):
    """The other engine cannot be run (or fails where any engine must succeed)."""


class Direction(enum.Enum):
    OURS = "ours"
    """Our generator pairs the event, the other engine checks it."""
    THEIRS = "theirs"
    """The other engine generates the event, our checker checks it."""

    @property
    def label(self) -> str:
        return "ours → theirs" if self is Direction.OURS else "theirs → ours"


@dataclass(frozen=True)
class Engine:
    """The other engine's command, split into words (``bbpPairings --dutch``)."""

    argv: tuple[str, ...]
    timeout: float = 600.0

    @classmethod
    def from_command(cls, command: str, timeout: float = 600.0) -> Engine:
        """The engine a command line names; :class:`CrossTestError` if it cannot be run."""
        try:
            argv = tuple(shlex.split(command))
        except ValueError as error:
            raise CrossTestError(f"engine command {command!r}: {error}") from None
        if not argv:
            raise CrossTestError("the engine command is empty")
        if shutil.which(argv[0]) is None:
            raise CrossTestError(f"engine {argv[0]!r} cannot be run: no such program")
        return cls(argv, timeout)

    @property
    def name(self) -> str:
        return " ".join(self.argv)

    def run(self, arguments: Sequence[str], folder: Path) -> subprocess.CompletedProcess[str]:
        try:
            return subprocess.run(
                [*self.argv, *arguments],
                capture_output=True,
                text=True,
                timeout=self.timeout,
                cwd=folder,
                check=False,
            )
        except subprocess.TimeoutExpired:
            raise CrossTestError(
                f"engine {self.name!r} did not finish within {self.timeout:g} s"
            ) from None
        except OSError as error:
            raise CrossTestError(f"engine {self.name!r} cannot be run: {error.strerror}") from None

    def check(self, path: Path) -> subprocess.CompletedProcess[str]:
        return self.run([path.name, "-c"], path.parent)

    def standings(self, path: Path, tiebreaks: Sequence[str]) -> subprocess.CompletedProcess[str]:
        """A tie-break reference's standings of the file, on TieBreakServer's command line:
        rank order, tab-separated (rank, starting number, points, each tie-break)."""
        return self.run(["-i", path.name, "-s", "-r", "-dT", "-t", "PTS", *tiebreaks], path.parent)

    def pair(self, path: Path) -> subprocess.CompletedProcess[str]:
        """Pair the file's next round (``-p``): exit status :data:`NO_VALID_PAIRING` when
        no valid pairing exists."""
        return self.run([path.name, "-p"], path.parent)

    def generate(
        self, config: Path, output: Path, seed: int | None
    ) -> subprocess.CompletedProcess[str]:
        arguments = ["-g", config.name, "-o", output.name]
        if seed is not None:
            arguments += ["-s", str(seed)]
        return self.run(arguments, output.parent)


@dataclass(frozen=True)
class Discrepancy:
    """A round the two engines pair differently (``round`` 0: the whole event)."""

    round: int
    lines: tuple[str, ...]

    @property
    def is_reading_difference(self) -> bool:
        """Whether a known reading difference of FIDE's text explains it (see
        :func:`classified`): reported, but not counted as a discrepancy."""
        return bool(self.lines) and self.lines[0].startswith(READING_DIFFERENCE)


@dataclass(frozen=True)
class TournamentOutcome:
    direction: Direction
    seed: int
    players: int
    rounds: int
    discrepancies: tuple[Discrepancy, ...] = ()
    skipped: str = ""
    """Why the event is unfinishable, so not compared: a round neither engine can pair
    (the generating engine found no valid pairing, and the other agrees where it can be
    asked). Not a discrepancy; reported apart."""
    seconds: float = 0.0
    pairings: str = ""
    """The sha256 of the compared file's pairings (:func:`pairings_digest`); empty when no
    file was made."""

    @property
    def title(self) -> str:
        return (
            f"{self.direction.label}, seed {self.seed} "
            f"({self.players} players, {self.rounds} rounds)"
        )

    def as_dict(self) -> dict[str, object]:
        """The outcome as plain data (a background job keeps it as JSON)."""
        return {
            "direction": self.direction.value,
            "seed": self.seed,
            "players": self.players,
            "rounds": self.rounds,
            "discrepancies": [[d.round, list(d.lines)] for d in self.discrepancies],
            "skipped": self.skipped,
            "seconds": self.seconds,
            "pairings": self.pairings,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> TournamentOutcome:
        return cls(
            Direction(data["direction"]),
            int(data["seed"]),
            int(data["players"]),
            int(data["rounds"]),
            tuple(Discrepancy(int(r), tuple(lines)) for r, lines in data["discrepancies"]),
            str(data["skipped"]),
            float(data["seconds"]),
            str(data.get("pairings", "")),
        )

    @property
    def differences(self) -> tuple[Discrepancy, ...]:
        """The discrepancies no known reading difference explains."""
        return tuple(d for d in self.discrepancies if not d.is_reading_difference)

    @property
    def reading_differences(self) -> int:
        return len(self.discrepancies) - len(self.differences)

    @property
    def digest(self) -> str:
        """The sha256 of what was compared: the event (way, seed, size), the pairings of
        the file the generating engine made, why it was unfinishable, and every round the
        checking engine paired otherwise, with its lines (the boards it wanted): the same
        event run again gives the same digest, whatever its timing."""
        text = [f"{self.direction.value} {self.seed} {self.players} {self.rounds}"]
        text.append(f"pairings {self.pairings}")
        if self.skipped:
            text.append(f"unfinishable {self.skipped}")
        for discrepancy in self.discrepancies:
            text.append(f"round {discrepancy.round}")
            text += [f"  {line.rstrip()}" for line in discrepancy.lines]
        return hashlib.sha256("\n".join(text).encode()).hexdigest()

    @property
    def tiebreak_differences(self) -> int:
        """The discrepancies in the final standings against the tie-break reference."""
        return sum(1 for d in self.differences if d.lines[:1] and d.lines[0].startswith(TIE))

    def report(self) -> list[str]:
        """What the run prints of this event: why it was skipped, or each discrepancy with
        its round and the rule involved; nothing when the engines agree."""
        if self.skipped:
            return [f"{self.title}: unfinishable: {self.skipped}"]
        lines = []
        for discrepancy in self.discrepancies:
            where = f"round {discrepancy.round}" if discrepancy.round else "event"
            lines.append(f"{self.title}, {where}:")
            lines += [f"    {line.rstrip()}" for line in discrepancy.lines]
        return lines


@dataclass
class Tally:
    """One way's totals as outcomes come in; the tallies of a run's parts add up."""

    direction: Direction
    tournaments: int = 0
    unfinishable: int = 0
    rounds: int = 0
    discrepancies: int = 0
    """Rounds paired differently that no known reading difference explains."""
    tournaments_with: int = 0
    reading_differences: int = 0
    """Rounds paired differently because the engines read FIDE's text differently
    (:data:`READING_DIFFERENCES` argues each case): reported, counted apart."""
    seconds: float = 0.0
    """The time the tournaments took, one after another (a worker's time, not the wall's)."""

    def add(self, outcome: TournamentOutcome) -> None:
        self.tournaments += 1
        self.seconds += outcome.seconds
        if outcome.skipped:
            self.unfinishable += 1
            return
        self.rounds += outcome.rounds
        self.discrepancies += len(outcome.differences)
        self.tournaments_with += bool(outcome.differences)
        self.reading_differences += outcome.reading_differences

    def merge(self, other: Tally) -> None:
        for name in TALLIED:
            setattr(self, name, getattr(self, name) + getattr(other, name))

    def as_dict(self) -> dict[str, float]:
        return {name: getattr(self, name) for name in TALLIED}

    @classmethod
    def from_dict(cls, direction: Direction, data: dict[str, Any]) -> Tally:
        return cls(direction, **{name: data.get(name, 0) for name in TALLIED})

    def summary(self, per_minute: float) -> str:
        found, events = self.discrepancies, self.tournaments_with
        return (
            f"{self.direction.label}: {self.tournaments} tournaments "
            f"({self.unfinishable} unfinishable, not compared), "
            f"{self.rounds} rounds, {found} discrepanc{'y' if found == 1 else 'ies'} in "
            f"{events} tournament{'' if events == 1 else 's'}, "
            f"{self.reading_differences} reading difference"
            f"{'' if self.reading_differences == 1 else 's'} apart; "
            f"{per_minute:.1f} tournaments/min"
        )

    def running(self, of: int, per_minute: float) -> str:
        """The totals while the run goes on: done of ``of``, at ``per_minute``, and the
        time left at that rate."""
        left = (of - self.tournaments) / per_minute if per_minute else 0.0
        return (
            f"{self.direction.label}: {self.tournaments} of {of} tournaments, "
            f"{self.discrepancies} discrepancies, {self.reading_differences} reading "
            f"differences, {self.unfinishable} unfinishable; "
            f"{per_minute:.1f} tournaments/min, about {duration(left)} left"
        )


TALLIED = (
    "tournaments",
    "unfinishable",
    "rounds",
    "discrepancies",
    "tournaments_with",
    "reading_differences",
    "seconds",
)


def duration(minutes: float) -> str:
    """A time in minutes as people say it: "25 min", "3.5 h", "2.1 days"."""
    if minutes < 120:
        return f"{minutes:.0f} min"
    if minutes < 48 * 60:
        return f"{minutes / 60:.1f} h"
    return f"{minutes / 60 / 24:.1f} days"


@dataclass(frozen=True)
class Task:
    direction: Direction
    engine: Engine
    seed: int
    fixed_seed: bool
    """Pass the seed to the other engine (``-s``) when the run's seed was given."""
    keep: Path | None = None
    """Where to copy the file of an event with a discrepancy."""
    settings: GeneratorSettings = field(default_factory=GeneratorSettings)
    """What the run fixes of each event (the rest is drawn from the event's seed)."""
    tiebreaks: Engine | None = None
    """The tie-break reference the final standings of every event are compared with."""

    @property
    def plan(self) -> Plan:
        return make_plan(replace(self.settings, seed=self.seed))


def compared(tiebreaks: Engine | None) -> str:
    """What a cross-test compares, said in its report."""
    if tiebreaks is None:
        return (
            "Compared: each round's pairing, both ways, and with theirs generating the points "
            "and ranks the file gives; tie-breaks are not compared (no tie-break reference)."
        )
    return (
        "Compared: each round's pairing, both ways, and with theirs generating the points "
        "and ranks the file gives; each event's final ranks and tie-break values against "
        f"{tiebreaks.name} (DE through the ranks only: each program writes its value on its "
        "own scale)."
    )


def unfinishable_lines(outcomes: Sequence[TournamentOutcome]) -> list[str]:
    """The unfinishable events, listed apart from the discrepancies (none: no lines)."""
    unfinishable = [outcome for outcome in outcomes if outcome.skipped]
    if not unfinishable:
        return []
    return [
        f"Unfinishable events ({len(unfinishable)}: a round neither engine can pair; "
        "not discrepancies, not compared):",
        *(f"    {line}" for outcome in unfinishable for line in outcome.report()),
    ]


def tournament_seeds(seed: int, direction: Direction, count: int) -> list[int]:
    """The seeds of a run's ``count`` tournaments one way, drawn from the run's seed; each
    one regenerates its tournament alone (``generate_tournament --seed`` for ours)."""
    rng = random.Random(f"crosstest {seed} {direction.value}")
    return [rng.randrange(2**32) for _ in range(count)]


def probe(engine: Engine) -> None:
    """Run the engine's check on a small event; :class:`CrossTestError` unless it works."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "probe.trf"
        path.write_text(generate_tournament(SMALL_EVENT).text, encoding="utf-8")
        done = engine.check(path)
    if done.returncode != 0:
        message = _first_line(done.stderr or done.stdout) or f"exit status {done.returncode}"
        raise CrossTestError(f"engine {engine.name!r} failed to check a 6-player event: {message}")


def run_crosstest(
    engine: Engine,
    direction: Direction,
    seeds: Sequence[int],
    *,
    jobs: int = 1,
    fixed_seed: bool = True,
    keep: Path | None = None,
    settings: GeneratorSettings | None = None,
    tiebreaks: Engine | None = None,
) -> Iterator[TournamentOutcome]:
    """Each tournament's outcome, in the order of ``seeds``, as they finish. ``settings``
    fixes what every event shares (players, rounds, …); with ``keep``, the file of each event
    with a discrepancy is copied into that folder; with ``tiebreaks``, every event's final
    standings are compared with that tie-break reference's."""
    base = settings or GeneratorSettings()
    tasks = [Task(direction, engine, seed, fixed_seed, keep, base, tiebreaks) for seed in seeds]
    if jobs <= 1:
        yield from map(run_task, tasks)
        return
    pool = ProcessPoolExecutor(max_workers=jobs)
    try:
        yield from pool.map(run_task, tasks)
    finally:
        # On an error, or when the caller stops early, the tournaments not started are dropped.
        pool.shutdown(wait=True, cancel_futures=True)


def run_task(task: Task) -> TournamentOutcome:
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        if task.direction is Direction.OURS:
            outcome = _ours_generate(task, Path(folder))
        else:
            outcome = _theirs_generate(task, Path(folder))
        if outcome.discrepancies and task.keep is not None:
            for path in Path(folder).glob("*.trf"):
                shutil.copy(path, task.keep / path.name)
    return replace(outcome, seconds=time.perf_counter() - started)


# ---- ours generate, theirs check -----------------------------------------------------------


def _ours_generate(task: Task, folder: Path) -> TournamentOutcome:
    plan = task.plan
    outcome = TournamentOutcome(task.direction, task.seed, plan.players, plan.rounds)
    try:
        generated = generate_tournament(replace(task.settings, seed=task.seed))
    except UnpairableRound as error:
        return _unpaired_by_us(task, folder, outcome, error)
    except GeneratorError as error:
        return replace(outcome, discrepancies=(Discrepancy(0, (f"our engine: {error}",)),))
    path = folder / f"ours_{task.seed}.trf"
    path.write_text(generated.text, encoding="utf-8")
    done = task.engine.check(path)
    if done.returncode != 0:
        message = _first_line(done.stderr or done.stdout) or f"exit status {done.returncode}"
        return replace(
            outcome, discrepancies=(Discrepancy(0, (f"the engine refused the file: {message}",)),)
        )
    document = read_trf(generated.text)
    outcome = replace(outcome, pairings=pairings_digest(document))
    found = (
        *read_check_report(done.stdout, document),
        *compare_tiebreaks(task, path, document),
    )
    return replace(outcome, discrepancies=found)


def _unpaired_by_us(
    task: Task, folder: Path, outcome: TournamentOutcome, error: UnpairableRound
) -> TournamentOutcome:
    """Our engine found no valid pairing for a round: the other engine is asked to pair the
    same round of the same event. If it finds none either, the event is unfinishable (not a
    discrepancy); if it pairs the round, ours missed a pairing."""
    path = folder / f"ours_{task.seed}_round_{error.round}.trf"
    path.write_text(error.text, encoding="utf-8")
    done = task.engine.pair(path)
    if done.returncode == NO_VALID_PAIRING:
        return replace(outcome, skipped=f"neither engine can pair round {error.round}")
    message = (
        f"our engine finds no valid pairing for round {error.round}; "
        f"the engine's answer (exit status {done.returncode}):"
    )
    answer = [line.rstrip() for line in (done.stdout or done.stderr).splitlines() if line.strip()]
    return replace(outcome, discrepancies=(Discrepancy(error.round, (message, *answer)),))


_ROUND_HEADER = re.compile(r"Round #?(\d+)\b")
_NO_PAIRING = re.compile(r"No valid pairing exists for round (\d+)")
_TABLE_ROW = re.compile(r"^\s*(?:(\d+)\s*-\s*(\d+))?\s+(\d+)\s*-\s*(\d+)\s*$")


def read_check_report(output: str, document: TrfDocument) -> Iterator[Discrepancy]:
    """The rounds the other engine's check reports, each explained by our round check of the
    pairing it wanted."""
    blocks: dict[int, list[str]] = {}
    current = 0
    for line in output.splitlines():
        header = _ROUND_HEADER.search(line)
        if header and not _NO_PAIRING.search(line):
            current = int(header[1])
            continue
        missing = _NO_PAIRING.search(line)
        if missing:
            blocks.setdefault(int(missing[1]), []).append(
                "the engine finds no valid pairing for the round"
            )
        elif line.strip():
            blocks.setdefault(current, []).append(line.rstrip())
    for number, lines in sorted(blocks.items()):
        yield Discrepancy(number, (*lines, *_explain_theirs(document, number, lines)))


def _explain_theirs(document: TrfDocument, number: int, lines: Sequence[str]) -> list[str]:
    """What our round check says of the other engine's pairing, rebuilt from its table
    (``theirs ours`` rows of the boards that differ)."""
    theirs, ours = [], []
    for line in lines:
        row = _TABLE_ROW.match(line)
        if row:
            if row[1]:
                theirs.append((int(row[1]), int(row[2])))
            ours.append((int(row[3]), int(row[4])))
    if not ours or number < 1:
        return []
    sheet = document.to_sheet()
    recorded = recorded_pairing(sheet, number)
    boards = {*recorded.pairs, *((rank, 0) for rank in recorded.byes)} - set(ours)
    boards |= set(theirs)
    wanted = Pairing(
        pairs=tuple(sorted(b for b in boards if b[1])),
        byes=tuple(sorted(b[0] for b in boards if not b[1])),
    )
    try:
        state = file_round_state(document, number, sheet)
    except PairingError as error:
        return [f"our check: {error}"]
    check = validate_round(state, wanted)
    if check.errors:
        return [f"our check of the engine's pairing: {error}" for error in check.errors]
    comparison = explain(state, wanted, recorded).describe()
    return [f"by the Dutch rules (their pairing as the file, ours as the engine): {comparison}"]


# ---- theirs generate, ours check -----------------------------------------------------------


def generator_config(plan: Plan) -> str:
    """The bbpPairings/JaVaFo generator configuration for the same kind of event as ``plan``.

    Their rates are "one in X": ``ForfeitRate`` of games, ``HalfPointByeRate`` and
    ``RetiredRate`` (zero-point byes) of players over the event; ours are chances per game or
    per player and round, converted here. Their generator has no key for full-point byes,
    double forfeits or 0-0, ½-0 and 0-½ games: those are left to ours.
    """
    later_rounds = max(plan.rounds - 1, 1)
    zero_bye_share = max(0.0, 1 - plan.half_bye_share - plan.full_bye_share)
    half_byes = plan.bye_rate * later_rounds * plan.half_bye_share
    zero_byes = plan.bye_rate * later_rounds * zero_bye_share + plan.withdraw_rate * later_rounds
    if plan.ratings.kind == "range":
        low, high = plan.ratings.low, plan.ratings.high
    else:
        low, high = 1400, 2600
    lines = [
        f"PlayersNumber={plan.players}",
        f"RoundsNumber={plan.rounds}",
        f"DrawPercentage={round(plan.draw_rate * 100)}",
        f"ForfeitRate={_one_in(plan.forfeit_rate, least=1)}",
        f"HalfPointByeRate={_one_in(half_byes, least=1)}",
        f"RetiredRate={_one_in(zero_byes, least=2)}",
        f"HighestRating={high}",
        f"LowestRating={low}",
    ]
    return "\n".join(lines) + "\n"


def _one_in(chance: float, *, least: int) -> int:
    """ "One in X" for a chance (a million for none)."""
    if chance <= 0:
        return 1_000_000
    return max(least, round(1 / chance))


def _theirs_generate(task: Task, folder: Path) -> TournamentOutcome:
    plan = task.plan
    outcome = TournamentOutcome(task.direction, task.seed, plan.players, plan.rounds)
    config, path = folder / "config.txt", folder / f"theirs_{task.seed}.trf"
    config.write_text(generator_config(plan), encoding="utf-8")
    done = task.engine.generate(config, path, task.seed if task.fixed_seed else None)
    if done.returncode == NO_VALID_PAIRING:
        # bbpPairings writes no file then: ours cannot be asked about the same round.
        return replace(outcome, skipped=_first_line(done.stderr) or "no valid pairing")
    if done.returncode != 0 or not path.exists():
        message = _first_line(done.stderr or done.stdout) or f"exit status {done.returncode}"
        failure = Discrepancy(0, (f"the engine failed to generate the event: {message}",))
        return replace(outcome, discrepancies=(failure,))
    try:
        document = read_trf(path.read_bytes())
    except TrfError as error:
        return replace(outcome, discrepancies=(Discrepancy(0, (f"unreadable file: {error}",)),))
    outcome = replace(outcome, pairings=pairings_digest(document))
    try:
        check = check_trf(document)
    except CheckInputError as error:
        return replace(outcome, discrepancies=(Discrepancy(0, (f"our checker: {error}",)),))
    findings = tuple(
        Discrepancy(
            finding.round, tuple(classified(document, finding.round, describe_finding(finding)))
        )
        for finding in check.rounds
        if finding.has_findings
    )
    players = tuple(
        Discrepancy(0, (f"standings: {finding.describe()}",)) for finding in check.players
    )
    tiebreaks = tuple(compare_tiebreaks(task, path, document))
    return replace(outcome, discrepancies=findings + players + tiebreaks)


# ---- the final standings against a tie-break reference ---------------------------------------

TIE = "tie-breaks: "
"""How each line of a difference in the final standings begins."""

RANK_ONLY = frozenset({"DE"})
"""Tie-breaks whose value each program writes on its own scale (ours: DE is the place within
the tied group; TieBreakServer's another): compared through the ranks they give."""


def compare_tiebreaks(task: Task, path: Path, document: TrfDocument) -> list[Discrepancy]:
    """The event's final standings by our tie-break code and by the tie-break reference,
    with the event's tie-break list (the file's 202, else the event's plan): every player
    whose rank or tie-break value differs. Nothing without a reference."""
    if task.tiebreaks is None:
        return []
    names = file_tiebreaks(document) or task.plan.tiebreaks
    specs = [parse_tiebreak(name) for name in names]
    standings = compute_standings(
        document.to_sheet(), specs, settings=TieBreakSettings(round_robin=False)
    )
    done = task.tiebreaks.standings(path, [spec.name for spec in specs])
    try:
        header, *rows = [line.split("\t") for line in done.stdout.strip().splitlines()]
        theirs = {int(row[1]): row for row in rows}
    except (ValueError, IndexError):
        message = _first_line(done.stderr or done.stdout) or f"exit status {done.returncode}"
        return [Discrepancy(0, (f"tie-breaks: the reference gave no standings: {message}",))]
    lines = []
    for row in standings.rows:
        other = theirs.get(row.start_rank)
        if other is None:
            lines.append(f"player {row.start_rank}: not in the reference's standings")
            continue
        if row.rank and int(other[0]) != row.rank:
            lines.append(f"player {row.start_rank}: rank {row.rank}, the reference's {other[0]}")
        for name, text, value in zip(header[3:], other[3:], row.tiebreaks, strict=False):
            if value.spec.code in RANK_ONLY or value.value is None:
                continue
            if abs(float(value.value) - float(text)) > 0.005:
                lines.append(
                    f"player {row.start_rank}: {name} {value.display}, the reference's {text}"
                )
    if not lines:
        return []
    return [Discrepancy(0, tuple(f"{TIE}{line}" for line in lines))]


def describe_finding(finding: RoundFinding) -> list[str]:
    """A round our checker finds fault with, in words."""
    lines = []
    if finding.engine_error:
        lines.append(f"our engine could not pair it: {finding.engine_error}")
    elif not finding.pairing_matches and finding.engine is not None:
        lines.append(
            f"the file pairs {_boards(finding.only_in_file)}; "
            f"our engine pairs {_boards(finding.only_by_engine)}"
        )
    if finding.explanation:
        lines.append(f"by the Dutch rules: {finding.explanation}")
    lines += [f"rule broken: {error}" for error in finding.errors]
    return lines


def _boards(boards: Sequence[tuple[int, int]]) -> str:
    return ", ".join(
        f"{white} bye" if black == 0 else f"{white}-{black}" for white, black in boards
    )


def _first_line(text: str) -> str:
    return next((line.strip() for line in text.splitlines() if line.strip()), "")


def pairings_digest(document: TrfDocument) -> str:
    """The sha256 of a file's pairings, round by round: each game as white-black in the
    order of white's starting rank, then the pairing-allocated byes (the order
    :func:`recorded_pairing` gives, which does not depend on how the file is laid out)."""
    sheet = document.to_sheet()
    lines = []
    for number in range(1, sheet.rounds + 1):
        pairing = recorded_pairing(sheet, number)
        games = " ".join(f"{white}-{black}" for white, black in pairing.pairs)
        byes = " ".join(str(rank) for rank in sorted(pairing.byes))
        lines.append(f"{number}: {games} | {byes}")
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()


# ---- reading differences -------------------------------------------------------------------

READING_DIFFERENCES = "docs/reading-differences.md"
"""Where each known reading difference with the other engine is argued from FIDE's text."""

READING_DIFFERENCE = "reading difference"
"""How the first line of a round explained by a reading difference begins."""


def reading_difference(document: TrfDocument, number: int) -> str:
    """Why round ``number`` may be paired differently because the two engines read FIDE's
    text differently, or ``""``. One known case: Baku acceleration named only in record 192,
    where bbpPairings puts ⌈N/2⌉ players in GA and C.04.5.1 "the first half of the players,
    rounded up to the nearest even number" (2 × ⌈N/4⌉)."""
    if not document.baku_stated or document.acceleration or document.acceleration_250:
        return ""
    ours = file_accelerations(document)
    ranks = sorted(player.start_rank for player in document.players)
    theirs = set(ranks[: -(-len(ranks) // 2)])
    accelerated = any(len(points) >= number and points[number - 1] for points in ours.values())
    if set(ours) == theirs or not accelerated:
        return ""
    return (
        f"{READING_DIFFERENCE} (see {READING_DIFFERENCES}): Baku group GA from record 192 is "
        f"{len(ours)} players here (C.04.5.1, 2 x ceil(N/4)), {len(theirs)} for bbpPairings"
    )


def classified(document: TrfDocument, number: int, lines: Sequence[str]) -> list[str]:
    """A round's discrepancy lines, headed by the reading difference that explains it."""
    why = reading_difference(document, number)
    return [why, *lines] if why else list(lines)
