"""A refused request is logged in one line; a server error keeps its traceback.

Issue: every 403 logged a full traceback (789 in one probe of the production stack).
"""

from __future__ import annotations

import logging

import pytest
from django.test import Client
from django.urls import reverse

from tests.factories import TournamentFactory, UserFactory

pytestmark = pytest.mark.django_db


def _request_records(caplog) -> list[logging.LogRecord]:
    return [record for record in caplog.records if record.name == "django.request"]


def test_a_403_is_one_line_without_traceback(caplog):
    tournament = TournamentFactory()
    client = Client()
    client.force_login(UserFactory(username="stranger"))
    reply = client.get(reverse("tournaments:dashboard", args=[tournament.pk]))
    assert reply.status_code == 403
    (record,) = _request_records(caplog)
    assert (
        record.getMessage()
        == f"Forbidden (Permission denied): /tournaments/{tournament.pk}/arbiter/"
    )
    assert record.exc_info is None


def test_a_500_keeps_its_traceback(caplog, monkeypatch):
    def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("a bug")

    monkeypatch.setattr("tournaments.views.public.tournaments_where", broken)
    reply = Client(raise_request_exception=False).get("/")
    assert reply.status_code == 500
    (record,) = _request_records(caplog)
    assert record.exc_info is not None and record.exc_info[0] is RuntimeError
