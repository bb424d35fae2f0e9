"""The commands for forbidden pairs (FIDE checklist D30) and starting ranks (B10–B12): the
same services, the same questions (exit status 3 with the --confirm answer) as the pages
and the API."""

from __future__ import annotations

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from tests.factories import PlayerFactory, TournamentFactory
from tournaments.models import ForbiddenPair, TournamentLog
from tournaments.services import pair_swiss_round

pytestmark = pytest.mark.django_db


def _run(*arguments: str) -> str:
    out = StringIO()
    call_command(*arguments, stdout=out)
    return out.getvalue()


@pytest.fixture
def six():
    """Six players entered unnumbered: two pairs of equal ratings."""
    tournament = TournamentFactory(number_of_rounds=5)
    for name, rating in [
        ("Ann", 2100),
        ("Bob", 2000),
        ("Cat", 2000),
        ("Dan", 1900),
        ("Eve", 1800),
        ("Fay", 1800),
    ]:
        PlayerFactory(tournament=tournament, name=name, rating_standard=rating, start_rank=None)
    return tournament


def test_forbidden_pairs_are_added_listed_and_lifted(six) -> None:
    ann, bob = six.players.get(name="Ann"), six.players.get(name="Bob")
    listed = _run(
        "forbidden_pairs", str(six.pk), "--add", f"id:{ann.pk}", f"id:{bob.pk}", "--reason", "twins"
    )
    assert f"-  Ann  (id:{ann.pk})  /  -  Bob  (id:{bob.pk})  — twins" in listed
    assert ForbiddenPair.objects.count() == 1
    _run("start_ranks", str(six.pk), "--number")
    assert "1  Ann" in _run("forbidden_pairs", str(six.pk))
    assert "No forbidden pairs." in _run("forbidden_pairs", str(six.pk), "--lift", "2", "1")
    listed = _run("forbidden_pairs", str(six.pk), "--add", "1", "2", "--rounds", "2-3")
    assert "(rounds 2–3)" in listed
    assert "No forbidden pairs." in _run("forbidden_pairs", str(six.pk), "--lift", "2", "1")
    with pytest.raises(CommandError, match="expected rounds such as 3-5"):
        _run("forbidden_pairs", str(six.pk), "--add", "1", "2", "--rounds", "two")
    with pytest.raises(CommandError, match="no such player") as refused:
        _run("forbidden_pairs", str(six.pk), "--add", "1", "9")
    assert refused.value.returncode == 2
    pair_swiss_round(six)
    with pytest.raises(CommandError, match="set before round 1 is paired") as refused:
        _run("forbidden_pairs", str(six.pk), "--add", "1", "2")
    assert refused.value.returncode == 2 and not ForbiddenPair.objects.exists()


def test_starting_ranks_are_numbered_and_exchanged_with_the_questions(six) -> None:
    listed = _run("start_ranks", str(six.pk), "--number")
    assert [line.split("  ")[1] for line in listed.splitlines()] == [
        "Ann",
        "Bob",
        "Cat",
        "Dan",
        "Eve",
        "Fay",
    ]
    # Bob and Cat are rated alike: an exchange asks L3 (status 3, the answer named).
    with pytest.raises(CommandError) as asked:
        _run("start_ranks", str(six.pk), "--exchange", "2", "3", "--reason", "registration")
    assert asked.value.returncode == 3 and "--confirm confirm" in str(asked.value)
    listed = _run(
        "start_ranks", str(six.pk), "--exchange", "2", "3", "--reason", "x", "--confirm", "confirm"
    )
    assert listed.splitlines()[1].startswith("2  Cat")
    log = TournamentLog.objects.filter(kind=TournamentLog.Kind.START_RANKS)
    assert [entry.message for entry in log] == ["Bob (2) and Cat (3) exchange starting ranks."]
    # In FIDE mode only equal ratings exchange.
    with pytest.raises(CommandError, match="only players of equal rating exchange") as refused:
        _run("start_ranks", str(six.pk), "--exchange", "1", "4", "--confirm", "confirm")
    assert refused.value.returncode == 2
    # Regenerating moves two numbers back: L3.
    with pytest.raises(CommandError) as asked:
        _run("start_ranks", str(six.pk), "--number")
    assert asked.value.returncode == 3
    listed = _run("start_ranks", str(six.pk), "--number", "--confirm", "confirm")
    assert listed.splitlines()[1].startswith("2  Bob")
