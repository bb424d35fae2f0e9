"""Defects an arbiter and a newcomer met on the second day of an event (one test per defect):
what the public reads, late entries, texts, spreadsheets."""

from __future__ import annotations

import codecs
import csv
import io
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse
from rest_framework.test import APIClient

from tests.factories import PlayerFactory, TournamentFactory, UserFactory
from tournaments.models import Absence, Pairing, Result, Round, TournamentLog, TournamentRole
from tournaments.services import request_absence
from tournaments.services.rounds import store_round

pytestmark = pytest.mark.django_db
Role = TournamentRole.Role


def url(name, tournament, **kwargs):
    return reverse(f"tournaments:{name}", kwargs={"tournament_id": tournament.pk, **kwargs})


def with_role(tournament, role):
    user = UserFactory()
    TournamentRole.objects.create(tournament=tournament, user=user, role=role)
    return user


def test_a_byes_reason_is_for_the_arbiters_only(client):
    """A bye's reason ("university exam") is the arbiters' business, as a withdrawal's is:
    the public card shows the bye, not why."""
    tournament = TournamentFactory(public=True, number_of_rounds=7)
    player = PlayerFactory(tournament=tournament)
    request_absence(player, 3, Absence.Kind.HALF_POINT_BYE, reason="university exam")
    card = url("player", tournament, player_id=player.pk)

    public = client.get(card).content.decode()
    assert "Round 3: Half-point bye" in public
    assert "university exam" not in public
    client.force_login(UserFactory())  # logged in, but no role on the event
    assert "university exam" not in client.get(card).content.decode()
    for role in (Role.VIEWER, Role.DEPUTY_ARBITER, Role.CHIEF_ARBITER):
        client.force_login(with_role(tournament, role))
        assert "Round 3: Half-point bye — university exam" in client.get(card).content.decode()

    # The API's absences and the pairing programs' state are the arbiters' reads too.
    api = APIClient()
    base = f"/api/v1/tournaments/{tournament.slug}/"
    for read in (f"{base}players/{player.pk}/absences/", f"{base}state/"):
        response = api.get(read)
        assert response.status_code in (401, 403), (read, response.status_code)
        assert "university exam" not in response.content.decode()


@pytest.fixture
def after_round_2():
    """A Swiss of eight numbered players (rated 2390 down to 2320), rounds 1 and 2 paired."""
    tournament = TournamentFactory(number_of_rounds=7)
    players = [PlayerFactory(tournament=tournament, name=f"Player, {n}") for n in range(1, 9)]
    for number in (1, 2):
        pairs = [(players[i], players[i + 4]) for i in range(4)]
        store_round(tournament, number, pairs, [], paired_by=Round.PairedBy.MANUAL)
    return tournament


def numbers(tournament):
    return dict(tournament.players.values_list("name", "start_rank"))


def test_a_late_entry_that_renumbers_the_field_is_confirmed_first_naming_who_moves(
    client, after_round_2
):
    """A late entrant rated 2345 takes number 6: players 6, 7 and 8 move down one, and
    pairings printed before show their old numbers. Asked (L3) before anything changes."""
    tournament = after_round_2
    before = numbers(tournament)
    client.force_login(with_role(tournament, Role.CHIEF_ARBITER))
    entry = {"name": "Late, Lara", "rating_standard": "2345", "federation": "", "title": ""}
    asked = client.post(url("player_add", tournament), entry)
    assert asked.status_code == 409
    page = asked.content.decode()
    assert "Warning level L3: Confirm or cancel" in page
    assert "Entering Late, Lara moves 3 players to new starting ranks" in page
    assert "Late, Lara takes starting rank 6." in page
    for old in (6, 7, 8):
        assert f"Player, {old}: {old} → {old + 1}" in page
    assert "Player, 5:" not in page  # above the entrant: stays
    assert numbers(tournament) == before  # nothing entered, nobody moved
    assert not TournamentLog.objects.filter(tournament=tournament).exists()

    # Confirmed: the page sends the entry again with the answer.
    done = client.post(url("player_add", tournament), {**entry, "confirm": "confirm"})
    assert done.status_code == 302
    after = numbers(tournament)
    assert after["Late, Lara"] == 6
    assert [after[f"Player, {n}"] for n in range(1, 9)] == [1, 2, 3, 4, 5, 7, 8, 9]


def test_a_late_entrant_placed_last_moves_nobody_and_is_not_asked(client, after_round_2):
    client.force_login(with_role(after_round_2, Role.CHIEF_ARBITER))
    entry = {"name": "Late, Low", "rating_standard": "1500", "federation": "", "title": ""}
    assert client.post(url("player_add", after_round_2), entry).status_code == 302
    assert numbers(after_round_2)["Late, Low"] == 9


def test_a_late_entry_through_the_api_is_refused_naming_who_moves_until_confirmed(
    after_round_2,
):
    tournament = after_round_2
    api = APIClient()
    api.force_authenticate(with_role(tournament, Role.CHIEF_ARBITER))
    players = f"/api/v1/tournaments/{tournament.slug}/players/"
    entry = {"name": "Late, Lara", "rating_standard": 2345}
    asked = api.post(players, entry, format="json")
    assert asked.status_code == 409
    body = asked.json()
    assert (body["code"], body["level"], body["confirm"]) == ("needs_confirmation", 3, "confirm")
    assert body["detail"].startswith("Entering Late, Lara moves 3 players to new starting ranks")
    assert body["consequences"] == [
        "Late, Lara takes starting rank 6.",
        "Player, 6: 6 → 7",
        "Player, 7: 7 → 8",
        "Player, 8: 8 → 9",
    ]
    assert "Late, Lara" not in numbers(tournament)
    done = api.post(players, {**entry, "confirm": "confirm"}, format="json")
    assert done.status_code == 201
    assert done.json()["start_rank"] == 6


