"""The printed tables say exactly what the standings say: text read back from the PDFs.

Known answers: Held's round robin (exercises 14, 16 and 26 of *Exercises in Tie-Breaking*)
and the published scores of the 9. Karl-Mala-Gedenkturnier (Frankfurt 2005).
"""

from __future__ import annotations

import json

import pytest

from tournaments.reports.event import event_for_sheet
from tournaments.reports.pdf import TableReport
from tournaments.reports.tables import round_robin_table, standings_table, wall_chart_table
from tournaments.scoring.standings import compute_standings, format_points
from tournaments.trf import read_trf

from .conftest import DATA, contains_run, pdf_cells, pdf_reader, trf_sheet

HELD_TIEBREAKS = ["DE", "SB", "KS"]


def held_expected(exercise: int) -> dict[str, object]:
    exercises = json.loads((DATA / "held_individual_expected.json").read_text())["exercises"]
    return next(e for e in exercises if e["exercise"] == exercise)["expected"]


def test_held_round_robin_crosstable_reads_back_as_published(held_round_robin):
    standings = compute_standings(held_round_robin, HELD_TIEBREAKS)
    event = event_for_sheet(held_round_robin, HELD_TIEBREAKS)
    _name, mimetype, data = TableReport(
        event, round_robin_table(held_round_robin, standings)
    ).generate()
    cells = pdf_cells(data)
    sb, ks, de_rank = held_expected(14), held_expected(16), held_expected(26)
    # Exercise 26: places after points and DE; SB and KS do not separate Bruno and Charline.
    assert de_rank == {"1": 1, "2": 2, "3": 2, "4": 6, "5": 5, "6": 4}
    # Rows in rank order, by starting number: Alyx, Bruno, Charline, Helene, Franck, David;
    # each grid row read
    # from the TRF file's own games (the diagonal prints nothing).
    rows = [
        (1, "1", "Alyx", "2200", ["1", "1", "1", "½", "0"], "3.5"),
        (2, "2–3", "Bruno", "2150", ["0", "½", "1", "1", "1"], "3.5"),
        (3, "2–3", "Charline", "2100", ["0", "½", "1", "1", "1"], "3.5"),
        (6, "4", "Helene", "2000", ["0", "0", "0", "+", "½"], "1.5"),
        (5, "5", "Franck", "1950", ["½", "0", "0", "−", "1"], "1.5"),
        (4, "6", "David", "2050", ["1", "0", "0", "½", "0"], "1.5"),
    ]
    assert mimetype == "application/pdf"
    for number, place, name, rating, grid, points in rows:
        head = [place, str(number), name, rating, "NOR", *grid, points]
        start = next(i for i in range(len(cells)) if cells[i : i + len(head)] == head)
        after_de = start + len(head) + 1
        assert cells[after_de : after_de + 3] == [sb[str(number)], ks[str(number)], place]


def test_every_page_carries_the_event_header_and_page_x_of_y(held_round_robin):
    standings = compute_standings(held_round_robin, HELD_TIEBREAKS)
    event = event_for_sheet(held_round_robin, HELD_TIEBREAKS)
    _name, _type, data = TableReport(event, standings_table(held_round_robin, standings)).generate()
    reader = pdf_reader(data)
    text = reader.pages[0].extract_text()
    assert "FIDE C.07 2023 Tie-Break Exercises" in text
    assert "2024-08-01" in text
    assert "TB1 DE: Direct encounter · TB2 SB: Sonneborn-Berger · TB3 KS: Koya system" in text
    assert "Page 1 of 1" in text
    assert reader.metadata.title == "FIDE C.07 2023 Tie-Break Exercises — Standings after round 5"
    assert reader.metadata.author == "Arbiter"


def test_karl_mala_wall_chart_prints_every_published_score():
    document = read_trf((DATA / "karl_mala_2005.trf").read_text(encoding="latin-1"))
    sheet = document.to_sheet()
    standings = compute_standings(sheet, ["BH", "SB"])
    report = TableReport(event_for_sheet(sheet, ["BH", "SB"]), standings_table(sheet, standings))
    cells = pdf_cells(report.generate()[2])
    ranked = [p for p in document.players if p.points is not None]
    assert len(ranked) == 284
    for player in ranked:
        fields = [p for p in (player.full_title, player.rating or "", player.federation) if p]
        run = [str(player.start_rank), player.name, *map(str, fields), format_points(player.points)]
        assert contains_run(cells, run), run


