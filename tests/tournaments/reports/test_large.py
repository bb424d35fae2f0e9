"""Long events paginate cleanly: a 1,000-player, 11-round Swiss wall chart and standings."""

from __future__ import annotations

from dataclasses import replace

import pytest

from bench.standings_scoring import swiss_sheet
from tournaments.reports.event import event_for_sheet
from tournaments.reports.pdf import TableReport
from tournaments.reports.tables import wall_chart_table
from tournaments.scoring.standings import compute_standings

from .conftest import pdf_cells, pdf_reader

# Names that do not fit a name cell at the normal size, in the scripts the font must cover.
LONG_NAMES = [
    "Wojciechowski-Przybyszewska, Małgorzata Krystyna",
    "Nguyễn Trần Phương Thảo, Hoàng Thị Ngọc Ánh",
    "欧阳建国欧阳建国欧阳建国",
    "Dvořáková-Šťastná, Žofie Řehořová",
]


@pytest.mark.slow
def test_a_thousand_player_swiss_wall_chart_renders_on_landscape_pages():
    sheet = swiss_sheet(1000, 11)
    players = [
        replace(player, name=LONG_NAMES[player.start_rank % len(LONG_NAMES)])
        if player.start_rank % 97 == 0
        else player
        for player in sheet.players
    ]
    sheet = replace(sheet, players=tuple(players))
    standings = compute_standings(sheet, ["BH/C1", "BH", "SB"])
    table = wall_chart_table(sheet, standings)
    data = TableReport(event_for_sheet(sheet, ["BH/C1", "BH", "SB"]), table).generate()[2]
    reader = pdf_reader(data)
    total = len(reader.pages)
    assert total > 20
    box = reader.pages[0].mediabox
    assert float(box.width) > float(box.height)  # 11 rounds need a landscape page
    cells = pdf_cells(data)
    assert cells.count("Name") == total  # the header row on every page
    for number in range(1, total + 1):
        assert f"Page {number} of {total}" in cells
    # Every player is printed once, in rank order; long names shrink or wrap, never vanish.
    numbers = [row[1].text for row in table.rows]
    assert numbers == [str(row.start_rank) for row in standings.rows]
    assert sorted(numbers, key=int) == [str(n) for n in range(1, 1001)]
    text = "\n".join(cells)
    for name in LONG_NAMES:
        head = name.split(",")[0][:12]
        assert head in text, name