def test_late_entrants_from_a_csv_file_are_confirmed_without_uploading_it_again(
    client, after_round_2
):
    tournament = after_round_2
    client.force_login(with_role(tournament, Role.CHIEF_ARBITER))
    csv_text = 'name,rating\n"Late, Lara",2345\n"Late, Lou",2335\n'
    upload = SimpleUploadedFile("late.csv", csv_text.encode(), content_type="text/csv")
    asked = client.post(url("players_import", tournament), {"file": upload})
    assert asked.status_code == 409
    page = asked.content.decode()
    assert "Entering Late, Lara, Late, Lou moves 3 players" in page
    assert "Player, 6: 6 → 7" in page and "Player, 8: 8 → 10" in page
    assert "Late, Lara" not in numbers(tournament)
    # The question page sends the file's text back, not the file.
    sent_back = asked.context["hidden"]
    assert dict(sent_back) == {"csv": csv_text}
    done = client.post(url("players_import", tournament), {**dict(sent_back), "confirm": "confirm"})
    assert done.status_code == 302
    after = numbers(tournament)
    assert (after["Late, Lara"], after["Late, Lou"], after["Player, 8"]) == (6, 8, 10)


def glance(page):
    """The dashboard's "at a glance" tiles as read: number and words."""
    tiles = re.findall(r'<ul class="glance">(.*?)</ul>', page, re.DOTALL)[0]
    return [" ".join(re.sub(r"<[^>]+>", " ", tile).split()) for tile in tiles.split("</li>")[:-1]]


def test_counts_on_the_arbiters_page_agree_with_their_nouns(client):
    """Issue: "1 adjourned games". One of a thing is singular, in every tile."""
    tournament = TournamentFactory(number_of_rounds=5)
    white, black = PlayerFactory(tournament=tournament), PlayerFactory(tournament=tournament)
    PlayerFactory(tournament=tournament, status="withdrawn", withdrawn_after_round=0)
    store_round(tournament, 1, [(white, black)], [], paired_by=Round.PairedBy.MANUAL)
    Pairing.objects.filter(round__tournament=tournament).update(result=Result.ADJOURNED)
    client.force_login(with_role(tournament, Role.CHIEF_ARBITER))
    page = client.get(url("dashboard", tournament)).content.decode()
    assert glance(page) == [
        "2 active players (3 entered)",
        "0 games still running",
        "1 adjourned game pending",
        "0 pending incidents",
    ]
    chinese = client.get(url("dashboard", tournament), HTTP_ACCEPT_LANGUAGE="zh-hans")
    assert glance(chinese.content.decode())[2] == "1 盘封棋对局 待定"


def test_a_bye_past_a_one_round_event_says_round_not_rounds(client):
    tournament = TournamentFactory(number_of_rounds=1)
    player = PlayerFactory(tournament=tournament)
    client.force_login(with_role(tournament, Role.CHIEF_ARBITER))
    ask = url("player_absence", tournament, player_id=player.pk)
    refused = client.post(ask, {"kind": "half", "round_number": 2}).content.decode()
    assert "The tournament has only 1 round." in refused


def test_the_name_column_of_players_reads_as_a_persons_name_in_chinese(client):
    """Issue: the standings' name column read 名称 (a thing's name); a person's is 姓名. The
    tournament's own name stays 名称."""
    tournament = TournamentFactory(public=True)
    white, black = PlayerFactory(tournament=tournament), PlayerFactory(tournament=tournament)
    store_round(
        tournament, 1, [(white, black)], [], paired_by=Round.PairedBy.MANUAL, status="published"
    )
    chinese = {"HTTP_ACCEPT_LANGUAGE": "zh-hans"}
    for report in ("standings", "crosstable"):
        page = client.get(url(report, tournament), **chinese).content.decode()
        headings = re.findall(r"<th[^>]*>([^<]*)</th>", page)
        assert "姓名" in headings and "名称" not in headings, (report, headings)
    client.force_login(with_role(tournament, Role.CHIEF_ARBITER))
    form = client.get(url("edit", tournament), **chinese).content.decode()
    assert re.search(r'<label for="id_name">名称', form), "the event's name is 名称"


def test_the_standings_csv_opens_in_excel_with_chinese_names_and_diacritics(client):
    """Excel on Windows reads a CSV without a byte-order mark in the system's code page:
    the file starts with the UTF-8 mark, and its text is the names as written."""
    tournament = TournamentFactory(public=True)
    ding = PlayerFactory(tournament=tournament, name="丁立人")
    mrdja = PlayerFactory(tournament=tournament, name="Mrđa, Ožbolt")
    store_round(
        tournament, 1, [(ding, mrdja)], [], paired_by=Round.PairedBy.MANUAL, status="published"
    )
    response = client.get(url("standings_csv", tournament) + "?round=1")
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response.content.startswith(codecs.BOM_UTF8)
    assert response.content.count(codecs.BOM_UTF8) == 1
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0][:3] == ["Rk", "No.", "Name"]
    assert {row[2] for row in rows[1:]} == {"丁立人", "Mrđa, Ožbolt"}
    assert response.content.count(b"\r\n") == len(rows)
