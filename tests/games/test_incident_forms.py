"""Every other incident form end to end: entered, ruled (article from the Laws), applied."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils.html import escape

from games.models import Game, Incident
from tests.factories import UserFactory
from tests.games.test_pages import FISCHER_12

pytestmark = pytest.mark.django_db

SHEET_20 = " ".join(FISCHER_12.split()[:20])  # four plies short of the record

# kind, the arbiter's entries, then what the Laws say: article, decision, score.
CLASSIC_CASES = [
    ("displaced_pieces", {"restorable": "on"}, "8.2", "play_on", ""),
    ("displaced_pieces", {}, "8.2", "annul", ""),
    ("knocked_over", {"by": "black"}, "8.3", "play_on", ""),
    # 8.6: 1300 of 2 × 7200 seconds used is under a quarter: the arbiter may restart.
    ("colours_reversed", {"white_used": "600", "black_used": "700"}, "8.6", "restart", ""),
    ("colours_reversed", {"white_used": "2000", "black_used": "2000"}, "8.6", "play_on", ""),
    ("board_misplaced", {}, "8.7", "play_on", ""),
    # 11.2: under five minutes left, White need not record now.
    (
        "scoresheet_check",
        {"player": "white", "sheet": SHEET_20, "remaining_seconds": "200"},
        "11.2",
        "play_on",
        "",
    ),
    (
        "scoresheet_check",
        {"player": "white", "sheet": SHEET_20, "remaining_seconds": "2000"},
        "11.1",
        "play_on",
        "",
    ),
    (
        "scoresheet_completion",
        {"white_incomplete": "on", "black_incomplete": "on"},
        "11.7",
        "play_on",
        "",
    ),
    (
        "scoresheet_borrowing",
        {"by": "white", "before_control": "on", "seconds_spent": "60"},
        "11.5",
        "play_on",
        "",
    ),
    (
        "refusal_to_record",
        {"players": ["black"], "black_remaining": "1200"},
        "10.17",
        "game_over",
        "1-0",
    ),
    # 40/7200: White's flag fell with 7300 s used before move 40.
    ("flag_fall", {"flagged": "white", "used_seconds": "7300"}, "10.14", "game_over", "0-1"),
    ("period_end", {"adjourn_after_move": "12"}, "Adjournment", "play_on", ""),
]
ONLINE_CASES = [
    ("resignation", {"by": "white"}, "Resignation (online)", "play_on", ""),
    ("automatic_draw", {}, "Automatic draw (online)", "play_on", ""),
    (
        "king_into_check",
        {"by": "white", "earlier_fouls": "2"},
        "King into check (online)",
        "game_over",
        "0-1",
    ),
    ("abandonment", {"by": "black"}, "Abandonment (online)", "game_over", "1-0"),
]


def friendly_game(client, ruleset, time_control):
    client.post(
        reverse("games:new"),
        {
            "white_name": "Fischer",
            "black_name": "Spassky",
            "ruleset": ruleset,
            "time_control": time_control,
        },
    )
    game = Game.objects.latest("pk")
    client.post(reverse("games:moves", args=[game.pk]), {"moves": FISCHER_12, "save": ""})
    return game


@pytest.mark.parametrize(
    ("ruleset", "kind", "data", "article", "decision", "score"),
    [("classic", *case) for case in CLASSIC_CASES] + [("online", *case) for case in ONLINE_CASES],
)
def test_incident_form(client, ruleset, kind, data, article, decision, score):
    client.force_login(UserFactory(username="friendly"))
    game = friendly_game(client, ruleset, "40/7200:3600" if ruleset == "classic" else "")
    shown = client.post(reverse("games:incident_new", args=[game.pk, kind]), data, follow=True)
    incident = Incident.objects.get(game=game)
    assert (incident.article, incident.decision, incident.score) == (article, decision, score)
    text = shown.content.decode()
    # FIDE checklist A1: an English page shows the English ruling, never the Chinese one.
    assert escape(incident.ruling["explanation"]["en"]) in text
    assert escape(incident.ruling["explanation"]["zh"]) not in text
    assert not incident.applied
    client.post(reverse("games:incident", args=[game.pk, incident.pk]))
    incident.refresh_from_db()
    game.refresh_from_db()
    assert incident.applied
    if decision == "game_over":
        assert (game.result, game.status) == (score, Game.Status.FINISHED)
    elif decision in ("annul", "restart"):
        assert game.status == Game.Status.ANNULLED
    else:
        assert game.result == "*"
        assert len(game.sans()) == 24
