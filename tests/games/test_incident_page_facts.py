"""The incident page shows what the arbiter saw, each fact with its label and a value in
words, as the printed incident report does."""

from __future__ import annotations

from django.urls import reverse

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
