"""The team file checker (``checktrf`` on records 310/013): team Swiss rounds re-paired by
C.04.6, team round robins against the Berger tables (C.05 Annex 1), team points and ranks
against the games and the tie-breaks (C.07; the ranks of FIDE TEC's TieBreakServer, recorded
with their provenance in tests/data/teams/SOURCES.md), player points against the results."""

from fractions import Fraction
from functools import cache

import pytest

from tests.tournaments.pairing.team_swiss.helpers import team_sheet
from tests.tournaments.pairing.team_swiss.team_files import (
    CRETE,
    CRETE_NORMALISED,
    GENERATED,
    edit_team_line,
    exchange_opponents,
    generated,
    played_matches,
    tiebreakserver_ranks,
    turn_colours,
    with_headers,
)
from tournaments.pairing.checker import CheckInputError
from tournaments.pairing.team_checker import (
    TEAM_ROUND_ROBIN,
    TEAM_SWISS,
    check_team_trf,
    is_team_document,
    read_team_file,
)
from tournaments.pairing.team_swiss.generator import (
    generate_team_swiss_event,
    random_team_swiss_settings,
)
from tournaments.pairing.teams_berger import check_team_round_robin, team_berger_rounds
from tournaments.scoring.teams.sheet import TeamSheet
from tournaments.trf import TrfDocument, read_trf

SWISS_SEEDS = (5, 10, 14, 20)
"""Settings with match points as the primary score, by which the 310 ranks are written."""


@cache
def team_swiss_file(seed: int) -> TrfDocument:
    return read_trf(generate_team_swiss_event(random_team_swiss_settings(seed)).text)


def round_robin_files(first_colour: str) -> list[str]:
    """The generated round robins (tests/data/teams/generated) whose board colour sequence
    (record 352) starts with ``first_colour``."""
    names = []
    for path in sorted(GENERATED.glob("*.trf")):
        text = path.read_text()
        if "FIDE_TEAM_ROUNDROBIN" in text and f"\n352 {first_colour}" in text:
            names.append(path.stem)
    return names


def with_tiebreakserver_ranks(name: str) -> tuple[TrfDocument, list[str]]:
    """A generated event whose 310 ranks are TieBreakServer's, and its tie-break list."""
    codes, ranks = tiebreakserver_ranks(name)
    document = generated(name)
    for team, rank in ranks.items():
        document = edit_team_line(document, team, rank=rank)
    return document, codes


# ---- the Berger tables for teams ------------------------------------------------------------


def test_the_team_berger_table_is_the_published_one() -> None:
    # C.05 Annex 1, 5 or 6 players: round 2 is 6-4, 5-3, 1-2; round 5 is 3-6, 4-2, 5-1.
    rounds = team_berger_rounds(6)
    assert rounds[1].matches == ((6, 4), (5, 3), (1, 2))
    assert rounds[4].matches == ((3, 6), (4, 2), (5, 1))
    five = team_berger_rounds(5)
    assert (five[1].matches, five[1].bye) == (((5, 3), (1, 2)), 4)  # 4 would meet 6


def test_a_double_round_robin_reverses_the_colours_in_the_second_cycle() -> None:
    rounds = team_berger_rounds(4, double=True)
    assert len(rounds) == 6
    assert rounds[0].matches == ((1, 4), (2, 3))
    assert rounds[3].matches == ((4, 1), (3, 2))


def _round_robin_sheet(
    teams: int, *, double: bool = False, swap_last_two: bool = False
) -> TeamSheet:
    schedule = team_berger_rounds(teams, double=double, swap_last_two=swap_last_two)
    return team_sheet(teams, [[(a, b, 2.5) for a, b in r.matches] for r in schedule])


@pytest.mark.parametrize("swap_last_two", [False, True])
def test_a_double_round_robin_agrees_in_either_order_of_the_first_cycle(
    swap_last_two: bool,
) -> None:
    found = check_team_round_robin(_round_robin_sheet(6, double=True, swap_last_two=swap_last_two))
    assert (found.double, found.swapped, found.differences) == (True, swap_last_two, 0)
    assert len(found.rounds) == 10


def test_an_odd_round_robin_gives_each_team_one_round_without_a_match() -> None:
    found = check_team_round_robin(_round_robin_sheet(5))
    assert (len(found.rounds), found.differences) == (5, 0)
    assert found.rounds[1].engine is not None and found.rounds[1].engine.byes == (4,)
    moved = team_sheet(
        5, [[(1, 2, 2)], *[[(a, b, 2) for a, b in r.matches] for r in team_berger_rounds(5)[1:]]]
    )
    first = check_team_round_robin(moved).rounds[0]
    assert first.only_in_file == ((1, 2), (3, 0), (4, 0), (5, 0))
    assert first.only_by_engine == ((1, 0), (2, 5), (3, 4))
    assert "puts 1 without a match, 2-5, 3-4 in round 1" in first.explanation


