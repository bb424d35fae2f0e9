"""Swiss pairing engines behind :class:`PairingEngine`: our own FIDE Dutch engine (the
default, :mod:`tournaments.pairing.dutch`), py4swiss in process (the Dutch rules in force until
30 June 2025, for older events), or an external binary (bbpPairings, JaVaFo) run on a TRF file.

py4swiss and external programs read the same TRF(x) file, written by :func:`engine_document`:
the rounds before the one to pair (an adjourned game, or one whose result is missing, counts as
a draw), the requested byes and withdrawals entered in that round's column, ``XXR`` (rounds),
``XXC`` (first colour), ``XXP`` (forbidden pairs), ``XXA`` (acceleration) and ``XXS`` when the
point system is not FIDE's default.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path

from tournaments.pairing.base import Pairing, PairingEngine, PairingError, PairingState
from tournaments.pairing.dutch import DutchEngine
from tournaments.scoring.sheet import Color, Outcome, RoundEntry
from tournaments.trf import TrfDocument, TrfRecord, write_trf

# TRF16 writes women "w"; Swiss-Manager and TRF-2026 files use "f". py4swiss accepts only
# m/w, and no engine pairs by sex or birth date, so the engine's file carries neither otherwise.
_ENGINE_SEX = {"m": "m", "w": "w", "f": "w"}

_OPPONENTLESS_FORFEIT = {
    Outcome.FORFEIT_WIN: Outcome.PAIRING_BYE,
    Outcome.FORFEIT_LOSS: Outcome.ZERO_BYE,
}

_PY4SWISS_SYSTEMS = {"dutch": "DutchEngine", "burstein": "BursteinEngine", "dubov": "DubovEngine"}
"""py4swiss's engine classes by system. py4swiss is imported when a round is paired, not with
this module: importing it costs a third of a second that every command and web process
would otherwise pay at start-up."""


def engine_document(state: PairingState) -> TrfDocument:
    """The TRF(x) document a pairing engine reads to pair ``state.round``: players and the
    records engines use, nothing else (sex as ``m``/``w``, no birth dates, no headers), since
    py4swiss refuses much of what real files carry."""
    players = []
    for player in state.sheet.players:
        entries = {e.round: e for e in player.rounds if e.round < state.round}
        rounds = []
        for number in range(1, state.round):
            entry = entries.get(number, RoundEntry(round=number, outcome=Outcome.ZERO_BYE))
            if entry.outcome is Outcome.ADJOURNED or (
                entry.outcome is Outcome.NOT_PAIRED and entry.opponent is not None
            ):
                # An adjourned game, or one whose result is missing, is a draw for pairing.
                entry = replace(entry, outcome=Outcome.DRAW)
            elif entry.outcome is Outcome.NOT_PAIRED:
                entry = replace(entry, outcome=Outcome.ZERO_BYE)
            if entry.opponent is None and entry.outcome in _OPPONENTLESS_FORFEIT:
                # Older programs wrote the bye as "0000 - +" and an absence as "0000 - -";
                # engines know those only as U and Z.
                entry = replace(entry, outcome=_OPPONENTLESS_FORFEIT[entry.outcome])
            elif entry.opponent is not None and entry.color is None:
                # A forfeit written without colours: engines want opposite colours on the
                # two lines, and ignore the colours of unplayed games.
                lower = player.start_rank < entry.opponent
                entry = replace(entry, color=Color.WHITE if lower else Color.BLACK)
            rounds.append(entry)
        bye = state.requested_byes.get(player.start_rank)
        if bye is None and state.is_withdrawn(player.start_rank):
            bye = Outcome.ZERO_BYE
        if bye is not None:
            rounds.append(RoundEntry(round=state.round, outcome=bye))
        players.append(
            replace(
                player,
                rounds=rounds,
                withdrawn_after=None,
                sex=_ENGINE_SEX.get(player.sex.lower(), ""),
                birth="",
            )
        )
    # Headers stay out: py4swiss refuses several 112 lines, a blank 132 and TRF-2026 codes.
    sheet = replace(state.sheet, players=players, rounds=state.round - 1, extra={})
    planned = max(state.planned_rounds or 0, state.round)
    first = "white1" if state.initial_color is Color.WHITE else "black1"
    records = [TrfRecord(f"XXR {planned}"), TrfRecord(f"XXC {first}")]
    records += [TrfRecord(f"XXP {a} {b}") for a, b in state.forbidden]
    records += [
        TrfRecord(f"XXA {rank:4d}" + "".join(f" {float(points):4.1f}" for points in virtual))
        for rank, virtual in sorted(state.accelerations.items())
    ]
    return TrfDocument.from_sheet(sheet, records=records)


def pair_round(state: PairingState, engine: PairingEngine | None = None) -> Pairing:
    """Pair ``state.round`` with ``engine`` (by default our FIDE Dutch engine, the rules
    applied from 1 July 2025)."""
    return (engine or DutchEngine()).pair(state)


def engine_label(engine: PairingEngine | None) -> str:
    """The name and rule edition of an engine, as rounds and exports show it."""
    return str(getattr(engine or DutchEngine(), "label", type(engine).__name__))


@dataclass(frozen=True)
class Py4SwissEngine:
    """py4swiss (MIT): FIDE Dutch as in force until 30 June 2025, Burstein or Dubov."""

    system: str = "dutch"

    @property
    def label(self) -> str:
        if self.system == "dutch":
            return "py4swiss, FIDE C.04.3 (2017, until 30 June 2025)"
        return f"py4swiss, FIDE {self.system.capitalize()} system"

    def pair(self, state: PairingState) -> Pairing:
        # py4swiss ships no type information.
        import py4swiss.engines  # type: ignore[import-untyped]
        from py4swiss.engines.common import (  # type: ignore[import-untyped]
            PairingError as Py4SwissPairingError,
        )
        from py4swiss.trf import TrfParser  # type: ignore[import-untyped]
        from py4swiss.trf.exceptions import (  # type: ignore[import-untyped]
            ConsistencyError,
            LineError,
            ParsingError,
        )

        name = _PY4SWISS_SYSTEMS.get(self.system)
        if name is None:
            raise PairingError(
                f"unknown py4swiss system {self.system!r}; one of {', '.join(_PY4SWISS_SYSTEMS)}"
            )
        engine = getattr(py4swiss.engines, name)
        with tempfile.TemporaryDirectory() as directory:
            path = Path(directory) / "round.trf"
            path.write_text(write_trf(engine_document(state)), encoding="utf-8")
            try:
                parsed = TrfParser.parse(path, strict=True)
                result = engine.generate_pairings(parsed)
            except (ParsingError, LineError, ConsistencyError, Py4SwissPairingError) as error:
                raise PairingError(f"py4swiss cannot pair round {state.round}: {error}") from None
        return _checked(state, [(p.white, p.black) for p in result], "py4swiss")


@dataclass(frozen=True)
class ExternalEngine:
    """A pairing program run on a TRF file; ``command`` holds ``{input}`` and ``{output}``.

    The program writes the bbpPairings/JaVaFo ``-p`` format: the number of pairs, then one
    ``white black`` line per board, ``N 0`` for the pairing-allocated bye.
    """

    command: tuple[str, ...]
    timeout: float = 300.0

    @property
    def label(self) -> str:
        return Path(self.command[0]).name

    @classmethod
    def find(cls) -> ExternalEngine | None:
        """bbpPairings (Dutch) or JaVaFo if one is on the PATH, else ``None``."""
        for name in ("bbpPairings", "bbpPairings.exe"):
            if shutil.which(name):
                return cls(command=(name, "--dutch", "{input}", "-p", "{output}"))
        if shutil.which("javafo"):
            return cls(command=("javafo", "{input}", "-p", "{output}"))
        return None

    def pair(self, state: PairingState) -> Pairing:
        with tempfile.TemporaryDirectory() as directory:
            source, target = Path(directory) / "round.trf", Path(directory) / "pairs.txt"
            source.write_text(write_trf(engine_document(state)), encoding="utf-8")
            arguments = [a.format(input=source, output=target) for a in self.command]
            try:
                run = subprocess.run(
                    arguments, capture_output=True, text=True, timeout=self.timeout, check=False
                )
            except (OSError, subprocess.TimeoutExpired) as error:
                raise PairingError(f"{self.command[0]} could not run: {error}") from None
            if run.returncode != 0 or not target.exists():
                message = (run.stderr or run.stdout).strip() or f"exit status {run.returncode}"
                raise PairingError(f"{self.command[0]} cannot pair round {state.round}: {message}")
            pairs = parse_engine_output(target.read_text(encoding="utf-8"), self.command[0])
        return _checked(state, pairs, self.command[0])


def parse_engine_output(text: str, engine: str = "the engine") -> list[tuple[int, int]]:
    """The ``-p`` output of bbpPairings/JaVaFo: ``(white, black)`` pairs, black 0 for a bye."""
    lines = [line.split() for line in text.splitlines() if line.strip()]
    try:
        count = int(lines[0][0])
        pairs = [(int(line[0]), int(line[1])) for line in lines[1:]]
    except (IndexError, ValueError):
        raise PairingError(f"{engine} wrote output that is not a list of pairs") from None
    if count != len(pairs):
        raise PairingError(f"{engine} announced {count} pairs but wrote {len(pairs)}")
    return pairs


def _checked(state: PairingState, raw: Sequence[tuple[int, int]], engine: str) -> Pairing:
    """Our :class:`Pairing`, after checking the engine paired exactly who it had to."""
    pairing = Pairing(
        pairs=tuple((w, b) for w, b in raw if b != 0),
        byes=tuple(w for w, b in raw if b == 0),
    )
    if sorted(pairing.players) != sorted(state.to_pair):
        raise PairingError(
            f"{engine} paired players {sorted(pairing.players)}, "
            f"but round {state.round} has to pair {sorted(state.to_pair)}"
        )
    return pairing
