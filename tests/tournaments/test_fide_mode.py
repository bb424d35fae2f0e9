"""FIDE-mode conformance of the tournaments services (the FIDE endorsement checklist's
items, named in each section): withdrawals in standings, adjourned games, byes, results,
starting ranks."""

import dataclasses
from decimal import Decimal
from fractions import Fraction
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.db.models import Q

from tests.factories import answering
from tournaments.models import (
    Absence,
    EntrySource,
    PairingSystem,
    Player,
    Result,
    Round,
    WithdrawalRule,
)
from tournaments.scoring.standings import Exclusion, StandingsNotFinalError, compute_standings
from tournaments.scoring.tiebreaks import TieBreakSettings
from tournaments.selectors import tournament_standings
from tournaments.services import (
    Level,
    NeedsConfirmation,
    TournamentError,
    add_player,
    adjourn_game,
    assign_start_ranks,
    correct_result,
    create_tournament,
    exchange_start_ranks,
    expel_player,
    leave_fide_mode,
    pair_swiss_round,
    publish_round,
    record_result,
    request_absence,
    resolve_adjournment,
    update_tournament,
    withdraw_player,
)
from tournaments.services.trf_exchange import export_trf, import_trf
from tournaments.trf import read_trf

pytestmark = pytest.mark.django_db

DATA = Path(__file__).resolve().parent.parent / "data"
HELD_ROUND_ROBIN = DATA / "tiebreak/held_round_robin.trf"
HELD_SWISS_5 = DATA / "tiebreak/held_swiss_5.trf"


def player(tournament, start_rank):
    return tournament.players.get(start_rank=start_rank)


# ---- E35, I48: withdrawn players marked, early round-robin withdrawals and expelled players
# ---- listed without a place ---------------------------------------------------------------


def held_round_robin_helene_leaves(after_round):
    """Held's 6-player round robin, Helene (no. 6) leaving after ``after_round``: her later
    games are forfeits to her opponents, as the arbiter enters them."""
    tournament = import_trf(HELD_ROUND_ROBIN.read_bytes())
    helene = player(tournament, 6)
    later = tournament.rounds.filter(number__gt=after_round)
    for number in range(after_round + 1, 6):
        pairing = later.get(number=number).pairings.get(Q(white=helene) | Q(black=helene))
        pairing.result = (
            Result.BLACK_FORFEIT_WIN if pairing.white == helene else Result.WHITE_FORFEIT_WIN
        )
        pairing.save(update_fields=["result"])
    Player.objects.filter(pk=helene.pk).update(
        status=Player.Status.WITHDRAWN, withdrawn_after_round=after_round
    )
    return tournament


def test_a_round_robin_player_leaving_before_half_his_games_counts_for_nobody():
    # Helene played rounds 1–2 (2 of 5 games). Without her games, by hand from Held's table:
    # Alyx ½ v Franck, 1 v Bruno, 1 v Charline, 0 v David = 2.5; Bruno 0 + 1 + ½ + 1 = 2.5;
    # Charline 1 + 0 + ½ + 1 = 2.5; Franck ½ + 1 + 0 + 0 = 1.5; David 0 + 0 + 1 + 0 = 1.
    # SB: Alyx ½·1.5 + 2.5 + 2.5 = 5.75; Bruno 1.5 + ½·2.5 + 1 = 3.75; Charline 1 + 1.25 + 1.5;
    # Franck ½·2.5 + 1 = 2.25; David 2.5 (his win over Alyx).
    tournament = held_round_robin_helene_leaves(after_round=2)
    standings = tournament_standings(tournament, tiebreaks=["DE", "SB"])
    table = {
        row.start_rank: (row.place, row.points, row.tiebreaks[1].display) for row in standings.rows
    }
    assert table == {
        1: ("1", Fraction(5, 2), "5.75"),
        2: ("2–3", Fraction(5, 2), "3.75"),
        3: ("2–3", Fraction(5, 2), "3.75"),
        5: ("4", Fraction(3, 2), "2.25"),
        4: ("5", Fraction(1), "2.50"),
        6: ("-", Fraction(0), "-"),
    }
    helene = standings.by_start_rank()[6]
    assert (helene.excluded, helene.withdrawn_after, helene.mark) == (
        Exclusion.ANNULLED,
        2,
        "withdrawn after round 2",
    )
    assert [row.start_rank for row in standings.rows][-1] == 6


