"""The rating list page and a tournament's ratings page."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.urls import reverse

from jobs.models import Job
from tests.factories import PlayerFactory, TournamentFactory, UserFactory
from tournaments.models import RatingList, TournamentRole

DATA = Path(__file__).parents[2] / "data" / "ratinglist"

pytestmark = pytest.mark.django_db


@pytest.fixture
def chief(client):
    tournament = TournamentFactory(rating_type="rapid")
    user = UserFactory()
    TournamentRole.objects.create(
        tournament=tournament, user=user, role=TournamentRole.Role.CHIEF_ARBITER
    )
    client.force_login(user)
    return tournament


def test_import_page_stores_a_zipped_xml_list(client, chief, tmp_path) -> None:
    import zipfile

    archive = tmp_path / "players_list_xml.zip"
    with zipfile.ZipFile(archive, "w") as zipped:
        zipped.write(DATA / "players_list_xml_foa.xml", "players_list_xml_foa.xml")
    with archive.open("rb") as stream:
        reply = client.post(
            reverse("tournaments:rating_lists"),
            {"file": stream, "list_date": "2026-09-01"},
            follow=True,
        )
    assert "6 players imported from Standard, rapid and blitz 2026-09" in reply.content.decode()
    assert RatingList.objects.get().file_format == "xml"


def test_import_page_shows_why_a_file_is_refused(client, chief) -> None:
    with (DATA / "players_list_foa.txt").open("rb") as stream:
        reply = client.post(reverse("tournaments:rating_lists"), {"file": stream}, follow=True)
    assert reply.redirect_chain == [(reverse("jobs:detail", args=[Job.objects.get().pk]), 302)]
    page = reply.content.decode()
    assert "players_list_foa.txt does not say the month of the list; give the list date." in page
    assert f'href="{reverse("tournaments:rating_lists")}"' in page  # back to the form
    assert not RatingList.objects.exists()


def test_ratings_page_accepts_only_the_ticked_difference(client, chief) -> None:
    wei = PlayerFactory(
        tournament=chief,
        name="Wei, Yi",
        fide_id="8608059",
        rating_rapid=2700,
        rating_standard=2752,
        federation="CHN",
        title="GM",
        birth_year=1999,
    )
    zhang = PlayerFactory(
        tournament=chief,
        name="Zhang, San",
        fide_id="25001000",
        rating_standard=None,
        rating_rapid=1600,
        federation="CHN",
        birth_year=2007,
    )
    with (DATA / "rapid_sep26frl.txt").open("rb") as stream:
        client.post(reverse("tournaments:rating_lists"), {"file": stream})
    page = client.get(reverse("tournaments:ratings", kwargs={"tournament_id": chief.pk}))
    text = page.content.decode()
    assert f'value="{wei.pk}:rating_rapid"' in text and f'value="{zhang.pk}:birth_year"' in text
    assert "typed by hand" in text
    client.post(
        reverse("tournaments:ratings", kwargs={"tournament_id": chief.pk}),
        {"rating_list": RatingList.objects.get().pk, "accept": [f"{wei.pk}:rating_rapid"]},
    )
    wei.refresh_from_db()
    zhang.refresh_from_db()
    assert wei.rating_rapid == 2771 and zhang.birth_year == 2007
    # The rapid event ranks Wei by his (now listed) rapid rating.
    assert wei.rating_in_tournament().rating == 2771


def test_deputy_sees_but_cannot_apply(client, chief) -> None:
    deputy = UserFactory()
    TournamentRole.objects.create(
        tournament=chief, user=deputy, role=TournamentRole.Role.DEPUTY_ARBITER
    )
    client.force_login(deputy)
    url = reverse("tournaments:ratings", kwargs={"tournament_id": chief.pk})
    assert client.get(url).status_code == 200
    assert client.post(url, {"accept": ["1:title"]}).status_code == 403
    assert client.get(reverse("tournaments:rating_lists")).status_code == 403


def test_the_ratings_page_in_chinese_names_where_each_rating_came_from(client, chief) -> None:
    # A rapid event: the rapid rating, else the standard one (the effective rapid rating).
    PlayerFactory(tournament=chief, rating_rapid=2100)
    PlayerFactory(tournament=chief, rating_rapid=None, rating_standard=2000)
    page = client.get(
        reverse("tournaments:ratings", args=[chief.pk]), HTTP_ACCEPT_LANGUAGE="zh-hans"
    ).content.decode()
    sources = [cell.split("<td>")[-1] for cell in page.split("</td>\n  </tr>")[:-1]]
    assert sources == ["快棋", "标准棋"], sources
    assert "国家等级分" in page  # the national rating's column, not "country"


def test_the_ties_page_in_chinese_heads_the_place_column_as_a_standing(client, chief) -> None:
    PlayerFactory.create_batch(2, tournament=chief)
    page = client.get(
        reverse("tournaments:ties", args=[chief.pk]), HTTP_ACCEPT_LANGUAGE="zh-hans"
    ).content.decode()
    assert '<th scope="col">名次</th>' in page and "地点" not in page


def test_applying_without_any_list_says_to_import_one(client, chief) -> None:
    # Issue: the chief's POST answered 403 when no rating list was imported.
    address = reverse("tournaments:ratings", args=[chief.pk])
    reply = client.post(address, {"accept": ["1:rating"]})
    assert reply.status_code == 302 and reply.url == address
    page = client.get(address).content.decode()
    assert (
        "No FIDE list of the tournament&#x27;s rate of play is imported: import one first." in page
    )
    assert f'href="{reverse("tournaments:rating_lists")}"' in page
