"""Standings read from the database: real events against published values, constant queries."""

from fractions import Fraction
from pathlib import Path

import pytest

from tests.factories import PlayerFactory, TournamentFactory
from tournaments.models import ByeKind, Pairing, Result, Round
from tournaments.selectors import rating_changes, tournament_sheet, tournament_standings
from tournaments.services.rounds import store_round
from tournaments.services.trf_exchange import import_trf
from tournaments.trf import read_trf

pytestmark = pytest.mark.django_db

DATA = Path(__file__).resolve().parent.parent / "data"
UNPLAYED = DATA / "trf/tiebreak/tiebreakserver_unplayed/swiss_with_many_unplayed_rounds.trf"


def reference_table(name):
    """StartNo → (rank, points, SB, SB/C1, SB/C2) as the FIDE reference engine printed them."""
    lines = (DATA / "tournaments" / name).read_text().splitlines()
    rows = [line.split("\t") for line in lines[1:] if line and not line.startswith("Check")]
    return {int(row[0]): (row[1], *row[2:]) for row in rows}


def our_table(tournament):
    standings = tournament_standings(tournament, tiebreaks=["SB", "SB/C1", "SB/C2"])
    return {
        row.start_rank: (
            row.place,
            f"{float(row.points):.1f}",
            *(value.display for value in row.tiebreaks),
        )
        for row in standings.rows
    }


def test_unplayed_rounds_give_the_reference_engines_standings_under_the_2024_rules():
    tournament = import_trf(UNPLAYED.read_bytes())
    assert our_table(tournament) == reference_table(
        "swiss_with_many_unplayed_rounds.2026-02-28.txt"
    )
    # ... which is the order the file itself published in its rank column.
    published = {p.start_rank: str(p.rank) for p in read_trf(UNPLAYED.read_bytes()).players}
    assert {sno: row[0] for sno, row in our_table(tournament).items()} == published


def test_a_start_date_from_march_2026_applies_the_2026_rules():
    tournament = import_trf(UNPLAYED.read_bytes())
    tournament.start_date = tournament.start_date.replace(month=3, day=1)
    tournament.end_date = tournament.start_date
    tournament.save()
    assert our_table(tournament) == reference_table(
        "swiss_with_many_unplayed_rounds.2026-03-01.txt"
    )


def test_the_published_final_order_of_a_real_open_follows_our_points():
    text = (DATA / "trf/sklangen_TRF__example1.trf").read_bytes()
    # Rank 0: withdrawn players (and the bye dummy) the organisers left unranked.
    published = {p.start_rank: p.rank for p in read_trf(text).players if p.rank}
    points = {
        row.start_rank: row.points
        for row in tournament_standings(import_trf(text), tiebreaks=[]).rows
    }
    in_published_order = [points[sno] for sno in sorted(published, key=published.get)]
    assert in_published_order == sorted(in_published_order, reverse=True)
    assert in_published_order[:3] == [Fraction(13, 2), 6, 6]


def build_swiss(players, rounds):
    """A Swiss-like event: games between neighbours, one PAB, every result kind in turn."""
    tournament = TournamentFactory(number_of_rounds=rounds)
    field = [PlayerFactory(tournament=tournament) for _ in range(players)]
    results = [Result.WHITE_WINS, Result.DRAW, Result.BLACK_WINS, Result.WHITE_FORFEIT_WIN]
    for number in range(1, rounds + 1):
        order = field[number:] + field[:number]
        games = [(order[i], order[i + 1]) for i in range(0, len(order) - 1, 2)]
        byes = [(order[-1], ByeKind.PAIRING_ALLOCATED)] if len(order) % 2 else []
        round_ = store_round(tournament, number, games, byes, paired_by=Round.PairedBy.MANUAL)
        for index, pairing in enumerate(round_.pairings.filter(black__isnull=False)):
            pairing.result = results[index % len(results)]
            pairing.save(update_fields=["result"])
    return tournament


