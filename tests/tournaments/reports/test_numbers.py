"""The "No." column is the starting number, the number the notes and the grid use too."""

from __future__ import annotations

import re
from dataclasses import replace

from tournaments.reports.tables import round_robin_table, wall_chart_table
from tournaments.scoring.sheet import Outcome, RoundEntry
from tournaments.scoring.standings import compute_standings

from .conftest import trf_sheet


def _with_withdrawal(sheet, start_rank, after_round):
    players = tuple(
        replace(p, withdrawn_after=after_round) if p.start_rank == start_rank else p
        for p in sheet.players
    )
    return replace(sheet, players=players)


def test_wall_chart_by_rank_names_every_player_by_starting_number():
    # Karl-Mala 2005: the final order is far from the starting order.
    sheet = _with_withdrawal(trf_sheet("karl_mala_2005.trf"), start_rank=18, after_round=5)
    start_rank_of = {p.name: p.start_rank for p in sheet.players}
    table = wall_chart_table(sheet, compute_standings(sheet, ["BH", "SB"]), order="rank")
    rows = table.texts()
    assert [row[1] for row in rows] != [str(line) for line in range(1, len(rows) + 1)]
    for row in rows:
        assert row[1] == str(start_rank_of[row[2]])
    # The note's number points at the row of the player it names.
    withdrew = next(note for note in table.notes if "withdrew" in note)
    name, number = re.match(r"(.+) \(no\. (\d+)\) withdrew", withdrew).groups()
    assert next(row for row in rows if row[1] == number)[2] == name
    # Opponents are named by starting number: the winner's round-1 opponent.
    leader = next(p for p in sheet.players if p.name == rows[0][2])
    opponent = leader.entry(1).opponent
    assert rows[0][6].split("\n")[0].startswith(str(opponent))


def test_round_robin_grid_headers_are_the_rows_starting_numbers(held_round_robin):
    standings = compute_standings(held_round_robin, ["DE", "SB", "KS"])
    table = round_robin_table(held_round_robin, standings, order="rank")
    numbers = [row[1] for row in table.texts()]
    assert numbers == ["1", "2", "3", "6", "5", "4"]  # Helene, Franck, David: no. 6, 5, 4
    grid_headers = [column.label for column in table.columns[6 : 6 + len(numbers)]]
    assert grid_headers == numbers


def test_a_wall_chart_with_empty_round_cells_says_what_they_mean():
    # Karl-Mala 2005 with every unpaired round made a zero-point bye and no one withdrawn.
    sheet = trf_sheet("karl_mala_2005.trf")
    rounds = range(1, sheet.rounds + 1)
    full = [
        replace(
            p,
            withdrawn_after=None,
            rounds=tuple(
                RoundEntry(n, Outcome.ZERO_BYE)
                if p.entry(n).outcome is Outcome.NOT_PAIRED
                else p.entry(n)
                for n in rounds
            ),
        )
        for p in sheet.players
    ]
    sheet = replace(sheet, players=tuple(full))
    note = "An empty round cell: the player was not in the event that round"
    table = wall_chart_table(sheet, compute_standings(sheet, ["BH"]))
    assert not any(n.startswith(note) for n in table.notes)
    # The last round's results not yet in: empty cells too, which the note does not explain.
    waiting = tuple(
        replace(p, rounds=(*p.rounds[:-1], RoundEntry(sheet.rounds, Outcome.NOT_PAIRED)))
        for p in sheet.players
    )
    table = wall_chart_table(replace(sheet, players=waiting), compute_standings(sheet, ["BH"]))
    assert not any(n.startswith(note) for n in table.notes)
    # Player 18 enters in round 2: his round-1 cell is empty, and the notes say why.
    late = tuple(
        replace(p, rounds=(RoundEntry(1, Outcome.NOT_PAIRED), *p.rounds[1:]))
        if p.start_rank == 18
        else p
        for p in sheet.players
    )
    table = wall_chart_table(replace(sheet, players=late), compute_standings(sheet, ["BH"]))
    row = next(row for row in table.texts() if row[1] == "18")
    assert row[6] == ""
    assert any(n.startswith(note) for n in table.notes)
