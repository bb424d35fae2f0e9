"""Reading FIDE's rating list files as they are downloaded, one player at a time.

FIDE publishes each month a standard, a rapid and a blitz list, and a combined list with all
three ratings, each as a fixed-column TXT file and as an XML file, usually zipped
(``standard_sep26frl.zip``, ``players_list_xml.zip``). A list holds some 1.5 million players,
so nothing here reads a file whole: TXT is read line by line and XML with ``iterparse``,
each player's element dropped once read.

TXT: a header line names the columns and marks where each starts::

    ID Number      Name            …  Fed Sex Tit  WTit OTit           FOA SEP26 Gms K  B-day Flag

The rating column is named after the list's month (``SEP26``: September 2026) in the
standard, rapid and blitz lists, and ``SRtng``/``RRtng``/``BRtng`` in the combined list. The
columns are read where the header puts them, not at positions fixed here, so a list whose
columns move a little is still read right.

XML: ``<playerslist><player><fideid>…</fideid><name>…</name><country>…</country><sex>…</sex>
<title>…</title>…<rating>…</rating><games>…</games><k>…</k><birthday>…</birthday>
<flag>…</flag></player>…``; the combined list adds ``rapid_rating`` and ``blitz_rating``.
"""

from __future__ import annotations

import datetime
import enum
import re
import zipfile
from collections.abc import Iterator
from dataclasses import dataclass
from typing import IO
from xml.etree.ElementTree import Element, ParseError, iterparse


class RatingListError(ValueError):
    """The file is not a FIDE rating list, or a line of it cannot be read."""


class ListKind(enum.StrEnum):
    STANDARD = "standard"
    RAPID = "rapid"
    BLITZ = "blitz"
    COMBINED = "combined"
    """Standard, rapid and blitz ratings in one list (``players_list``)."""


class FileFormat(enum.StrEnum):
    TXT = "txt"
    XML = "xml"


TITLES = frozenset({"GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM"})

_MONTHS = ("JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC")
_MONTH_COLUMN = re.compile(rf"^({'|'.join(_MONTHS)})(\d\d)$", re.IGNORECASE)
_MONTH_IN_NAME = re.compile(rf"({'|'.join(_MONTHS)})(\d\d)frl", re.IGNORECASE)


@dataclass(frozen=True, slots=True)
class ListedPlayer:
    """One player of a rating list; a rating the list does not give is ``None``."""

    fide_id: int
    name: str
    federation: str
    sex: str
    title: str
    birth_year: int | None
    flag: str
    standard: int | None
    rapid: int | None
    blitz: int | None


@dataclass
class RatingListFile:
    """What a file says about itself, and its players as a one-pass iterator."""

    kind: ListKind
    file_format: FileFormat
    list_date: datetime.date | None
    entries: Iterator[ListedPlayer]


def read_rating_list(
    stream: IO[bytes], *, name: str = "", kind: ListKind | None = None
) -> RatingListFile:
    """Open a rating list file (TXT, XML, or either zipped) named ``name``.

    The list's kind comes from the file (a combined list names its three rating columns),
    else from ``kind``, else from the file name (``standard``, ``rapid``, ``blitz``); its date
    from the TXT header's month column, else the file name (``sep26frl``). ``stream`` must be
    seekable when it is a zip file.
    """
    head = stream.read(4)
    stream.seek(0)
    if head.startswith(b"PK\x03\x04"):
        return _read_zip(stream, name=name, kind=kind)
    return _read_plain(stream, name=name, kind=kind)


def _read_zip(stream: IO[bytes], *, name: str, kind: ListKind | None) -> RatingListFile:
    try:
        archive = zipfile.ZipFile(stream)
    except zipfile.BadZipFile as error:
        raise RatingListError(f"not a readable zip file: {error}") from error
    members = [
        info
        for info in archive.infolist()
        if not info.is_dir() and info.filename.lower().endswith((".txt", ".xml"))
    ]
    if len(members) != 1:
        raise RatingListError(
            f"a zipped rating list holds one .txt or .xml file; this one holds {len(members)}"
        )
    member = members[0]
    inner = archive.open(member)
    return _read_plain(inner, name=member.filename or name, kind=kind, outer_name=name)


