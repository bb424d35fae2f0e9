"""The printed team reports read back with pdftotext (poppler) and pypdf: the hand-worked
events' numbers, Chinese team and player names in the embedded CJK font, the crosstable on a
landscape page, and a real event's board prizes (Crete 2025, tests/data/teams/SOURCES.md)
over two pages with every record on them."""

from __future__ import annotations

import re
import subprocess
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from tests.tournaments.reports.team_events import players, round_robin_sheet, swiss_sheet
from tournaments.reports.fonts import FONT, font_for
from tournaments.reports.team_boards import board_records
from tournaments.reports.team_pdf import (
    board_prizes_report,
    board_results_report,
    event_for_team_sheet,
    team_crosstable_report,
    team_standings_report,
)
from tournaments.scoring.teams.standings import team_standings
from tournaments.trf import TrfDocument, read_trf
from tournaments.trf.team_sheet import read_team_sheet

from .conftest import pdf_reader

CRETE = (
    Path(__file__).resolve().parents[2] / "data" / "teams" / "real"
) / "crete_team_championship_2025.normalised.trf"


def pdf_text(data: bytes) -> str:
    """The PDF's text laid out as on the page (pdftotext -layout)."""
    done = subprocess.run(
        ["pdftotext", "-layout", "-", "-"], input=data, capture_output=True, check=True
    )
    return done.stdout.decode()


def fonts(data: bytes) -> set[str]:
    """The base names of the fonts the pages use (a subset's prefix left off)."""
    names = set()
    for page in pdf_reader(data).pages:
        resources: Any = page["/Resources"]
        for font in resources["/Font"].values():
            names.add(str(font.get_object()["/BaseFont"]).split("+")[-1])
    return names


def test_standings_pdf_prints_the_hand_worked_lines_and_the_legend() -> None:
    sheet = round_robin_sheet()
    standings = team_standings(sheet, tiebreaks=["GP", "DE", "BC"])
    report = team_standings_report(event_for_team_sheet(sheet, place="Beijing"), sheet, standings)
    name, mimetype, data = report.generate()
    assert (name, mimetype) == ("hand-round-robin-team-standings-round-3.pdf", "application/pdf")
    lines = [line.split() for line in pdf_text(data).splitlines()]
    assert ["1", "2", "北京队", "4", "8", "1", "21"] in lines
    assert ["2", "1", "Lions", "4", "6.5", "1", "12.5"] in lines
    assert ["3", "3", "Knights", "4", "6.5", "1", "16"] in lines
    assert ["4", "4", "Rooks", "0", "3", "1", "10.5"] in lines
    text = pdf_text(data)
    assert "TB1 GP: Game points · TB2 DE: Direct encounter · TB3 BC: Board count" in text
    assert "Page 1 of 1" in text and "Beijing" in text
    width, height = pdf_reader(data).pages[0].mediabox.upper_right
    assert width < height  # a narrow table stays portrait


def test_chinese_names_are_printed_in_the_embedded_cjk_font() -> None:
    sheet = round_robin_sheet()
    assert font_for("北京队") == FONT
    data = board_results_report(event_for_team_sheet(sheet), sheet, 2, players(sheet)).generate()[2]
    text = pdf_text(data)
    assert "北京队" in text and "王小明" in text
    assert FONT in {name.rsplit("-", 1)[0] for name in fonts(data)}
    lines = [line.split() for line in text.splitlines()]
    assert [
        "2.1",
        "w",
        "11",
        "Player",
        "11",
        "2010",
        "1-0",
        "21",
        "王小明",
        "2020",
    ] in lines


def test_crosstable_is_landscape_with_a_line_per_team() -> None:
    sheet = swiss_sheet()
    standings = team_standings(sheet, tiebreaks=["GP"])
    data = team_crosstable_report(event_for_team_sheet(sheet), sheet, standings).generate()[2]
    reader = pdf_reader(data)
    width, height = reader.pages[0].mediabox.upper_right
    assert width > height
    assert len(reader.pages) == 1
    lines = [line.split() for line in pdf_text(data).splitlines()]
    assert [line for line in lines if len(line) == 12 and line[0][0].isdigit()] == [
        ["1", "1", "Team", "1", "3w", "1.5", "4b", "2", "5w", "1", "5", "4.5"],
        ["2", "3", "Team", "3", "1b", "0.5", "bye", "2", "4w", "2", "3", "4.5"],
        ["3–4", "2", "Team", "2", "4w", "1", "5b", "1", "bye", "2", "3", "4"],
        ["3–4", "5", "Team", "5", "bye", "2", "2w", "1", "1b", "1", "3", "4"],
        ["5", "4", "Team", "4", "2b", "1", "1w", "0", "3b", "0", "1", "1"],
    ]


@cache
def crete() -> TrfDocument:
    return read_trf(CRETE.read_text())


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_real_events_board_prizes_fill_two_pages_with_every_record(paper: str) -> None:
    document = crete()
    sheet = read_team_sheet(document)
    lookup = {player.start_rank: player for player in document.players}
    report = board_prizes_report(event_for_team_sheet(sheet), sheet, lookup, paper=paper)
    data = report.generate()[2]
    assert len(pdf_reader(data).pages) == 2
    text = pdf_text(data)
    assert "Page 2 of 2" in text
    assert [f"Board {n}" for n in range(1, 11)] == re.findall(r"Board \d+", text)
    records = board_records(sheet, lookup)
    # A record's line ends with its percentage, then its performance when it has one.
    lines = re.findall(r"^.*\s\d{1,3}\.\d(?:\s+\d{3,4})?\s*$", text, flags=re.MULTILINE)
    assert len(lines) == len(records) == 90
    # Board 1 is Naoum's: 3 of 4 (75%).
    assert re.search(r"^\s*1\s+1 Naoum,Spyridon\s+Σ\.Α\.Χ\.\s+2359\s+4\s+3\s+75\.0", text, re.M)
