"""FIDE-mode conformance of the tournaments services (the FIDE endorsement checklist's
items, named in each section): withdrawals in standings, adjourned games, byes, results,
starting ranks."""

from fractions import Fraction
from pathlib import Path

import pytest
from django.db.models import Q

from tournaments.models import Player, Result, WithdrawalRule
from tournaments.scoring.standings import Exclusion, StandingsNotFinalError
from tournaments.selectors import tournament_standings
from tournaments.services import expel_player, withdraw_player
from tournaments.services.trf_exchange import import_trf

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
    tournament.round_robin_withdrawals = WithdrawalRule.COUNT_ALL
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