def test_a_round_robin_player_leaving_after_half_his_games_stays_ranked_and_marked():
    # Three games of five played: his results stand, the forfeits included.
    tournament = held_round_robin_helene_leaves(after_round=3)
    rows = tournament_standings(tournament, tiebreaks=[]).by_start_rank()
    assert rows[6].ranked
    assert rows[6].mark == "withdrawn after round 3"
    # Helene: 0, 0, ½ v David, then forfeits; Franck's round-4 forfeit win is his now.
    assert (rows[6].points, rows[4].points, rows[5].points) == (
        Fraction(1, 2),
        Fraction(3, 2),
        Fraction(5, 2),
    )


def test_the_withdrawal_rule_is_a_setting_that_can_count_every_result():
    tournament = held_round_robin_helene_leaves(after_round=2)
    with pytest.raises(TournamentError, match="cannot change once round 1 is paired"):
        update_tournament(tournament, round_robin_withdrawals=WithdrawalRule.COUNT_ALL)
    answering(leave_fide_mode, tournament, user=None, reason="the club's own rules")
    tournament = update_tournament(
        tournament, round_robin_withdrawals=WithdrawalRule.COUNT_ALL, reason="club rules"
    )
    rows = tournament_standings(tournament, tiebreaks=[]).by_start_rank()
    assert rows[6].ranked and rows[6].place == "6"
    assert {n: rows[n].points for n in range(1, 7)} == {
        1: Fraction(7, 2),
        2: Fraction(7, 2),
        3: Fraction(7, 2),
        4: Fraction(2),  # the round-3 draw with Helene is now a forfeit win
        5: Fraction(5, 2),  # so is round 4
        6: Fraction(0),
    }


def test_fide_mode_keeps_fides_withdrawal_rule():
    with pytest.raises(TournamentError, match="follows FIDE's withdrawal rule"):
        create_tournament(
            name="Club round robin",
            system=PairingSystem.ROUND_ROBIN,
            number_of_rounds=5,
            round_robin_withdrawals=WithdrawalRule.COUNT_ALL,
        )
    club = create_tournament(
        name="Club round robin",
        system=PairingSystem.ROUND_ROBIN,
        number_of_rounds=5,
        round_robin_withdrawals=WithdrawalRule.COUNT_ALL,
        fide_mode=False,
    )
    assert club.round_robin_withdrawals == "count_all"


def test_the_standings_command_marks_the_withdrawal():
    tournament = held_round_robin_helene_leaves(after_round=2)
    out = StringIO()
    call_command("standings", str(tournament.pk), "--tiebreaks", "SB", stdout=out)
    lines = out.getvalue().splitlines()
    # Place, number, name with its mark, points, SB (none: she is not ranked), rating change.
    assert lines[-2].split()[:9] == [
        "-",
        "6",
        "Helene",
        "(withdrawn",
        "after",
        "round",
        "2)",
        "0",
        "-",
    ]
    assert lines[-1].startswith("Players without a place (-): expelled from a Swiss, or left")


