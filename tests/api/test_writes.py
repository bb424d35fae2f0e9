"""Idempotent retries, conditional writes (412, 428), throttling and the error body."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from tournaments.models import IdempotentRequest, Pairing, ResultChange, Round, Tournament

from .conftest import SCOPES

READ, RESULTS, PAIRING = SCOPES


ROUND_1 = {"number": 1, "pairs": [{"white": 1, "black": 4}, {"white": 2, "black": 3}]}


def test_a_retried_round_is_stored_once(numbered: Tournament, as_scope: Any) -> None:
    client = as_scope(PAIRING)
    url = f"/api/v1/tournaments/{numbered.slug}/rounds/"
    first = client.post(url, ROUND_1, format="json", HTTP_IDEMPOTENCY_KEY="round-1-try")
    again = client.post(url, ROUND_1, format="json", HTTP_IDEMPOTENCY_KEY="round-1-try")
    assert first.status_code == again.status_code == 201
    assert again.json() == first.json()
    assert again["ETag"] == first["ETag"]
    assert again["Idempotent-Replayed"] == "true"
    assert Round.objects.filter(tournament=numbered).count() == 1
    assert Pairing.objects.filter(round__tournament=numbered).count() == 2
    # Without the key the same body is a new request, refused: round 1 exists already.
    assert client.post(url, ROUND_1, format="json").status_code == 422


def test_the_same_key_with_another_body_is_refused(numbered: Tournament, as_scope: Any) -> None:
    client = as_scope(PAIRING)
    url = f"/api/v1/tournaments/{numbered.slug}/rounds/"
    client.post(url, ROUND_1, format="json", HTTP_IDEMPOTENCY_KEY="k1")
    other = {"number": 1, "pairs": [{"white": 1, "black": 3}, {"white": 2, "black": 4}]}
    response = client.post(url, other, format="json", HTTP_IDEMPOTENCY_KEY="k1")
    assert response.status_code == 422
    assert response.json()["code"] == "idempotency_key_reused"
    assert Round.objects.get(tournament=numbered).pairings.get(board=1).black.start_rank == 4


def test_a_refused_request_is_not_kept_so_a_fixed_retry_goes_through(
    numbered: Tournament, as_scope: Any, chief: Any
) -> None:
    client = as_scope(PAIRING)
    url = f"/api/v1/tournaments/{numbered.slug}/rounds/"
    numbered.players.filter(start_rank=4).update(start_rank=None)  # numbering unfinished
    assert client.post(url, ROUND_1, format="json", HTTP_IDEMPOTENCY_KEY="k").status_code == 422
    numbered.players.filter(start_rank=None).update(start_rank=4)
    assert client.post(url, ROUND_1, format="json", HTTP_IDEMPOTENCY_KEY="k").status_code == 201
    assert IdempotentRequest.objects.get().status == 201


def test_keys_are_private_to_each_client(numbered: Tournament, token_for: Any) -> None:
    url = f"/api/v1/tournaments/{numbered.slug}/players/"
    for scope in (PAIRING, PAIRING):
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {token_for(scope)}")
        response = client.post(url, {"name": "Late, Lou"}, format="json", HTTP_IDEMPOTENCY_KEY="x")
        assert response.status_code == 201
    assert numbered.players.filter(name="Late, Lou").count() == 2


def _claim_in_progress(tournament: Tournament, client: APIClient, *, age: timedelta) -> None:
    """A claim on key "busy" for registering "Busy, Bo", as a request still writing (or a
    process that died while writing) leaves it."""
    url = f"/api/v1/tournaments/{tournament.slug}/players/"
    client.post(url, {"name": "Busy, Bo"}, format="json", HTTP_IDEMPOTENCY_KEY="busy")
    stored = IdempotentRequest.objects.get(key="busy")
    stored.state, stored.status, stored.response = IdempotentRequest.State.IN_PROGRESS, None, None
    stored.claimed_at = timezone.now() - age
    stored.save()
    tournament.players.filter(name="Busy, Bo").delete()


def test_a_key_still_being_written_gets_409_with_retry_after(
    numbered: Tournament, as_scope: Any, settings: Any
) -> None:
    settings.IDEMPOTENCY_WAIT = 0
    client = as_scope(PAIRING)
    _claim_in_progress(numbered, client, age=timedelta(seconds=5))
    url = f"/api/v1/tournaments/{numbered.slug}/players/"
    response = client.post(url, {"name": "Busy, Bo"}, format="json", HTTP_IDEMPOTENCY_KEY="busy")
    assert response.status_code == 409
    assert response.json()["code"] == "idempotency_conflict"
    assert response["Retry-After"] == "1"
    assert not numbered.players.filter(name="Busy, Bo").exists()
    # Another body with the key is refused as before, in progress or not.
    other = client.post(url, {"name": "Else, E"}, format="json", HTTP_IDEMPOTENCY_KEY="busy")
    assert other.status_code == 422


def test_a_claim_left_by_a_dead_process_is_taken_over_after_the_lease(
    numbered: Tournament, as_scope: Any, settings: Any
) -> None:
    settings.IDEMPOTENCY_WAIT = 0
    settings.IDEMPOTENCY_LEASE = 60
    client = as_scope(PAIRING)
    _claim_in_progress(numbered, client, age=timedelta(seconds=61))
    url = f"/api/v1/tournaments/{numbered.slug}/players/"
    response = client.post(url, {"name": "Busy, Bo"}, format="json", HTTP_IDEMPOTENCY_KEY="busy")
    assert response.status_code == 201 and "Idempotent-Replayed" not in response
    assert numbered.players.filter(name="Busy, Bo").count() == 1
    stored = IdempotentRequest.objects.get(key="busy")
    assert (stored.state, stored.status) == (IdempotentRequest.State.DONE, 201)


def test_a_stale_result_write_gets_412_and_changes_nothing(
    published: Tournament, as_scope: Any
) -> None:
    client = as_scope(RESULTS)
    board = f"/api/v1/tournaments/{published.slug}/rounds/1/pairings/1/"
    read = client.get(board)
    # Another client enters the result meanwhile.
    first = client.put(board, {"result": "1-0"}, format="json", HTTP_IF_MATCH=read["ETag"])
    assert first.status_code == 200
    assert first["ETag"] != read["ETag"]
    stale = client.put(
        board, {"result": "0-1", "reason": "typo"}, format="json", HTTP_IF_MATCH=read["ETag"]
    )
    assert stale.status_code == 412
    assert stale.json()["code"] == "precondition_failed"
    assert Pairing.objects.get(round__tournament=published, board=1).result == "1-0"
    # Changing an entered result without If-Match is refused too, never silently applied.
    blind = client.put(board, {"result": "0-1", "reason": "typo"}, format="json")
    assert blind.status_code == 428
    fresh = client.put(
        board, {"result": "0-1", "reason": "typo"}, format="json", HTTP_IF_MATCH=first["ETag"]
    )
    assert fresh.status_code == 200
    changes = ResultChange.objects.filter(pairing__round__tournament=published, pairing__board=1)
    assert [(c.old_result, c.new_result, c.source) for c in changes] == [
        ("*", "1-0", "api"),
        ("1-0", "0-1", "api"),
    ]


# Real commits: the round's reply is kept per tournament version, bumped when a write commits.
@pytest.mark.django_db(transaction=True)
def test_a_stale_batch_gets_412_and_a_bad_batch_stores_nothing(
    published: Tournament, as_scope: Any
) -> None:
    client = as_scope(RESULTS)
    url = f"/api/v1/tournaments/{published.slug}/rounds/1/"
    etag = client.get(url)["ETag"]
    client.put(f"{url}pairings/2/", {"result": "1/2-1/2"}, format="json")
    batch = {"results": [{"board": 1, "result": "1-0"}, {"board": 2, "result": "0-1"}]}
    stale = client.post(f"{url}results/", batch, format="json", HTTP_IF_MATCH=etag)
    assert stale.status_code == 412
    bad = client.post(
        f"{url}results/",
        {"results": [{"board": 1, "result": "1-0"}, {"board": 7, "result": "0-1"}]},
        format="json",
        HTTP_IF_MATCH=client.get(url)["ETag"],
    )
    assert bad.status_code == 422
    assert bad.json()["errors"] == [
        {"code": "refused", "detail": "board 7: Round 1 has no board 7.", "field": "results.1"}
    ]
    assert Pairing.objects.get(round__tournament=published, board=1).result == "*"


def test_a_pairing_write_on_a_stale_round_gets_412(numbered: Tournament, as_scope: Any) -> None:
    client = as_scope(PAIRING)
    url = f"/api/v1/tournaments/{numbered.slug}/rounds/"
    before = client.get(url)["ETag"]
    posted = client.post(url, ROUND_1, format="json", HTTP_IF_MATCH=before)
    assert posted.status_code == 201
    # Withdrawn and paired again by another client: the first client's ETag is stale.
    assert client.delete(f"{url}1/", HTTP_IF_MATCH=posted["ETag"]).status_code == 204
    again = client.post(url, ROUND_1, format="json")
    assert client.post(f"{url}1/publish/", HTTP_IF_MATCH=posted["ETag"]).status_code == 412
    assert client.post(f"{url}1/publish/", HTTP_IF_MATCH=again["ETag"]).status_code == 200
    assert client.post(url, ROUND_1, format="json", HTTP_IF_MATCH=before).status_code == 412


def test_failed_authentication_is_throttled_per_address(
    numbered: Tournament, token_for: Any, settings: Any
) -> None:
    settings.API_FAILED_AUTH_ADDRESS_RATE = "3/min"
    good = token_for(READ)
    client = APIClient()
    url = f"/api/v1/tournaments/{numbered.slug}/state/"
    client.credentials(HTTP_AUTHORIZATION="Token arb_0000000000000000_guess")
    for _ in range(3):
        assert client.get(url).status_code == 401
    blocked = client.get(url)
    assert blocked.status_code == 429
    assert blocked.json()["code"] == "throttled"
    assert client.get(url, REMOTE_ADDR="192.0.2.7").status_code == 401
    # A valid key from the blocked address gets through (test_failed_auth_throttle.py).
    client.credentials(HTTP_AUTHORIZATION=f"Token {good}")
    assert client.get(url).status_code == 200


def test_writes_are_throttled_per_client_reads_are_not(
    numbered: Tournament, as_scope: Any, settings: Any
) -> None:
    settings.API_WRITE_RATE = "2/min"
    client = as_scope(PAIRING)
    url = f"/api/v1/tournaments/{numbered.slug}/players/"
    codes = [client.post(url, {"name": f"P, {i}"}, format="json").status_code for i in range(3)]
    assert codes == [201, 201, 429]
    assert client.get(url).status_code == 200


def test_every_error_has_code_detail_and_field(numbered: Tournament, as_scope: Any) -> None:
    client = as_scope(PAIRING)
    url = f"/api/v1/tournaments/{numbered.slug}/"
    invalid = client.post(f"{url}players/", {"name": "X", "rating_standard": 4000}, format="json")
    assert invalid.status_code == 400
    assert invalid.json()["field"] == "rating_standard"
    assert invalid.json()["code"] == "max_value"
    refused = client.post(f"{url}players/", {"name": "X", "fide_id": "12a"}, format="json")
    assert refused.status_code == 422
    assert refused.json()["field"] == "fide_id"
    missing = client.get(f"{url}rounds/9/")
    assert missing.status_code == 404
    assert set(missing.json()) == {"code", "detail", "field", "errors"}
    assert client.get("/api/v1/tournaments/no-such-event/").json()["code"] == "not_found"
    assert client.patch(f"{url}players/").json()["code"] == "method_not_allowed"


def test_the_detail_speaks_the_clients_language_the_code_does_not(
    numbered: Tournament, client_: APIClient
) -> None:
    client_.credentials(HTTP_AUTHORIZATION="Token arb_0000000000000000_guess")
    url = f"/api/v1/tournaments/{numbered.slug}/state/"
    chinese = client_.get(url, HTTP_ACCEPT_LANGUAGE="zh-hans").json()
    english = client_.get(url, HTTP_ACCEPT_LANGUAGE="en").json()
    assert chinese["code"] == english["code"] == "authentication_failed"
    assert (english["detail"], chinese["detail"]) == (
        "Invalid or revoked API token.",
        "API 令牌无效或已吊销。",
    )


def test_an_unusable_idempotency_key_is_refused(numbered: Tournament, as_scope: Any) -> None:
    client = as_scope(PAIRING)
    url = f"/api/v1/tournaments/{numbered.slug}/players/"
    response = client.post(url, {"name": "P"}, format="json", HTTP_IDEMPOTENCY_KEY="x" * 256)
    assert response.status_code == 400
    assert response.json()["field"] == "Idempotency-Key"
    assert not numbered.players.filter(name="P").exists()
