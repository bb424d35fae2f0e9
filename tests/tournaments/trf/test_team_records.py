"""TRF-2026 team records: the specification's examples read, every record written back as
read, and team files (generated and real) read and written without loss."""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from tournaments.scoring.teams.generator import generate_team_event, random_settings
from tournaments.scoring.teams.points import team_results
from tournaments.trf import read_trf, write_trf
from tournaments.trf.errors import TrfError
from tournaments.trf.reader import parse_player_line
from tournaments.trf.team_sheet import read_team_sheet, team_document
from tournaments.trf.teams import (
    TEAM_CODES,
    TeamScoring,
    format_362,
    parse_240,
    parse_250,
    parse_310,
    parse_330,
    parse_362,
    reformat,
)

DATA = Path(__file__).resolve().parents[2] / "data" / "teams"
GENERATED = sorted((DATA / "generated").glob("*.trf"))
REAL = DATA / "real" / "crete_team_championship_2025.trf"
NORMALISED = REAL.with_name("crete_team_championship_2025.normalised.trf")


def test_the_specifications_310_example() -> None:
    line = "310   1 India" + " " * 28 + "IND     2486   15.0   28.0  11     1    5   15   28   44"
    team = parse_310(line)
    assert (team.number, team.name, team.nickname, team.strength) == (1, "India", "IND", "2486")
    assert (team.match_points, team.game_points, team.rank) == (15, 28, 11)
    assert team.players == (1, 5, 15, 28, 44)


def test_the_specifications_330_240_and_250_examples() -> None:
    forfeit = parse_330("330 -+ 008 027 005")
    assert (forfeit.kind, forfeit.round, forfeit.white, forfeit.black) == ("-+", 8, 27, 5)
    byes = parse_240("240 H 003  026  047")
    assert (byes.kind, byes.first_round, byes.ids) == ("H", 3, (26, 47))
    acceleration = parse_250("250 00.0 02.0 001 003 0001 0090")
    assert acceleration.game_points == 2 and (acceleration.first, acceleration.last) == (1, 90)


def test_362_reads_and_writes_the_team_point_system() -> None:
    text = format_362(TeamScoring(Fraction(3), Fraction(1), Fraction(0)))
    assert text == "362 TW 3.0   TD 1.0   TL 0.0"
    assert parse_362(text) == TeamScoring(Fraction(3), Fraction(1), Fraction(0))


def test_a_bad_forfeit_kind_is_refused() -> None:
    with pytest.raises(TrfError, match="330"):
        parse_330("330 ++ 001 002 003")


@pytest.mark.parametrize("path", GENERATED[:20], ids=lambda p: p.name)
def test_generated_files_round_trip_byte_for_byte(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    document = read_trf(text)
    assert write_trf(document, version=2026) == text
    records = [r for r in document.records if r.code in TEAM_CODES | {"240"}]
    assert records and all(reformat(record) == record.text for record in records)


@pytest.mark.parametrize("seed", range(1, 61))
def test_a_team_sheet_survives_its_trf(seed: int) -> None:
    sheet = generate_team_event(random_settings(seed))
    text = write_trf(team_document(sheet), version=2026)
    assert team_results(read_team_sheet(read_trf(text))) == team_results(sheet)


def _without_trailing_blanks(text: str) -> str:
    return "\n".join(line.rstrip() for line in text.split("\n")).rstrip("\n") + "\n"


def test_the_real_file_round_trips_with_the_writers_normalisations() -> None:
    """Trailing blanks go, and a player line whose stated points disagree with its results
    gets the points of its results (the writer's documented normalisations): in this file
    the eight players opposite an empty board, whose wins Swiss-Manager wrote ``0000 - -``."""
    text = _without_trailing_blanks(REAL.read_text(encoding="utf-8"))
    written = write_trf(read_trf(text))
    changed = [
        (old, new)
        for old, new in zip(text.split("\n"), written.split("\n"), strict=True)
        if old != new
    ]
    assert len(changed) == 8
    for old, new in changed:
        before, after = parse_player_line(old), parse_player_line(new)
        assert before.points != after.points
        assert replace(before, points=None) == replace(after, points=None)


def test_the_normalised_real_file_round_trips_but_for_trailing_blanks() -> None:
    text = NORMALISED.read_text(encoding="utf-8")
    assert write_trf(read_trf(text)) == _without_trailing_blanks(text)


def test_the_real_file_reads_as_a_team_event() -> None:
    sheet = read_team_sheet(read_trf(REAL.read_bytes()))
    assert len(sheet.teams) == 8 and sheet.boards == 10 and sheet.played_rounds == 4
    assert all(len(r.matches) == 4 for r in sheet.rounds)


def test_a_file_without_teams_is_not_a_team_event() -> None:
    with pytest.raises(TrfError, match="not a team event"):
        read_team_sheet(read_trf("012 Open\n001    1      A                                  0\n"))
