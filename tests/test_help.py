"""The manual inside the application (FIDE checklist A2) and English pages free of Chinese
(A1): a topic per task in both languages, a help link on every page to its own topic."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.urls import get_resolver, reverse
from django.utils import translation

from arbiter.help import PAGE_TOPICS, TOPICS, topic_for
from tests.factories import PlayerFactory, TournamentFactory, UserFactory
from tournaments.models import TournamentRole

TEMPLATES = Path(__file__).resolve().parents[1] / "templates" / "help"
CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")

pytestmark = pytest.mark.django_db


def _url_names(namespace: str) -> set[str]:
    resolver = get_resolver().namespace_dict[namespace][1]
    return {f"{namespace}:{name}" for name in resolver.reverse_dict if isinstance(name, str)}


def test_every_topic_is_written_in_english_and_chinese() -> None:
    for topic in TOPICS:
        english = (TEMPLATES / "en" / f"{topic}.html").read_text(encoding="utf-8")
        chinese = (TEMPLATES / "zh_Hans" / f"{topic}.html").read_text(encoding="utf-8")
        assert not CJK.search(english), topic
        assert len(CJK.findall(chinese)) > 50, topic


def test_every_page_has_a_topic_of_its_own() -> None:
    pages = _url_names("tournaments")
    assert pages - set(PAGE_TOPICS) == set()
    assert set(PAGE_TOPICS.values()) <= set(TOPICS)
    assert topic_for("games:incident") == "games"


def test_each_page_links_to_its_topic(client) -> None:
    tournament = TournamentFactory(public=True)
    player = PlayerFactory(tournament=tournament)
    chief = UserFactory()
    TournamentRole.objects.create(
        tournament=tournament, user=chief, role=TournamentRole.Role.CHIEF_ARBITER
    )
    client.force_login(chief)
    pages = {
        reverse("tournaments:dashboard", args=[tournament.pk]): "index",
        reverse("tournaments:player", args=[tournament.pk, player.pk]): "players",
        reverse("tournaments:ratings", args=[tournament.pk]): "ratings",
        reverse("tournaments:ties", args=[tournament.pk]): "standings",
        reverse("tournaments:edit", args=[tournament.pk]): "tournament",
        reverse("games:index"): "games",
    }
    for url, topic in pages.items():
        page = client.get(url).content.decode()
        assert f'href="/help/{topic}/"' in page, url


@pytest.mark.parametrize("topic", list(TOPICS))
def test_help_pages_in_each_language(client, topic) -> None:
    english = client.get(f"/help/{topic}/").content.decode()
    assert str(TOPICS[topic]) in english
    assert not CJK.search(english.split("<main", 1)[1].split("</main>", 1)[0])
    with translation.override("zh-hans"):
        chinese = client.get(f"/help/{topic}/", HTTP_ACCEPT_LANGUAGE="zh-hans").content.decode()
    assert CJK.search(chinese)
    assert client.get("/help/nothing/").status_code == 404


def test_a_ruling_is_shown_in_the_pages_language_only() -> None:
    from games.templatetags.games_display import in_page_language

    explanation = {"en": "White wins on time.", "zh": "白方超时胜。"}
    assert in_page_language(explanation) == "White wins on time."
    with translation.override("zh-hans"):
        assert in_page_language(explanation) == "白方超时胜。"
