"""Every endpoint with each token scope, allowed and refused; users, anonymous clients and
tokens of another tournament."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.urls import resolve
from rest_framework.test import APIClient

from games.models import Game, PgnUpload
from games.services.games import create_game
from tests.factories import UserFactory
from tournaments.api.tokens import create_api_token
from tournaments.models import ApiToken, PairingSystem, Round, Team, Tournament, TournamentRole
from tournaments.services import create_tournament, generate_round_robin_round, publish_round

from .conftest import SCOPES

READ, RESULTS, PAIRING = SCOPES
ARBITER = "arbiter"  # no token scope: the chief arbiter's account only


@pytest.fixture
def paired(tournament: Tournament, chief: Any) -> Tournament:
    """Four numbered players and round 1 published, board 1 still without a result."""
    for rank, name in enumerate(["Alyx", "Bruno", "Charline", "David"], start=1):
        tournament.players.create(name=name, start_rank=rank, rating_standard=2300 - rank)
    tournament.number_of_rounds = 3
    tournament.save()
    round_ = publish_round(generate_round_robin_round(tournament, user=chief), user=chief)
    create_game(pairing=round_.pairings.get(board=1), user=chief)
    return tournament


def endpoints(t: Tournament) -> list[tuple[str, str, dict[str, Any] | None, str]]:
    """(method, url, body, least scope) for every route of the API."""
    url = f"/api/v1/tournaments/{t.slug}/"
    player = t.players.get(start_rank=4).pk
    other = t.players.get(start_rank=3).pk
    game = Game.objects.get(pairing__round__tournament=t).pk
    token = t.api_tokens.first() or create_api_token(t, name="spare", scope=READ, user=None)[0]
    upload = t.pgn_uploads.first() or PgnUpload.objects.create(
        tournament=t, file_name="round1.pgn", text=""
    )
    # Team endpoints on an individual event: reached, then refused by the service (422).
    team = t.teams.first() or Team.objects.create(tournament=t, name="Team")
    lineup = f"{url}rounds/1/matches/1/lineups/{team.pk}/"
    return [
        ("get", url, None, READ),
        ("get", f"{url}state/", None, READ),
        ("get", f"{url}trf/", None, READ),
        ("get", f"{url}players/", None, READ),
        ("get", f"{url}players/{player}/", None, READ),
        ("get", f"{url}players/{player}/history/", None, READ),
        ("get", f"{url}rounds/", None, READ),
        ("get", f"{url}rounds/1/", None, READ),
        ("get", f"{url}rounds/1/pairings/", None, READ),
        ("get", f"{url}rounds/1/pairings/1/", None, READ),
        ("get", f"{url}standings/", None, READ),
        ("get", f"{url}crosstable/", None, READ),
        ("get", f"{url}crosstable/pdf/", None, READ),
        ("get", f"{url}games/", None, READ),
        ("get", f"{url}games/{game}/", None, READ),
        ("get", f"{url}games/{game}/incidents/", None, READ),
        ("put", f"{url}rounds/1/pairings/1/", {"result": "1-0"}, RESULTS),
        (
            "put",
            f"{url}rounds/1/pairings/1/rating-correction/",
            {"result": "0-1", "reason": "x"},
            RESULTS,
        ),
        ("delete", f"{url}rounds/1/pairings/1/rating-correction/", {"reason": "x"}, RESULTS),
        ("post", f"{url}rounds/1/results/", {"results": [{"board": 2, "result": "0-1"}]}, RESULTS),
        ("get", f"{url}players/{player}/absences/", None, READ),
        ("post", f"{url}players/", {"name": "Late, Entry"}, PAIRING),
        ("patch", f"{url}players/{player}/", {"rating_standard": 2001}, PAIRING),
        ("post", f"{url}players/{player}/absences/", {"round_number": 2, "kind": "half"}, PAIRING),
        ("post", f"{url}players/numbering/", {}, PAIRING),
        ("post", f"{url}players/numbering/exchange/", {"first": 1, "second": 2}, PAIRING),
        ("get", f"{url}players/{player}/round-ratings/", None, READ),
        (
            "post",
            f"{url}players/{player}/round-ratings/",
            {"from_round": 2, "rating": 2001},
            PAIRING,
        ),
        ("delete", f"{url}players/{player}/round-ratings/2/", None, PAIRING),
        ("get", f"{url}players/{player}/forbidden/", None, READ),
        ("post", f"{url}players/{player}/forbidden/", {"opponent": other}, PAIRING),
        ("delete", f"{url}players/{player}/forbidden/{other}/", None, PAIRING),
        ("get", f"{url}rounds/1/manual-pairing/", None, READ),
        ("post", f"{url}rounds/1/manual-pairing/", {"step": "start"}, PAIRING),
        ("post", f"{url}players/{player}/withdraw/", {"after_round": 1}, PAIRING),
        (
            "post",
            f"{url}players/{player}/expel/",
            {"after_round": 1, "reason": "misconduct"},
            PAIRING,
        ),
        ("post", f"{url}rounds/", {"pairs": [{"white": 1, "black": 2}]}, PAIRING),
        ("post", f"{url}rounds/next/", {}, PAIRING),
        ("post", f"{url}rounds/1/publish/", {}, PAIRING),
        ("post", f"{url}rounds/1/chess960/", {"draw": True}, PAIRING),
        ("delete", f"{url}rounds/1/", None, PAIRING),
        ("post", f"{url}leave-fide-mode/", {"reason": "club event"}, ARBITER),
        (
            "post",
            f"{url}games/{game}/incidents/",
            {"kind": "draw_claim", "claimant": "white", "claim": "threefold"},
            ARBITER,
        ),
        ("get", f"{url}rating-differences/", None, READ),
        ("post", f"{url}rating-differences/", {"rating_list": 1, "accept": ["1:title"]}, PAIRING),
        ("get", f"{url}ties/", None, READ),
        ("post", f"{url}ties/", {"draw_lots": True}, ARBITER),
        ("get", f"{url}tokens/", None, ARBITER),
        ("post", f"{url}tokens/", {"name": "x", "scope": "read"}, ARBITER),
        ("delete", f"{url}tokens/{token.pk}/", None, ARBITER),
        ("post", f"{url}pgn/", {"pgn": "1. e4 e5 *"}, ARBITER),
        ("post", f"{url}pgn/{upload.pk}/import/", {}, ARBITER),
        ("get", f"{url}teams/", None, READ),
        ("get", f"{url}teams/{team.pk}/", None, READ),
        ("get", f"{url}rounds/1/matches/", None, READ),
        ("get", f"{url}team-standings/", None, READ),
        ("put", f"{url}rounds/1/matches/1/forfeit/", {"forfeit": "+-"}, PAIRING),
        ("post", f"{url}teams/", {"name": "Team B"}, PAIRING),
        ("patch", f"{url}teams/{team.pk}/", {"captain": "Carla"}, PAIRING),
        ("put", f"{url}teams/{team.pk}/roster/", {"players": []}, PAIRING),
        ("post", f"{url}teams/number/", {}, PAIRING),
        ("put", f"{url}teams/{team.pk}/byes/2/", {"kind": "half"}, PAIRING),
        ("put", lineup, {"players": []}, PAIRING),
        ("delete", f"{url}teams/{team.pk}/", None, PAIRING),  # last: the team is gone
    ]


GRANTS = {READ: {READ}, RESULTS: {READ, RESULTS}, PAIRING: {READ, RESULTS, PAIRING}}


@pytest.mark.parametrize("scope", SCOPES)
def test_each_scope_is_allowed_exactly_its_endpoints(
    scope: str, paired: Tournament, token_for: Any, client_: APIClient
) -> None:
    key = token_for(scope)
    for method, url, body, needed in endpoints(paired):
        client_.credentials(HTTP_AUTHORIZATION=f"Token {key}")
        response = getattr(client_, method)(url, body, format="json")
        if needed in GRANTS[scope]:
            # Allowed: the request reached the service (which may still refuse it, 422).
            assert response.status_code not in (401, 403, 404, 405), (method, url, response.data)
        else:
            assert response.status_code == 403, (method, url, response.status_code)
            assert response.json()["code"] == "permission_denied"


def test_chief_arbiter_account_may_do_everything(paired: Tournament, chief: Any) -> None:
    client = APIClient()
    client.force_authenticate(chief)
    for method, url, body, _needed in endpoints(paired):
        response = getattr(client, method)(url, body, format="json")
        assert response.status_code not in (401, 403, 404, 405), (method, url, response.data)


def test_a_token_has_no_rights_on_another_tournament(
    paired: Tournament, chief: Any, token_for: Any, client_: APIClient
) -> None:
    private = create_tournament(
        name="Closed", system=PairingSystem.SWISS, number_of_rounds=5, user=chief, public=False
    )
    client_.credentials(HTTP_AUTHORIZATION=f"Token {token_for(PAIRING, on=private)}")
    url = f"/api/v1/tournaments/{paired.slug}/"
    assert client_.get(f"{url}standings/").status_code == 200  # public: anyone reads it
    assert client_.put(f"{url}rounds/1/pairings/1/", {"result": "1-0"}).status_code == 403
    assert client_.get(f"{url}state/").status_code == 403
    listed = client_.get("/api/v1/tournaments/").json()
    assert {t["slug"] for t in listed} == {paired.slug, private.slug}


def test_anonymous_reads_published_standings_only(paired: Tournament, chief: Any) -> None:
    client = APIClient()
    url = f"/api/v1/tournaments/{paired.slug}/"
    assert client.get(f"{url}standings/").status_code == 200
    assert client.get(f"{url}rounds/1/pairings/").status_code == 200
    assert client.get(f"{url}state/").status_code == 401
    assert client.put(f"{url}rounds/1/pairings/1/", {"result": "1-0"}).status_code == 401
    # A draft round is the arbiters' business.
    Round.objects.filter(tournament=paired, number=1).update(status=Round.Status.DRAFT)
    assert client.get(f"{url}rounds/1/").status_code == 404
    paired.public = False
    paired.save()
    assert client.get(f"{url}standings/").status_code == 401


def test_private_tournament_is_not_revealed_to_other_users(paired: Tournament) -> None:
    paired.public = False
    paired.save()
    client = APIClient()
    client.force_authenticate(UserFactory(username="stranger"))
    assert client.get(f"/api/v1/tournaments/{paired.slug}/standings/").status_code == 404
    assert client.get("/api/v1/tournaments/").json() == []


def test_deputy_enters_results_but_does_not_pair(paired: Tournament) -> None:
    deputy = UserFactory(username="deputy")
    TournamentRole.objects.create(
        tournament=paired, user=deputy, role=TournamentRole.Role.DEPUTY_ARBITER
    )
    client = APIClient()
    client.force_authenticate(deputy)
    url = f"/api/v1/tournaments/{paired.slug}/"
    assert client.put(f"{url}rounds/1/pairings/1/", {"result": "1-0"}).status_code == 200
    assert client.post(f"{url}rounds/next/").status_code == 403
    assert client.get(f"{url}tokens/").status_code == 403


def test_tournaments_are_created_by_accounts_not_tokens(
    chief: Any, token_for: Any, client_: APIClient
) -> None:
    body = {"name": "Spring Open", "system": "swiss", "number_of_rounds": 7}
    client_.credentials(HTTP_AUTHORIZATION=f"Token {token_for(PAIRING)}")
    assert client_.post("/api/v1/tournaments/", body, format="json").status_code == 403
    client_.credentials()
    client_.force_authenticate(chief)
    created = client_.post("/api/v1/tournaments/", body, format="json")
    assert created.status_code == 201
    tournament = Tournament.objects.get(slug=created.json()["slug"])
    assert tournament.roles.get().user == chief


def test_revoked_and_forged_tokens_are_refused(
    paired: Tournament, token_for: Any, client_: APIClient
) -> None:
    key = token_for(READ)
    url = f"/api/v1/tournaments/{paired.slug}/state/"
    client_.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert client_.get(url).status_code == 200
    forged = key[:-4] + ("AAAA" if not key.endswith("AAAA") else "BBBB")
    client_.credentials(HTTP_AUTHORIZATION=f"Token {forged}")
    assert client_.get(url).status_code == 401
    ApiToken.objects.get(lookup=key.split("_")[1]).revoke()
    client_.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    response = client_.get(url)
    assert response.status_code == 401
    assert response.json()["code"] == "authentication_failed"
    assert response["WWW-Authenticate"] == "Token"


def test_the_key_is_stored_as_a_digest(token_for: Any) -> None:
    key = token_for(READ)
    token = ApiToken.objects.get()
    assert key.split("_", 2)[2] not in (token.digest, token.lookup)
    assert token.matches(key.split("_", 2)[2])


def test_the_matrix_covers_every_documented_operation(paired: Tournament) -> None:
    documented = {
        (method, path)
        for path, operations in APIClient()
        .get("/api/schema/", {"format": "json"})
        .json()["paths"]
        .items()
        for method in operations
        if path.startswith("/api/v1/tournaments/{slug}/")
    }
    tried = {
        (method, "/" + re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", resolve(url).route))
        for method, url, _body, _needed in endpoints(paired)
    }
    assert documented == tried
