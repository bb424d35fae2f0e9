"""The seal page of a game whose ruleset has no adjournment: a sentence saying why, citing
the article, instead of a form that ends in the ruleset's code."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from django.urls import reverse

from games.models import SealedEnvelope
from games.services import GameError, create_game, seal_game
from tests.games.test_pages import seal, start

SENTENCE = (
    "Sealing a move is not offered under FIDE Laws of Chess (2023): its games are played to "
    "a finish, without adjournment. Article I.1.1 applies only where the regulations of the "
    "event announce adjournments."
)


def test_no_sealing_under_the_2023_laws_says_why(client, chebanenko, arbiter):
    chebanenko.ruleset = "fide2023"
    chebanenko.save(update_fields=["ruleset"])
    client.force_login(arbiter)
    game = start(client, chebanenko)
    page = client.get(reverse("games:seal", args=[game.pk])).content.decode()
    assert SENTENCE in page
    assert 'name="sealed_move"' not in page
    assert "fide2023" not in page
    answer = seal(client, game, follow=True).content.decode()
    assert SENTENCE in answer and "fide2023" not in answer
    assert not SealedEnvelope.objects.filter(game=game).exists()
    chinese = client.get(
        reverse("games:seal", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="zh-hans"
    ).content.decode()
    assert "不提供封棋" in chinese and "I.1.1" in chinese and "fide2023" not in chinese


def test_the_classic_laws_still_offer_the_seal_form(client, chebanenko, arbiter):
    client.force_login(arbiter)
    game = start(client, chebanenko)
    page = client.get(reverse("games:seal", args=[game.pk])).content.decode()
    assert 'name="sealed_move"' in page
    assert "Sealing a move is not offered" not in page


def test_the_service_refuses_sealing_by_the_rulesets_title(chebanenko, arbiter):
    """Sealing without the page (the API, a script): the error names the ruleset by its title,
    never by its code."""
    chebanenko.ruleset = "fide2023"
    chebanenko.save(update_fields=["ruleset"])
    game = create_game(pairing=chebanenko.rounds.get().pairings.first(), user=arbiter)
    with pytest.raises(GameError) as refused:
        seal_game(
            game,
            sealer="white",
            sealed_move="e4",
            white_used=60,
            black_used=60,
            adjourned_at=datetime(2026, 12, 3, 15, tzinfo=UTC),
            resumes_at=datetime(2026, 12, 4, 15, tzinfo=UTC),
            user=arbiter,
        )
    assert "FIDE Laws of Chess (2023)" in str(refused.value)
    assert "fide2023" not in str(refused.value)
