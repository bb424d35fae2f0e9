"""Tie-break names and modifiers, and the rule variants the published vectors do not cover."""

from __future__ import annotations

from datetime import date
from fractions import Fraction

import pytest

from tests.tournaments.scoring.tiebreak_data import sheet
from tournaments.scoring.tiebreaks import (
    Regulations,
    TieBreakCalculator,
    TieBreakError,
    TieBreakSettings,
    TieBreakSpec,
    parse_tiebreak,
    regulations_for,
)


@pytest.mark.parametrize(
    ("text", "spec"),
    [
        ("BH", TieBreakSpec("BH")),
        ("bh/c1", TieBreakSpec("BH", cut_low=1)),
        ("BH/M2", TieBreakSpec("BH", cut_low=2, cut_high=2)),
        ("SB/C1/P", TieBreakSpec("SB", cut_low=1, played_only=True)),
        ("DE/P", TieBreakSpec("DE", played_only=True)),
        ("GE", TieBreakSpec("REP")),
        (" ARO/C1 ", TieBreakSpec("ARO", cut_low=1)),
    ],
)
def test_spec_strings(text: str, spec: TieBreakSpec) -> None:
    assert parse_tiebreak(text) == spec
    assert parse_tiebreak(spec.name) == spec


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("BUCH", r"unknown tie-break 'BUCH'; the known ones are AOB, APPO, .*TPN, TPR, WIN, WON"),
        ("WIN/C1", r"tie-break WIN does not take the modifier /C1 \(in 'WIN/C1'\); it takes: none"),
        ("BH/X2", r"tie-break BH does not take the modifier /X2 .* it takes: /C, /M, /P"),
        ("BH/C", r"/C needs a number of values to cut, as in /C1"),
        ("PS/M1", r"tie-break PS does not take the modifier /M1"),
    ],
)
def test_bad_specs_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(TieBreakError, match=message):
        parse_tiebreak(text)


def test_the_start_date_selects_the_regulations() -> None:
    assert regulations_for(date(2026, 2, 28)) is Regulations.FIDE_2024
    assert regulations_for(date(2026, 3, 1)) is Regulations.FIDE_2026
    assert regulations_for(None) is Regulations.FIDE_2026


def test_the_2009_virtual_opponent() -> None:
    # Held's 5-round Swiss, player 4 (David): a half-point bye in round 2 after a win. The 2009
    # rule's virtual opponent: SPR + (1 − SfPR) + ½(n − R) = 1 + ½ + ½·3 = 3.0. His opponents'
    # unplayed games count as draws: Nick (12) 0 + four unplayed = 2.0; Opal 1.5; Charline and
    # Alyx 3.5 each (all played). Buchholz 2.0 + 3.0 + 1.5 + 3.5 + 3.5 = 13.5.
    settings = TieBreakSettings(regulations=Regulations.FIDE_2009)
    calculator = TieBreakCalculator(sheet("held_swiss_5.trf"), settings)
    assert calculator.adjusted_scores()[12] == 2
    assert calculator.values("BH")[4] == Fraction(27, 2)
    # Under the 2024 rule the same player's Buchholz is Held's 15.0 (exercise 4).
    assert TieBreakCalculator(sheet("held_swiss_5.trf")).values("BH")[4] == 15


def test_played_games_only_drops_own_unplayed_rounds() -> None:
    # Player 4's four games: Nick 3.0 (adjusted), Opal 1.5, Charline 3.5, Alyx 3.5.
    values = TieBreakCalculator(sheet("held_swiss_5.trf")).values("BH/P")
    assert values[4] == Fraction(23, 2)


def test_an_unrated_rating_makes_rating_tiebreaks_defined() -> None:
    event = sheet("swiss_with_many_unplayed_rounds.trf")
    settings = TieBreakSettings(unrated_rating=1000)
    aro = TieBreakCalculator(event, settings).values("ARO")
    # Player 12 played one game, against 14 (unrated): 1000.
    assert aro[12] == 1000
    assert None not in aro.values()


def test_direct_encounter_in_a_round_robin_counts_forfeits_unless_played_only() -> None:
    # Held's round robin: David (4), Franck (5) and Helene (6) end on 1.5. Among them Franck
    # beat David, David and Helene drew, Helene won Franck's game by forfeit. Pre-determined
    # pairings count the forfeit (Held ex. 26: Helene 4th, Franck 5th, David 6th); /P leaves
    # it out: Franck 1.0 ahead, David and Helene 0.5 each and level between themselves.
    event = sheet("held_round_robin.trf")
    calculator = TieBreakCalculator(event)
    assert {n: calculator.values("DE")[n] for n in (4, 5, 6)} == {4: 3, 5: 2, 6: 1}
    assert {n: calculator.values("DE/P")[n] for n in (4, 5, 6)} == {4: 2, 5: 1, 6: 2}