def test_an_expelled_swiss_player_has_no_place_and_his_games_stand():
    # Held ex. 23: 2 first, then 1, 3, 4 and 16 share 2–5 on 3.5 points after DE.
    tournament = import_trf(HELD_SWISS_5.read_bytes())
    before = tournament_standings(tournament, tiebreaks=["DE", "BH"]).by_start_rank()
    expel_player(player(tournament, 2), after_round=5, user=None, reason="misconduct")
    standings = tournament_standings(tournament, tiebreaks=["DE", "BH"])
    rows = standings.by_start_rank()
    places = tournament_standings(tournament, tiebreaks=["DE"]).by_start_rank()
    assert {n: places[n].place for n in (1, 3, 4, 16)} == dict.fromkeys((1, 3, 4, 16), "1–4")
    assert (rows[2].place, rows[2].excluded, rows[2].mark) == (
        "-",
        Exclusion.EXPELLED,
        "expelled after round 5",
    )
    # His opponents keep the points and the Buchholz his games gave them.
    assert all(rows[n].tiebreaks[1] == before[n].tiebreaks[1] for n in rows if n != 2)
    assert standings.rows[-1].start_rank == 2


def test_a_withdrawn_swiss_player_stays_ranked_and_is_marked():
    tournament = import_trf(HELD_SWISS_5.read_bytes())
    withdraw_player(player(tournament, 16), after_round=5, reason="left early")
    row = tournament_standings(tournament, tiebreaks=[]).by_start_rank()[16]
    assert row.ranked and row.mark == "withdrawn after round 5"


def test_final_standings_refuse_a_missing_result():
    tournament = import_trf(HELD_SWISS_5.read_bytes())
    pairing = tournament.rounds.get(number=5).pairings.filter(black__isnull=False).first()
    pairing.result = Result.NOT_PLAYED
    pairing.save(update_fields=["result"])
    with pytest.raises(StandingsNotFinalError, match=f"round 5 board {pairing.board}"):
        tournament_standings(tournament, final=True)


# ---- G39–G43: adjourned games and pairing ----------------------------------------------------


def held_swiss_round_5_unfinished(boards, *, rounds=6):
    """Held's 16-player Swiss as after round 5, with ``boards`` of round 5 not yet entered
    and ``rounds`` rounds planned."""
    tournament = import_trf(HELD_SWISS_5.read_bytes())
    tournament.number_of_rounds = rounds
    tournament.save(update_fields=["number_of_rounds"])
    round_5 = tournament.rounds.get(number=5)
    round_5.pairings.filter(board__in=boards).update(result=Result.NOT_PLAYED)
    round_5.status = Round.Status.PUBLISHED
    round_5.save(update_fields=["status"])
    return tournament


def comments(tournament):
    return [line for line in export_trf(tournament, version=2026).splitlines() if line[:3] == "###"]


def test_pairing_with_results_missing_asks_to_acknowledge_their_adjournment():
    tournament = held_swiss_round_5_unfinished([2, 5])
    with pytest.raises(NeedsConfirmation, match="Round 5 has no result on board 2, 5") as asked:
        pair_swiss_round(tournament)
    assert (asked.value.level, asked.value.answer) == (Level.ACKNOWLEDGE, "acknowledge")
    # A lower level's answer, or any other word, does not do.
    with pytest.raises(NeedsConfirmation):
        pair_swiss_round(tournament, confirm="yes")
    assert tournament.rounds.count() == 5
    assert not tournament.rounds.get(number=5).pairings.filter(result=Result.ADJOURNED).exists()


def test_confirmed_pairing_adjourns_the_missing_games_and_logs_each():
    tournament = held_swiss_round_5_unfinished([2, 5])
    round_6 = pair_swiss_round(tournament, confirm="acknowledge")
    assert round_6.number == 6
    assert round_6.warnings == [
        "Round 5 has no result on board 2, 5: pairing round 6 adjourns these games (a draw for "
        "pairing until their result is entered)."
    ]
    round_5 = tournament.rounds.get(number=5)
    assert sorted(
        round_5.pairings.filter(result=Result.ADJOURNED).values_list("board", flat=True)
    ) == [2, 5]
    adjournments = [c for c in comments(tournament) if c.startswith("### Adjournment")]
    assert len(adjournments) == 2
    assert all(c.startswith("### Adjournment @ Round 5: Board ") for c in adjournments)


