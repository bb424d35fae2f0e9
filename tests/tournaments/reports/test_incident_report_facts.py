"""The printed incident report, as an appeals committee reads it: every fact with its label
and a value in words, in English and in Chinese — never ``moves: ['e4', …]``, an ISO time,
``play_on``, ``1500.0`` or ``False``."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.test import override_settings
from django.urls import reverse

from games.services import create_game, rule_on_incident, save_moves
from tests.factories import PlayerFactory, TournamentFactory, UserFactory
from tournaments.services import generate_round_robin_round, publish_round

from .conftest import pdf_cells

pytestmark = pytest.mark.django_db

RAW = ["['", "+00:00", "T15:", "play_on", "1500.0", "False", "True", "white", "black"]
"""What the report printed before: Python lists, ISO times, codes, seconds, booleans."""


@pytest.fixture
def report(client):
    """An event in Shanghai's time zone whose only game has three incidents: an illegal move
    found in the record, a wrong threefold claim with the claimant's time, and a scoresheet
    check."""
    tournament = TournamentFactory(
        system="round_robin", number_of_rounds=1, ruleset="fide2023", time_control="90+30"
    )
    PlayerFactory(tournament=tournament)
    PlayerFactory(tournament=tournament)
    pairing = publish_round(generate_round_robin_round(tournament)).pairings.get()
    chief = UserFactory(username="chief", is_staff=True)
    game = create_game(pairing=pairing, user=chief)
    save_moves(game, ["e4", "e5", "Nf3"], user=chief)
    rule_on_incident(
        game, "illegal_move", {"moves": ["e4", "e5", "Nf3", "Ke7", "Bc4", "Kd5"]}, user=chief
    )
    rule_on_incident(
        game,
        "draw_claim",
        {"claimant": "white", "claim": "threefold", "claimant_used": 1500.0},
        user=chief,
    )
    rule_on_incident(
        game,
        "scoresheet_completion",
        {
            "white_incomplete": True,
            "black_incomplete": False,
            "uses_arbiter_record": False,
            "reconstruction": "scoresheets",
        },
        user=chief,
    )
    rule_on_incident(
        game,
        "lateness",
        {
            "session_start": datetime(2026, 12, 3, 15, 0, tzinfo=UTC).isoformat(),
            "ruled_at": datetime(2026, 12, 3, 15, 20, tzinfo=UTC).isoformat(),
            "white_arrived": datetime(2026, 12, 3, 15, 0, tzinfo=UTC).isoformat(),
        },
        user=chief,
    )
    client.force_login(chief)

    def text(language: str) -> str:
        url = reverse("tournaments:incidents_pdf", args=[tournament.pk])
        response = client.get(url, HTTP_ACCEPT_LANGUAGE=language)
        assert response.status_code == 200
        return "\n".join(pdf_cells(response.content))

    return text


@override_settings(TIME_ZONE="Asia/Shanghai")
def test_each_fact_is_printed_with_its_label_and_value_in_words(report):
    text = report("en")
    for raw in RAW:
        assert raw not in text, raw
    flat = " ".join(text.split())
    assert "1. e4 e5 2. Nf3 Ke7 3. Bc4 Kd5" in flat
    assert "Claimant: White" in flat
    assert "Claim: threefold repetition" in flat
    assert "Claimant's used time: 0:25:00" in flat
    assert "Black's scoresheet is incomplete: no" in flat
    assert "White's scoresheet is incomplete: yes" in flat
    assert "How the moves can be reconstructed: from the scoresheets" in flat
    # 15:20 UTC is 23:20 in Shanghai, the event's time zone.
    assert "Time of this ruling: 2026-12-03 23:20" in flat
    assert "Play continues" in flat


@override_settings(TIME_ZONE="Asia/Shanghai")
def test_the_chinese_report_has_no_english_fact(report):
    text = report("zh-hans")
    for raw in RAW:
        assert raw not in text, raw
    flat = "".join(text.split())
    assert "1.e4e52.Nf3Ke73.Bc4Kd5" in flat
    assert "提出要求方：白方" in flat
    assert "要求：三次重复局面" in flat
    assert "2026年12月3日23:20" in flat
    assert "Claimant" not in flat and "scoresheet" not in flat
