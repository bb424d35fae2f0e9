"""A board's result corrected for the rating report only, through the API (checklist F38)."""

from __future__ import annotations

from typing import Any

from tournaments.models import ApiToken, Pairing, Tournament, TournamentLog

RESULTS = ApiToken.Scope.RESULTS


def test_the_api_sets_shows_and_withdraws_a_rating_report_correction(
    published: Tournament, as_scope: Any
) -> None:
    client = as_scope(RESULTS)
    board = f"/api/v1/tournaments/{published.slug}/rounds/1/pairings/1/"
    correction = board + "rating-correction/"
    early = client.put(correction, {"result": "0-1", "reason": "x"}, format="json")
    assert early.status_code == 422
    assert "no decided result yet" in early.json()["detail"]
    assert client.put(board, {"result": "1-0"}, format="json").status_code == 200
    assert client.get(board).json()["rating_report_result"] is None

    missing = client.put(correction, {"result": "0-1"}, format="json")
    assert missing.status_code == 400
    assert missing.json()["field"] == "reason"
    saved = client.put(correction, {"result": "0-1", "reason": "video"}, format="json")
    assert saved.status_code == 200
    assert saved.json()["result"] == "1-0"
    assert saved.json()["rating_report_result"] == "0-1"
    pairings = client.get(f"/api/v1/tournaments/{published.slug}/rounds/1/pairings/").json()
    assert [p["rating_report_result"] for p in pairings] == ["0-1", None]
    assert Pairing.objects.get(round__tournament=published, board=1).result == "1-0"

    gone = client.delete(correction, {"reason": "appeal upheld"}, format="json")
    assert gone.status_code == 200
    assert gone.json()["rating_report_result"] is None
    log = published.log.filter(kind=TournamentLog.Kind.RATING_REPORT)
    assert [(e.new_value, e.reason) for e in log] == [("0-1", "video"), ("1-0", "appeal upheld")]


def test_a_read_token_may_not_correct(published: Tournament, as_scope: Any) -> None:
    client = as_scope(ApiToken.Scope.READ)
    url = f"/api/v1/tournaments/{published.slug}/rounds/1/pairings/1/rating-correction/"
    assert client.put(url, {"result": "0-1", "reason": "x"}, format="json").status_code == 403


def test_a_result_no_report_can_take_is_refused_with_the_reason(
    published: Tournament, as_scope: Any
) -> None:
    client = as_scope(RESULTS)
    board = f"/api/v1/tournaments/{published.slug}/rounds/1/pairings/1/"
    client.put(board, {"result": "1-0"}, format="json")
    body = {"result": "adj", "reason": "x"}
    refused = client.put(board + "rating-correction/", body, format="json")
    assert refused.status_code == 422
    assert "cannot go to the rating report" in refused.json()["detail"]
