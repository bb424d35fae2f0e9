"""What an imported TRF says about pairing is applied, not only kept: XXA / 250 switch the
acceleration on, XXP / 260 become forbidden pairs the engine honours, 132's dates become the
rounds' dates. What stays only kept for the export is reported, never silently."""

from __future__ import annotations

import datetime
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import pytest
from django.utils import timezone

from tournaments.models import (
    Acceleration,
    ForbiddenPair,
    PairingSystem,
    Tournament,
    TournamentLog,
)
from tournaments.pairing.base import file_accelerations
from tournaments.selectors import (
    forbidden_rank_pairs,
    tournament_accelerations,
    tournament_standings,
)
from tournaments.services import TournamentError, allow_pair, pair_swiss_round
from tournaments.services.trf_exchange import export_trf, import_trf
from tournaments.trf import read_trf
from tournaments.trf.reader import split_lines

pytestmark = pytest.mark.django_db

CAPO = (
    Path(__file__).resolve().parent.parent
    / "data"
    / "trf"
    / "javafo_aum"
    / "capo_dorso_2012_final_accelerated.trf"
)

BAKU_192 = (
    Path(__file__).resolve().parent.parent
    / "data"
    / "pairing"
    / "discrepancies"
    / "baku_7103_192BAKU_noXXA.trf"
)


def players(count: int, games: dict[int, str] | None = None) -> list[str]:
    """``count`` unrated-free player lines, strongest first, with round cells if given."""
    return [
        f"001 {rank:>4}      {f'Player {rank}':<33} {2400 - 10 * rank:>4} {'':<26}"
        f" {'':>4} {rank:>4}{(games or {}).get(rank, '')}".rstrip()
        for rank in range(1, count + 1)
    ]


def trf(*records: str, count: int = 8, games: dict[int, str] | None = None) -> str:
    return (
        "\n".join(["012 Applied", "XXR 5", "XXC white1", *records, *players(count, games)]) + "\n"
    )


def notes(tournament) -> str:
    return tournament.log.filter(kind=TournamentLog.Kind.IMPORT).first().reason


def pairs(round_) -> list[tuple[int, int]]:
    boards = round_.pairings.select_related("white", "black").filter(black__isnull=False)
    return [(b.white.start_rank, b.black.start_rank) for b in boards.order_by("board")]


BAKU_8_PLAYERS_5_ROUNDS = [f"XXA {rank:4d}  1.0  1.0  0.5" for rank in range(1, 5)]


def test_xxa_with_bakus_points_switches_baku_acceleration_on_and_the_engine_uses_it():
    tournament = import_trf(trf(*BAKU_8_PLAYERS_5_ROUNDS))
    assert tournament.acceleration == Acceleration.BAKU
    assert "records XXA: acceleration switched on (Baku acceleration" in notes(tournament)
    # Round 1 pairs GA among themselves, GB likewise (C.04.5.1), not 1-5, 6-2, …
    assert pairs(pair_swiss_round(tournament)) == [(1, 3), (4, 2), (5, 7), (8, 6)]


def test_record_192_naming_baku_switches_baku_acceleration_on():
    # bbpPairings paired this event with Baku acceleration stated only in record 192.
    data = BAKU_192.read_bytes()
    tournament = import_trf(data)
    assert tournament.acceleration == Acceleration.BAKU
    assert "records 192: acceleration switched on (Baku acceleration" in notes(tournament)
    assert tournament.baku_last_ga.start_rank == 10  # 20 players, all paired in round 1
    assert tournament_accelerations(tournament) == file_accelerations(read_trf(data))
    assert sorted(tournament_accelerations(tournament)) == list(range(1, 11))


def test_a_round_one_absentee_is_not_counted_in_ga_from_record_192():
    # 10 players, number 1 absent in round 1: GA is counted among the nine who were paired,
    # 2 x ceil(9/4) = 6 of them (2-7), and number 1 joins GA as a late entrant ranked above
    # its last player (C.04.5.1). Counting all ten would make GA 1-6.
    games = {1: "  0000 - Z", 10: "  0000 - U"}
    games |= {rank: f"  {rank + 4:4d} w 1" for rank in range(2, 6)}
    games |= {rank: f"  {rank - 4:4d} b 0" for rank in range(6, 10)}
    text = trf("192 FIDE_DUTCH_2025_BAKU", count=10, games=games)
    tournament = import_trf(text)
    assert tournament.acceleration == Acceleration.BAKU
    assert sorted(tournament_accelerations(tournament)) == [1, 2, 3, 4, 5, 6, 7]


