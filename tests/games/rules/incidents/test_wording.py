"""The rulings as an arbiter writes them: players by side, moves as moves (not plies),
times as written on the envelope, every problem listed, the articles the heading cites."""

from __future__ import annotations

import json
import re
from io import StringIO

import pytest
from django.core.management import call_command

from .conftest import DATA
from .test_rule_command import CASES, EXAMPLES

ISO_TIMESTAMP = re.compile(r"\d{4}-\d\d-\d\dT\d\d:\d\d")
PRONOUNS = re.compile(r"\b(he|his|him|He|His)\b")


def rule(kind: str) -> dict:
    game, ruleset, *_ = CASES[kind]
    out = StringIO()
    call_command(
        "rule", str(DATA / game), str(EXAMPLES / f"{kind}.json"), "--ruleset", ruleset,
        "--format", "json", stdout=out,
    )  # fmt: skip
    return json.loads(out.getvalue())


@pytest.mark.parametrize("kind", sorted(CASES))
def test_no_ruling_says_he_counts_plies_or_prints_raw_timestamps(kind):
    english = rule(kind)["explanation"]["en"]
    assert not PRONOUNS.search(english), english
    assert not ISO_TIMESTAMP.search(english), english
    assert "ply" not in english and "problem(s)" not in english, english


def test_the_sealing_ruling_gives_the_resumption_as_written():
    # seal.json: "resumes_at": "1972-07-24T15:00:00".
    assert "Resumption at 1972-07-24 15:00." in rule("seal")["explanation"]["en"]


def test_a_scoresheet_check_lists_each_problem():
    explanation = rule("scoresheet_check")["explanation"]
    assert "Black's scoresheet has 1 problem: 4... Nf6 is missing" in explanation["en"]
    assert "4...Nf6漏记" in explanation["zh"]


def test_an_illegal_move_voids_moves_counted_by_side():
    # Fischer–Spassky with 13. Qh4 illegal: the moves from White's 13th on are void.
    explanation = rule("illegal_move")["explanation"]["en"]
    assert re.search(r"the moves from it on are void \(\d+ by White, \d+ by Black\)", explanation)
