"""The team report tables as data: every number below is worked out by hand from the games of
the two small events in ``team_events.py`` (their docstring has the arithmetic)."""

from __future__ import annotations

import csv
import io
from dataclasses import replace

from tests.tournaments.reports.team_events import (
    Player,
    player_number,
    players,
    round_robin_sheet,
    swiss_sheet,
)
from tournaments.reports.team_boards import BoardRecord, board_prizes_table, usual_games
from tournaments.reports.team_tables import (
    HEADING,
    board_results_table,
    csv_rows,
    is_round_robin,
    team_crosstable,
    team_standings_table,
)
from tournaments.scoring.sheet import Outcome
from tournaments.scoring.teams.sheet import (
    Board,
    ByeKind,
    Match,
    MatchForfeit,
    TeamBye,
    TeamRound,
    TeamSheet,
)
from tournaments.scoring.teams.standings import team_standings


def test_standings_table_by_mp_gp_de_bc() -> None:
    sheet = round_robin_sheet()
    table = team_standings_table(sheet, team_standings(sheet, tiebreaks=["GP", "DE", "BC"]))
    assert [c.label for c in table.columns] == ["Rk", "No.", "Team", "MP", "GP", "DE", "BC"]
    assert table.texts() == [
        ["1", "2", "北京队", "4", "8", "1", "21"],
        ["2", "1", "Lions", "4", "6.5", "1", "12.5"],
        ["3", "3", "Knights", "4", "6.5", "1", "16"],
        ["4", "4", "Rooks", "0", "3", "1", "10.5"],
    ]
    assert table.title == "Team standings after round 3"
    assert table.name == "team-standings-round-3"
    assert table.notes == (
        "MP: match points; GP: game points. Ranked by match points, then by the tie-breaks.",
        "TB1 GP: Game points · TB2 DE: Direct encounter · TB3 BC: Board count",
    )


def test_standings_table_shares_places_and_counts_the_planned_rounds() -> None:
    sheet = swiss_sheet()
    standings = team_standings(sheet, primary="GP", tiebreaks=["MP"], after_round=2)
    table = team_standings_table(sheet, standings, planned_rounds=5)
    # After round 2: GP 1 3.5, 5 3, 3 2.5, 2 2, 4 1; MP 1 4, 5 2, 3 1, 2 2, 4 1.
    assert [row[:5] for row in table.texts()] == [
        ["1", "1", "Team 1", "4", "3.5"],
        ["2", "5", "Team 5", "2", "3"],
        ["3", "3", "Team 3", "1", "2.5"],
        ["4", "2", "Team 2", "2", "2"],
        ["5", "4", "Team 4", "1", "1"],
    ]
    assert table.title == "Team standings after round 2 of 5"
    assert table.notes[0].endswith("Ranked by game points, then by the tie-breaks.")
    shared = team_standings_table(sheet, team_standings(sheet, tiebreaks=["GP"]))
    assert [row[0] for row in shared.texts()] == ["1", "2", "3–4", "3–4", "5"]


def test_swiss_crosstable_opponent_colour_and_game_points_each_round() -> None:
    sheet = swiss_sheet()
    table = team_crosstable(sheet, team_standings(sheet, tiebreaks=["GP"]))
    assert not is_round_robin(sheet)
    assert [c.label for c in table.columns] == [
        "Rk",
        "No.",
        "Team",
        "1",
        "2",
        "3",
        "MP",
        "GP",  # the tie-break GP is this column, not one of its own
    ]
    assert table.texts() == [
        ["1", "1", "Team 1", "3w 1.5", "4b 2", "5w 1", "5", "4.5"],
        ["2", "3", "Team 3", "1b 0.5", "bye 2", "4w 2", "3", "4.5"],
        ["3–4", "2", "Team 2", "4w 1", "5b 1", "bye 2", "3", "4"],
        ["3–4", "5", "Team 5", "bye 2", "2w 1", "1b 1", "3", "4"],
        ["5", "4", "Team 4", "2b 1", "1w 0", "3b 0", "1", "1"],
    ]
    assert [cell.style for cell in table.rows[0][3:6]] == ["win", "win", "draw"]
    assert table.name == "team-crosstable-round-3"


