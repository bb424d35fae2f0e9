"""Input that used to answer 500 (or HTML) from the API: each now gets a clear JSON error."""

from __future__ import annotations

from typing import Any

from rest_framework.test import APIClient

from tournaments.models import Tournament

from .conftest import SCOPES

READ, RESULTS, PAIRING = SCOPES


def _json_error(response: Any, status: int, code: str | None = None) -> dict[str, Any]:
    assert response.status_code == status, response.content[:300]
    assert response["Content-Type"].startswith("application/json")
    body = response.json()
    assert body["detail"] and body["errors"]
    if code:
        assert body["code"] == code
    return body


def test_a_body_nested_100000_deep_is_a_400(published: Tournament, as_scope: Any) -> None:
    client: APIClient = as_scope(RESULTS)
    url = f"/api/v1/tournaments/{published.slug}/rounds/1/pairings/1/"
    response = client.generic("PUT", url, "[" * 100_000, content_type="application/json")
    body = _json_error(response, 400, "parse_error")
    assert "nested too deeply" in body["detail"]


def test_an_address_the_api_does_not_have_is_a_json_404(client_: APIClient) -> None:
    _json_error(client_.get("/api/v1/no-such-thing/"), 404, "not_found")


def test_numbers_too_large_for_the_database_are_not_found(
    published: Tournament, as_scope: Any
) -> None:
    client: APIClient = as_scope(READ)
    base = f"/api/v1/tournaments/{published.slug}/"
    for number in ("32768", "99999999999999999999"):
        _json_error(client.get(f"{base}rounds/{number}/"), 404)
        _json_error(client.get(f"{base}players/{number}/"), 404)


def test_overflowing_numbers_in_a_body_are_refused_by_field(
    published: Tournament, as_scope: Any
) -> None:
    client: APIClient = as_scope(PAIRING)
    player = published.players.get(start_rank=1).pk
    url = f"/api/v1/tournaments/{published.slug}/players/{player}/absences/"
    for number in (32768, 99999999999999999999):
        body = _json_error(client.post(url, {"round_number": number, "kind": "half"}), 400)
        assert body["field"] == "round_number"
    batch = f"/api/v1/tournaments/{published.slug}/rounds/1/results/"
    body = _json_error(
        client.post(batch, {"results": [{"board": 10**20, "result": "1-0"}]}, format="json"), 400
    )
    assert body["field"].startswith("results.0")


def test_a_body_over_the_size_limit_is_a_json_413(
    published: Tournament, as_scope: Any, settings: Any
) -> None:
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1024 * 1024
    client: APIClient = as_scope(RESULTS)
    url = f"/api/v1/tournaments/{published.slug}/rounds/1/results/"
    big = '{"results": [' + ",".join(['{"board": 1, "result": "1-0"}'] * 40_000) + "]}"
    body = _json_error(client.generic("POST", url, big, content_type="application/json"), 413)
    assert body["code"] == "too_large" and "1 MB" in body["detail"]


def test_a_batch_beyond_the_boards_limit_is_refused_before_any_work(
    published: Tournament, as_scope: Any
) -> None:
    """Issue: a results batch of 100,000 entries took 95 s. At most 1,000 boards."""
    client: APIClient = as_scope(RESULTS)
    url = f"/api/v1/tournaments/{published.slug}/rounds/1/results/"
    entries = [{"board": 1, "result": "1-0"}] * 1001
    body = _json_error(client.post(url, {"results": entries}, format="json"), 400)
    assert body["field"] == "results" and "1000" in body["detail"]
    assert published.rounds.get(number=1).pairings.get(board=1).result == "*"


def test_a_malformed_body_is_a_400_whatever_its_if_match(
    published: Tournament, as_scope: Any
) -> None:
    """Issue: If-Match was checked before the body was validated, so a stale ETag hid the
    body's problems (412 first, then 400 after a re-read)."""
    client: APIClient = as_scope(PAIRING)
    base = f"/api/v1/tournaments/{published.slug}/rounds/"
    stale = '"0000000000000000000000000000000"'
    for url, body in ((base, {"pairs": "nonsense"}), (f"{base}next/", {"confirm": {"yes": 1}})):
        response = client.post(url, body, format="json", HTTP_IF_MATCH=stale)
        _json_error(response, 400)
    assert (
        client.post(
            base, {"pairs": [{"white": 1, "black": 2}]}, format="json", HTTP_IF_MATCH=stale
        ).status_code
        == 412
    )
