"""Registering players: CSV import errors, starting ranks, withdrawals, absences."""

import pytest

from tests.factories import PlayerFactory, TournamentFactory, answering
from tournaments.models import Absence, Player, Round, TournamentLog
from tournaments.services import (
    TournamentError,
    add_player,
    assign_start_ranks,
    create_team,
    request_absence,
    set_roster,
    update_player,
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
    # Placed above both (L3, answered: the two numbered players move down one).
    late = answering(add_player, tournament, name="Hou, Yifan", rating_standard=2650, title="GM")
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
    # The factory numbered them in entry order: renumbering moves two (L3, answered).
    assert answering(assign_start_ranks, tournament) == [fast, slow, unrated]


def test_late_entrants_of_one_import_are_numbered_as_if_entered_one_by_one():
    """The CSV import numbers its late entrants in one pass (it renumbered the whole field
    once per entrant: a 200,000-player import ran for 40 minutes). The order must be the
    one entering them one at a time gives (C.04.2 B11)."""
    ratings = [2400, 2300, 2250, 2100, 2000, 1900]
    entrants = [("Late, A", 2350), ("Late, B", 2050), ("Late, C", 1800), ("Late, D", 2300)]

    def field() -> object:
        tournament = TournamentFactory()
        players = [PlayerFactory(tournament=tournament, rating_standard=r) for r in ratings]
        store_round(tournament, 1, [(players[0], players[1])], [], paired_by=Round.PairedBy.MANUAL)
        return tournament

    one_by_one = field()
    for name, rating in entrants:
        answering(add_player, one_by_one, name=name, rating_standard=rating)
    imported = field()
    csv_text = "name,rating\n" + "".join(f'"{n}",{r}\n' for n, r in entrants)
    answering(import_players_csv, imported, csv_text)

    def order(tournament):
        rows = tournament.players.order_by("start_rank").values_list("rating_standard", "name")
        return [(rating, name if name.startswith("Late") else "") for rating, name in rows]

    assert [r for r, _ in order(imported)] == [
        2400,
        2350,
        2300,
        2300,
        2250,
        2100,
        2050,
        2000,
        1900,
        1800,
    ]
    assert order(imported) == order(one_by_one)


def test_a_round_robin_takes_no_late_entry():
    """Issue: a late entry accepted into a round robin after round 5 renumbered everyone and
    made the next round impossible to pair, even after he was withdrawn."""
    from tournaments.services import generate_round_robin_round, publish_round

    tournament = TournamentFactory(system="round_robin", number_of_rounds=3)
    for _ in range(4):
        PlayerFactory(tournament=tournament)
    publish_round(generate_round_robin_round(tournament))
    with pytest.raises(TournamentError, match="A round robin takes no late entries"):
        add_player(tournament, name="Late, Entry", rating_standard=2500)
    with pytest.raises(TournamentError, match="A round robin takes no late entries"):
        import_players_csv(tournament, "name,rating\nLate,2500\n")
    assert tournament.players.count() == 4
    assert list(tournament.players.order_by("start_rank").values_list("start_rank", flat=True)) == [
        1,
        2,
        3,
        4,
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("name,rating\nDing\rLiren,2800\n", "line 2: not a readable CSV line"),
        ("name,rating\nDing\x00,2800\n", "line 2: the file holds a NUL byte"),
    ],
)
def test_an_unreadable_csv_line_is_named_not_a_500(text, message):
    """Issue: a bare CR inside a field raised _csv.Error (a 500 on the page)."""
    tournament = TournamentFactory()
    with pytest.raises(TournamentError, match=message):
        import_players_csv(tournament, text)
    assert not tournament.players.exists()


def test_a_csv_beyond_the_players_limit_is_refused_before_anything_is_written(settings):
    from tournaments.limits import MAX_PLAYERS

    tournament = TournamentFactory()
    text = "name\n" + "".join(f"P{n}\n" for n in range(MAX_PLAYERS + 1))
    with pytest.raises(TournamentError, match="more than 2,000 players"):
        import_players_csv(tournament, text)
    assert not tournament.players.exists()


def test_csv_import_takes_sex_as_the_player_form_names_it():
    tournament = TournamentFactory()
    text = "name;sex\nHou, Yifan;female\nCarlsen, Magnus;Male\nTan, Zhongyi;女\n"
    import_players_csv(tournament, text)
    sexes = dict(tournament.players.values_list("name", "sex"))
    assert sexes == {"Hou, Yifan": "w", "Carlsen, Magnus": "m", "Tan, Zhongyi": "w"}


def test_correcting_an_entry_read_before_a_roster_took_the_player_keeps_him_on_it():
    """A correction wrote back the whole row it had read: a roster or a numbering written
    between its read and its write was undone (the player left the roster, both writes
    answered 200). Only the fields corrected are written."""
    tournament = TournamentFactory(boards_per_match=2)
    team = create_team(tournament, name="Team")
    player = PlayerFactory(tournament=tournament, name="Read, Before")
    as_read = Player.objects.get(pk=player.pk)
    set_roster(team, [player])
    update_player(as_read, name="Corrected, Name")
    player.refresh_from_db()
    assert (player.name, player.team_id, player.board_order) == ("Corrected, Name", team.pk, 1)
