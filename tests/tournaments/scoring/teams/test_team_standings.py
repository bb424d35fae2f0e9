"""Team standings (C.07 Art. 4, 11.1): the primary score, then the tie-breaks in order.

Known answers: the ranks record 310 states in the 60 generated files (by match points, then
game points), TieBreakServer's ranks of the same files by its tie-break list (provenance in
tests/data/teams/SOURCES.md), Held's exercise 45 (the order of five tied teams by EDE), and a
small event worked out by hand (tests/tournaments/reports/team_events.py).
"""

from __future__ import annotations

from fractions import Fraction
from fractions import Fraction as F
from functools import cache

import pytest

from tests.tournaments.pairing.team_swiss.team_files import GENERATED, tiebreakserver_ranks
from tests.tournaments.reports.team_events import round_robin_sheet, swiss_sheet
from tests.tournaments.scoring.teams.test_held_exercises import RULES_2024, held_sheet
from tournaments.scoring.teams.standings import team_standings, tiebreak_list
from tournaments.scoring.tiebreaks import TieBreakError
from tournaments.trf import TrfDocument, read_trf
from tournaments.trf.team_sheet import read_team_sheet
from tournaments.trf.teams import team_records

NAMES = sorted(path.stem for path in GENERATED.glob("*.trf"))


@cache
def document(name: str) -> TrfDocument:
    return read_trf((GENERATED / f"{name}.trf").read_text())


def test_the_generated_files_are_all_there() -> None:
    assert len(NAMES) == 60


@pytest.mark.parametrize("name", NAMES)
def test_the_ranks_record_310_states_come_out(name: str) -> None:
    # The files' 310 ranks are by match points, then game points; teams level on both have
    # the first place of their range.
    trf = document(name)
    rows = team_standings(read_team_sheet(trf), primary="MP", tiebreaks=["GP"]).by_team()
    stated = {line.number: line.rank for line in team_records(trf).teams}
    assert stated and {team: rows[team].rank for team in stated} == stated
    for line in team_records(trf).teams:
        assert (rows[line.number].match_points, rows[line.number].game_points) == (
            line.match_points,
            line.game_points,
        )


@pytest.mark.parametrize("name", NAMES[::6])
def test_tiebreakservers_ranks_lie_in_our_places(name: str) -> None:
    codes, ranks = tiebreakserver_ranks(name)
    places = team_standings(read_team_sheet(document(name)), tiebreaks=codes).places()
    assert all(places[team][0] <= rank <= places[team][1] for team, rank in ranks.items())
    # TieBreakServer gives every team a rank of its own; its 42 tie-breaks leave no tie.
    assert sorted(places.values()) == [(n, n) for n in range(1, len(ranks) + 1)]


def test_held_exercise_45_orders_the_five_teams_on_ten_points_by_ede() -> None:
    # After August 2024 (Art. 13.3.3): 4 first on game points, then 1, 2, 3 from match
    # points again, 5 last. They lead the event (10 match points; the next have 7).
    standings = team_standings(
        held_sheet(), tiebreaks=["EDE"], regulations=RULES_2024.regulations, round_robin=False
    )
    tied = [row.team for row in standings.rows if row.match_points == 10]
    assert tied == [4, 1, 2, 3, 5]
    assert [standings.by_team()[team].rank for team in tied] == [1, 2, 3, 4, 5]


def test_the_hand_round_robin_by_mp_gp_de_bc() -> None:
    standings = team_standings(round_robin_sheet(), tiebreaks=["GP", "DE", "BC"])
    lines = [
        (row.place, row.team, row.match_points, row.game_points, [v.display for v in row.tiebreaks])
        for row in standings.rows
    ]
    assert lines == [
        ("1", 2, F(4), F(8), ["8", "1", "21"]),
        ("2", 1, F(4), F(13, 2), ["6.5", "1", "12.5"]),
        ("3", 3, F(4), F(13, 2), ["6.5", "1", "16"]),
        ("4", 4, F(0), F(3), ["3", "1", "10.5"]),
    ]
    assert standings.decisive == 4  # MP, GP, DE (1 and 3 drew), then BC
    assert standings.deciding_values(1) == (
        ("MP", F(4)),
        ("GP", F(13, 2)),
        ("DE", F(1)),
        ("BC", F(25, 2)),
    )


def test_teams_that_nothing_separates_share_a_place_by_pairing_number() -> None:
    standings = team_standings(swiss_sheet(), tiebreaks=["GP"])
    assert [(row.place, row.team) for row in standings.rows] == [
        ("1", 1),
        ("2", 3),
        ("3–4", 2),
        ("3–4", 5),
        ("5", 4),
    ]
    assert standings.decisive == 2


def test_game_points_primary() -> None:
    standings = team_standings(swiss_sheet(), primary="GP", tiebreaks=["MP"])
    assert [(row.place, row.team) for row in standings.rows] == [
        ("1", 1),
        ("2", 3),
        ("3–4", 2),
        ("3–4", 5),
        ("5", 4),
    ]
    assert [spec.name for spec in standings.tiebreaks] == ["MP"]
    assert standings.rows[1].primary_value == Fraction(9, 2)


def test_lower_board_count_ranks_first() -> None:
    standings = team_standings(round_robin_sheet(), tiebreaks=["BC"])
    # On 4 match points: 3 (BC 16), 1 (12.5), 2 (21) -> 1, 3, 2.
    assert [row.team for row in standings.rows] == [1, 3, 2, 4]


def test_after_round_one() -> None:
    standings = team_standings(swiss_sheet(), tiebreaks=["GP"], after_round=1)
    assert standings.after_round == 1
    assert [(row.team, row.match_points, row.game_points) for row in standings.rows] == [
        (1, F(2), F(3, 2)),
        (5, F(1), F(2)),
        (2, F(1), F(1)),
        (4, F(1), F(1)),
        (3, F(0), F(1, 2)),
    ]
    assert [row.place for row in standings.rows] == ["1", "2", "3–4", "3–4", "5"]


def test_the_list_may_name_the_primary_score_and_repeat() -> None:
    assert [s.name for s in tiebreak_list("MP", ["MPTS", "GP", "BH:GP/C1", "GPTS"])] == [
        "GP",
        "BH:GP/C1",
    ]
    with pytest.raises(TieBreakError):
        tiebreak_list("MP", ["NOPE"])
    with pytest.raises(ValueError, match="MP or GP"):
        team_standings(swiss_sheet(), primary="BH")
