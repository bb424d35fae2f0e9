"""The Chinese pages as a reader sees them: every page of the demo event, rendered in
Simplified Chinese, carries no English word the catalogue should have translated.

The catalogue test checks the .po files; this one finds what never reached them (a label
not marked for translation, a stored English text shown as is, a raw code). It follows the
links from the demo events' arbiter pages (one page per URL shape), reads the visible text
and the attributes a reader meets (title, aria-label, placeholder, alt, button values), and
leaves out what is not language: the event's own data (names, places, the reasons the
arbiters typed), chess notation, codes and abbreviations in capitals, and a few technical
names kept in every language.
"""

from __future__ import annotations

import re
from collections import defaultdict
from html.parser import HTMLParser
from io import StringIO

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from games.models import Game
from tournaments.models import (
    Absence,
    EntrySource,
    Player,
    ResultChange,
    Team,
    Tournament,
    TournamentLog,
)
from tournaments.pairing.team_swiss import ENGINE_NAME as TEAM_SWISS_ENGINE

pytestmark = pytest.mark.django_db

# Kept in every language: file formats and standards, key names, programs, CSV headers.
TECHNICAL = {
    "Chess",  # of "Chess960", the variant's name in Chinese too: Chess960（菲舍尔任意制象棋）
    "PDF",
    "CSV",
    "PGN",
    "TRF",
    "FEN",
    "SAN",
    "UTF",
    "BOM",
    "Latin",
    "API",
    "JSON",
    "TimeControl",
    "Esc",
    "Tab",
    "Alt",
    "Enter",
    "JaVaFo",
    "bbpPairings",
    "Swiss-Manager",
    "OpenAPI",
    "HTTP",
    "Token",
    "arb",
    "name",
    "title",
    "sex",
    "federation",
    "rating_standard",
    "rating_rapid",
    "rating_blitz",
    "birth",
    "club",
    "fide_id",
    "start_rank",
    "Arbiter",
    "GPL-3.0-or-later",
    "[Round]",
    "English",
    "Windows-1252",
    "zip",
    # Keywords typed into fields (rating lists in order, API token scopes).
    "standard",
    "rapid",
    "blitz",
    "effective_rapid",
    "effective_blitz",
    "read",
    "results",
    "pairing",
    # Pairing engines' own names, as rounds record them ("Arbiter Dutch engine, FIDE C.04.3").
    "Dutch",
    "engine",
    "py4swiss",
    # Surnames in the names of methods (Berger tables, the Koya system).
    "Berger",
    "Koya",
}
# Engines' names made of common words, left out whole so that the words stay checked.
ENGINE_NAMES = (TEAM_SWISS_ENGINE,)
SAN = re.compile(
    r"(?:[KQRBN♔♕♖♗♘马]?[a-h]?[1-8]?[-x]?[a-h][1-8](?:=?[QRBN])?(?:e\.p\.?)?|O-O(?:-O)?|0-0(?:-0)?)"
    r"[+#!?]*"
)
MOVE_NUMBER = re.compile(r"^\d+\.+")  # 2...Ng8, 12.Qa4
CODE = re.compile(r"[A-Z0-9]{2,}(?:/[A-Z0-9]+)*s?|[A-Z]")  # BH/C1, FIDE, NOR, WGM, TB1
WORD = re.compile(r"[A-Za-z]{2,}")
SPACES = re.compile(r"[\s\u3000-\u303f\u3400-\u9fff\uff00-\uffef]+")  # and Chinese text
SKIPPED_TAGS = {"script", "style", "code", "pre", "svg", "kbd", "samp"}
NOT_PAGES = (".pdf", ".csv", ".pgn", ".trf", ".svg", "/admin/", "/logout", "/i18n/", "/api/")


VOID_TAGS = {"input", "img", "br", "hr", "meta", "link", "source", "col", "wbr"}