def _read_plain(
    stream: IO[bytes], *, name: str, kind: ListKind | None, outer_name: str = ""
) -> RatingListFile:
    # Both a plain upload and a zip member seek back cheaply to the start.
    start = stream.read(64).lstrip(b"\xef\xbb\xbf \t\r\n")
    stream.seek(0)
    names = (name, outer_name)
    if start.startswith(b"<"):
        return _read_xml(stream, kind=kind or _kind_from_names(names), names=names)
    if start[:2].upper() == b"ID":
        return _read_txt(stream, kind=kind, names=names)
    raise RatingListError(
        "not a FIDE rating list: expected a TXT list starting with its 'ID Number' header, "
        "an XML list, or a zip file holding one"
    )


def _kind_from_names(names: tuple[str, ...]) -> ListKind | None:
    for name in names:
        lowered = name.lower()
        for kind in (ListKind.STANDARD, ListKind.RAPID, ListKind.BLITZ):
            if kind.value in lowered:
                return kind
        if "players_list" in lowered:
            return ListKind.COMBINED
    return None


def _date_from_names(names: tuple[str, ...]) -> datetime.date | None:
    for name in names:
        match = _MONTH_IN_NAME.search(name)
        if match:
            return _month_date(match.group(1), match.group(2))
    return None


def _month_date(month: str, year: str) -> datetime.date:
    return datetime.date(2000 + int(year), _MONTHS.index(month.upper()) + 1, 1)


# --- TXT ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Column:
    name: str
    start: int
    end: int | None


def _columns(header: str) -> dict[str, _Column]:
    """The header's column names (``ID Number`` as ``ID``) with where each starts and ends."""
    found = [(m.start(), m.group()) for m in re.finditer(r"\S+", header)]
    if len(found) >= 2 and found[1][1].lower() == "number":
        del found[1]
    columns = {}
    for index, (start, column) in enumerate(found):
        end = found[index + 1][0] if index + 1 < len(found) else None
        columns[column.upper()] = _Column(column, start, end)
    return columns


_REQUIRED = ("ID", "NAME", "FED")


def _read_txt(
    stream: IO[bytes], *, kind: ListKind | None, names: tuple[str, ...]
) -> RatingListFile:
    lines = iter(stream)
    header = _decode(next(lines, b"")).rstrip("\r\n").lstrip("\ufeff")
    columns = _columns(header)
    missing = [column for column in _REQUIRED if column not in columns]
    if missing:
        raise RatingListError(
            f"line 1: the header names no {', '.join(m.title() for m in missing)} column"
        )
    month = next((c for c in columns.values() if _MONTH_COLUMN.match(c.name)), None)
    rating_columns: dict[str, _Column]
    if month is not None:
        list_kind = kind or _kind_from_names(names)
        if list_kind is None or list_kind is ListKind.COMBINED:
            raise RatingListError(
                "the file does not say whether it is the standard, rapid or blitz list; "
                "name the list"
            )
        rating_columns = {list_kind.value: month}
        match = _MONTH_COLUMN.match(month.name)
        assert match is not None
        list_date: datetime.date | None = _month_date(match.group(1), match.group(2))
    elif {"SRTNG", "RRTNG", "BRTNG"} <= columns.keys():
        list_kind = ListKind.COMBINED
        rating_columns = {
            "standard": columns["SRTNG"],
            "rapid": columns["RRTNG"],
            "blitz": columns["BRTNG"],
        }
        list_date = _date_from_names(names)
    else:
        raise RatingListError(
            "line 1: the header names no rating column (a month such as SEP26, or SRtng, "
            "RRtng and BRtng)"
        )
    return RatingListFile(
        kind=list_kind,
        file_format=FileFormat.TXT,
        list_date=list_date,
        entries=_txt_players(lines, columns, rating_columns),
    )


def _decode(raw: bytes) -> str:
    # Recent lists are UTF-8; older ones Latin-1, which decodes any byte.
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("latin-1")


