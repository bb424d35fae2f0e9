"""External tie-break values (FIDE checklist I47, Q207): a value per player from outside the
games, entered or imported by the arbiter, ranks by the tie-break EXT and is logged. Service,
page, API and command."""

from __future__ import annotations

from decimal import Decimal
from io import StringIO

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.urls import reverse
from rest_framework.test import APIClient

from tests.factories import (
    PairingFactory,
    PlayerFactory,
    RoundFactory,
    TournamentFactory,
    UserFactory,
)
from tournaments.models import Result, TournamentLog
from tournaments.selectors import tournament_standings
from tournaments.services import TournamentError
from tournaments.services.ties import parse_external_values, set_external_values
from tournaments.services.trf_exchange import export_trf

pytestmark = pytest.mark.django_db


@pytest.fixture
def level():
    """Four players, two rounds, every game drawn: all on 1 point, EXT first in the list."""
    tournament = TournamentFactory(number_of_rounds=2, tiebreaks=["EXT", "TPN"])
    a, b, c, d = (PlayerFactory(tournament=tournament, name=name) for name in "ABCD")
    for number, pairs in ((1, ((a, b), (c, d))), (2, ((a, c), (b, d)))):
        round_ = RoundFactory(tournament=tournament, number=number)
        for board, (white, black) in enumerate(pairs, start=1):
            PairingFactory(round=round_, board=board, white=white, black=black, result=Result.DRAW)
    return tournament


def _order(tournament, tiebreaks=None):
    rows = tournament_standings(tournament, tiebreaks=tiebreaks).rows
    return [(row.place, row.name, row.tiebreaks[0].display) for row in rows]


def test_ext_ranks_by_the_values_and_undefined_last(level) -> None:
    set_external_values(
        level, {1: Decimal("1"), 3: Decimal("2.5"), 4: Decimal("0")}, reason="play-off"
    )
    assert _order(level) == [("1", "C", "2.5"), ("2", "A", "1"), ("3", "D", "0"), ("4", "B", "-")]
    assert _order(level, ["EXT/R"]) == [
        ("1", "D", "0"),
        ("2", "A", "1"),
        ("3", "C", "2.5"),
        ("4", "B", "-"),
    ]
    # Without EXT the four share the place (every game drawn).
    assert {row.place for row in tournament_standings(level, tiebreaks=["BH"]).rows} == {"1–4"}


def test_values_are_logged_and_cleared(level) -> None:
    set_external_values(level, {1: Decimal("1.50"), 3: Decimal("2")}, reason="Armageddon")
    set_external_values(level, {3: None, 1: Decimal("1.5")}, reason="replayed")
    entries = TournamentLog.objects.filter(kind=TournamentLog.Kind.TIES).order_by("id")
    assert [(e.message, e.reason) for e in entries] == [
        ("External tie-break values (EXT), by starting rank: 1: 1.5, 3: 2.", "Armageddon"),
        ("External tie-break values (EXT), by starting rank: 3: -.", "replayed"),
    ]
    assert entries[1].old_value == {"3": "2"}
    assert _order(level)[0] == ("1", "A", "1.5")
    trf = export_trf(level, version=2026)
    assert (
        "### Ties broken by hand or by lot @ Round 2: External tie-break values (EXT), by "
        "starting rank: 1: 1.5, 3: 2. (Armageddon)"
    ) in trf.splitlines()


def test_bad_values_change_nothing(level) -> None:
    with pytest.raises(TournamentError) as refused:
        set_external_values(level, {9: Decimal("1")})
    assert refused.value.problems == [
        "No player has starting rank 9.",
        "External tie-break values need a reason (where they come from).",
    ]
    with pytest.raises(TournamentError) as refused:
        parse_external_values("1 1.5\n2 x\n3 1.555\n1 2\nfour 1\n\n# comment\n4")
    assert refused.value.problems == [
        "line 2: x is not a number.",
        "line 3: 1.555 has more than two decimals.",
        "line 4: starting rank 1 is given twice.",
        "line 5: expected a starting rank and a value, as in 3 1.5; found four 1",
    ]
    assert parse_external_values("1;1.5\n2,-3\n4") == {1: Decimal("1.5"), 2: Decimal("-3"), 4: None}
    assert not TournamentLog.objects.filter(kind=TournamentLog.Kind.TIES).exists()


def test_the_ties_page_takes_typed_or_imported_values(client, level) -> None:
    client.force_login(UserFactory(is_staff=True))
    url = reverse("tournaments:ties", args=[level.pk])
    page = client.get(url).text
    assert "External tie-break values" in page
    saved = client.post(url, {"ext-values": "1 1\n3 2.5", "ext-reason": "play-off"})
    assert saved.status_code == 302
    assert _order(level)[0] == ("1", "C", "2.5")
    bad = client.post(url, {"ext-values": "2 x", "ext-reason": "play-off"})
    assert bad.status_code == 200 and "line 1: x is not a number." in bad.text
    upload = SimpleUploadedFile("playoff.csv", b"2,4\n4,3.5\n")
    client.post(url, {"ext-file": upload, "ext-reason": "imported"})
    assert [row[1] for row in _order(level)] == ["B", "D", "C", "A"]
    assert "2 4\n3 2.5" in client.get(url).text  # the form shows the values set


def test_the_api_sets_and_reads_the_values(level) -> None:
    api = APIClient()
    api.force_authenticate(UserFactory(is_staff=True))
    url = f"/api/v1/tournaments/{level.slug}/ties/"
    body = {"external": [{"start_rank": 2, "value": "3"}], "reason": "play-off"}
    reply = api.post(url, body, format="json")
    assert reply.status_code == 200
    assert reply.json()["external"] == [{"start_rank": 2, "value": "3.00"}]
    refused = api.post(url, {"external": [{"start_rank": 2, "value": "3"}]}, format="json")
    assert refused.status_code == 422 and "need a reason" in refused.json()["detail"]
    cleared = api.post(
        url, {"external": [{"start_rank": 2, "value": None}], "reason": "void"}, format="json"
    )
    assert cleared.json()["external"] == []


def test_the_command_imports_a_file_and_single_values(level, tmp_path) -> None:
    values = tmp_path / "playoff.txt"
    values.write_text("# play-off\n4 2\n1 1\n", encoding="utf-8")
    out = StringIO()
    call_command(
        "break_ties", str(level.pk), "--external", str(values), "--reason", "play-off", stdout=out
    )
    assert "External values (EXT): 1: 1, 4: 2" in out.getvalue()
    out = StringIO()
    call_command(
        "break_ties", str(level.pk), "--external-value", "1", "-", "--reason", "void", stdout=out
    )
    assert "External values (EXT): 4: 2" in out.getvalue()
    values.write_text("4 two\n", encoding="utf-8")
    with pytest.raises(CommandError, match="line 1: two is not a number") as refused:
        call_command("break_ties", str(level.pk), "--external", str(values), "--reason", "x")
    assert refused.value.returncode == 2