def test_pairing_with_an_older_adjourned_game_open_warns():
    tournament = held_swiss_round_5_unfinished([3], rounds=7)
    round_6 = pair_swiss_round(tournament, confirm="acknowledge")
    publish_round(round_6)
    for pairing in round_6.pairings.filter(black__isnull=False):
        record_result(pairing, Result.DRAW, source=EntrySource.HAND, user=None)
    with pytest.raises(NeedsConfirmation, match="Round 5, board 3: the adjourned game is still"):
        pair_swiss_round(tournament)
    round_7 = pair_swiss_round(tournament, confirm="acknowledge")
    assert round_7.warnings == ["Round 5, board 3: the adjourned game is still open."]


def test_an_adjourned_game_decided_is_logged_unless_drawn():
    tournament = held_swiss_round_5_unfinished([2, 5])
    pair_swiss_round(tournament, confirm="acknowledge")
    before = len(comments(tournament))
    board_2, board_5 = tournament.rounds.get(number=5).pairings.filter(board__in=[2, 5])
    resolve_adjournment(board_2, Result.DRAW, user=None)
    assert len(comments(tournament)) == before
    with pytest.raises(NeedsConfirmation, match="counted as a draw for pairing") as asked:
        resolve_adjournment(board_5, Result.BLACK_WINS, user=None)
    assert asked.value.level == Level.CONFIRM and len(comments(tournament)) == before
    resolve_adjournment(board_5, Result.BLACK_WINS, user=None, confirm="confirm")
    latest = comments(tournament)[-1]
    assert latest == (
        "### Adjournment @ Round 5: Board 5 (Helene – Lais): adjourned (pending) → 0-1. (resumed)"
    )


def test_final_standings_and_final_trf_wait_for_the_adjourned_games():
    tournament = held_swiss_round_5_unfinished([4], rounds=5)
    adjourn_game(tournament.rounds.get(number=5).pairings.get(board=4), user=None)
    with pytest.raises(StandingsNotFinalError, match="adjourned"):
        tournament_standings(tournament, final=True)
    with pytest.raises(TournamentError, match="Round 5, board 4 is adjourned"):
        export_trf(tournament, version=2026, final=True)
    # Not final, the file marks the game as adjourned ("?") and reads as draws for pairing.
    assert "?" in export_trf(tournament, version=2026)
    resolve_adjournment(
        tournament.rounds.get(number=5).pairings.get(board=4),
        Result.WHITE_WINS,
        user=None,
        confirm="confirm",
    )
    assert tournament_standings(tournament, final=True).final
    assert export_trf(tournament, version=2026, final=True).startswith("012 ")


# ---- E31–E34: point systems and byes -------------------------------------------------------

UNPLAYED = DATA / "trf/tiebreak/tiebreakserver_unplayed/swiss_with_many_unplayed_rounds.trf"


def unplayed_with_a_round_to_come():
    """The tie-break server's 7-round Swiss of many unplayed rounds, with an 8th round."""
    tournament = import_trf(UNPLAYED.read_bytes())
    tournament.number_of_rounds = 8
    tournament.save(update_fields=["number_of_rounds"])
    return tournament


def test_a_player_flagged_no_half_point_bye_is_refused_one():
    tournament = unplayed_with_a_round_to_come()
    flagged = player(tournament, 1)
    flagged.no_half_point_bye = True
    flagged.save(update_fields=["no_half_point_bye"])
    with pytest.raises(TournamentError, match="may not take a half-point bye"):
        request_absence(flagged, 8, Absence.Kind.HALF_POINT_BYE)
    assert request_absence(flagged, 8, Absence.Kind.ZERO_POINT_BYE).round_number == 8


