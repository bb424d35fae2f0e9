"""What a request costs the database: a result PUT's statements, no write on a read."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tournaments.models import ApiToken, Round, Tournament

from .conftest import SCOPES

READ, RESULTS, PAIRING = SCOPES


def _statements(queries: CaptureQueriesContext) -> list[str]:
    """The SQL sent, without the savepoints and transaction markers around it."""
    return [
        q["sql"]
        for q in queries.captured_queries
        if not q["sql"].upper().startswith(("SAVEPOINT", "RELEASE SAVEPOINT", "BEGIN", "COMMIT"))
    ]


# Real commits, so that the tournament's version bump (run when the write commits) counts.
@pytest.mark.django_db(transaction=True)
def test_a_result_put_reads_each_row_once(published: Tournament, as_scope: Any) -> None:
    client = as_scope(RESULTS)
    board = f"/api/v1/tournaments/{published.slug}/rounds/1/pairings/1/"
    client.get(board)  # the token's use is recorded once; the PUT is measured alone
    with CaptureQueriesContext(connection) as queries:
        reply = client.put(board, {"result": "1-0"}, format="json")
    assert reply.status_code == 200
    statements = _statements(queries)
    # The token with its creator's role (a token acts only while its creator may); the board
    # with its round and game, locked, and whether another board of the round awaits a
    # result; the board's update and its audit row; the tournament's version bump after the
    # commit; on a server database, the round's status settled after the commit (concurrent
    # writes of its last boards). Was 12 and a write, then 8.
    assert len(statements) <= 6, "\n".join(statements)
    assert not [s for s in statements if s.startswith('SELECT "tournaments_tournamentrole"')]
    assert not [s for s in statements if s.startswith('SELECT "games_game"')]
    # The board's row is read once (locked); the round's other boards are only counted.
    board_reads = [s for s in statements if s.startswith('SELECT "tournaments_pairing"."id"')]
    assert len(board_reads) == 1, "\n".join(board_reads)


def test_a_read_with_a_token_writes_nothing_once_its_use_is_recorded(
    published: Tournament, as_scope: Any
) -> None:
    client = as_scope(READ)
    url = f"/api/v1/tournaments/{published.slug}/rounds/1/"
    assert client.get(url).status_code == 200
    first_use = ApiToken.objects.get().last_used_at
    assert first_use is not None
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    writes = [s for s in _statements(queries) if not s.startswith("SELECT")]
    assert writes == []
    assert ApiToken.objects.get().last_used_at == first_use


def test_the_round_is_finished_by_its_last_board_put_and_reopened_by_an_adjournment(
    published: Tournament, as_scope: Any
) -> None:
    # The board's write knows from its own read whether another board awaits a result.
    client = as_scope(RESULTS)
    round_ = published.rounds.get(number=1)
    boards = f"/api/v1/tournaments/{published.slug}/rounds/1/pairings/"
    assert client.put(f"{boards}1/", {"result": "1-0"}, format="json").status_code == 200
    round_.refresh_from_db()
    assert round_.status == Round.Status.PUBLISHED
    last = client.put(f"{boards}2/", {"result": "1/2-1/2"}, format="json")
    assert last.status_code == 200
    round_.refresh_from_db()
    assert round_.status == Round.Status.FINISHED
    adjourned = client.put(
        f"{boards}2/",
        {"result": "adj", "reason": "the game goes on tomorrow"},
        format="json",
        HTTP_IF_MATCH=last.headers["ETag"],
    )
    assert adjourned.status_code == 200, adjourned.json()
    round_.refresh_from_db()
    assert round_.status == Round.Status.PUBLISHED
