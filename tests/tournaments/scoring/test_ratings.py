"""FIDE's tables and rating changes, performance ratings, and the online room's two tables."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest

from tests.tournaments.scoring.tiebreak_data import load_json, sheet
from tournaments.scoring.fide_tables import (
    dp_for_percentage,
    expected_score,
    higher_rated_expectation,
)
from tournaments.scoring.ratings import (
    OnlineRatingTable,
    RatedGame,
    RateOfPlay,
    fide_expected_score,
    fide_k_factor,
    fide_rating_change,
    online_abandonment_changes,
    online_rating_changes,
    performance_rating,
    rated_games,
)

# ---- the tables (FIDE Handbook B.02, 8.1a and 8.1b) -------------------------------------


@pytest.mark.parametrize(
    ("percentage", "dp"),
    [
        (100, 800),
        (99, 677),
        (92, 401),
        (80, 240),
        (70, 149),
        (51, 7),
        (50, 0),
        (33, -125),
        (0, -800),
    ],
)
def test_table_8_1a_as_printed(percentage: int, dp: int) -> None:
    assert dp_for_percentage(percentage) == dp


@pytest.mark.parametrize(
    ("difference", "expected"),
    [(0, "0.50"), (3, "0.50"), (4, "0.51"), (35, "0.55"), (100, "0.64"), (400, "0.92"),
     (412, "0.93"), (735, "0.99"), (736, "1.00")],
)  # fmt: skip
def test_table_8_1b_as_printed(difference: int, expected: str) -> None:
    assert higher_rated_expectation(difference) == Fraction(expected)


def test_table_8_1b_follows_the_normal_distribution_it_was_made_from() -> None:
    # FIDE's expectation is the normal distribution with σ = 200·√2, rounded to hundredths.
    for difference in range(1000):
        normal = 0.5 * (1 + math.erf(difference / 400))
        assert abs(float(higher_rated_expectation(difference)) - normal) < 0.01, difference


def test_the_two_tables_agree() -> None:
    # dp(p) lies inside the band of differences that table 8.1b gives expectation p.
    for percentage in range(51, 100):
        dp = dp_for_percentage(percentage)
        assert higher_rated_expectation(dp) == Fraction(percentage, 100), percentage


# ---- FIDE rating changes -------------------------------------------------------------------
# Expected results from the worked examples of the chesselo.com Elo guide (FIDE's table),
# and Elo's own Portisch–Hort example (The Rating of Chessplayers, 1978, p. 37).


@pytest.mark.parametrize(
    ("opponents", "expected"),
    [
        ((2100, 1750), "1.17"),
        ((2450, 1750), "0.89"),  # the 400-point rule: 0.08, not 0.06
        ((2100, 1500), "1.28"),  # the 400-point rule: 0.92, not 0.95
    ],
)
def test_expected_results_of_a_2000_player(opponents: tuple[int, int], expected: str) -> None:
    assert sum(fide_expected_score(2000, r) for r in opponents) == Fraction(expected)


def test_portisch_against_hort() -> None:
    assert fide_expected_score(2635, 2600) == Fraction("0.55")


def test_the_tie_break_tables_have_no_400_point_rule() -> None:
    assert expected_score(2000, 2450) == Fraction("0.06")
    assert fide_expected_score(2000, 2450) == Fraction("0.08")


def test_rating_change_is_k_times_score_minus_expectation() -> None:
    # 2000 beats 2100 and draws 1750: 1.5 − 1.17 = 0.33, times K = 20.
    games = [RatedGame(2100, Fraction(1)), RatedGame(1750, Fraction(1, 2))]
    assert fide_rating_change(2000, games, 20) == Fraction("6.6")


@pytest.mark.parametrize(
    ("conditions", "k"),
    [
        ({"rating": 2100, "rated_games": 12, "under_18": False, "reached_2400": False}, 40),
        ({"rating": 2250, "rated_games": 90, "under_18": True, "reached_2400": False}, 40),
        ({"rating": 2310, "rated_games": 90, "under_18": True, "reached_2400": False}, 20),
        ({"rating": 2350, "rated_games": 300, "under_18": False, "reached_2400": False}, 20),
        ({"rating": 2380, "rated_games": 300, "under_18": False, "reached_2400": True}, 10),
    ],
)
def test_k_factor(conditions: dict[str, object], k: int) -> None:
    assert fide_k_factor(**conditions) == k  # type: ignore[arg-type]


def test_k_factor_rapid_and_the_700_limit() -> None:
    common = {"rating": 2100, "rated_games": 12, "under_18": False, "reached_2400": False}
    assert fide_k_factor(**common, rate_of_play=RateOfPlay.RAPID) == 20  # type: ignore[arg-type]
    assert fide_k_factor(**common, games_this_period=20) == 35  # type: ignore[arg-type]


def test_performance_ratings_of_helds_exercise_20() -> None:
    # TPR over the games played (forfeits and byes excluded), as Held publishes it.
    expected = next(e for e in load_json("held_individual_expected.json")["exercises"]
                    if e["exercise"] == 20)["expected"]  # fmt: skip
    games = rated_games(sheet("held_swiss_5.trf"))
    assert {n: performance_rating(games[int(n)]) for n in expected} == {
        n: int(v) for n, v in expected.items()
    }


# ---- the online room (its two published rating tables) ------------------------------------

FIRST = OnlineRatingTable.DIFFERENCE_TENTHS
LATER = OnlineRatingTable.BANDS


@pytest.mark.parametrize(
    ("rating", "opponent", "score", "changes"),
    [
        (1550, 1500, 1, ("5", "-5")),  # higher-rated wins, 50 apart: 10 − 50/10
        (1500, 1550, 1, ("15", "-15")),  # lower-rated wins: 10 + 50/10
        (1500, 1537, Fraction(1, 2), ("3.7", "-3.7")),  # draw: d/10 to the lower-rated
        (1500, 1650, 0, ("-1", "1")),  # 100–199 apart: one point
        (1650, 1500, Fraction(1, 2), ("-1", "1")),
        (1800, 1500, 1, ("0", "0")),  # 200 or more apart: no change
    ],
)
def test_first_online_table(
    rating: int, opponent: int, score: Fraction, changes: tuple[str, str]
) -> None:
    assert online_rating_changes(rating, opponent, Fraction(score), FIRST) == tuple(
        Fraction(c) for c in changes
    )


@pytest.mark.parametrize(
    ("rating", "opponent", "score", "changes"),
    [
        (1505, 1500, Fraction(1, 2), ("1", "1")),  # draw within 10: each gains 1
        (1500, 1550, Fraction(1, 2), ("5", "-5")),  # 10–99 apart: 5 to the lower-rated
        (1500, 1650, Fraction(1, 2), ("10", "-10")),  # 100 or more: 10
        (1500, 1505, 1, ("10", "-10")),  # lower-rated wins: 10 / 15 / 20
        (1500, 1550, 1, ("15", "-15")),
        (1500, 1650, 1, ("20", "-20")),
        (1550, 1500, 1, ("5", "-5")),  # higher-rated wins: 10 / 5 / 3 / 1
        (1650, 1500, 1, ("3", "-3")),
        (1800, 1500, 1, ("1", "-1")),
        (1800, 1500, 0, ("-20", "20")),
    ],
)
def test_later_online_table(
    rating: int, opponent: int, score: Fraction, changes: tuple[str, str]
) -> None:
    assert online_rating_changes(rating, opponent, Fraction(score), LATER) == tuple(
        Fraction(c) for c in changes
    )


def test_leaving_a_game_costs_three_losses() -> None:
    # The lower-rated 1500 leaves against 1550: a loss would cost him 5, leaving costs 15.
    assert online_abandonment_changes(1500, 1550, 10, LATER) == (-15, 5)
    # After 25 moves the player left at the board is scored as for a draw.
    assert online_abandonment_changes(1500, 1550, 30, LATER) == (-15, -5)


def test_a_score_that_is_not_a_game_result_is_refused() -> None:
    with pytest.raises(ValueError, match="a game scores 1, ½ or 0, not 2"):
        online_rating_changes(1500, 1500, Fraction(2), LATER)
