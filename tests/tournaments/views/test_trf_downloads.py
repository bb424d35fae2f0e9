"""The TRF reports offered on the standings page, beside the other reports: TRF16 and
TRF-2026, provisional or final, for those who may download TRF through the API (who may
follow the tournament), with what the final report waits for and what TRF16 leaves out."""

from __future__ import annotations

from pathlib import Path

import pytest
from django.urls import reverse

from tests.factories import PlayerFactory, TournamentFactory, UserFactory, answering
from tournaments.models import TournamentRole
from tournaments.services import change_tiebreaks, leave_fide_mode, pair_swiss_round, publish_round
from tournaments.services.trf_exchange import import_trf, standing_ranks
from tournaments.trf import read_trf

pytestmark = pytest.mark.django_db
Role = TournamentRole.Role

HELD_SWISS_9 = Path(__file__).resolve().parents[2] / "data" / "tiebreak" / "held_swiss_9.trf"


def url(name, tournament):
    return reverse(f"tournaments:{name}", kwargs={"tournament_id": tournament.pk})


def with_role(tournament, role):
    user = UserFactory()
    TournamentRole.objects.create(tournament=tournament, user=user, role=role)
    return user


@pytest.fixture
def finished():
    tournament = import_trf(HELD_SWISS_9.read_bytes(), filename="held_swiss_9.trf")
    answering(leave_fide_mode, tournament, user=None, reason="the organiser's regulations")
    return change_tiebreaks(tournament, ["BH/C1", "BH", "SB"], user=None, reason="announced")


@pytest.mark.parametrize("role", [Role.CHIEF_ARBITER, Role.DEPUTY_ARBITER, Role.VIEWER])
def test_those_who_follow_the_event_download_both_versions_final(client, finished, role):
    client.force_login(with_role(finished, role))
    page = client.get(url("standings", finished)).text
    assert 'id="trf"' in page and "Not final yet" not in page
    for version in ("16", "2026"):
        assert f"report.trf?version={version}&amp;final=1" in page
        reply = client.get(url("trf_report", finished), {"version": version, "final": "1"})
        assert reply.status_code == 200
        assert reply["Content-Disposition"].endswith(f'-final-trf{version}.trf"')
        text = reply.content.decode()
        ranks = {player.start_rank: player.rank for player in read_trf(text).players}
        assert ranks == standing_ranks(finished)
        assert "### FIDE mode exit @ Round 9:" in text
    assert "202 BH/C1 BH SB" not in client.get(url("trf_report", finished), {"version": "16"}).text
    assert "(records 202 and 212)" in page  # what TRF16 cannot carry, said where it is offered


def test_the_public_neither_sees_nor_downloads_the_report(client, finished):
    finished.public = True
    finished.save(update_fields=["public"])
    page = client.get(url("standings", finished))
    assert page.status_code == 200 and 'id="trf"' not in page.text
    assert client.get(url("trf_report", finished)).status_code in {302, 403}
    client.force_login(UserFactory())
    assert 'id="trf"' not in client.get(url("standings", finished)).text
    assert client.get(url("trf_report", finished)).status_code == 403


def test_the_final_report_waits_for_every_result(client):
    tournament = TournamentFactory(number_of_rounds=3)
    PlayerFactory.create_batch(4, tournament=tournament)
    publish_round(pair_swiss_round(tournament))
    client.force_login(with_role(tournament, Role.CHIEF_ARBITER))
    page = client.get(url("standings", tournament)).text
    assert "Not final yet" in page and "Round 1, board 1 has no result." in page
    assert "final=1" not in page
    assert client.get(url("trf_report", tournament), {"version": "16"}).status_code == 200
    refused = client.get(url("trf_report", tournament), {"version": "16", "final": "1"})
    assert refused.status_code == 409
    assert "The TRF16 report cannot be written yet" in refused.text
    assert "Round 1, board 2 has no result." in refused.text


def test_an_unknown_version_is_not_found(client, finished):
    client.force_login(with_role(finished, Role.CHIEF_ARBITER))
    reply = client.get(url("trf_report", finished), {"version": "06"})
    assert reply.status_code == 404
    assert client.get(url("trf_report", finished), {"final": "yes"}).status_code == 404


def test_the_dashboard_points_to_the_reports(client, finished):
    client.force_login(with_role(finished, Role.CHIEF_ARBITER))
    page = client.get(url("dashboard", finished)).text
    assert f"{url('standings', finished)}#trf" in page
