"""The FIDE rating list reader on small files written in the official layouts."""

from __future__ import annotations

import datetime
import io
import zipfile
from pathlib import Path

import pytest

from tournaments.ratinglist.reader import (
    FileFormat,
    ListedPlayer,
    ListKind,
    RatingListError,
    read_rating_list,
)

DATA = Path(__file__).resolve().parents[2] / "data" / "ratinglist"

CARLSEN = {"fide_id": 1503014, "name": "Carlsen, Magnus", "federation": "NOR", "sex": "M"}


def _read(name: str, **kwargs: object) -> tuple[object, list[ListedPlayer]]:
    with (DATA / name).open("rb") as stream:
        opened = read_rating_list(stream, name=name, **kwargs)  # type: ignore[arg-type]
        return opened, list(opened.entries)


def test_standard_txt_list_takes_its_date_from_the_month_column() -> None:
    opened, players = _read("standard_sep26frl.txt")
    assert (opened.kind, opened.file_format) == (ListKind.STANDARD, FileFormat.TXT)
    assert opened.list_date == datetime.date(2026, 9, 1)
    assert len(players) == 6
    carlsen = players[0]
    assert {k: getattr(carlsen, k) for k in CARLSEN} == CARLSEN
    assert (carlsen.title, carlsen.birth_year, carlsen.standard, carlsen.rapid) == (
        "GM",
        1990,
        2839,
        None,
    )
    assert players[4].standard is None  # Zhang San: no standard rating
    assert players[2].flag == "wi"


def test_rapid_list_puts_its_month_column_into_the_rapid_rating() -> None:
    opened, players = _read("rapid_sep26frl.txt")
    assert opened.kind == ListKind.RAPID
    assert [p.rapid for p in players] == [2823, 2738, 2595, 2771, 1625, None]
    assert all(p.standard is None for p in players)


def test_combined_txt_list_reads_the_three_ratings() -> None:
    opened, players = _read("players_list_foa.txt")
    assert opened.kind == ListKind.COMBINED
    assert opened.list_date is None
    li_si = players[5]
    assert (li_si.standard, li_si.rapid, li_si.blitz, li_si.sex) == (1850, None, 1790, "F")


def test_blitz_xml_list() -> None:
    opened, players = _read("blitz_sep26frl_xml.xml")
    assert (opened.kind, opened.file_format) == (ListKind.BLITZ, FileFormat.XML)
    assert opened.list_date == datetime.date(2026, 9, 1)
    assert [p.blitz for p in players] == [2886, 2788, 2601, 2753, None, 1790]


def test_combined_xml_list() -> None:
    opened, players = _read("players_list_xml_foa.xml")
    assert opened.kind == ListKind.COMBINED
    assert (players[0].standard, players[0].rapid, players[0].blitz) == (2839, 2823, 2886)


def test_a_zipped_list_is_read_from_inside_the_archive() -> None:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.write(DATA / "standard_sep26frl.txt", "standard_sep26frl.txt")
    buffer.seek(0)
    opened = read_rating_list(buffer, name="standard_sep26frl.zip")
    assert opened.kind == ListKind.STANDARD
    assert [p.fide_id for p in opened.entries][:2] == [1503014, 8603677]


def test_a_list_of_unknown_rate_of_play_must_be_named() -> None:
    text = (DATA / "standard_sep26frl.txt").read_bytes()
    with pytest.raises(RatingListError, match="standard, rapid or blitz"):
        read_rating_list(io.BytesIO(text), name="list.txt")
    named = read_rating_list(io.BytesIO(text), name="list.txt", kind=ListKind.RAPID)
    assert next(named.entries).rapid == 2839


def test_a_bad_line_is_named() -> None:
    lines = (DATA / "standard_sep26frl.txt").read_bytes().split(b"\r\n")
    lines[3] = b"12x4" + lines[3][4:]
    opened = read_rating_list(io.BytesIO(b"\r\n".join(lines)), name="standard_sep26frl.txt")
    with pytest.raises(RatingListError, match=r"line 4: the FIDE id '12x4\d*' is not a number"):
        list(opened.entries)


def test_something_else_is_refused() -> None:
    with pytest.raises(RatingListError, match="not a FIDE rating list"):
        read_rating_list(io.BytesIO(b"Name;Rating\nCarlsen;2839\n"), name="x.csv")
    broken = read_rating_list(
        io.BytesIO(b"<playerslist><player><fideid>1</fideid></player><player>"), name="blitz.xml"
    )
    with pytest.raises(RatingListError, match="not well formed"):
        list(broken.entries)