def test_karl_mala_header_and_landscape_wall_chart():
    sheet = trf_sheet("karl_mala_2005.trf")
    standings = compute_standings(sheet, ["BH", "SB"])
    report = TableReport(event_for_sheet(sheet, ["BH", "SB"]), wall_chart_table(sheet, standings))
    reader = pdf_reader(report.generate()[2])
    first = reader.pages[0].extract_text()
    assert "Frankfurt (Main) /GER" in first
    assert "2005-07-28 – 2005-07-31" in first
    assert "Chief arbiter: Ralph Blum (SV Griesheim)" in first
    total = len(reader.pages)
    for number, page in enumerate(reader.pages, start=1):
        text = page.extract_text()
        assert f"Page {number} of {total}" in text
        assert "9. Karl-Mala-Gedenkturnier" in text
        assert "Rk\nNo.\nName" in text  # the header row repeats


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_paper_sizes(held_round_robin, paper):
    standings = compute_standings(held_round_robin, HELD_TIEBREAKS)
    event = event_for_sheet(held_round_robin, HELD_TIEBREAKS)
    report = TableReport(event, standings_table(held_round_robin, standings), paper=paper)
    box = pdf_reader(report.generate()[2]).pages[0].mediabox
    # Portrait: the standings table is narrow. A4 is 595 x 842 points, Letter 612 x 792.
    assert (round(float(box.width)), round(float(box.height))) == {
        "a4": (595, 842),
        "letter": (612, 792),
    }[paper]


def test_unknown_paper_is_refused(held_round_robin):
    with pytest.raises(ValueError, match="unknown paper 'a3'; choose one of a4, letter"):
        TableReport(
            event_for_sheet(held_round_robin),
            standings_table(held_round_robin, compute_standings(held_round_robin, [])),
            paper="a3",
        )


def test_karl_mala_wall_chart_by_starting_rank_reads_the_file_s_own_games():
    # Vasquez (no. 1) in the TRF: 141 w 1, 78 b 1, 42 w 1, 21 b 1, 16 w 1, ... 6.0 points.
    sheet = trf_sheet("karl_mala_2005.trf")
    standings = compute_standings(sheet, ["BH", "SB"])
    table = wall_chart_table(sheet, standings, order="start")
    report = TableReport(event_for_sheet(sheet, ["BH", "SB"]), table)
    cells = pdf_cells(report.generate()[2])
    start = cells.index("Vasquez,Rodrigo")
    assert cells[start + 4 : start + 14] == [
        "141w1", "1", "78b1", "2", "42w1", "3", "21b1", "4", "16w1", "5",
    ]  # fmt: skip


def test_a_double_round_robin_prints_two_marks_per_cell():
    from tournaments.scoring.sheet import Color, Outcome, PlayerSheet, RoundEntry, TournamentSheet

    win, draw, loss = Outcome.WIN, Outcome.DRAW, Outcome.LOSS
    white, black = Color.WHITE, Color.BLACK
    # Three players, each pair meets twice (rounds 1-3 and 4-6), one sits out each round.
    games = [
        (1, 1, 2, win),
        (2, 2, 3, draw),
        (3, 3, 1, loss),
        (4, 2, 1, draw),
        (5, 3, 2, win),
        (6, 1, 3, win),
    ]
    entries: dict[int, list[RoundEntry]] = {1: [], 2: [], 3: []}
    reverse = {win: loss, loss: win, draw: draw}
    for number, w, b, outcome in games:
        entries[w].append(RoundEntry(number, outcome, b, white))
        entries[b].append(RoundEntry(number, reverse[outcome], w, black))
    sheet = TournamentSheet(
        "Double", 6, tuple(PlayerSheet(n, f"P{n}", rounds=tuple(entries[n])) for n in (1, 2, 3))
    )
    table = round_robin_table(sheet, compute_standings(sheet, []), order="start", cycles=2)
    grid = {row[2].text: [cell.text for cell in row[6:9]] for row in table.rows}
    # P1 beat P2 then drew with him; beat P3 as Black in round 3 and again as White.
    assert grid == {"P1": ["", "1 ½", "1 1"], "P2": ["0 ½", "", "½ 0"], "P3": ["0 0", "½ 1", ""]}
