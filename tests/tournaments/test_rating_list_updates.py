"""Lists at most a day old while an event runs, with a one-click update (FIDE checklist C20,
Q135–136): a list fetched from an address is fetched again by Update (page, API, command);
pairing a round with a list imported over a day ago asks an L2 acknowledgement. Addresses
here are a local file and a server on 127.0.0.1: the application never needs the internet."""

from __future__ import annotations

import datetime
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command
from django.urls import reverse
from django.utils import timezone
from rest_framework.test import APIClient

from tests.factories import PlayerFactory, TournamentFactory, UserFactory
from tournaments.models import RatingList
from tournaments.services import Level, NeedsConfirmation, TournamentError, pair_swiss_round
from tournaments.services.ratings import (
    import_rating_list,
    import_rating_list_from_url,
    stale_list_warning,
    update_rating_list,
)

pytestmark = pytest.mark.django_db

DATA = Path(__file__).resolve().parent.parent / "data" / "ratinglist"
STANDARD = DATA / "standard_sep26frl.txt"


def _age(rating_list: RatingList, hours: int) -> None:
    RatingList.objects.filter(pk=rating_list.pk).update(
        imported_at=timezone.now() - datetime.timedelta(hours=hours)
    )


def test_a_list_fetched_from_an_address_is_updated_from_it(served) -> None:
    first = import_rating_list_from_url(served + STANDARD.name)
    assert (first.kind, first.url, first.player_count) == ("standard", served + STANDARD.name, 6)
    again = update_rating_list(first)
    assert again.pk != first.pk and again.url == first.url and again.player_count == 6
    with pytest.raises(TournamentError, match="could not be read"):
        import_rating_list_from_url(served + "no_such_list.txt")
    with pytest.raises(TournamentError, match="not an http://, https:// or file://"):
        import_rating_list_from_url("ftp://example.org/list.zip")
    assert RatingList.objects.count() == 2


def test_a_list_uploaded_as_a_file_has_no_address_to_update_from() -> None:
    with STANDARD.open("rb") as stream:
        uploaded = import_rating_list(stream, name=STANDARD.name)
    with pytest.raises(TournamentError, match="import it once from its address"):
        update_rating_list(uploaded)


def test_only_staff_read_a_file_on_the_server() -> None:
    url = STANDARD.as_uri()
    with pytest.raises(TournamentError, match="Only staff"):
        import_rating_list_from_url(url, user=UserFactory())
    assert import_rating_list_from_url(url, user=UserFactory(is_staff=True)).player_count == 6


def test_pairing_with_a_list_older_than_a_day_asks_first() -> None:
    tournament = TournamentFactory(number_of_rounds=3)
    PlayerFactory.create_batch(4, tournament=tournament)
    rating_list = import_rating_list_from_url(STANDARD.as_uri())
    _age(rating_list, 23)
    assert stale_list_warning(tournament) == ""
    _age(rating_list, 25)
    with pytest.raises(NeedsConfirmation, match="more than a day ago") as question:
        pair_swiss_round(tournament)
    assert question.value.level == Level.ACKNOWLEDGE
    update_rating_list(rating_list)  # the one click: fresh again, nothing asked
    pair_swiss_round(tournament)
    tournament.rating_check = False  # the check switched off: nothing said
    assert stale_list_warning(tournament) == ""


def test_the_page_fetches_and_updates_in_one_click(client, served) -> None:
    client.force_login(UserFactory(is_staff=True))
    page = reverse("tournaments:rating_lists")
    fetched = client.post(page, {"url": served + STANDARD.name, "list": ""})
    assert fetched.status_code == 302
    rating_list = RatingList.objects.get()
    text = client.get(page).text
    assert served + STANDARD.name in text and f'name="update" value="{rating_list.pk}"' in text
    _age(rating_list, 48)
    assert client.post(page, {"update": rating_list.pk}).status_code == 302
    assert RatingList.objects.count() == 2
    assert stale_list_warning(TournamentFactory()) == ""
    bad = client.post(page, {"url": served + "missing.txt", "list": ""}, follow=True)
    assert f"{served}missing.txt could not be read: File not found" in bad.text  # the job's page
    assert RatingList.objects.count() == 2
    refused = client.post(page, {"url": "gopher://x/y", "list": ""})  # refused at once
    assert refused.status_code == 200
    assert "gopher://x/y is not an http://, https:// or file:// address" in refused.text


def test_the_api_fetches_and_updates(served) -> None:
    api = APIClient()
    api.force_authenticate(UserFactory(is_staff=True))
    fetching = api.post(
        "/api/v1/rating-lists/fetch/", {"url": served + STANDARD.name}, format="json"
    )
    assert fetching.status_code == 202
    created = api.get(fetching["Location"]).json()["result"]["rating_list"]
    assert created["url"] == served + STANDARD.name and created["player_count"] == 6
    updating = api.post(f"/api/v1/rating-lists/{created['id']}/update/")
    assert updating.status_code == 202
    updated = api.get(updating["Location"]).json()["result"]["rating_list"]
    assert updated["id"] != created["id"] and updated["url"] == created["url"]
    assert api.post("/api/v1/rating-lists/999/update/").status_code == 404
    refused = api.post("/api/v1/rating-lists/fetch/", {"url": "gopher://x/y"}, format="json")
    assert refused.status_code == 422


def test_the_command_fetches_and_updates(served) -> None:
    out = StringIO()
    call_command("import_rating_list", "--url", served + STANDARD.name, stdout=out)
    assert "6 players imported" in out.getvalue()
    first = RatingList.objects.get()
    out = StringIO()
    call_command("import_rating_list", "--update", str(first.pk), stdout=out)
    assert "6 players imported" in out.getvalue() and RatingList.objects.count() == 2
    with pytest.raises(CommandError, match="no such rating list") as refused:
        call_command("import_rating_list", "--update", "999")
    assert refused.value.returncode == 2


def test_an_arbiter_cannot_make_the_server_fetch_from_inside_its_network(served) -> None:
    # The server fetches the address: 127.0.0.1 (or a private address) is for staff only.
    with pytest.raises(TournamentError, match="inside this network"):
        import_rating_list_from_url(served + STANDARD.name, user=UserFactory())
    assert not RatingList.objects.exists()
