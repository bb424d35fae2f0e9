"""The TRF document: every line of a file as a value, players parsed into fields.

A :class:`TrfDocument` is the file in order: :class:`TrfPlayer` for each ``001`` line and
:class:`TrfRecord` for every other line (headers, extensions, comments, Swiss-Manager ruler
lines, blank lines and codes this module does not know), so that writing it back reproduces
the file. The typed properties (:attr:`TrfDocument.point_system`,
:attr:`TrfDocument.round_dates`, …) read the records on demand; the reader has checked them.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction

from tournaments.limits import MAX_ROUNDS
from tournaments.scoring.sheet import (
    Color,
    Outcome,
    PlayerSheet,
    PointSystem,
    RoundEntry,
    TournamentSheet,
)
from tournaments.trf import points as trf_points

RESULT_CODES = "1=0+-WDLHFUZ?X "
"""Result codes of a round block: TRF16's, TRF-2026's ``?`` (and ``X``) for adjourned, blank."""

_OUTCOME_BY_CODE: dict[str, Outcome] = {
    **{outcome.value: outcome for outcome in Outcome},
    "?": Outcome.ADJOURNED,
}

_BYE_240 = {"H": Outcome.HALF_BYE, "F": Outcome.FULL_BYE, "Z": Outcome.ZERO_BYE}

_TITLES_TRF06 = {
    "g": "GM",
    "m": "IM",
    "f": "FM",
    "c": "CM",
    "wg": "WGM",
    "wm": "WIM",
    "wf": "WFM",
    "wc": "WCM",
}

# Tournament-level records (TRF16 and TRF-2026) that to_sheet() copies into the sheet's extra.
HEADER_NAMES = {
    "012": "name",
    "022": "city",
    "032": "federation",
    "042": "start date",
    "052": "end date",
    "062": "number of players",
    "072": "number of rated players",
    "082": "number of teams",
    "092": "type of tournament",
    "102": "chief arbiter",
    "112": "deputy chief arbiter",
    "122": "time control",
    "132": "round dates",
    "142": "number of rounds",
    "152": "initial colour",
    "162": "scoring system",
    "172": "rating method",
    "192": "encoded type of tournament",
    "202": "tie-breaks",
    "212": "tie-breaks defining standings",
    "222": "encoded time control",
    "240": "byes",
    "250": "acceleration",
    "260": "prohibited pairings",
    "299": "abnormal points",
}


@dataclass(frozen=True)
class TrfGame:
    """One 10-column round block of a player line: opponent, colour and result code.

    ``opponent`` is ``None`` for an unpaired round (``0000``, ``0`` or blank in the file);
    ``color`` is ``w``, ``b``, ``-`` or blank; ``result`` the code as written (one of
    :data:`RESULT_CODES` in either case, or a code this module does not know, which the reader
    reported). ``text`` is the block as read, so that an unchanged block is written back as it
    was (``0000`` or blanks, ``-`` or blank colour).
    """

    opponent: int | None
    color: str
    result: str
    text: str = field(default="", compare=False, repr=False)

    @property
    def known(self) -> bool:
        """Whether the result code is one TRF defines (letters in either case)."""
        return self.result.upper() in _OUTCOME_BY_CODE

    @property
    def outcome(self) -> Outcome:
        """The result code as an :class:`Outcome` (``?`` and ``X`` are both adjourned).

        A code TRF does not define means a result nobody can read: the game stands as paired
        (against its opponent, if any) with no result yet, like a blank code.
        """
        return _OUTCOME_BY_CODE.get(self.result.upper(), Outcome.NOT_PAIRED)

    @property
    def sheet_color(self) -> Color | None:
        return {"w": Color.WHITE, "b": Color.BLACK}.get(self.color)


@dataclass(frozen=True)
class TrfPlayer:
    """A ``001`` line, field by field, exactly as written (``title`` as in the file).

    ``games`` holds one entry per round block; ``None`` marks a blank block (not paired).
    ``points`` and ``rank`` are ``None`` when the columns are blank. ``line`` and ``source``
    (the line as read) are kept so that the writer can reproduce an unchanged line exactly.
    """

    start_rank: int
    name: str
    sex: str = ""
    title: str = ""
    rating: int = 0
    federation: str = ""
    fide_id: str = ""
    birth: str = ""
    points: Fraction | None = None
    rank: int | None = None
    games: tuple[TrfGame | None, ...] = ()
    line: int = field(default=0, compare=False)
    source: str = field(default="", compare=False, repr=False)

    @property
    def full_title(self) -> str:
        """The title in TRF16 form: TRF06's ``g``, ``wm``, … become ``GM``, ``WIM``, …"""
        return _TITLES_TRF06.get(self.title, self.title.upper())

    def game(self, round_number: int) -> TrfGame | None:
        """The block for a round (1-based), ``None`` if blank or beyond the line's end."""
        if 1 <= round_number <= len(self.games):
            return self.games[round_number - 1]
        return None


