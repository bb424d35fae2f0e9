"""The round-robin tie-breaks of FIDE checklist H45: KS with its limit moved (KS/L±n) and the
reversed orders RTNG/R and TPN/R, on Held's C.07 round robin (tests/data/tiebreak)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.tournaments.scoring.tiebreak_data import sheet
from tournaments.scoring.standings import compute_standings
from tournaments.scoring.tiebreaks import (
    TieBreakError,
    TieBreakSettings,
    parse_tiebreak,
    tiebreak_values,
)

# Held's 6-player round robin: Alyx, Bruno, Charline 3.5 points; David, Franck, Helene 1.5.
ROUND_ROBIN = "held_round_robin.trf"
SETTINGS = TieBreakSettings(round_robin=True)
HALF = Fraction(1, 2)


def _values(code: str) -> dict[int, Fraction | None]:
    return dict(tiebreak_values(sheet(ROUND_ROBIN), code, SETTINGS))


def test_koya_counts_points_against_the_players_on_50_percent_or_more() -> None:
    # The line is 2.5 of 5: only the three leaders are above it. Alyx beat Bruno and
    # Charline; Bruno and Charline drew; David beat Alyx; Franck drew with Alyx.
    assert _values("KS") == {1: 2, 2: HALF, 3: HALF, 4: 1, 5: HALF, 6: 0}


def test_koya_limit_moves_the_line_by_half_points() -> None:
    assert _values("KS/L-1") == _values("KS")  # 2 points: still the leaders only
    assert _values("KS/L1") == _values("KS/L2") == _values("KS")  # 3 and 3.5
    # 1.5 points: everyone is above the line, so KS is the score itself.
    everyone = _values("KS/L-2")
    assert everyone == {
        1: 3 + HALF,
        2: 3 + HALF,
        3: 3 + HALF,
        4: 1 + HALF,
        5: 1 + HALF,
        6: 1 + HALF,
    }
    # 4 points: nobody reached it.
    assert set(_values("KS/L3").values()) == {0}


def test_reversed_orders_rank_the_lower_rating_or_the_higher_number_first() -> None:
    def order(tiebreak: str) -> list[int]:
        rows = compute_standings(sheet(ROUND_ROBIN), [tiebreak], settings=SETTINGS).rows
        return [row.start_rank for row in rows[:3]]

    # The three leaders are rated 2200, 2150 and 2100 and numbered 1, 2, 3.
    assert order("RTNG") == [1, 2, 3]
    assert order("RTNG/R") == [3, 2, 1]
    assert order("TPN") == [1, 2, 3]
    assert order("TPN/R") == [3, 2, 1]


@pytest.mark.parametrize(
    ("text", "name"),
    [("ks/l-1", "KS/L-1"), ("KS/L+2", "KS/L2"), ("rtng/r", "RTNG/R"), ("TPN/R", "TPN/R")],
)
def test_modifiers_are_read_and_written_as_fide_names_them(text: str, name: str) -> None:
    assert parse_tiebreak(text).name == name


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("KS/L0", "/L needs a number of half points from -5 to 5"),
        ("KS/L6", "/L needs a number of half points"),
        ("KS/L", "/L needs a number of half points"),
        ("RTNG/R1", "/R takes no number"),
        ("BH/R", "does not take the modifier /R"),
        ("SB/L1", "does not take the modifier /L1"),
        ("BH/C+1", "/C needs a number of values to cut"),
    ],
)
def test_bad_modifiers_are_refused(text: str, message: str) -> None:
    with pytest.raises(TieBreakError, match=message):
        parse_tiebreak(text)


def test_unrated_opponents_can_be_left_out_of_rating_tie_breaks() -> None:
    """Checklist C22's second method: with no rating set for unrated players, they are
    left out of the averages instead of making the tie-break undefined."""
    from tournaments.scoring.fide_tables import round_half_up

    swiss = sheet("swiss_with_many_unplayed_rounds.trf")
    unrated = {p.start_rank for p in swiss.players if p.rating <= 0}
    assert unrated, "the file has unrated players"
    assert set(tiebreak_values(swiss, "ARO").values()) == {None}
    left_out = tiebreak_values(swiss, "ARO", TieBreakSettings(unrated_left_out=True))
    ratings = {p.start_rank: p.rating for p in swiss.players}
    for player in swiss.players:
        rated = [
            ratings[entry.opponent]
            for entry in player.rounds
            if entry.opponent is not None and entry.outcome.played and ratings[entry.opponent] > 0
        ]
        expected = round_half_up(Fraction(sum(rated), len(rated))) if rated else None
        assert left_out[player.start_rank] == expected, player.start_rank
    rtng = tiebreak_values(swiss, "RTNG", TieBreakSettings(unrated_left_out=True))
    assert {rtng[rank] for rank in unrated} == {0}
