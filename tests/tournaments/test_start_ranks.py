"""Starting ranks in FIDE mode: ties in the initial ranking broken by an announced criterion,
never the alphabet (checklist B10); exchanges (L3) and regeneration (L3, L4 once a round is
paired) from the arbiter's page and the API (B12)."""

from __future__ import annotations

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from tests.factories import UserFactory, answering
from tournaments.models import Absence, InitialOrder, PairingSystem
from tournaments.services import (
    NeedsConfirmation,
    add_player,
    assign_start_ranks,
    create_tournament,
    pair_swiss_round,
    publish_round,
    record_result,
    request_absence,
    update_tournament,
)
from tournaments.services.trf_exchange import export_trf

pytestmark = pytest.mark.django_db


def field(**settings):
    """Equal ratings entered Zhou, Adams (GM), Baker, Chen — the alphabet would put Adams
    and Baker first."""
    tournament = create_tournament(
        name="Open", system=PairingSystem.SWISS, number_of_rounds=3, **settings
    )
    for name, title, fide_id in [
        ("Zhou", "", "8603677"),
        ("Adams", "GM", "400041"),
        ("Baker", "", ""),
        ("Chen", "", "8600001"),
    ]:
        add_player(tournament, name=name, title=title, fide_id=fide_id, rating_standard=2000)
    return tournament


def order(tournament):
    """The numbered players' names in starting-rank order."""
    numbered = tournament.players.filter(start_rank__isnull=False).order_by("start_rank")
    return list(numbered.values_list("name", flat=True))


def test_ties_are_broken_by_title_then_the_order_of_registration():
    tournament = field()
    assign_start_ranks(tournament)
    assert order(tournament) == ["Adams", "Zhou", "Baker", "Chen"]


def test_ties_can_be_broken_by_fide_id_instead():
    tournament = field(initial_order=InitialOrder.FIDE_ID)
    assign_start_ranks(tournament)
    # Title first; then FIDE ids 8600001 < 8603677; Baker has none and comes last.
    assert order(tournament) == ["Adams", "Chen", "Zhou", "Baker"]


def test_regenerating_asks_l3_before_round_1_and_l4_after_it():
    tournament = field()
    assign_start_ranks(tournament)
    tournament = update_tournament(tournament, initial_order=InitialOrder.FIDE_ID)
    with pytest.raises(NeedsConfirmation) as asked:
        assign_start_ranks(tournament)
    assert asked.value.level == 3
    assert "moves 3 players: Chen, Zhou, Baker." in asked.value.problems[0]
    assert order(tournament) == ["Adams", "Zhou", "Baker", "Chen"]
    assign_start_ranks(tournament, confirm="confirm")
    assert order(tournament) == ["Adams", "Chen", "Zhou", "Baker"]
    pair_swiss_round(tournament)
    tournament.players.filter(name="Baker").update(rating_standard=2100)
    with pytest.raises(NeedsConfirmation) as asked:
        assign_start_ranks(tournament, confirm="confirm")  # L3's answer is not enough now
    assert asked.value.level == 4 and asked.value.consequences
    answering(assign_start_ranks, tournament)
    assert order(tournament)[0] == "Baker"
    assert "### Starting ranks @ Round 1: Starting ranks renumbered; 4 players moved." in (
        export_trf(tournament, version=2026)
    )


def test_the_dashboard_exchanges_and_regenerates_with_a_confirmation(client):
    tournament = field()
    assign_start_ranks(tournament)
    client.force_login(UserFactory(is_staff=True))
    dashboard = client.get(reverse("tournaments:dashboard", args=[tournament.pk])).text
    assert "Exchange starting ranks" in dashboard
    exchange = reverse("tournaments:players_exchange", args=[tournament.pk])
    asked = client.post(exchange, {"first": 3, "second": 4, "reason": "entry list"})
    assert asked.status_code == 409 and "Warning level L3" in asked.text
    assert 'name="confirm" value="confirm"' in asked.text
    assert order(tournament) == ["Adams", "Zhou", "Baker", "Chen"]
    client.post(exchange, {"first": 3, "second": 4, "reason": "entry list", "confirm": "confirm"})
    assert order(tournament) == ["Adams", "Zhou", "Chen", "Baker"]
    number = reverse("tournaments:players_number", args=[tournament.pk])
    assert client.post(number, {"order": "rating"}).status_code == 409
    client.post(number, {"order": "rating", "confirm": "confirm"})
    assert order(tournament) == ["Adams", "Zhou", "Baker", "Chen"]