@dataclass(frozen=True)
class TrfRecord:
    """Any line other than a ``001`` line, kept verbatim (trailing whitespace removed)."""

    text: str
    line: int = field(default=0, compare=False)

    @property
    def code(self) -> str:
        """The record's code: ``012``, ``XXR``, ``###``, … (the first three characters)."""
        return self.text[:3]

    @property
    def value(self) -> str:
        """What follows the code and its separating space."""
        return self.text[4:]


@dataclass(frozen=True)
class TrfDocument:
    """A TRF file: its lines in order, and what the reader noticed (``warnings``)."""

    entries: tuple[TrfPlayer | TrfRecord, ...]
    warnings: tuple[str, ...] = field(default=(), compare=False)

    @property
    def players(self) -> tuple[TrfPlayer, ...]:
        """The ``001`` lines in file order (which need not be starting-rank order)."""
        return tuple(entry for entry in self.entries if isinstance(entry, TrfPlayer))

    @property
    def records(self) -> tuple[TrfRecord, ...]:
        return tuple(entry for entry in self.entries if isinstance(entry, TrfRecord))

    def values(self, code: str) -> list[str]:
        """The values of every record with ``code``, in file order."""
        return [record.value for record in self.records if record.code == code]

    def header(self, code: str) -> str:
        """The first value of ``code`` stripped, ``""`` if there is none."""
        found = self.values(code)
        return found[0].strip() if found else ""

    @property
    def name(self) -> str:
        return self.header("012")

    @property
    def comments(self) -> list[str]:
        """The ``###`` comment records (TRF-2026), without the marker."""
        return [value.strip() for value in self.values("###")]

    @property
    def planned_rounds(self) -> int | None:
        """The number of rounds announced (``XXR``, else record 142), ``None`` if neither."""
        for code in ("XXR", "142"):
            if self.header(code):
                return int(self.header(code).split()[0])
        return None

    @property
    def played_rounds(self) -> int:
        """The last round with a game or a pairing-allocated bye in it.

        Columns after it hold only byes requested in advance (``H``, ``Z``, … as the JaVaFo
        manual's files do for the round about to be paired) and do not make it played.
        """
        last = 0
        for player in self.players:
            for number, game in enumerate(player.games, start=1):
                if game is not None and number > last and _pairing_made(game):
                    last = number
        return last

    @property
    def round_dates(self) -> tuple[str, ...]:
        """Record 132: each round's date as written (``24/08/01``), ``""`` where blank."""
        for value in self.values("132"):
            text = "132 " + value
            dates = [text[start : start + 8].strip() for start in range(91, len(text), 10)]
            while dates and not dates[-1]:
                dates.pop()
            return tuple(dates)
        return ()

    @property
    def point_system(self) -> PointSystem:
        """Points per result: FIDE's 1 / ½ / 0 as changed by ``XXS`` and 162 records, then
        by the 299 records that hold for every round and player."""
        system = PointSystem()
        for record in self.records:
            if record.code == "XXS":
                system = trf_points.apply_xxs(system, record.value)
            elif record.code == "162":
                system = trf_points.apply_record_162(system, record.value)
        for record in self.records:
            if record.code == "299":
                system = trf_points.apply_record_299(system, record.text) or system
        return system

    def forbidden_groups(self, round_number: int | None = None) -> list[frozenset[int]]:
        """Groups of players none of whom may meet another: ``XXP`` lines (every round) and
        TRF-2026 records 260 (their rounds only; all of them when ``round_number`` is None)."""
        groups = [frozenset(int(n) for n in value.split()) for value in self.values("XXP")]
        for value in self.values("260"):
            text = "260 " + value
            first = int(text[4:7].strip() or 0)
            last = int(text[8:11].strip() or 0) or first
            if round_number is not None and first and not first <= round_number <= last:
                continue
            numbers = [text[start : start + 4].strip() for start in range(12, len(text), 5)]
            groups.append(frozenset(int(n) for n in numbers if n))
        return groups

    def requested_byes(self, round_number: int) -> dict[int, Outcome]:
        """Byes announced for a round: TRF-2026 records 240 (``H``, ``F``, ``Z``) and, for the
        round after the last one played, JaVaFo's ``XXZ`` (absent players)."""
        byes: dict[int, Outcome] = {}
        for value in self.values("240"):
            text = "240 " + value
            if int(text[6:9]) != round_number:
                continue
            outcome = _BYE_240.get(text[4].upper(), Outcome.ZERO_BYE)
            for start in range(10, len(text), 5):
                if text[start : start + 4].strip():
                    byes[int(text[start : start + 4])] = outcome
        if round_number == self.played_rounds + 1:
            for value in self.values("XXZ"):
                for number in value.replace(",", " ").split():
                    byes.setdefault(int(number), Outcome.ZERO_BYE)
        return byes

    @property
    def acceleration(self) -> dict[int, tuple[Fraction, ...]]:
        """``XXA``: virtual points per round for a starting rank (Baku acceleration)."""
        accelerations: dict[int, tuple[Fraction, ...]] = {}
        for value in self.values("XXA"):
            text = "XXA " + value
            rounds = [text[start : start + 4] for start in range(9, len(text), 5)]
            accelerations[int(text[4:8])] = tuple(
                trf_points.parse_points(points) if points.strip() else Fraction(0)
                for points in rounds
            )
        return accelerations

    @property
    def acceleration_250(self) -> dict[int, tuple[Fraction, ...]]:
        """TRF-2026 records 250 as :attr:`acceleration` gives ``XXA``: each record's
        fictitious points (columns 10-13) go to the players numbered first to last (23-26,
        28-31) in the rounds first to last (15-17, 19-21), added up where records overlap.
        A record the reader found unreadable (it warned) is left out."""
        ranks = {player.start_rank for player in self.players}
        by_rank: dict[int, dict[int, Fraction]] = {}
        for value in self.values("250"):
            text = "250 " + value
            try:
                points = trf_points.parse_points(text[9:13])
                first_round, last_round = int(text[14:17]), int(text[18:21])
                first_player, last_player = int(text[22:26]), int(text[27:31])
            except ValueError:
                continue
            for rank in sorted(r for r in ranks if first_player <= r <= last_player):
                rounds = by_rank.setdefault(rank, {})
                for number in range(max(first_round, 1), min(last_round, MAX_ROUNDS) + 1):
                    rounds[number] = rounds.get(number, Fraction(0)) + points
        return {
            rank: tuple(rounds.get(n, Fraction(0)) for n in range(1, max(rounds) + 1))
            for rank, rounds in by_rank.items()
            if rounds
        }

    @property
    def baku_stated(self) -> bool:
        """Record 192 names a Baku-accelerated system (TRF-2026's tournament-type codes end in
        ``_BAKU``: ``FIDE_DUTCH_2025_BAKU``, ``FIDE_DUTCH_BAKU``, ``FIDE_BURSTEIN_BAKU``). The
        virtual points are then C.04.5.1's, unless ``XXA`` or 250 records give them: TRF-2026
        says 250 records cause any acceleration method in record 192 to be disregarded."""
        return self.header("192").upper().endswith("_BAKU")

    @property
    def initial_color(self) -> Color | None:
        """The first board's colour in round 1: ``XXC white1``/``black1`` or record 152."""
        for value in self.values("XXC"):
            words = value.lower().split()
            if "white1" in words:
                return Color.WHITE
            if "black1" in words:
                return Color.BLACK
        initial = self.header("152").upper()[:1]
        return {"W": Color.WHITE, "B": Color.BLACK}.get(initial)

    @property
    def start_date(self) -> date | None:
        """Record 042 as a date, when it is one of the usual spellings."""
        return parse_trf_date(self.header("042"))

    def player(self, start_rank: int) -> TrfPlayer:
        for player in self.players:
            if player.start_rank == start_rank:
                return player
        raise KeyError(f"no player with starting rank {start_rank}")

    def player_points(self, player: TrfPlayer, system: PointSystem | None = None) -> Fraction:
        """A player's points by the document's point system, over every round block.

        Byes entered in advance for the next round count, as the pairing engines count them
        (the JaVaFo manual's files state their points that way). Pass ``system`` (the
        document's :attr:`point_system`) when calling this for many players.
        """
        system = system or self.point_system
        return sum(
            (system.points(game.outcome) for game in player.games if game is not None),
            Fraction(0),
        )

    def to_sheet(self) -> TournamentSheet:
        """The outcome sheet the scoring package works on.

        Points follow ``XXS``/162; ``0000 - U`` is the pairing-allocated bye; titles are given
        in TRF16 form (``GM``, ``WFM``); a line shorter than the played rounds is a withdrawal.
        ``extra`` maps each header code present (``022``, ``102``, …) to its value, repeated
        records joined by newlines.
        """
        played = self.played_rounds
        extra: dict[str, str] = {}
        for record in self.records:
            if record.code in HEADER_NAMES:
                previous = extra.get(record.code)
                value = record.value.strip()
                extra[record.code] = value if previous is None else f"{previous}\n{value}"
        return TournamentSheet(
            name=self.name,
            rounds=played,
            players=[_player_sheet(player, played) for player in self.players],
            points=self.point_system,
            start_date=self.start_date,
            extra=extra,
        )

    @classmethod
    def from_sheet(
        cls,
        sheet: TournamentSheet,
        *,
        records: Iterable[TrfRecord] = (),
        ranks: Mapping[int, int] | None = None,
    ) -> TrfDocument:
        """A document for a sheet: a 012 name record, ``records`` (headers, ``XXR``, …), the
        players in starting-rank order. Points are left for the writer to compute.

        Header records the sheet carries in ``extra`` under their TRF codes (as
        :meth:`to_sheet` puts them there) are added unless ``records`` has that code; a
        non-default point system is stated in an ``XXS`` record unless ``records`` states one
        (``XXS`` or 162), so that the points written agree with the sheet's.

        ``ranks`` maps starting rank to standing; without it the rank column orders players by
        points, then starting rank (engines need the column filled, not tie-broken).
        """
        if ranks is None:
            by_points = sorted(
                sheet.players,
                key=lambda p: (
                    -sum(sheet.points.points(e.outcome) for e in p.rounds),
                    p.start_rank,
                ),
            )
            ranks = {player.start_rank: rank for rank, player in enumerate(by_points, start=1)}
        given = list(records)
        codes = {record.code for record in given}
        entries: list[TrfPlayer | TrfRecord] = [TrfRecord(f"012 {sheet.name}")]
        for code in HEADER_NAMES:
            if code != "012" and code not in codes and code in sheet.extra:
                entries.extend(TrfRecord(f"{code} {v}") for v in sheet.extra[code].split("\n"))
        entries.extend(given)
        if not codes & {"XXS", "162"} and not trf_points.is_default(sheet.points):
            entries.append(TrfRecord("XXS " + trf_points.xxs_value(sheet.points)))
        entries.extend(
            _trf_player(player, ranks.get(player.start_rank))
            for player in sorted(sheet.players, key=lambda p: p.start_rank)
        )
        return cls(entries=tuple(entries))


