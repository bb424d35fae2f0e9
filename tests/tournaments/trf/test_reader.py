"""Reading real TRF files: every field as the file states it."""

from datetime import date
from fractions import Fraction

import pytest

from tournaments.scoring.sheet import Color, Outcome, TournamentSheet
from tournaments.trf import TrfGame, read_trf

from .trf_data import REAL_FILES, TRF_DATA, read_data

KARL_MALA = "sklangen_TRF__example1.trf"
GROS = "javafo_aum/gros_open_2010_after_round4.trf"


def sheet_points(sheet: TournamentSheet, start_rank: int) -> Fraction:
    player = sheet.player(start_rank)
    return sum((sheet.points.points(e.outcome) for e in player.rounds), Fraction(0))


def test_karl_mala_header_records():
    document = read_data(KARL_MALA)
    assert document.name == "9. Karl-Mala-Gedenkturnier"
    assert document.header("022") == "Frankfurt (Main) /GER"
    assert document.start_date == date(2005, 7, 28)
    assert document.header("102") == "Ralph Blum (SV Griesheim)"
    assert document.header("112") == "NSR Thomas Rondio, NSR Wolfgang Hettler"
    assert document.header("122") == "40/120, 60"
    assert len(document.players) == 284
    assert document.played_rounds == 7


def test_karl_mala_player_fields_exactly():
    document = read_data(KARL_MALA)
    vasquez = document.player(1)
    assert (vasquez.name, vasquez.title, vasquez.full_title) == ("Vasquez,Rodrigo", "g", "GM")
    assert (vasquez.rating, vasquez.federation, vasquez.fide_id) == (2558, "CHI", "3400042")
    assert (vasquez.birth, vasquez.points, vasquez.rank) == ("1969.12.06", Fraction(6), 4)
    assert vasquez.games[0] == TrfGame(opponent=141, color="w", result="1")
    assert vasquez.games[6] == TrfGame(opponent=31, color="w", result="=")
    heymann = document.player(69)
    assert heymann.name == "Heymann-Lobzhanidze,Anna-Luise"
    assert (heymann.title, heymann.full_title, heymann.fide_id) == ("wf", "WFM", "4681468")
    assert document.to_sheet().player(69).title == "WFM"


def test_karl_mala_points_of_every_player_equal_the_points_column():
    document = read_data(KARL_MALA)
    sheet = document.to_sheet()
    assert len(sheet.players) == 284
    for player in document.players:
        assert sheet_points(sheet, player.start_rank) == player.points, player.name
    assert document.warnings == ()


def test_karl_mala_winner_and_bye_dummy():
    document = read_data(KARL_MALA)
    winner = min(document.players, key=lambda p: p.rank or 9999)
    assert (winner.start_rank, winner.name, winner.points) == (
        5,
        "Mikhaletz,Lubomir",
        Fraction(13, 2),
    )
    dummy = document.to_sheet().player(284)
    assert dummy.name == "spielfrei"
    assert dummy.rounds[-1].outcome is Outcome.FORFEIT_LOSS


def test_gros_byes_entered_in_advance_count_but_do_not_make_the_round_played():
    document = read_data(GROS)
    sheet = document.to_sheet()
    assert (document.planned_rounds, sheet.rounds, len(sheet.players)) == (9, 4, 52)
    gallas = sheet.player(43)
    assert gallas.entry(5).outcome is Outcome.HALF_BYE
    assert sheet_points(sheet, 43) == document.player(43).points == 1
    assert sheet.player(22).entry(5).outcome is Outcome.ZERO_BYE
    # a pairing-allocated bye in round 4, worth a win
    assert sheet.player(48).entry(4) == sheet.player(48).entry(4).__class__(
        round=4, outcome=Outcome.PAIRING_BYE, opponent=None, color=None
    )
    assert sheet_points(sheet, 48) == 1
    assert document.warnings == ()


def test_gros_player_with_three_letter_fields():
    mirzoev = read_data(GROS).player(1)
    assert (mirzoev.name, mirzoev.full_title, mirzoev.federation) == ("Mirzoev Azer", "GM", "AZE")
    assert (mirzoev.fide_id, mirzoev.birth, mirzoev.rating) == ("13400304", "1978", 2527)


def test_held_opponent_zero_is_an_unpaired_round_and_file_order_is_kept():
    document = read_data("tiebreak/held_c07_exercises/held_swiss_5.trf")
    assert [p.start_rank for p in document.players[:3]] == [2, 1, 3]
    david = document.to_sheet().player(4)
    assert david.entry(2).outcome is Outcome.HALF_BYE
    assert david.entry(2).opponent is None
    assert david.entry(4).color is Color.WHITE
    assert document.player(9).games[4] == TrfGame(opponent=None, color="-", result="U")


def test_swiss_manager_file_with_crlf_and_ruler_lines():
    document = read_data("tiebreak/tiebreakserver_unplayed/swiss_with_many_unplayed_rounds.trf")
    assert len(document.players) == 15
    assert document.player(1).title == "FM"
    assert any(record.text.startswith("DDD SSSS sTTT") for record in document.records)
    sheet = document.to_sheet()
    assert sheet.player(12).entry(2).outcome is Outcome.FULL_BYE
    assert sheet_points(sheet, 12) == 4
    # a double forfeit (both "-") is a legal entry, not a disagreement
    assert document.player(4).games[0] == TrfGame(opponent=11, color="w", result="-")
    assert document.warnings == ()