def test_swiss_crosstable_in_pairing_number_order_after_round_two() -> None:
    sheet = swiss_sheet()
    table = team_crosstable(sheet, team_standings(sheet, after_round=2), order="start")
    assert [row[1:7] for row in table.texts()] == [
        ["1", "Team 1", "3w 1.5", "4b 2", "4", "3.5"],
        ["2", "Team 2", "4w 1", "5b 1", "2", "2"],
        ["3", "Team 3", "1b 0.5", "bye 2", "1", "2.5"],
        ["4", "Team 4", "2b 1", "1w 0", "1", "1"],
        ["5", "Team 5", "bye 2", "2w 1", "2", "3"],
    ]
    assert table.title == "Team crosstable after round 2"


def test_a_match_forfeited_whole_is_marked_after_its_game_points() -> None:
    sheet = swiss_sheet()
    third = sheet.round(3)
    forfeited = (third.matches[0], Match(3, 4, (), MatchForfeit.A_WINS))
    sheet = replace(sheet, rounds=(*sheet.rounds[:2], replace(third, matches=forfeited)))
    rows = {row[1]: row for row in team_crosstable(sheet, team_standings(sheet)).texts()}
    # Two boards forfeited: 2 game points to team 3, none to team 4.
    assert rows["3"][5] == "4w 2+"
    assert rows["4"][5] == "3b 0−"


def test_round_robin_grid_of_game_points() -> None:
    sheet = round_robin_sheet()
    table = team_crosstable(sheet, team_standings(sheet, tiebreaks=["GP", "DE", "BC"]))
    assert is_round_robin(sheet)
    labels = [c.label for c in table.columns]
    assert labels[3:7] == ["2", "1", "3", "4"]  # the teams in rank order
    grids = [row[3:7] for row in table.texts()]
    assert grids == [
        ["", "2", "2", "4"],  # team 2: drew 1 and 3, beat 4 4-0
        ["2", "", "2", "2.5"],  # team 1
        ["2", "2", "", "2.5"],  # team 3
        ["0", "1.5", "1.5", ""],  # team 4
    ]
    assert [row[-1] for row in table.texts()] == ["1", "2", "3", "4"]
    assert [row[3 + i].style for i, row in enumerate(table.rows)] == ["diagonal"] * 4


def test_a_round_robin_is_told_by_the_meetings_when_the_sheet_does_not_say() -> None:
    assert is_round_robin(replace(round_robin_sheet(), round_robin=None))
    assert not is_round_robin(replace(swiss_sheet(), round_robin=None))


def test_board_results_of_a_round_match_by_match() -> None:
    sheet = round_robin_sheet()
    table = board_results_table(sheet, 2, players(sheet))
    assert [c.label for c in table.columns] == [
        "Bd.", "Col.", "No.", "Name", "Rtg", "Result", "No.", "Name", "Rtg",
    ]  # fmt: skip
    assert table.texts() == [
        ["1", "", "4", "Rooks", "", "1.5-2.5", "3", "Knights", ""],
        ["1.1", "w", "41", "Player 41", "2040", "0-1", "31", "Player 31", "2030"],
        ["1.2", "b", "42", "Player 42", "1940", "0-1", "32", "Player 32", "1930"],
        ["1.3", "w", "43", "Player 43", "1840", "1-0", "33", "Player 33", "1830"],
        ["1.4", "b", "44", "Player 44", "1740", "½-½", "34", "Player 34", "1730"],
        ["2", "", "1", "Lions", "", "2-2", "2", "北京队", ""],
        ["2.1", "w", "11", "Player 11", "2010", "1-0", "21", "王小明", "2020"],
        ["2.2", "b", "12", "Player 12", "1910", "½-½", "22", "Player 22", "1920"],
        ["2.3", "w", "13", "Player 13", "1810", "0-1", "23", "Player 23", "1820"],
        ["2.4", "b", "14", "Player 14", "1710", "½-½", "24", "Player 24", "1720"],
    ]
    assert [row[0].style for row in table.rows] == [HEADING, *[""] * 4, HEADING, *[""] * 4]
    assert table.title == "Board results of round 2"


