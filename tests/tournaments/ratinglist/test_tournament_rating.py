"""The tournament rating: list sequences by rate of play and record 172's methods."""

from __future__ import annotations

import pytest

from tournaments.scoring.tournament_rating import (
    OfficialRatings,
    RatingMethod,
    RatingSource,
    TournamentRating,
    sequence_for,
    tournament_rating,
)

ONLY_STANDARD = OfficialRatings(standard=2100, national=2150)
ONLY_BLITZ = OfficialRatings(blitz=1900)


def _rate(
    official: OfficialRatings, rate: str, method: str = "FIDE", **kw: object
) -> TournamentRating:
    return tournament_rating(
        official,
        sequence=sequence_for(rate, kw.pop("chosen", ())),  # type: ignore[arg-type]
        method=RatingMethod(method),
        other=kw.get("other"),  # type: ignore[arg-type]
    )


def test_default_sequences_follow_the_rate_of_play() -> None:
    assert sequence_for("standard") == (RatingSource.STANDARD,)
    assert sequence_for("rapid") == (RatingSource.EFFECTIVE_RAPID, RatingSource.BLITZ)
    assert sequence_for("blitz") == (RatingSource.EFFECTIVE_BLITZ, RatingSource.RAPID)


def test_effective_rapid_falls_back_to_standard_then_blitz_is_tried() -> None:
    assert _rate(ONLY_STANDARD, "rapid") == TournamentRating(2100, "standard")
    assert _rate(ONLY_BLITZ, "rapid") == TournamentRating(1900, "blitz")
    assert _rate(ONLY_BLITZ, "standard") == TournamentRating(None, None)


def test_the_arbiter_may_reorder_add_and_drop_lists() -> None:
    both = OfficialRatings(standard=2100, blitz=1900)
    assert _rate(both, "standard", chosen=["blitz", "standard"]) == TournamentRating(1900, "blitz")
    assert _rate(ONLY_BLITZ, "standard", chosen=["standard", "blitz"]).rating == 1900
    with pytest.raises(ValueError):
        sequence_for("standard", ["bullet"])


@pytest.mark.parametrize(
    ("method", "official", "expected"),
    [
        ("FIDE", OfficialRatings(national=1800), TournamentRating(None, None)),
        ("NRO", OfficialRatings(standard=2000, national=1800), TournamentRating(1800, "national")),
        ("FIDON", OfficialRatings(national=1800), TournamentRating(1800, "national")),
        (
            "FIDON",
            OfficialRatings(standard=2000, national=1800),
            TournamentRating(2000, "standard"),
        ),
        (
            "NIDOF",
            OfficialRatings(standard=2000, national=1800),
            TournamentRating(1800, "national"),
        ),
        ("NIDOF", OfficialRatings(standard=2000), TournamentRating(2000, "standard")),
        ("HBFN", OfficialRatings(standard=2000, national=2050), TournamentRating(2050, "national")),
        ("HBFN", OfficialRatings(standard=2000), TournamentRating(2000, "standard")),
        ("LBFN", OfficialRatings(standard=2000, national=2050), TournamentRating(2000, "standard")),
        ("LBFN", OfficialRatings(), TournamentRating(None, None)),
    ],
)
def test_record_172_methods(
    method: str, official: OfficialRatings, expected: TournamentRating
) -> None:
    assert _rate(official, "standard", method) == expected


def test_other_uses_the_arbiters_rating() -> None:
    assert _rate(ONLY_STANDARD, "standard", "OTHER", other=1500) == TournamentRating(1500, "other")
    assert _rate(ONLY_STANDARD, "standard", "OTHER") == TournamentRating(None, None)