def test_a_second_half_point_bye_needs_a_confirmation():
    tournament = unplayed_with_a_round_to_come()
    # Player 9 took half-point byes in rounds 3 and 6 (the file's "0000 - H").
    with pytest.raises(NeedsConfirmation, match=r"half-point bye in round 3, 6; confirm"):
        request_absence(player(tournament, 9), 8, Absence.Kind.HALF_POINT_BYE)
    assert not Absence.objects.filter(player__tournament=tournament).exists()
    with pytest.raises(NeedsConfirmation):  # L3: acknowledging is not confirming
        request_absence(
            player(tournament, 9), 8, Absence.Kind.HALF_POINT_BYE, confirm="acknowledge"
        )
    confirmed = request_absence(
        player(tournament, 9), 8, Absence.Kind.HALF_POINT_BYE, confirm="confirm"
    )
    assert confirmed.kind == Absence.Kind.HALF_POINT_BYE
    # Player 1 never had one: no confirmation asked.
    assert request_absence(player(tournament, 1), 8, Absence.Kind.HALF_POINT_BYE).pk


def test_a_full_point_bye_is_logged_and_noted_as_deprecated():
    tournament = unplayed_with_a_round_to_come()
    # E34: the arbiter acknowledges FIDE's notice first (L2); nothing is given before.
    with pytest.raises(NeedsConfirmation, match="FIDE deprecates full-point byes") as asked:
        request_absence(player(tournament, 1), 8, Absence.Kind.FULL_POINT_BYE)
    assert (asked.value.level, asked.value.answer) == (Level.ACKNOWLEDGE, "acknowledge")
    assert not Absence.objects.filter(player__tournament=tournament).exists()
    absence = request_absence(
        player(tournament, 1),
        8,
        Absence.Kind.FULL_POINT_BYE,
        reason="team duty",
        confirm="acknowledge",
    )
    assert absence.warnings == [
        "FIDE deprecates full-point byes; this one is written to the tournament report."
    ]
    assert comments(tournament)[-1] == (
        f"### FPB @ Round 8: Full-point bye for {player(tournament, 1).name}. (team duty)"
    )


@pytest.mark.parametrize(
    ("points", "problem"),
    [
        ({"points_draw": Decimal("0.6")}, "Two draws may not be worth more than a win and a loss."),
        ({"points_pairing_bye": Decimal("1.5")}, "A pairing-allocated bye may not be worth more"),
        # E32 (hard fail): under 1 / ½ / 0 a PAB is worth 1, ½ or 0; 0.7 was saved.
        (
            {"points_pairing_bye": Decimal("0.7")},
            "A pairing-allocated bye scores what a game can: 1, 0.5 or 0, not 0.7.",
        ),
        # E32 (custom scoring): no value no game can score; 3-1-0 with a bye of 2 was saved.
        (
            {
                "points_win": Decimal(3),
                "points_draw": Decimal(1),
                "points_pairing_bye": Decimal(2),
                "points_full_bye": Decimal(3),
                "points_forfeit_win": Decimal(3),
                "fide_mode": False,
            },
            "A pairing-allocated bye scores what a game can: 3, 1 or 0, not 2.",
        ),
    ],
)
def test_point_systems_that_break_the_scale_are_refused(points, problem):
    with pytest.raises(TournamentError, match=problem):
        create_tournament(name="Open", system=PairingSystem.SWISS, number_of_rounds=5, **points)


def test_three_one_zero_with_a_pab_worth_a_win_is_accepted():
    tournament = create_tournament(
        name="Football scoring",
        system=PairingSystem.SWISS,
        number_of_rounds=5,
        points_win=Decimal(3),
        points_draw=Decimal(1),
        points_pairing_bye=Decimal(3),
        points_full_bye=Decimal(3),
        points_forfeit_win=Decimal(3),
    )
    assert tournament.point_system().pairing_bye == 3


# ---- F36–F37: results and corrections ------------------------------------------------------