class Reader(HTMLParser):
    """The text a reader of the page meets, without what is marked as not to translate
    (``translate="no"``) or as another language (``lang="en"``)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self.links: list[str] = []
        self._skipped: list[str] = []

    def handle_starttag(self, tag, attrs):
        found = {name: value or "" for name, value in attrs}
        if self._skipped:
            if tag not in VOID_TAGS:
                self._skipped.append(tag)
            return
        foreign = found.get("lang") and not found["lang"].lower().startswith("zh")
        if tag in SKIPPED_TAGS or found.get("translate") == "no" or foreign:
            if tag not in VOID_TAGS:
                self._skipped.append(tag)
            return
        for name in ("title", "aria-label", "placeholder", "alt"):
            if found.get(name):
                self.texts.append(found[name])
        if tag == "input" and found.get("type") in ("submit", "button") and found.get("value"):
            self.texts.append(found["value"])
        if tag == "a" and (found.get("href") or "").startswith("/"):
            self.links.append(found["href"].split("#")[0])

    def handle_endtag(self, tag):
        if self._skipped and self._skipped[-1] == tag:
            self._skipped.pop()

    def handle_data(self, data):
        if not self._skipped:
            self.texts.append(data)


def event_words() -> set[str]:
    """Words of the event's own data: typed by the organisers and arbiters, not translated."""
    texts: list[str] = []
    for tournament in Tournament.objects.all():
        texts += [tournament.name, tournament.place, tournament.chief_arbiter]
        texts += [tournament.deputy_arbiters, tournament.time_control]
    texts += Player.objects.values_list("name", flat=True)
    texts += Player.objects.values_list("club", flat=True)
    for team in Team.objects.all():
        texts += [team.name, team.short_name, team.club, team.captain]
    texts += get_user_model().objects.values_list("username", flat=True)
    texts += TournamentLog.objects.values_list("reason", flat=True)
    texts += Absence.objects.values_list("reason", flat=True)
    # A ruling's explanation is the application's text, not the arbiter's words.
    typed = ResultChange.objects.exclude(source=EntrySource.RULING)
    texts += typed.values_list("explanation", flat=True)
    texts += Game.objects.values_list("white_name", flat=True)
    texts += Game.objects.values_list("black_name", flat=True)
    return {word for text in texts for word in WORD.findall(text or "")}


def _shape(url: str) -> str:
    """One page per kind and per event or game: ``/tournaments/2/rounds/N/``."""
    first, *rest = re.split(r"(\d+)", url.split("?")[0], maxsplit=1)
    if not rest:
        return first
    return first + rest[0] + re.sub(r"\d+", "N", rest[1])


def english_left(text: str, allowed: set[str]) -> list[str]:
    words = []
    for token in SPACES.split(text):
        if token in allowed:
            continue
        token = MOVE_NUMBER.sub("", token.strip(".,;:()[]{}\"'«»“”‘’·–—…/|*"))
        if not token or SAN.fullmatch(token) or CODE.fullmatch(token) or token in allowed:
            continue
        words += [w for w in WORD.findall(token) if w not in allowed and not CODE.fullmatch(w)]
    return words


@pytest.mark.slow  # every page of the demo events, in Chinese
def test_the_chinese_pages_of_a_whole_event_leave_nothing_in_english(client):
    call_command("load_demo", stdout=StringIO())
    assert client.login(username="chief", password="chief-demo")
    allowed = TECHNICAL | event_words()
    queue = ["/"] + [f"/tournaments/{t.pk}/arbiter/" for t in Tournament.objects.all()]
    queue += [f"/games/{game.pk}/" for game in Game.objects.all()]
    seen: set[str] = set()
    found: dict[str, set[str]] = defaultdict(set)
    while queue:
        url = queue.pop(0)
        if _shape(url) in seen or any(part in url for part in NOT_PAGES):
            continue
        seen.add(_shape(url))
        response = client.get(url, HTTP_ACCEPT_LANGUAGE="zh-hans")
        assert response.status_code < 500, url
        if response.status_code != 200 or "text/html" not in response["Content-Type"]:
            continue
        reader = Reader()
        reader.feed(response.content.decode())
        queue += reader.links
        text = " ".join(reader.texts)
        for name in ENGINE_NAMES:
            text = text.replace(name, " ")
        for word in english_left(text, allowed):
            found[word].add(url)
    assert len(seen) > 40
    report = {word: sorted(urls)[:3] for word, urls in sorted(found.items())}
    assert report == {}, "English on the Chinese pages (word: pages):\n" + "\n".join(
        f"{word}: {urls}" for word, urls in report.items()
    )