def test_board_results_with_a_bye_and_an_unoccupied_board() -> None:
    """A board left empty prints no result: its "(no player)" says it (the forfeit is in the
    match's game points), not a "+ - −" that reads as a result of two players."""
    sheet = swiss_sheet()
    first = sheet.round(1)
    empty = Board(2, 22, None, Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS)
    match = replace(first.matches[1], boards=(first.matches[1].boards[0], empty))
    sheet = replace(sheet, rounds=(replace(first, matches=(first.matches[0], match)),))
    rows = board_results_table(sheet, 1, players(sheet)).texts()
    assert rows[3:] == [
        ["2", "", "2", "Team 2", "", "1.5-0.5", "4", "Team 4", ""],
        ["2.1", "w", "21", "王小明", "2020", "½-½", "41", "Player 41", "2040"],
        ["2.2", "b", "22", "Player 22", "1920", "", "", "(no player)", ""],
        ["", "", "5", "Team 5", "", "bye", "", "", ""],
    ]


def test_board_prizes_by_percentage_with_the_usual_number_of_games() -> None:
    sheet = swiss_sheet()
    table = board_prizes_table(sheet, players(sheet))
    texts = table.texts()
    assert [c.label for c in table.columns] == [
        "Rk", "No.", "Name", "Team", "Rtg", "Games", "Pts", "%", "Perf.",
    ]  # fmt: skip
    # Board 1: 11 beat 31 and 41, drew 51: 2.5 of 3 against 2030, 2040, 2050 (average 2040,
    # dp(0.83) = 273); 41 drew 21, lost to 11 and 31: 0.5 of 3 against 2020 on average,
    # dp(0.17) = -273. Two games is what most records have (6 of 10).
    assert texts[0][2] == "Board 1"
    assert texts[1:6] == [
        ["1", "11", "Player 11", "Team 1", "2010", "3", "2.5", "83.3", "2313"],
        ["2", "51", "Player 51", "Team 5", "2050", "2", "1.5", "75.0", "2208"],
        ["3", "31", "Player 31", "Team 3", "2030", "2", "1", "50.0", "2025"],
        ["4", "21", "王小明", "Team 2", "2020", "2", "0.5", "25.0", "1852"],
        ["5", "41", "Player 41", "Team 4", "2040", "3", "0.5", "16.7", "1747"],
    ]
    # Board 2: 22 and 32 share 75% in two games each; performance puts 22 (2138) first.
    assert texts[6][2] == "Board 2"
    assert [row[:2] + row[5:] for row in texts[7:9]] == [
        ["1", "22", "2", "1.5", "75.0", "2138"],
        ["2", "32", "2", "1.5", "75.0", "2118"],
    ]
    assert "At least 2 games to be ranked." in table.notes[0]


def test_board_prizes_with_a_minimum_list_the_others_without_a_place() -> None:
    sheet = swiss_sheet()
    texts = board_prizes_table(sheet, players(sheet), min_games=3).texts()
    assert [(row[0], row[1]) for row in texts[1:6]] == [
        ("1", "11"),
        ("2", "41"),
        ("-", "51"),
        ("-", "31"),
        ("-", "21"),
    ]


def test_board_prizes_leave_games_against_unrated_opponents_out_of_the_performance() -> None:
    sheet = round_robin_sheet()
    lookup = players(sheet) | {44: Player("Unrated", 0)}
    texts = board_prizes_table(sheet, lookup).texts()
    start = next(i for i, row in enumerate(texts) if row[2] == "Board 4")
    board_4 = [row[1:2] + row[4:] for row in texts[start + 1 :]]
    # 24 drew 34, beat 44, drew 14: 2 of 3; rated, 1 of 2 against 1730 and 1710 -> 1720.
    # 44 (unrated) and 34 both 1.5 of 3: 44's opponents are all rated (1720 on average, dp 0);
    # 34 has one rated game fewer (1720 and 1710: 1715), so 44 goes first. 14: 1 of 3, rated
    # 1 of 2 against 1720 and 1730 -> 1725.
    assert board_4 == [
        ["24", "1720", "3", "2", "66.7", "1720"],
        ["44", "", "3", "1.5", "50.0", "1720"],
        ["34", "1730", "3", "1.5", "50.0", "1715"],
        ["14", "1710", "3", "1", "33.3", "1725"],
    ]


def test_the_usual_number_of_games_is_the_most_common_the_larger_on_a_tie() -> None:
    def records(*games: int) -> list[BoardRecord]:
        return [BoardRecord(1, n, 1, games=g) for n, g in enumerate(games)]

    assert usual_games(records(2, 2, 3)) == 2
    assert usual_games(records(2, 2, 3, 3, 1)) == 3
    assert usual_games([]) == 0