def test_a_round_robin_with_two_rounds_exchanged_is_reported_on_both() -> None:
    schedule = team_berger_rounds(6)
    schedule[1], schedule[2] = schedule[2], schedule[1]
    sheet = team_sheet(6, [[(a, b, 2) for a, b in r.matches] for r in schedule])
    found = check_team_round_robin(sheet)
    assert [r.round for r in found.rounds if r.has_findings] == [2, 3]
    assert "puts 1-2, 5-3, 6-4 in round 2" in found.rounds[1].explanation
    assert "C.05 Annex 1" in found.rounds[1].explanation


# ---- generated events agree ----------------------------------------------------------------


@pytest.mark.parametrize("seed", SWISS_SEEDS)
def test_a_generated_team_swiss_agrees_with_no_finding(seed: int) -> None:
    document = team_swiss_file(seed)
    assert is_team_document(document)
    found = check_team_trf(document, tiebreaks=["GP"])
    assert found.system == TEAM_SWISS
    assert not found.has_findings, found
    assert len(found.rounds) == random_team_swiss_settings(seed).rounds
    assert found.ranked == len(found.team_numbers)


def test_the_generated_team_round_robins_agree_with_the_berger_tables() -> None:
    names = round_robin_files("W")
    assert len(names) == 17
    for name in names:
        found = check_team_trf(generated(name))
        assert found.system == TEAM_ROUND_ROBIN
        assert not found.has_findings, (name, found)


def test_ranks_written_by_match_points_disagree_when_game_points_are_primary() -> None:
    # Seed 1 pairs on game points (record 192 FIDE_TEAM_TYPEA_GP_MP); its 310 ranks are
    # written by match points, then game points: the standings go by game points first.
    found = check_team_trf(team_swiss_file(1))
    assert found.primary == "GP"
    assert not any(r.has_findings for r in found.rounds)
    assert [t.describe() for t in found.teams] == [
        "team 4 Team 04: file rank 5, computed 2-3 (GP 11.5)",
        "team 5 Team 05: file rank 2, computed 5-6 (GP 10.5)",
    ]


def test_a_round_robin_whose_team_a_has_black_on_board_one_has_other_colours() -> None:
    # These files' first-named team of the table is team A, whose board 1 is Black under a
    # colour sequence starting with B: the table gives it White on board 1 (C.04.6 1.6).
    names = round_robin_files("B")
    assert len(names) == 5
    for name in names:
        found = check_team_trf(generated(name))
        assert all(r.has_findings for r in found.rounds)
        assert all("same matches with other colours" in r.explanation for r in found.rounds)


def test_the_ranks_of_tiebreakserver_agree_with_its_tiebreak_list() -> None:
    for name in ("001", "005", "013", "021", "037", "060"):
        document, codes = with_tiebreakserver_ranks(name)
        found = check_team_trf(document, tiebreaks=codes)
        assert found.tiebreak_source == "--tiebreaks"
        assert not found.teams, (name, [t.describe() for t in found.teams])


# ---- changes are found ---------------------------------------------------------------------


def test_a_team_swiss_match_with_other_colours_is_reported_by_article() -> None:
    document = team_swiss_file(14)
    match = played_matches(document, 2)[0]
    found = check_team_trf(turn_colours(document, 2, match))
    # The later rounds follow from other colour histories: the first difference is round 2.
    assert next(r.round for r in found.rounds if r.has_findings) == 2
    assert "(C.04.6 4.3)" in found.rounds[1].explanation
    assert found.rounds[1].only_in_file == ((match.team_b, match.team_a),)


def test_a_team_swiss_round_with_two_opponents_exchanged_is_reported_by_article() -> None:
    document = team_swiss_file(10)
    first, second = played_matches(document, 3)[:2]
    found = check_team_trf(exchange_opponents(document, 3, first, second))
    changed = found.rounds[2]
    assert [r.round for r in found.rounds[:3] if r.has_findings] == [3]
    assert changed.only_in_file and changed.only_by_engine
    assert "C.04.6" in changed.explanation or "[C" in changed.explanation, changed
    # The numbers an explanation names are teams', and it says so (it said "players").
    assert changed.explanation.endswith("(teams 1, 3, 4)"), changed.explanation