def test_records_250_do_the_same_for_trf_2026():
    text = trf("250 00.0 01.0 001 002 0001 0004", "250 00.0 00.5 003 003 0001 0004")
    tournament = import_trf(text)
    assert tournament.acceleration == Acceleration.BAKU
    assert "records 250: acceleration switched on" in notes(tournament)


def test_other_virtual_points_are_kept_as_the_file_gives_them():
    tournament = import_trf(CAPO.read_bytes())
    assert tournament.acceleration == Acceleration.FILE
    assert tournament_accelerations(tournament) == read_trf(CAPO.read_bytes()).acceleration
    exported = export_trf(tournament, version=16)
    original = [line for line in split_lines(CAPO.read_text("latin-1")) if line[:3] == "XXA"]
    assert [line for line in split_lines(exported) if line[:3] == "XXA"] == original


def test_a_round_robin_does_not_take_an_acceleration_and_says_so():
    text = trf(*BAKU_8_PLAYERS_5_ROUNDS).replace("012 Applied", "012 Applied\n092 Round robin")
    tournament = import_trf(text.replace("XXR 5", "XXR 7"))
    assert tournament.system == PairingSystem.ROUND_ROBIN
    assert tournament.acceleration == Acceleration.NONE
    assert "4 records XXA are not used here; kept for the export" in notes(tournament)


def test_xxp_becomes_a_forbidden_pair_the_engine_honours_and_comes_back():
    text = trf("XXP 1 5")
    tournament = import_trf(text)
    pair = ForbiddenPair.objects.get(tournament=tournament)
    assert {pair.first.start_rank, pair.second.start_rank} == {1, 5}
    assert "1 forbidden pair from the file" in notes(tournament)
    for version in (16, 2026):
        assert "XXP 1 5" in split_lines(export_trf(tournament, version=version))
    assert (1, 5) not in pairs(pair_swiss_round(tournament))


def test_a_lifted_pair_leaves_the_export():
    tournament = import_trf(trf("XXP 1 5 6"))
    assert ForbiddenPair.objects.filter(tournament=tournament).count() == 3
    one, five = (tournament.players.get(start_rank=rank) for rank in (1, 5))
    allow_pair(one, five, reason="not related after all")
    for version in (16, 2026):
        exported = split_lines(export_trf(tournament, version=version))
        assert [line for line in exported if line[:3] == "XXP"] == ["XXP 1 6", "XXP 5 6"]
        assert (
            "### Export: record XXP recomputed, the tournament changed after the import "
            "(the file said: 1 5 6)" in exported
        )


def test_a_260_for_some_rounds_forbids_the_pair_in_those_rounds_only():
    tournament = import_trf(trf("260 001 005    1    5", "260 001 002    2    6"))
    spans = {
        (p.first.start_rank, p.second.start_rank): (p.from_round, p.to_round)
        for p in ForbiddenPair.objects.filter(tournament=tournament)
    }
    assert spans == {(1, 5): (1, None), (2, 6): (1, 2)}
    assert forbidden_rank_pairs(tournament, 2) == ((1, 5), (2, 6))
    assert forbidden_rank_pairs(tournament, 3) == ((1, 5),)
    # Round 1 would pair the top half against the bottom: 1-5, 2-6, 3-7, 4-8.
    round_1 = pairs(pair_swiss_round(tournament))
    assert (1, 5) not in round_1 and (2, 6) not in round_1 and (6, 2) not in round_1
    exported = split_lines(export_trf(tournament, version=2026))
    assert "260 001 002    2    6" in exported and "260 001 005    1    5" in exported


def test_xxp_names_the_pairs_forbidden_in_the_round_a_pairing_program_pairs_next():
    tournament = import_trf(trf("260 001 005    1    5", "260 003 004    2    6"))
    assert [line for line in split_lines(export_trf(tournament)) if line[:3] == "XXP"] == [
        "XXP 1 5"
    ]


def test_a_pair_named_again_for_rounds_apart_is_reported():
    tournament = import_trf(
        trf("260 001 002    2    6", "260 003 003    2    6", "260 005 005    2    6")
    )
    pair = ForbiddenPair.objects.get(tournament=tournament)
    assert (pair.from_round, pair.to_round) == (1, 3)
    assert "line 6: players 2 and 6 are already forbidden to meet in other rounds" in notes(
        tournament
    )