def test_csv_rows_are_the_header_and_the_cells() -> None:
    sheet = round_robin_sheet()
    table = team_standings_table(sheet, team_standings(sheet, tiebreaks=["GP"]))
    rows = csv_rows(table)
    buffer = io.StringIO()
    csv.writer(buffer).writerows(rows)
    read = list(csv.reader(io.StringIO(buffer.getvalue())))
    assert read[0] == ["Rk", "No.", "Team", "MP", "GP"]
    assert read[1] == ["1", "2", "北京队", "4", "8"]
    assert all(len(row) == len(read[0]) for row in read)
    assert len(read) == 5


def test_an_empty_round_prints_no_match() -> None:
    sheet = replace(swiss_sheet(), rounds=(TeamRound(1),))
    assert board_results_table(sheet, 1, {}).texts() == []


def test_a_board_forfeited_by_a_player_present_is_written_as_the_pairing_list_writes_it() -> None:
    sheet = swiss_sheet()
    first = sheet.round(1)
    forfeited = Board(2, 32, 12, Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN)
    match = replace(first.matches[0], boards=(first.matches[0].boards[0], forfeited))
    sheet = replace(sheet, rounds=(replace(first, matches=(match, first.matches[1])),))
    rows = board_results_table(sheet, 1, players(sheet)).texts()
    # One format in every round and every report: 1-0, ½-½, +/− (no spaces).
    assert [row[5] for row in rows[:3]] == ["1-1", "1-0", "−/+"]


def _with_round_four_in_progress(sheet: TeamSheet) -> TeamSheet:
    """Round 4 paired, the lineups in, no game decided yet (the boards' outcomes not yet
    played, as the sheet has them), one game adjourned; team 5 has the bye."""
    pending = Outcome.NOT_PAIRED
    open_boards = tuple(
        Board(n, player_number(1, n), player_number(2, n), pending, pending) for n in (1, 2)
    )
    adjourned = (
        Board(1, player_number(3, 1), player_number(4, 1), Outcome.WIN, Outcome.LOSS),
        Board(2, player_number(3, 2), player_number(4, 2), Outcome.ADJOURNED, Outcome.ADJOURNED),
    )
    fourth = TeamRound(
        4,
        (Match(1, 2, open_boards), Match(3, 4, adjourned)),
        (TeamBye(5, ByeKind.PAIRING),),
    )
    return replace(sheet, rounds=(*sheet.rounds, fourth))


def test_a_match_not_yet_decided_has_an_empty_crosstable_cell_not_a_forfeit_loss() -> None:
    sheet = _with_round_four_in_progress(swiss_sheet())
    table = team_crosstable(sheet, team_standings(sheet))
    cells = {row[1].text: row[6] for row in table.rows}
    assert {team: cell.text for team, cell in cells.items()} == {
        "1": "",
        "2": "",
        "3": "",
        "4": "",
        "5": "bye 2",
    }
    assert [cells[team].style for team in "1234"] == ["", "", "", ""]


def test_a_match_not_yet_decided_prints_no_score_in_the_board_results() -> None:
    sheet = _with_round_four_in_progress(swiss_sheet())
    rows = board_results_table(sheet, 4, players(sheet)).texts()
    assert [row[5] for row in rows] == ["", "", "", "", "1-0", "A-A", "bye"]


def test_a_round_robin_grid_leaves_a_match_not_yet_decided_empty() -> None:
    sheet = round_robin_sheet()
    pending = Outcome.NOT_PAIRED
    third = sheet.round(3)
    open_match = Match(
        3,
        1,
        tuple(
            Board(n, player_number(3, n), player_number(1, n), pending, pending)
            for n in range(1, 5)
        ),
    )
    sheet = replace(
        sheet, rounds=(*sheet.rounds[:2], replace(third, matches=(third.matches[0], open_match)))
    )
    table = team_crosstable(sheet, team_standings(sheet, tiebreaks=["GP"]))
    cells = {
        row[1].text: dict(zip(table.columns[3:7], row[3:7], strict=True)) for row in table.rows
    }
    against = {c.label: c for c in table.columns[3:7]}
    assert cells["1"][against["3"]].text == ""
    assert cells["1"][against["3"]].style == ""
    assert cells["3"][against["1"]].text == ""
