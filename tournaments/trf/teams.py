"""TRF-2026's team records, column by column: read into values and written back.

The records (TRF-2026, "Team Section" and the records it shares with individual events):

* 310 team: pairing number (5-7), name (9-40), nickname (42-46), strength factor (48-53),
  match points (55-60), game points (62-67), rank (69-71), players from 74-77 every 5 columns;
* 013 (TRF16, to be phased out): name (5-36), players from 37-40 every 5 columns;
* 300 out-of-(default)-order line-up: round (5-7), team (9-11), opponent (13-15), the player
  of each board from 17-20 every 5 columns (``0000``: unoccupied);
* 320 pairing-allocated bye: match points (5-8), game points (10-13), the team of each round
  from 15-17 every 4 columns (``000``: none);
* 330 forfeited match: kind (5-6: ``+-``, ``-+``, ``--``), round (8-10), White's team
  (12-14), Black's team (16-18);
* 352 board colour sequence (``WBWB``…); 362 team point system (``TW``/``TD``/``TL`` at 5-6,
  points at 7-10, every 9 columns);
* 240 byes (type 5, round 7-9, ids from 11-14 every 5 columns), 250 acceleration, 260
  prohibited pairings, which teams share with players.

Each ``parse_*`` reads a record's text (raising :class:`~tournaments.trf.errors.TrfError` on a
field its columns cannot hold) and each ``format_*`` writes the value in those columns; a record
written by ``format_*`` reads back to the same value and the same text. :class:`TeamRecords`
gathers a document's team records (:func:`team_records`). The document itself keeps every
record verbatim, so reading and writing a file is lossless whatever these functions do.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from tournaments.trf.document import TrfDocument, TrfRecord
from tournaments.trf.errors import TrfError
from tournaments.trf.points import format_points, parse_points

TEAM_CODES = frozenset({"310", "013", "300", "320", "330", "352", "362"})


def _number(text: str, what: str, record: str) -> int:
    text = text.strip()
    if not text:
        return 0
    if not text.isdigit():
        raise TrfError(f"record {record}: expected {what} (a number), found {text!r}")
    return int(text)


def _points(text: str, what: str, record: str) -> Fraction | None:
    text = text.strip()
    if not text:
        return None
    try:
        return parse_points(text)
    except ValueError:
        raise TrfError(f"record {record}: expected {what} (e.g. 11.5), found {text!r}") from None


def _fields(text: str, start: int, width: int, step: int) -> list[str]:
    """Fixed-width fields from 0-based ``start`` to the end of the line."""
    return [text[i : i + width] for i in range(start, len(text), step)]


def _points_field(value: Fraction | None, width: int) -> str:
    return "" if value is None else format_points(value).rjust(width)


@dataclass(frozen=True)
class TeamLine:
    """Record 310 (or TRF16's 013, which has only the name and the players)."""

    number: int
    name: str
    players: tuple[int | None, ...]
    nickname: str = ""
    strength: str = ""
    match_points: Fraction | None = None
    game_points: Fraction | None = None
    rank: int | None = None
    legacy: bool = False
    """Read from (and written as) a record 013."""


def parse_310(text: str) -> TeamLine:
    code = "310"
    rank = _number(text[68:71], "the team rank", code)
    return TeamLine(
        number=_number(text[4:7], "the team pairing number", code),
        name=text[8:40].strip(),
        nickname=text[41:46].strip(),
        strength=text[47:53].strip(),
        match_points=_points(text[54:60], "the match points", code),
        game_points=_points(text[61:67], "the game points", code),
        rank=rank if text[68:71].strip() else None,
        players=tuple(_number(f, "a starting rank", code) or None for f in _fields(text, 73, 4, 5)),
    )


def format_310(team: TeamLine) -> str:
    rank = "" if team.rank is None else str(team.rank)
    head = (
        f"310 {team.number:>3} {team.name:<32} {team.nickname:<5} {team.strength:>6} "
        f"{_points_field(team.match_points, 6):>6} {_points_field(team.game_points, 6):>6} "
        f"{rank:>3}  "
    )
    return (head + " ".join(f"{p or 0:>4}" for p in team.players)).rstrip()


def parse_013(text: str, number: int) -> TeamLine:
    players = tuple(_number(f, "a starting rank", "013") or None for f in _fields(text, 36, 4, 5))
    return TeamLine(number=number, name=text[4:36].strip(), players=players, legacy=True)


def format_013(team: TeamLine) -> str:
    return (f"013 {team.name:<32}" + " ".join(f"{p or 0:>4}" for p in team.players)).rstrip()


@dataclass(frozen=True)
class OutOfOrder:
    """Record 300: a team's line-up in one round, board by board (``None``: unoccupied)."""

    round: int
    team: int
    opponent: int
    players: tuple[int | None, ...]


def parse_300(text: str) -> OutOfOrder:
    code = "300"
    return OutOfOrder(
        round=_number(text[4:7], "the round", code),
        team=_number(text[8:11], "the team", code),
        opponent=_number(text[12:15], "the opponent", code),
        players=tuple(_number(f, "a starting rank", code) or None for f in _fields(text, 16, 4, 5)),
    )


def format_300(line: OutOfOrder) -> str:
    players = " ".join("0000" if p is None else f"{p:>4}" for p in line.players)
    return f"300 {line.round:>3} {line.team:>3} {line.opponent:>3} {players}".rstrip()


@dataclass(frozen=True)
class PairingByes:
    """Record 320: what the pairing-allocated bye is worth, and who had it in each round."""

    match_points: Fraction | None
    game_points: Fraction | None
    teams: tuple[int | None, ...]


def parse_320(text: str) -> PairingByes:
    code = "320"
    return PairingByes(
        match_points=_points(text[4:8], "the match points", code),
        game_points=_points(text[9:13], "the game points", code),
        teams=tuple(_number(f, "a team", code) or None for f in _fields(text, 14, 3, 4)),
    )


def format_320(byes: PairingByes) -> str:
    teams = " ".join(f"{t or 0:03d}" for t in byes.teams)
    head = f"320 {_points_field(byes.match_points, 4):>4} {_points_field(byes.game_points, 4):>4}"
    return f"{head} {teams}".rstrip()


@dataclass(frozen=True)
class ForfeitedMatch:
    """Record 330: ``+-`` White's team wins, ``-+`` Black's, ``--`` both lose."""

    kind: str
    round: int
    white: int
    black: int


FORFEIT_KINDS = ("+-", "-+", "--")


def parse_330(text: str) -> ForfeitedMatch:
    code = "330"
    kind = text[4:6]
    if kind not in FORFEIT_KINDS:
        raise TrfError(f"record 330: expected the kind of forfeit (+-, -+ or --), found {kind!r}")
    return ForfeitedMatch(
        kind=kind,
        round=_number(text[7:10], "the round", code),
        white=_number(text[11:14], "White's team", code),
        black=_number(text[15:18], "Black's team", code),
    )


def format_330(match: ForfeitedMatch) -> str:
    return f"330 {match.kind} {match.round:03d} {match.white:03d} {match.black:03d}"


@dataclass(frozen=True)
class TeamScoring:
    """Record 362: match points of a team win, draw and loss (``None``: the default)."""

    win: Fraction | None = None
    draw: Fraction | None = None
    loss: Fraction | None = None


_SCORING_SYMBOLS = {"TW": "win", "TD": "draw", "TL": "loss"}


def parse_362(text: str) -> TeamScoring:
    values: dict[str, Fraction | None] = {}
    for start in range(4, len(text), 9):
        symbol = text[start : start + 2].upper()
        if not symbol.strip():
            continue
        if symbol not in _SCORING_SYMBOLS:
            raise TrfError(f"record 362: expected TW, TD or TL in columns {start + 1}-{start + 2}")
        values[_SCORING_SYMBOLS[symbol]] = _points(text[start + 2 : start + 6], "points", "362")
    return TeamScoring(**values)


def format_362(scoring: TeamScoring) -> str:
    parts = [
        f"{symbol}{format_points(value):>4}"
        for symbol, name in _SCORING_SYMBOLS.items()
        if (value := getattr(scoring, name)) is not None
    ]
    return ("362 " + "   ".join(parts)).rstrip()


@dataclass(frozen=True)
class IdList:
    """Records 240 (``kind``: F, H or Z; ``first_round`` only) and 260 (first and last round):
    byes and prohibited pairings, for players or teams."""

    code: str
    first_round: int
    ids: tuple[int, ...]
    kind: str = ""
    last_round: int = 0


def parse_240(text: str) -> IdList:
    ids = tuple(_number(f, "an id", "240") for f in _fields(text, 10, 4, 5))
    return IdList(
        "240", _number(text[6:9], "the round", "240"), tuple(i for i in ids if i), text[4]
    )


def format_240(line: IdList) -> str:
    return f"240 {line.kind} {line.first_round:03d} " + " ".join(f"{i:>4}" for i in line.ids)


def parse_260(text: str) -> IdList:
    ids = tuple(_number(f, "an id", "260") for f in _fields(text, 12, 4, 5))
    first = _number(text[4:7], "the first round", "260")
    last = _number(text[8:11], "the last round", "260")
    return IdList("260", first, tuple(i for i in ids if i), last_round=last)


def format_260(line: IdList) -> str:
    ids = " ".join(f"{i:>4}" for i in line.ids)
    return f"260 {line.first_round:03d} {line.last_round:03d} {ids}"


@dataclass(frozen=True)
class Acceleration:
    """Record 250: fictitious match and game points for teams first…last in rounds
    first…last."""

    match_points: Fraction | None
    game_points: Fraction | None
    first_round: int
    last_round: int
    first: int
    last: int


def parse_250(text: str) -> Acceleration:
    code = "250"
    return Acceleration(
        match_points=_points(text[4:8], "the match points", code),
        game_points=_points(text[9:13], "the game points", code),
        first_round=_number(text[14:17], "the first round", code),
        last_round=_number(text[18:21], "the last round", code),
        first=_number(text[22:26], "the first id", code),
        last=_number(text[27:31], "the last id", code),
    )


def format_250(line: Acceleration) -> str:
    mp = "" if line.match_points is None else f"{float(line.match_points):04.1f}"
    gp = "" if line.game_points is None else f"{float(line.game_points):04.1f}"
    return (
        f"250 {mp:>4} {gp:>4} {line.first_round:03d} {line.last_round:03d} "
        f"{line.first:04d} {line.last:04d}"
    )


@dataclass(frozen=True)
class TeamRecords:
    """A document's team records, read."""

    teams: tuple[TeamLine, ...] = ()
    out_of_order: tuple[OutOfOrder, ...] = ()
    pairing_byes: tuple[PairingByes, ...] = ()
    forfeits: tuple[ForfeitedMatch, ...] = ()
    byes: tuple[IdList, ...] = ()
    prohibited: tuple[IdList, ...] = ()
    accelerations: tuple[Acceleration, ...] = ()
    colors: str = ""
    scoring: TeamScoring = field(default_factory=TeamScoring)

    @property
    def is_team_event(self) -> bool:
        return bool(self.teams)


def team_records(document: TrfDocument) -> TeamRecords:
    """The team records of ``document``; 013 records count only when there is no 310."""
    records = document.records
    has_310 = any(r.code == "310" for r in records)
    teams: list[TeamLine] = []
    texts: dict[str, list[str]] = {}
    for record in records:
        if record.code == "310":
            teams.append(parse_310(record.text))
        elif record.code == "013" and not has_310:
            teams.append(parse_013(record.text, len(teams) + 1))
        else:
            texts.setdefault(record.code, []).append(record.text)
    colors = texts.get("352", [""])[0][4:].strip().upper()
    scoring = parse_362(texts["362"][0]) if "362" in texts else TeamScoring()
    return TeamRecords(
        teams=tuple(teams),
        out_of_order=tuple(parse_300(t) for t in texts.get("300", ())),
        pairing_byes=tuple(parse_320(t) for t in texts.get("320", ())),
        forfeits=tuple(parse_330(t) for t in texts.get("330", ())),
        byes=tuple(parse_240(t) for t in texts.get("240", ())),
        prohibited=tuple(parse_260(t) for t in texts.get("260", ())),
        accelerations=tuple(parse_250(t) for t in texts.get("250", ())),
        colors=colors,
        scoring=scoring,
    )


def reformat(record: TrfRecord) -> str:
    """The record read and written back by this module: the identity for a record in
    TRF-2026's columns (as this module writes them); another program's spacing is laid out
    in those columns."""
    code, text = record.code, record.text
    rewritten = {
        "310": lambda: format_310(parse_310(text)),
        "013": lambda: format_013(parse_013(text, 0)),
        "300": lambda: format_300(parse_300(text)),
        "320": lambda: format_320(parse_320(text)),
        "330": lambda: format_330(parse_330(text)),
        "362": lambda: format_362(parse_362(text)),
        "352": lambda: "352 " + record.value.strip(),
        "240": lambda: format_240(parse_240(text)),
        "260": lambda: format_260(parse_260(text)),
        "250": lambda: format_250(parse_250(text)),
    }.get(code)
    return text if rewritten is None else rewritten()