def test_a_round_robin_with_two_matches_swapped_is_reported() -> None:
    document = generated("013")  # eight teams, round 3: 2-8, 3-1, 4-7, 5-6
    first, second = played_matches(document, 3)[:2]
    found = check_team_trf(exchange_opponents(document, 3, first, second))
    assert [r.round for r in found.rounds if r.has_findings] == [3]
    changed = found.rounds[2]
    assert set(changed.only_by_engine) == {
        (first.team_a, first.team_b),
        (second.team_a, second.team_b),
    }
    assert "C.05 Annex 1" in changed.explanation


def test_a_team_rank_changed_is_reported() -> None:
    document, codes = with_tiebreakserver_ranks("013")
    _codes, ranks = tiebreakserver_ranks("013")
    first = next(team for team, rank in ranks.items() if rank == 1)
    last = max(ranks.values())
    found = check_team_trf(edit_team_line(document, first, rank=last), tiebreaks=codes)
    assert [t.team for t in found.teams] == [first]
    assert f"file rank {last}, computed 1 (MP " in found.teams[0].describe()


def test_a_team_whose_points_are_not_its_games_is_reported() -> None:
    document = generated("002")
    found = check_team_trf(edit_team_line(document, 2, match_points=99))
    assert [t.describe().split(": ", 1)[1][:28] for t in found.teams] == [
        "file match points 99, its ga"
    ]


def test_record_202_gives_the_team_tiebreak_list() -> None:
    document = with_headers(generated("002"), "202 MP, GP, EMMSB")
    found = check_team_trf(document, tiebreaks=["BH"])
    assert (found.tiebreak_source, [s.name for s in found.tiebreaks]) == (
        "record 202",
        ["MP", "GP", "EMMSB"],
    )


# ---- the real event ------------------------------------------------------------------------


def test_crete_2025_its_rounds_and_the_eight_inconsistent_lines() -> None:
    found = check_team_trf(read_trf(CRETE.read_text()))
    assert found.system == TEAM_SWISS  # 092 "Team Swiss System", 8 teams, 4 rounds
    assert any("before C.04.6 applied" in note for note in found.notes)
    assert [(r.round, r.only_in_file) for r in found.rounds if r.has_findings] == [
        (2, ((2, 7), (6, 3))),
        (3, ((1, 2), (3, 4))),
        (4, ((2, 5), (4, 7), (8, 6))),
    ]
    assert "(C.04.6 4.3)" in found.rounds[1].explanation
    assert "C.04.6 3.5.4" in found.rounds[2].explanation
    # Swiss-Manager's "0000 - -" for a win by an empty opposite board: the points column
    # counts it, the results do not.
    assert [(p.start_rank, p.file_points - p.line_points) for p in found.players] == [
        (n, Fraction(1)) for n in (58, 65, 78, 85, 98, 105, 119, 126)
    ]
    assert (found.ranked, found.teams) == (0, ())  # 013 records: no team rank


def test_crete_2025_normalised_round_four_follows_from_the_corrected_scores() -> None:
    found = check_team_trf(read_trf(CRETE_NORMALISED.read_text()))
    assert [r.round for r in found.rounds if r.has_findings] == [2, 3]
    assert found.players == ()


# ---- bad input -----------------------------------------------------------------------------


def test_a_roster_naming_a_missing_player_is_bad_input_naming_the_line() -> None:
    document = edit_team_line(generated("002"), 3, players=(1, 2, 9999))
    line = next(r.line for r in document.records if r.text.startswith("310   3"))
    with pytest.raises(CheckInputError, match=f"line {line}: record 310 names player 9999"):
        check_team_trf(document)


def test_a_second_team_with_the_same_number_or_a_player_on_two_rosters_is_bad_input() -> None:
    document = generated("002")
    lines = {r.text[4:7].strip(): r.line for r in document.records if r.code == "310"}
    with pytest.raises(CheckInputError, match=f"line {lines['2']}: .* pairing number 1$"):
        check_team_trf(edit_team_line(document, 2, number=1))
    first_player = read_team_file(document).team(1).roster[0]
    twice = edit_team_line(document, 2, players=(first_player,))
    with pytest.raises(
        CheckInputError,
        match=f"line {lines['2']}: record 310 names player {first_player}, already on the "
        f"roster of line {lines['1']}",
    ):
        check_team_trf(twice)


def test_an_individual_system_for_a_team_file_is_bad_input() -> None:
    with pytest.raises(CheckInputError, match="team event"):
        check_team_trf(generated("002"), system="dutch")


def test_an_unknown_team_tiebreak_is_bad_input() -> None:
    with pytest.raises(CheckInputError, match="--tiebreaks: unknown team tie-break"):
        check_team_trf(generated("002"), tiebreaks=["XYZ"])
