"""IA Mario Held's C.07 tie-break exercises 1–33, every published value for every player.

Values as printed in the paper (2023 rules, applied from 2024) and, in ``post_2026``, as
pinned by FIDE's reference implementation for the March-2026 revision.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.tournaments.scoring.tiebreak_data import load_json, published, sheet
from tournaments.scoring.standings import compute_standings
from tournaments.scoring.tiebreaks import Regulations, TieBreakCalculator, TieBreakSettings

EXPECTED = load_json("held_individual_expected.json")


def _cases() -> list[Any]:
    cases = [
        pytest.param(
            exercise, Regulations.FIDE_2024, id=f"ex{exercise['exercise']}-{exercise['code']}"
        )
        for exercise in EXPECTED["exercises"]
    ]
    cases += [
        pytest.param(
            {**case, "trf": "held_swiss_5.trf", "kind": "value"},
            Regulations.FIDE_2026,
            id=f"ex{case['exercise']}-{case['code']}-2026",
        )
        for case in EXPECTED["post_2026"]["cases"]
    ]
    return cases


@pytest.mark.parametrize(("exercise", "regulations"), _cases())
def test_every_published_value(exercise: dict[str, Any], regulations: Regulations) -> None:
    event = sheet(exercise["trf"])
    settings = TieBreakSettings(regulations=regulations)
    expected = exercise["expected"]
    if exercise["kind"] == "rank":
        rows = compute_standings(event, ["DE"], settings=settings).by_start_rank()
        got: dict[str, Any] = {number: rows[int(number)].rank for number in expected}
    else:
        values = TieBreakCalculator(event, settings).values(exercise["code"])
        got = {number: values[int(number)] for number in expected}
        expected = {number: published(value) for number, value in expected.items()}
    assert got == expected


def test_the_exercises_select_the_2024_rules_by_their_start_date() -> None:
    assert TieBreakCalculator(sheet("held_swiss_5.trf")).regulations is Regulations.FIDE_2024
