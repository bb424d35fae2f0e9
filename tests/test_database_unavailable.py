"""A database that does not answer is a 503 with Retry-After, never a 500.

Issue: with PostgreSQL restarted, requests in flight answered 500 (4 of 81). On SQLite the
database's error is simulated; on PostgreSQL (the suite run with a postgres DATABASE_URL) the
server ends the connection itself, as a restart does.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from django.conf import settings as project_settings
from django.db import OperationalError, close_old_connections, connection
from django.test import Client

from tests.factories import TournamentFactory

pytestmark = pytest.mark.django_db

API_LIST = "/api/v1/tournaments/"


def _fail(*args: object, **kwargs: object) -> None:
    raise OperationalError("server closed the connection unexpectedly")


def _unavailable(reply, *, api: bool) -> None:
    assert reply.status_code == 503
    assert reply["Retry-After"] == "5"
    if api:
        assert reply.json()["code"] == "unavailable"
    else:
        assert "Try again in a moment" in reply.content.decode()


def test_a_page_meeting_a_database_error_answers_503(monkeypatch, caplog):
    monkeypatch.setattr("tournaments.views.public.tournaments_where", _fail)
    reply = Client(raise_request_exception=False).get("/")
    _unavailable(reply, api=False)
    # Lines in the log, no traceback: the database's own log says why.
    assert all(record.exc_info is None for record in caplog.records)
    messages = [record.getMessage() for record in caplog.records]
    assert any(
        m.startswith("database unavailable, answered 503: GET /: Operational") for m in messages
    )


def test_the_page_is_in_the_readers_language(monkeypatch):
    monkeypatch.setattr("tournaments.views.public.tournaments_where", _fail)
    reply = Client(raise_request_exception=False).get("/", HTTP_ACCEPT_LANGUAGE="zh-hans")
    assert reply.status_code == 503
    assert '<html lang="zh-hans">' in reply.content.decode()
    assert "Try again in a moment" not in reply.content.decode()


def test_an_api_request_meeting_a_database_error_answers_503_json(monkeypatch):
    monkeypatch.setattr("tournaments.api.permissions.tournaments_where", _fail)
    reply = Client(raise_request_exception=False).get(API_LIST)
    _unavailable(reply, api=True)


def test_a_database_error_outside_the_view_answers_503(monkeypatch):
    # The session is read by a middleware, before any view.
    monkeypatch.setattr("django.contrib.sessions.backends.db.SessionStore.load", _fail)
    client = Client(raise_request_exception=False)
    client.cookies["sessionid"] = "x" * 32
    _unavailable(client.get("/"), api=False)


def test_a_stale_connection_is_checked_before_a_request_uses_it():
    assert project_settings.DATABASES["default"]["CONN_HEALTH_CHECKS"] is True


def _end_the_connection_from_the_server() -> None:
    """What a PostgreSQL restart does to an open connection: the server ends it."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_backend_pid()")
        pid = cursor.fetchone()[0]
    other = connection.get_new_connection(connection.get_connection_params())
    try:
        other.autocommit = True
        other.cursor().execute("SELECT pg_terminate_backend(%s)", [pid])
    finally:
        other.close()


@pytest.fixture
def postgresql() -> Iterator[None]:
    if connection.vendor != "postgresql":
        pytest.skip("needs PostgreSQL (DATABASE_URL)")
    yield
    connection.close()  # the next test gets a connection of its own


@pytest.mark.django_db(transaction=True)
def test_postgresql_ending_the_connection_mid_session_is_a_503_then_served(postgresql):
    TournamentFactory(name="Open", public=True)
    client = Client(raise_request_exception=False)
    assert client.get("/").status_code == 200
    # The test client keeps one connection across requests, like CONN_MAX_AGE.
    _end_the_connection_from_the_server()
    _unavailable(client.get("/"), api=False)
    close_old_connections()  # what each request's end does outside the test client
    _end_the_connection_from_the_server()
    _unavailable(client.get(API_LIST), api=True)
    close_old_connections()
    assert client.get("/").status_code == 200
    assert client.get(API_LIST).status_code == 200


@pytest.mark.django_db(transaction=True)
def test_postgresql_a_kept_connection_the_server_ended_is_replaced(postgresql):
    connection.close()
    connection.settings_dict.update(CONN_MAX_AGE=None, CONN_HEALTH_CHECKS=True)
    try:
        client = Client(raise_request_exception=False)
        assert client.get("/").status_code == 200
        _end_the_connection_from_the_server()
        close_old_connections()  # a request's start: the kept connection is checked first
        assert client.get("/").status_code == 200
    finally:
        connection.settings_dict.update(CONN_MAX_AGE=0, CONN_HEALTH_CHECKS=True)