def _pairing_made(game: TrfGame) -> bool:
    return game.opponent is not None or game.result in "U+-"


def _player_sheet(player: TrfPlayer, played: int) -> PlayerSheet:
    rounds = [
        RoundEntry(
            round=number,
            outcome=game.outcome,
            opponent=game.opponent,
            color=game.sheet_color,
        )
        for number, game in enumerate(player.games, start=1)
        if game is not None and (game.outcome is not Outcome.NOT_PAIRED or game.opponent)
    ]
    # A line that stops before the last round played is a withdrawal; blank cells before the
    # player's first round (a late entry) are not.
    withdrawn = len(player.games) if len(player.games) < played else None
    return PlayerSheet(
        start_rank=player.start_rank,
        name=player.name,
        rating=player.rating,
        title=player.full_title,
        federation=player.federation,
        fide_id=player.fide_id.lstrip("0"),
        sex=player.sex,
        birth=player.birth,
        rounds=rounds,
        withdrawn_after=withdrawn,
    )


def _trf_player(player: PlayerSheet, rank: int | None) -> TrfPlayer:
    entries = {entry.round: entry for entry in player.rounds}
    last = max(entries, default=0)
    games: list[TrfGame | None] = []
    for number in range(1, last + 1):
        entry = entries.get(number)
        if entry is None or (entry.outcome is Outcome.NOT_PAIRED and entry.opponent is None):
            games.append(None)
            continue
        color = {Color.WHITE: "w", Color.BLACK: "b", None: "-"}[entry.color]
        games.append(TrfGame(opponent=entry.opponent, color=color, result=entry.outcome.value))
    return TrfPlayer(
        start_rank=player.start_rank,
        name=player.name,
        sex=player.sex,
        title=player.title,
        rating=player.rating,
        federation=player.federation,
        fide_id=player.fide_id,
        birth=player.birth,
        rank=rank,
        games=tuple(games),
    )


