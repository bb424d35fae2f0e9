"""The Simplified Chinese catalogues: every string translated, none left fuzzy, placeholders
kept, and the committed .mo files compiled from the .po files as they stand."""

from __future__ import annotations

import re
from pathlib import Path

import polib
import pytest

ROOT = Path(__file__).resolve().parents[2]
CATALOGUES = sorted(
    path
    for path in ROOT.glob("**/locale/zh_Hans/LC_MESSAGES/django.po")
    if ".venv" not in path.parts
)
HOW_TO_FIX = (
    "python manage.py makemessages -l zh_Hans --ignore='.venv/*', translate the untranslated "
    "and fuzzy entries (keeping every %(name)s), then python manage.py compilemessages"
)
PLACEHOLDER = re.compile(r"%\(\w+\)[-#0 +]*\d*(?:\.\d+)?[sdfr]")


def entries(path: Path) -> list[polib.POEntry]:
    return [entry for entry in polib.pofile(str(path)) if not entry.obsolete]


def translations(entry: polib.POEntry) -> list[str]:
    return list(entry.msgstr_plural.values()) if entry.msgid_plural else [entry.msgstr]


def test_there_are_catalogues():
    assert {path.relative_to(ROOT).parts[0] for path in CATALOGUES} >= {"locale", "tournaments"}


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: str(p.relative_to(ROOT)))
def test_every_string_is_translated_with_its_placeholders(path):
    untranslated, fuzzy, broken = [], [], []
    for entry in entries(path):
        if "fuzzy" in entry.flags:
            fuzzy.append(entry.msgid)
        if not all(translations(entry)):
            untranslated.append(entry.msgid)
        wanted = sorted(PLACEHOLDER.findall(entry.msgid_plural or entry.msgid))
        if any(sorted(PLACEHOLDER.findall(text)) != wanted for text in translations(entry)):
            broken.append(entry.msgid)
    assert (untranslated, fuzzy, broken) == ([], [], []), HOW_TO_FIX


@pytest.mark.parametrize("path", CATALOGUES, ids=lambda p: str(p.relative_to(ROOT)))
def test_the_committed_mo_file_is_compiled_from_the_po_file(path):
    compiled = {
        (entry.msgctxt, entry.msgid): translations(entry)
        for entry in polib.mofile(str(path.with_suffix(".mo")))
        if entry.msgid
    }
    source = {(entry.msgctxt, entry.msgid): translations(entry) for entry in entries(path)}
    assert compiled == source, HOW_TO_FIX


TIE_BREAK = "破同分"
"""The one Chinese word for a tie-break. 对局分 (once used beside it) reads as a game's points,
next to a 局分 (game points) column the very thing a tie-break is not."""


def test_a_tie_break_has_one_chinese_word_in_the_catalogues_and_the_manual():
    misnamed = [
        entry.msgid
        for path in CATALOGUES
        for entry in entries(path)
        if re.search(r"tie-?breaks?\b", entry.msgid, re.IGNORECASE)
        and not all(TIE_BREAK in text for text in translations(entry))
    ]
    assert misnamed == []
    elsewhere = [
        str(path.relative_to(ROOT))
        for path in [*CATALOGUES, *(ROOT / "templates" / "help" / "zh_Hans").glob("*.html")]
        if "对局分" in path.read_text("utf-8")
    ]
    assert elsewhere == []