@pytest.mark.parametrize(
    ("typed", "why"),
    [
        ("1-1", "1-1 is not a result: a player who wins leaves his opponent 0"),
        ("1-½", "1-½ is not a result: a player who wins leaves his opponent 0"),
        ("1/2-1", "1/2-1 is not a result: a player who wins leaves his opponent 0"),
        ("=/=", "=/= is not a result: a forfeit is .* and is never drawn"),
        ("+/=", r"\+/= is not a result: a forfeit is .* and is never drawn"),
        ("=/-", "=/- is not a result: a forfeit is .* and is never drawn"),
        ("+/+", r"\+/\+ is not a result: only one player can win by forfeit"),
        ("2-0", "2-0 is not a result: expected one of"),
    ],
)
def test_impossible_results_are_refused_with_the_reason(typed, why):
    tournament = held_swiss_round_5_unfinished([1])
    board_1 = tournament.rounds.get(number=5).pairings.get(board=1)
    with pytest.raises(TournamentError, match=why):
        record_result(board_1, typed, source=EntrySource.HAND, user=None)
    board_1.refresh_from_db()
    assert board_1.result == Result.NOT_PLAYED


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("½-½", Result.DRAW),
        ("½-0", Result.WHITE_HALF_BLACK_ZERO),
        ("−/+", Result.BLACK_FORFEIT_WIN),
    ],
)
def test_results_are_read_as_arbiters_write_them(typed, stored):
    tournament = held_swiss_round_5_unfinished([1])
    board_1 = tournament.rounds.get(number=5).pairings.get(board=1)
    assert record_result(board_1, typed, source=EntrySource.HAND, user=None).result == stored


def test_fide_mode_corrects_the_last_two_rounds_only_and_logs_each_correction():
    tournament = import_trf(HELD_SWISS_5.read_bytes())
    # Held's file: round 4, board 1 Bruno – Stephan 1-0; round 3, board 1 Alyx – Bruno ½-½.
    round_4 = tournament.rounds.get(number=4).pairings.get(board=1)
    with pytest.raises(NeedsConfirmation) as asked:  # round 5 was paired on it: L3 (F37)
        correct_result(round_4, Result.DRAW, user=None, reason="scoresheets checked")
    assert asked.value.level == Level.CONFIRM
    correct_result(round_4, Result.DRAW, user=None, reason="scoresheets checked", confirm="confirm")
    assert comments(tournament)[-1] == (
        "### Correction @ Round 4: Board 1 (Bruno – Stephan): 1-0 → ½-½. (scoresheets checked)"
    )
    round_3 = tournament.rounds.get(number=3).pairings.get(board=1)
    with pytest.raises(
        TournamentError, match="only the results of rounds 4 and 5 may be corrected"
    ):
        correct_result(round_3, Result.WHITE_WINS, user=None, reason="late claim")
    answering(leave_fide_mode, tournament, user=None, reason="club event")
    answering(correct_result, round_3, Result.WHITE_WINS, user=None, reason="late claim")
    assert comments(tournament)[-1] == (
        "### Correction @ Round 3: Board 1 (Alyx – Bruno): ½-½ → 1-0. (late claim)"
    )


# ---- B11–B12: starting ranks ----------------------------------------------------------------


def test_a_late_entrant_takes_the_starting_rank_his_rating_earns_even_after_round_4():
    tournament = import_trf(HELD_SWISS_5.read_bytes())
    tournament.number_of_rounds = 7
    tournament.save(update_fields=["number_of_rounds"])
    points = {row.name: row.points for row in tournament_standings(tournament).rows}
    # Held's field: Charline (3) 2100, David (4) 2050; 2060 goes between them.
    late = answering(add_player, tournament, name="Late, Entrant", rating_standard=2060)
    assert (late.start_rank, late.first_round) == (4, 6)
    ranks = dict(tournament.players.values_list("name", "start_rank"))
    assert (ranks["Charline"], ranks["David"], ranks["Helene"], ranks["Stephan"]) == (3, 5, 6, 17)
    after = {row.name: row.points for row in tournament_standings(tournament).rows}
    assert after == {**points, "Late, Entrant": 0}
    assert comments(tournament)[-1].startswith(
        "### Starting ranks @ Round 5: Late, Entrant takes starting rank 4; 13 players move down"
    )