_DATE_YMD = re.compile(r"(\d{4})\s*[-/.]\s*(\d{1,2})\s*[-/.]\s*(\d{1,2})")
_DATE_DMY = re.compile(r"(\d{1,2})\s*[-/.]\s*(\d{1,2})\s*[-/.]\s*(\d{4})")


_MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
_DATE_MDY = re.compile(r"([A-Za-z]{3})[a-z]*\.?\s+(\d{1,2}),?\s+(\d{4})")
_DATE_DMY_NAMED = re.compile(r"(\d{1,2})\.?\s+([A-Za-z]{3})[a-z]*\.?,?\s+(\d{4})")


def parse_trf_date(text: str) -> date | None:
    """A header date in the spellings seen in real files (``2024-08-01``, ``2026/02/28``,
    ``24/09/2010``, ``28. 07. 2005``, ``May 29, 2020``, ``29 May 2020``); ``None`` for
    anything else."""
    text = text.strip()
    named = _DATE_MDY.fullmatch(text) or _DATE_DMY_NAMED.fullmatch(text)
    if named:
        month_name, day = (
            (named.group(1), named.group(2))
            if named.re is _DATE_MDY
            else (named.group(2), named.group(1))
        )
        if month_name.lower() not in _MONTHS:
            return None
        try:
            return date(int(named.group(3)), _MONTHS.index(month_name.lower()) + 1, int(day))
        except ValueError:
            return None
    match = _DATE_YMD.fullmatch(text)
    parts: Sequence[str]
    if match:
        parts = match.groups()
    else:
        match = _DATE_DMY.fullmatch(text)
        if not match:
            return None
        parts = match.group(3), match.group(2), match.group(1)
    try:
        return date(int(parts[0]), int(parts[1]), int(parts[2]))
    except ValueError:
        return None