def _txt_players(
    lines: Iterator[bytes], columns: dict[str, _Column], ratings: dict[str, _Column]
) -> Iterator[ListedPlayer]:
    def field(line: str, column: str) -> str:
        found = columns.get(column)
        return line[found.start : found.end].strip() if found else ""

    for number, raw in enumerate(lines, start=2):
        line = _decode(raw).rstrip("\r\n")
        if not line.strip():
            continue
        values = {k: _rating(line[c.start : c.end], f"line {number}") for k, c in ratings.items()}
        yield _player(
            f"line {number}",
            fide_id=field(line, "ID"),
            name=field(line, "NAME"),
            federation=field(line, "FED"),
            sex=field(line, "SEX"),
            title=field(line, "TIT"),
            birth=field(line, "B-DAY"),
            flag=field(line, "FLAG"),
            ratings=values,
        )


def _rating(text: str, where: str) -> int | None:
    text = text.strip()
    if not text or text == "0":
        return None
    if not text.isdigit():
        raise RatingListError(f"{where}: the rating {text!r} is not a number")
    return int(text)


def _player(
    where: str,
    *,
    fide_id: str,
    name: str,
    federation: str,
    sex: str,
    title: str,
    birth: str,
    flag: str,
    ratings: dict[str, int | None],
) -> ListedPlayer:
    if not fide_id.isdigit():
        raise RatingListError(f"{where}: the FIDE id {fide_id!r} is not a number")
    birth_year = int(birth) if birth.isdigit() and int(birth) > 0 else None
    return ListedPlayer(
        fide_id=int(fide_id),
        name=name,
        federation=federation.upper(),
        sex=sex.upper(),
        title=title.upper() if title.upper() in TITLES else "",
        birth_year=birth_year,
        flag=flag,
        standard=ratings.get("standard"),
        rapid=ratings.get("rapid"),
        blitz=ratings.get("blitz"),
    )


# --- XML ------------------------------------------------------------------------------------

_XML_RATINGS = {"rating": "standard", "rapid_rating": "rapid", "blitz_rating": "blitz"}


def _read_xml(
    stream: IO[bytes], *, kind: ListKind | None, names: tuple[str, ...]
) -> RatingListFile:
    players = _xml_players(stream, kind)
    first = next(players, None)
    if first is None:
        raise RatingListError("the XML file holds no <player> element")
    element_kind, player = first
    list_kind = ListKind.COMBINED if element_kind == "combined" else kind
    if list_kind is None:
        raise RatingListError(
            "the file does not say whether it is the standard, rapid or blitz list; name the list"
        )

    def entries() -> Iterator[ListedPlayer]:
        yield _xml_player(player, list_kind)
        for _, element in players:
            yield _xml_player(element, list_kind)

    return RatingListFile(
        kind=list_kind,
        file_format=FileFormat.XML,
        list_date=_date_from_names(names),
        entries=entries(),
    )


def _xml_players(stream: IO[bytes], kind: ListKind | None) -> Iterator[tuple[str, dict[str, str]]]:
    """Each ``<player>`` as its children's texts, the element freed once read."""
    root: Element | None = None
    count = 0
    try:
        for event, element in iterparse(stream, events=("start", "end")):
            if root is None:
                root = element
                continue
            if event != "end" or element.tag != "player":
                continue
            count += 1
            fields = {child.tag: (child.text or "").strip() for child in element}
            fields["#"] = str(count)
            root.clear()
            yield ("combined" if "rapid_rating" in fields else "single"), fields
    except ParseError as error:
        raise RatingListError(f"the XML is not well formed: {error}") from error


def _xml_player(fields: dict[str, str], kind: ListKind) -> ListedPlayer:
    number = int(fields["#"])
    where = f"player {number}"
    ratings: dict[str, int | None] = {}
    for tag, rating_kind in _XML_RATINGS.items():
        if tag in fields:
            ratings[rating_kind] = _rating(fields[tag], where)
    if kind is not ListKind.COMBINED:
        # A single list calls its one rating <rating>, whatever its rate of play.
        ratings = {kind.value: ratings.get("standard")}
    return _player(
        where,
        fide_id=fields.get("fideid", ""),
        name=fields.get("name", ""),
        federation=fields.get("country", ""),
        sex=fields.get("sex", ""),
        title=fields.get("title", ""),
        birth=fields.get("birthday", ""),
        flag=fields.get("flag", ""),
        ratings=ratings,
    )