def equally_rated_field():
    tournament = create_tournament(name="Open", system=PairingSystem.SWISS, number_of_rounds=5)
    for name, rating in [("Ding", 2000), ("Anand", 2000), ("Carlsen", 1900), ("Bu", 1800)]:
        add_player(tournament, name=name, rating_standard=rating)
    assign_start_ranks(tournament)
    return tournament, {p.name: p for p in tournament.players.all()}


def test_equally_rated_players_exchange_starting_ranks_with_a_log_entry():
    tournament, players = equally_rated_field()
    # Equal rating and title: the announced criterion, here the order of registration (B10).
    assert (players["Ding"].start_rank, players["Anand"].start_rank) == (1, 2)
    with pytest.raises(NeedsConfirmation) as asked:  # L3 for each exchange (B12)
        exchange_start_ranks(players["Ding"], players["Anand"], reason="typo in the entry list")
    assert asked.value.level == Level.CONFIRM
    exchange_start_ranks(
        players["Ding"], players["Anand"], reason="typo in the entry list", confirm="confirm"
    )
    assert dict(tournament.players.values_list("name", "start_rank")) == {
        "Anand": 1,
        "Ding": 2,
        "Carlsen": 3,
        "Bu": 4,
    }
    assert comments(tournament)[-1] == (
        "### Starting ranks: Ding (1) and Anand (2) exchange starting ranks. "
        "(typo in the entry list)"
    )


def test_fide_mode_refuses_an_exchange_at_unequal_ratings():
    tournament, players = equally_rated_field()
    with pytest.raises(
        TournamentError, match=r"only players of equal rating .* Ding is rated 2000, Bu 1800"
    ):
        exchange_start_ranks(players["Ding"], players["Bu"])
    answering(leave_fide_mode, tournament, user=None, reason="club rules")
    exchange_start_ranks(players["Ding"], players["Bu"], confirm="confirm")
    assert tournament.players.get(name="Bu").start_rank == 1  # Ding, registered first, was 1


def test_fide_mode_refuses_starting_rank_changes_once_round_4_is_paired():
    tournament = import_trf(HELD_SWISS_5.read_bytes())
    with pytest.raises(TournamentError, match="once round 4 is paired \\(round 5 is\\)"):
        assign_start_ranks(tournament)
    tournament.players.filter(start_rank__in=[7, 8]).update(rating_standard=1900)
    with pytest.raises(TournamentError, match="once round 4 is paired"):
        exchange_start_ranks(player(tournament, 7), player(tournament, 8))
    assert player(tournament, 7).name == "Genevieve"


def test_koya_counts_the_games_left_after_annulled_withdrawals():
    # Held's round robin without Helene and Franck (both annulled): four players, three games
    # each, so Koya's bar is half of 3 points. By hand: Alyx 2 (1 v Bruno, 1 v Charline,
    # 0 v David), Bruno 1.5, Charline 1.5, David 1. KS = points against those on 1.5 or more.
    sheet = read_trf(HELD_ROUND_ROBIN.read_bytes()).to_sheet()
    sheet = dataclasses.replace(
        sheet,
        players=[
            dataclasses.replace(p, withdrawn_after=2) if p.start_rank in (5, 6) else p
            for p in sheet.players
        ],
    )
    excluded = dict.fromkeys((5, 6), Exclusion.ANNULLED)
    rows = compute_standings(
        sheet, ["KS"], settings=TieBreakSettings(round_robin=True), excluded=excluded
    ).by_start_rank()
    assert {n: (rows[n].points, rows[n].tiebreaks[0].value) for n in (1, 2, 3, 4)} == {
        1: (2, 2),
        2: (Fraction(3, 2), Fraction(1, 2)),
        3: (Fraction(3, 2), Fraction(1, 2)),
        4: (1, 1),
    }