@pytest.mark.parametrize(("players", "rounds"), [(9, 3), (61, 9)])
def test_the_sheet_and_standings_take_a_fixed_number_of_queries(
    players, rounds, django_assert_max_num_queries
):
    tournament = build_swiss(players, rounds)
    with django_assert_max_num_queries(3):
        sheet = tournament_sheet(tournament)
    with django_assert_max_num_queries(3):
        standings = tournament_standings(tournament, tiebreaks=["BH/C1", "BH", "SB", "WIN", "ARO"])
    assert sheet.rounds == rounds
    assert len(standings.rows) == players
    # Every result used (1-0, ½-½, 0-1, +/−) and every PAB hands out exactly one point.
    boards = Pairing.objects.filter(round__tournament=tournament).count()
    assert sum(row.points for row in standings.rows) == boards


def test_the_tournaments_own_tiebreak_list_is_the_default():
    tournament = build_swiss(9, 3)
    tournament.tiebreaks = ["BH", "SB"]
    assert [spec.name for spec in tournament_standings(tournament).tiebreaks] == ["BH", "SB"]


def test_rating_changes_follow_fide_with_the_400_point_rule():
    # FIDE B.02 8.1b: a 400-point favourite expects 0.92; the K 20 player gains 20 × 0.08 = 1.6.
    tournament = TournamentFactory(number_of_rounds=1)
    strong = PlayerFactory(tournament=tournament, start_rank=1, rating_standard=2200)
    weak = PlayerFactory(tournament=tournament, start_rank=2, rating_standard=1700)
    round_ = store_round(tournament, 1, [(strong, weak)], [], paired_by=Round.PairedBy.MANUAL)
    round_.pairings.update(result=Result.WHITE_WINS)
    changes = rating_changes(tournament, tournament_sheet(tournament))
    assert {rank: float(change) for rank, change in changes.items()} == {1: 1.6, 2: -1.6}


def test_online_abandonment_costs_the_leaver_three_times_a_loss():
    from games.services.games import create_game, save_moves
    from games.services.incidents import apply_incident, rule_on_incident

    # The online room's first table: 50 points apart, the lower-rated winner gains 10 + 5.
    tournament = TournamentFactory(number_of_rounds=1, ruleset="online")
    leaver = PlayerFactory(tournament=tournament, start_rank=1, rating_standard=1750)
    stayer = PlayerFactory(tournament=tournament, start_rank=2, rating_standard=1700)
    round_ = store_round(tournament, 1, [(leaver, stayer)], [], paired_by=Round.PairedBy.MANUAL)
    round_.status = Round.Status.PUBLISHED
    round_.save()
    game = create_game(pairing=round_.pairings.get(), user=None)
    save_moves(game, ["e4", "e5", "Nf3", "Nc6"], user=None)
    apply_incident(rule_on_incident(game, "abandonment", {"by": "white"}, user=None), user=None)
    assert round_.pairings.get().result == Result.BLACK_WINS
    changes = rating_changes(tournament, tournament_sheet(tournament))
    # The ruling: 3 times a loss's points for the leaver; the other rated as for a win
    # (only two moves were made, not more than 25).
    assert changes == {1: -45, 2: 15}


@pytest.mark.parametrize(("ruleset", "gain"), [("online", 1), ("online_bands", 3)])
def test_each_online_rating_table_has_a_ruleset(ruleset, gain):
    # 150 points apart, the favourite wins: the first table moves one point, the later
    # table's band (100-199) three.
    tournament = TournamentFactory(number_of_rounds=1, ruleset=ruleset)
    strong = PlayerFactory(tournament=tournament, start_rank=1, rating_standard=1850)
    weak = PlayerFactory(tournament=tournament, start_rank=2, rating_standard=1700)
    round_ = store_round(tournament, 1, [(strong, weak)], [], paired_by=Round.PairedBy.MANUAL)
    round_.pairings.update(result=Result.WHITE_WINS)
    assert rating_changes(tournament, tournament_sheet(tournament)) == {1: gain, 2: -gain}