_BIRTH_LAYOUTS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"(\d{4})"), "y"),
    (re.compile(r"(\d{4})\s*[-/.]\s*(\d{1,2})\s*[-/.]\s*(\d{1,2})"), "ymd"),
    (re.compile(r"(\d{1,2})\s*[-/.]\s*(\d{1,2})\s*[-/.]\s*(\d{4})"), "dmy"),
    (re.compile(r"(\d{4})(\d{2})(\d{2})"), "ymd"),
    (re.compile(r"(\d{2})(\d{2})(\d{2})"), "dmY"),
    (re.compile(r"(\d{1,2})\s*[-/.]\s*(\d{1,2})\s*[-/.]\s*(\d{2})"), "dmY"),
)
"""Birth-date layouts real files use: TRF16's ``YYYY/MM/DD`` (any separator), the year
alone, ``DD.MM.YYYY``, ``YYYYMMDD``, and TRF06's ``DDMMYY`` / ``DD.MM.YY``."""


def parse_birth(text: str, today: date | None = None) -> tuple[date | None, int | None]:
    """A birth field as ``(date, None)``, ``(None, year)`` when only the year is known (or
    month and day are zero), ``(None, None)`` when blank or unreadable. A two-digit year is
    the latest one not after ``today``'s."""
    text = text.strip()
    for pattern, layout in _BIRTH_LAYOUTS:
        match = pattern.fullmatch(text)
        if match is None:
            continue
        numbers = [int(group) for group in match.groups()]
        if layout == "y":
            return (None, numbers[0]) if numbers[0] else (None, None)
        if layout == "ymd":
            year, month, day = numbers
        else:
            day, month, year = numbers
            if layout == "dmY":
                century = (today or date.today()).year // 100 * 100
                year += century if century + year <= (today or date.today()).year else century - 100
        if not year:
            return None, None
        try:
            return date(year, month, day), None
        except ValueError:
            return None, year
    return None, None