def test_the_api_exchanges_and_regenerates_with_a_confirmation():
    tournament = field()
    assign_start_ranks(tournament)
    api = APIClient()
    api.force_authenticate(UserFactory(is_staff=True))
    base = f"/api/v1/tournaments/{tournament.slug}/players/numbering/"
    asked = api.post(f"{base}exchange/", {"first": 3, "second": 4}, format="json")
    assert (asked.status_code, asked.json()["level"], asked.json()["confirm"]) == (
        409,
        3,
        "confirm",
    )
    done = api.post(f"{base}exchange/", {"first": 3, "second": 4, "confirm": "confirm"})
    assert done.status_code == 200
    assert [p["start_rank"] for p in done.json()] == [4, 3]
    assert api.post(base, {}, format="json").status_code == 409
    assert api.post(base, {"confirm": "confirm"}, format="json").status_code == 200
    assert order(tournament) == ["Adams", "Zhou", "Baker", "Chen"]


def test_a_round_1_absentee_has_no_starting_rank_until_he_arrives():
    """Checklist B11 (C.04.2): numbered on arrival by his rating, as a late entrant."""
    tournament = _absentee_event()
    assert order(tournament) == ["Ann", "Bob", "Cat", "Dan"]
    assert tournament.players.get(name="Eve").start_rank is None
    round_1 = publish_round(pair_swiss_round(tournament))
    assert round_1.pairings.get(white__name="Eve").bye == "zero"
    for board in round_1.pairings.filter(black__isnull=False):
        record_result(board, "1/2-1/2", source="hand", user=None)
    round_2 = pair_swiss_round(tournament)
    # Eve arrives for round 2 and takes the first number her rating earns.
    assert order(tournament) == ["Eve", "Ann", "Bob", "Cat", "Dan"]
    assert round_2.pairings.filter(black__isnull=False).count() == 2
    assert round_2.pairings.filter(bye="pab").count() == 1
    lines = export_trf(tournament, version=2026).splitlines()
    assert "### Starting ranks @ Round 1: Eve takes starting rank 1; 4 players move down one." in (
        lines
    )


def _absentee_event():
    """Four players numbered; Eve, the highest rated, absent from round 1."""
    tournament = create_tournament(name="Open", system=PairingSystem.SWISS, number_of_rounds=5)
    for name, rating in [("Ann", 2100), ("Bob", 2000), ("Cat", 1900), ("Dan", 1800)]:
        add_player(tournament, name=name, rating_standard=rating)
    late = add_player(tournament, name="Eve", rating_standard=2200)
    request_absence(late, 1, Absence.Kind.ZERO_POINT_BYE, reason="flight delayed")
    assign_start_ranks(tournament)
    return tournament


def test_a_round_1_absentee_is_numbered_for_pairing_software_too(client):
    """B11 when the rounds come from pairing software (API) or are typed in: the absentee has
    no number in round 1, takes the one his rating earns once round 1 is published (so the
    software reading the tournament sees him), and round 2 must pair him."""
    tournament = _absentee_event()
    api = APIClient()
    api.force_authenticate(UserFactory(is_staff=True))
    rounds = f"/api/v1/tournaments/{tournament.slug}/rounds/"
    pairs = [{"white": 1, "black": 3}, {"white": 4, "black": 2}]
    created = api.post(rounds, {"pairs": pairs, "confirm": "confirm"}, format="json")
    assert created.status_code == 201
    assert tournament.players.get(name="Eve").start_rank is None
    round_1 = tournament.rounds.get(number=1)
    assert round_1.pairings.get(white__name="Eve").bye == "zero"
    assert api.post(f"{rounds}1/publish/", {}, format="json").status_code == 200
    assert order(tournament) == ["Eve", "Ann", "Bob", "Cat", "Dan"]
    lines = export_trf(tournament, version=2026).splitlines()
    assert any(line.startswith("001    1") and "Eve" in line for line in lines)
    for board in round_1.pairings.filter(black__isnull=False):
        record_result(board, "1/2-1/2", source="hand", user=None)
    # Round 2 typed in on the page without Eve (now number 1): refused, naming her.
    client.force_login(UserFactory(is_staff=True))
    page = reverse("tournaments:round_enter", args=[tournament.pk])
    refused = client.post(page, {"boards": "2 4\n5 3"})
    assert "player 1 Eve is neither paired nor given a bye" in refused.text
    assert not tournament.rounds.filter(number=2).exists()
    pairs = [{"white": 1, "black": 2}, {"white": 3, "black": 4}]
    done = api.post(rounds, {"pairs": pairs, "byes": [5], "confirm": "confirm"}, format="json")
    assert done.status_code == 201, done.json()
