"""FIDE's conversion tables between scores and rating differences, as published data.

Source: FIDE Handbook, B.02 FIDE Rating Regulations (effective 1 January 2024), article 8.1:
table 8.1a converts a fractional score *p* into a rating difference *dp*; table 8.1b gives,
for a rating difference *D*, the expected score *PD* of the higher-rated player (the lower-rated
player's is 1 − PD). The tie-break regulations (C.07) use the same tables for TPR and PTP.

The values are transcribed as FIDE prints them; nothing here is computed from the logistic
curve, which differs from the table by up to 0.01.
"""

from __future__ import annotations

from bisect import bisect_left
from fractions import Fraction
from typing import Final

# Table 8.1a: p (in hundredths, 0..100) → dp. The lower half mirrors the upper half.
_DP_UPPER_HALF: Final = (
    # p = .50 .51 .52 .53 .54 .55 .56 .57 .58 .59
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65,
    # p = .60 .61 .62 .63 .64 .65 .66 .67 .68 .69
    72, 80, 87, 95, 102, 110, 117, 125, 133, 141,
    # p = .70 .71 .72 .73 .74 .75 .76 .77 .78 .79
    149, 158, 166, 175, 184, 193, 202, 211, 220, 230,
    # p = .80 .81 .82 .83 .84 .85 .86 .87 .88 .89
    240, 251, 262, 273, 284, 296, 309, 322, 336, 351,
    # p = .90 .91 .92 .93 .94 .95 .96 .97 .98 .99
    366, 383, 401, 422, 444, 470, 501, 538, 589, 677,
    # p = 1.0
    800,
)  # fmt: skip

# Table 8.1b: the upper end of each rating-difference band and PD (in hundredths) of the
# higher-rated player within it; differences above the last band give 1.00.
_PD_BANDS: Final = (
    (3, 50), (10, 51), (17, 52), (25, 53), (32, 54), (39, 55), (46, 56), (53, 57),
    (61, 58), (68, 59), (76, 60), (83, 61), (91, 62), (98, 63), (106, 64), (113, 65),
    (121, 66), (129, 67), (137, 68), (145, 69), (153, 70), (162, 71), (170, 72), (179, 73),
    (188, 74), (197, 75), (206, 76), (215, 77), (225, 78), (235, 79), (245, 80), (256, 81),
    (267, 82), (278, 83), (290, 84), (302, 85), (315, 86), (328, 87), (344, 88), (357, 89),
    (374, 90), (391, 91), (411, 92), (432, 93), (456, 94), (484, 95), (517, 96), (559, 97),
    (619, 98), (735, 99),
)  # fmt: skip
_BAND_ENDS: Final = tuple(end for end, _ in _PD_BANDS)

RATING_DIFFERENCE_CAP: Final = 400
"""B.02 8.3.1: a larger difference counts, for rating purposes, as a difference of 400."""


def dp_for_percentage(percentage: int) -> int:
    """Table 8.1a: the rating difference for a score of ``percentage`` hundredths (0–100)."""
    if not 0 <= percentage <= 100:
        raise ValueError(f"a fractional score is between 0 and 100 hundredths, not {percentage}")
    if percentage >= 50:
        return _DP_UPPER_HALF[percentage - 50]
    return -_DP_UPPER_HALF[50 - percentage]


def dp_for_score(score: Fraction, games: int) -> int:
    """Table 8.1a for ``score`` out of ``games``, p rounded to two decimals (half up)."""
    if games <= 0:
        raise ValueError("a performance needs at least one game")
    return dp_for_percentage(round_half_up(score * 100 / games))


def higher_rated_expectation(difference: int) -> Fraction:
    """Table 8.1b: PD of the higher-rated player for a rating difference ``difference`` ≥ 0."""
    if difference < 0:
        raise ValueError(f"a rating difference for table 8.1b is not negative: {difference}")
    band = bisect_left(_BAND_ENDS, difference)
    hundredths = _PD_BANDS[band][1] if band < len(_PD_BANDS) else 100
    return Fraction(hundredths, 100)


def expected_score(rating: int, opponent_rating: int, *, cap: int | None = None) -> Fraction:
    """The expected score of a player rated ``rating`` against ``opponent_rating`` (table 8.1b).

    ``cap`` limits the difference first (``RATING_DIFFERENCE_CAP`` for rating changes); the
    tie-break regulations use the table as printed, without a cap.
    """
    difference = abs(rating - opponent_rating)
    if cap is not None:
        difference = min(difference, cap)
    expectation = higher_rated_expectation(difference)
    return expectation if rating >= opponent_rating else 1 - expectation


def round_half_up(value: Fraction) -> int:
    """Round to the nearest integer, halves away from zero (the arbiters' rounding)."""
    sign = -1 if value < 0 else 1
    return sign * int(abs(value) + Fraction(1, 2))
