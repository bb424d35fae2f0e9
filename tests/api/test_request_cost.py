"""What a request costs the database: a result PUT's statements, no write on a read."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from tournaments.models import ApiToken, Tournament

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
    # The token; its creator's role (a token acts only while its creator may); the round and
    # the board, locked in that order; the board's update and its audit row; whether the
    # round is finished; the tournament's version bump after the commit. Was 12 and a write.
    assert len(statements) <= 8, "\n".join(statements)
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
