"""The incident page shows what the arbiter saw, each fact with its label and a value in
words, as the printed incident report does."""

from __future__ import annotations

from django.test import override_settings
from django.urls import reverse
from django.utils import translation

from games.incident_facts import fact_value
from games.services import rule_on_incident
from tests.games.test_pages import start


def test_the_incident_page_shows_each_fact_in_the_pages_language(client, chebanenko, arbiter):
    client.force_login(arbiter)
    game = start(client, chebanenko)
    incident = rule_on_incident(
        game,
        "scoresheet_completion",
        {
            "white_incomplete": True,
            "black_incomplete": False,
            "uses_arbiter_record": False,
            "reconstruction": "scoresheets",
        },
        user=arbiter,
    )
    url = reverse("games:incident", args=[game.pk, incident.pk])
    page = client.get(url).content.decode()
    assert '<h2 id="facts-heading">What the arbiter saw</h2>' in page
    assert "<dt>Black&#x27;s scoresheet is incomplete</dt><dd>no</dd>" in page
    assert "<dt>How the moves can be reconstructed</dt><dd>from the scoresheets</dd>" in page
    assert "black_incomplete" not in page and "False" not in page
    chinese = client.get(url, HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert "<dt>黑方记录纸不完整</dt><dd>否</dd>" in chinese
    assert "裁判员看到的情况" in chinese


def test_each_kind_of_fact_in_words():
    with override_settings(TIME_ZONE="Asia/Shanghai"), translation.override("en"):
        assert fact_value("black_arrived", None) == "not by the time of this ruling"
        assert fact_value("ruled_at", "2026-12-03T15:20:00+00:00") == "2026-12-03 23:20"
        assert fact_value("claimant_used", 1500.0) == "0:25:00"
        assert fact_value("players", ["white", "black"]) == "White, Black"
        assert fact_value("timing", "opponent_time") == "on the opponent's time"
        assert fact_value("touched", ["b5", "a6"]) == "b5, a6"
    with translation.override("zh-hans"):
        assert fact_value("black_arrived", None) == "本次裁决时仍未到场"
        assert fact_value("control_passed", True) == "是"