def test_cr_only_line_endings():
    document = read_data("bbpPairings_pairing_tests/issue_7.input.trf")
    assert (len(document.players), document.planned_rounds) == (60, 15)
    assert document.player(60).name == "Test0060 Player0060"


def test_capo_dorso_acceleration_and_withdrawn_players():
    document = read_data("javafo_aum/capo_dorso_2012_final_accelerated.trf")
    assert document.acceleration[1] == (Fraction(1),) * 7
    assert document.acceleration[84][:3] == (0, 0, Fraction(1, 2))
    sheet = document.to_sheet()
    assert sheet.rounds == 9
    assert sheet.player(25).withdrawn_after == 1
    assert sheet.player(77).withdrawn_after == 4
    assert sheet.player(1).withdrawn_after is None
    assert sheet.extra["112"] == "Roberto Ricca\nCostantino Biello"


def test_stated_points_that_disagree_with_the_results_are_reported():
    held = (TRF_DATA / "tiebreak/held_c07_exercises/held_round_robin.trf").read_text()
    football = read_trf(held + "XXS W=3 D=1\n")
    assert (football.point_system.win, football.point_system.draw) == (3, 1)
    # Alyx: = 1 1 0 1 is 1 + 3 + 3 + 0 + 3 under 3-1-0
    assert football.warnings[0] == "line 5: player 1 Alyx states 3.5 points, the results give 10.0"
    assert len(football.warnings) == 6


def test_trf2026_scoring_record_and_round_dates():
    header = "132" + " " * 88 + "26/03/01  26/03/02  26/03/03"
    document = read_trf(
        "012 Test\n"
        + header
        + "\n142 3\n162 W 3.0 D 1.0 L 0.0 P 3.0 A 0.0 X 1.0\n### Adjournment @ Round 1\n"
    )
    assert document.round_dates == ("26/03/01", "26/03/02", "26/03/03")
    assert document.planned_rounds == 3
    system = document.point_system
    assert (system.win, system.draw, system.pairing_bye, system.forfeit_win) == (3, 1, 3, 3)
    assert document.comments == ["Adjournment @ Round 1"]


def player_line(start_rank, sex, title, name, rating, federation, fide_id, birth, points, rank):
    """A 001 line laid out by the TRF16 column table (1-based columns 1-89)."""
    return (
        f"001 {start_rank:>4} {sex}{title:>3} {name:<33} {rating:>4} {federation:<3} "
        f"{fide_id:>11} {birth:<10} {points:>4} {rank:>4}"
    )


def test_utf8_names_three_letter_titles_bom_and_tabs():
    first = player_line(
        1, "w", "WGM", "Ušenina, Kateryna", 2470, "UKR", 14102226, "1984/08/11", "1.0", 1
    )
    second = player_line(2, "w", "WFM", "侯逸凡", 2400, "CHN", 8602980, "1994/02/27", "0.0", 2)
    text = f"\ufeff012\tNames\r\n{first}     2 w 1\r\n{second}     1 b 0\r\n"
    document = read_trf(text.encode())
    assert document.name == "Names"
    one, two = document.players
    assert (one.name, one.title, one.fide_id, one.sex) == (
        "Ušenina, Kateryna",
        "WGM",
        "14102226",
        "w",
    )
    assert (two.name, two.title, two.rating) == ("侯逸凡", "WFM", 2400)
    assert document.warnings == ()


def test_adjourned_game_is_read_from_question_mark_and_x():
    first = player_line(1, "m", "", "A", 2000, "", "", "", "0.5", "")
    second = player_line(2, "m", "", "B", 2000, "", "", "", "0.5", "")
    document = read_trf(f"{first}     2 w ?\n{second}     1 b X\n")
    sheet = document.to_sheet()
    assert sheet.player(1).entry(1).outcome is Outcome.ADJOURNED
    assert sheet.player(2).entry(1).outcome is Outcome.ADJOURNED
    assert document.warnings == ()


def test_trf2026_byes_prohibited_pairings_and_javafo_absences():
    held = (TRF_DATA / "tiebreak/held_c07_exercises/held_swiss_9.trf").read_text()
    document = read_trf(
        held + "240 H  10    3   16\n240 F   2    5\n260   1   9    1    2\n"
        "260  10  11    4    5    6\nXXP 7 8\nXXZ 11,12\n"
    )
    assert document.requested_byes(10) == {
        3: Outcome.HALF_BYE,
        16: Outcome.HALF_BYE,
        11: Outcome.ZERO_BYE,
        12: Outcome.ZERO_BYE,
    }
    assert document.requested_byes(2) == {5: Outcome.FULL_BYE}
    assert document.forbidden_groups(10) == [frozenset({7, 8}), frozenset({4, 5, 6})]
    assert document.forbidden_groups(3) == [frozenset({7, 8}), frozenset({1, 2})]


@pytest.mark.parametrize("path", REAL_FILES, ids=lambda p: p.name)
def test_every_real_file_states_the_points_its_results_give(path):
    document = read_trf(path.read_bytes())
    assert document.warnings == ()
    sheet = document.to_sheet()
    for player in document.players:
        assert sheet_points(sheet, player.start_rank) == player.points, player.name
