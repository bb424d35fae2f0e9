"""Registering players: CSV import errors, starting ranks, withdrawals, absences."""

import pytest

from tests.factories import PlayerFactory, TournamentFactory
from tournaments.models import Absence, Round, TournamentLog
from tournaments.services import (
    TournamentError,
    add_player,
    assign_start_ranks,
    request_absence,
    withdraw_player,
)
from tournaments.services.csv_players import import_players_csv
from tournaments.services.rounds import store_round

pytestmark = pytest.mark.django_db

GOOD_CSV = """\ufeffname;title;sex;federation;fide_id;birth;rating;club
"Ding, Liren";GM;m;CHN;8603677;1992-10-24;2762;
"Ju, Wenjun";gm;F;chn;8603006;1991;2560;上海
"Nowak, Zoë";;w;POL;;;2560;KS Polonia
"Giri, Anish";GM;m;NED;24116068;;2762;
"""


def test_csv_import_reads_any_script_and_numbers_the_field():
    tournament = TournamentFactory()
    import_players_csv(tournament, GOOD_CSV)
    ranked = list(tournament.players.order_by("start_rank").values_list("name", "title", "sex"))
    # Equal ratings: the title decides (Ju before the untitled Nowak), then the name.
    assert ranked == [
        ("Ding, Liren", "GM", "m"),
        ("Giri, Anish", "GM", "m"),
        ("Ju, Wenjun", "GM", "w"),
        ("Nowak, Zoë", "", "w"),
    ]
    ju = tournament.players.get(fide_id="8603006")
    assert (ju.federation, ju.birth, ju.club) == ("CHN", "1991", "上海")


def test_csv_import_lists_every_bad_cell_and_adds_nobody():
    tournament = TournamentFactory()
    text = (
        "name,federation,fide_id,birth,rating\n"
        "Carlsen,NOR,1503014,1990-11-30,2837\n"
        "Ding,CHN,abc,1992/10/24,28x0\n"
        "Nowak,POLAND,,1990-13-01,1800\n"
    )
    with pytest.raises(TournamentError) as error:
        import_players_csv(tournament, text)
    assert error.value.problems == [
        "line 3, column 5 (rating_standard): Enter a whole number. ('28x0')",
        "line 3, column 3 (fide_id): Digits only. ('abc')",
        "line 4, column 2 (federation): Ensure this value has at most 3 characters (it has 6)."
        " ('POLAND')",
        "line 4, column 4 (birth): month must be in 1..12 ('1990-13-01')",
    ]
    assert not tournament.players.exists()


def test_csv_import_names_an_unknown_column():
    with pytest.raises(TournamentError, match=r"line 1, column 2: unknown column 'rank'"):
        import_players_csv(TournamentFactory(), "name,rank\nCarlsen,1\n")


def test_a_player_entered_after_round_one_is_a_late_entry():
    tournament = TournamentFactory()
    a, b = PlayerFactory(tournament=tournament), PlayerFactory(tournament=tournament)
    store_round(tournament, 1, [(a, b)], [], paired_by=Round.PairedBy.MANUAL)
    late = add_player(tournament, name="Hou, Yifan", rating_standard=2650, title="GM")
    assert late.first_round == 2
    assert late.start_rank == 1  # the starting rank its rating earns (FIDE checklist B11)
    assert TournamentLog.objects.filter(kind=TournamentLog.Kind.LATE_ENTRY).count() == 1


def test_withdrawal_is_refused_while_paired_in_a_later_round():
    tournament = TournamentFactory()
    a, b = PlayerFactory(tournament=tournament), PlayerFactory(tournament=tournament)
    store_round(tournament, 1, [(a, b)], [], paired_by=Round.PairedBy.MANUAL)
    store_round(tournament, 2, [(b, a)], [], paired_by=Round.PairedBy.MANUAL)
    with pytest.raises(TournamentError, match="already paired in round 2"):
        withdraw_player(a, after_round=1)
    withdraw_player(a, after_round=2, reason="ill")
    a.refresh_from_db()
    assert (a.status, a.withdrawn_after_round) == ("withdrawn", 2)


def test_a_flagged_player_may_not_take_a_half_point_bye():
    tournament = TournamentFactory()
    player = PlayerFactory(tournament=tournament, no_half_point_bye=True)
    with pytest.raises(TournamentError, match="may not take a half-point bye"):
        request_absence(player, 2, Absence.Kind.HALF_POINT_BYE)
    request_absence(player, 2, Absence.Kind.ZERO_POINT_BYE, reason="wedding")
    with pytest.raises(TournamentError, match="already has an absence in round 2"):
        request_absence(player, 2, Absence.Kind.FULL_POINT_BYE)


def test_start_ranks_use_the_tournament_rating_type():
    tournament = TournamentFactory(rating_type="rapid")
    slow = PlayerFactory(
        tournament=tournament, name="Slow", rating_standard=2700, rating_rapid=2500
    )
    fast = PlayerFactory(
        tournament=tournament, name="Fast", rating_standard=2500, rating_rapid=2700
    )
    unrated = PlayerFactory(tournament=tournament, name="Aaron", rating_standard=None)
    assert assign_start_ranks(tournament) == [fast, slow, unrated]