def test_round_dates_become_the_rounds_dates_and_later_ones_are_reported():
    games = {1: "     2 w 1", 2: "     1 b 0", 3: "     4 w =", 4: "     3 b ="}
    dates = "132" + " " * 88 + "24/08/01  24/08/02  24/08/03"
    tournament = import_trf(trf(dates, count=4, games=games))
    round_1 = tournament.rounds.get(number=1)
    assert timezone.localtime(round_1.starts_at).date() == datetime.date(2024, 8, 1)
    assert "record 132: rounds 2, 3 are not paired yet" in notes(tournament)
    assert dates in split_lines(export_trf(tournament, version=16))


def test_record_212_gives_the_tie_breaks_when_202_is_absent():
    tournament = import_trf(trf("212 PTS,BH/C1,SB"))
    assert tournament.tiebreaks == ["BH/C1", "SB"]
    assert "212" not in notes(tournament)


def test_record_212_that_disagrees_with_202_is_reported_and_202_wins():
    tournament = import_trf(trf("202 BH SB", "212 PTS SB BH"))
    assert tournament.tiebreaks == ["BH", "SB"]
    assert (
        "record 212 orders the standings by PTS SB BH, record 202 by PTS BH SB; 202's "
        "tie-breaks are used, 212 is kept for the export"
    ) in notes(tournament)
    assert "212 PTS SB BH" in split_lines(export_trf(tournament, version=2026))


def test_record_212_not_led_by_points_is_reported():
    tournament = import_trf(trf("202 BH", "212 BH PTS"))
    assert tournament.tiebreaks == ["BH"]
    assert "record 212: the standings here are ordered by points (PTS) first" in notes(tournament)


def test_a_buchholz_in_a_round_robin_file_is_left_out_not_a_refused_file():
    games = {1: "     2 w 1", 2: "     1 b 0"}
    tournament = import_trf(trf("092 Round robin", "202 BH/C1 SB", count=2, games=games))
    assert tournament.is_round_robin and tournament.tiebreaks == ["SB"]
    assert "record 202: BH/C1 is a Buchholz tie-break, not used in a round robin" in notes(
        tournament
    )


def test_record_299_for_every_round_sets_the_points_of_that_kind_of_round():
    games = {1: "  0000 - +", 2: "     3 w 1", 3: "     2 b 0"}
    tournament = import_trf(trf("299 +         0.5", count=3, games=games))
    assert tournament.points_forfeit_win == Decimal("0.5")
    assert tournament.points_win == 1
    assert "299" not in notes(tournament)
    standings = {row.start_rank: row.points for row in tournament_standings(tournament).rows}
    assert standings[1] == Fraction(1, 2)


def test_record_299_for_single_games_is_kept_and_reported():
    tournament = import_trf(trf("299 W         1.0  001    3"))
    assert tournament.points_win == 1
    assert (
        "line 4: record 299 gives points to single games or rounds; here points follow each "
        "result, so it is kept for the export, not used"
    ) in notes(tournament)
    assert "299 W         1.0  001    3" in split_lines(export_trf(tournament, version=2026))


def test_a_record_nobody_applies_is_reported():
    reason = notes(import_trf(trf("222 40/6000+30:20/3000+30")))
    assert "line 4: record 222 is not used here; kept for the export" in reason


def test_virtual_points_from_records_250_add_up_where_they_overlap():
    document = read_trf(trf("250 00.0 01.0 001 002 0001 0004", "250 00.0 01.0 002 002 0003 0005"))
    assert document.acceleration_250[3] == (Fraction(1), Fraction(2))
    assert document.acceleration_250[5] == (Fraction(0), Fraction(1))


def test_a_game_both_players_record_with_white_refuses_the_file_and_stores_nothing():
    # FIDE checklist J50: refused with the round, both players and their lines, not stored
    # with a guessed colour.
    games = {1: "     2 w 1", 2: "     1 w 0"}
    before = Tournament.objects.count()
    with pytest.raises(TournamentError) as refused:
        import_trf(trf(count=4, games=games), filename="clash.trf")
    assert str(refused.value) == (
        "clash.trf: line 4, column 97: round 1: player 1 (line 4) and player 2 (line 5) both "
        "record white against each other; the file does not say who had which colour"
    )
    assert Tournament.objects.count() == before
