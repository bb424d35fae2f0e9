"""The tournament rating: the one rating a player is ranked by in this event.

A player's *official* ratings (FIDE standard, rapid, blitz; national) are what the lists
publish and are never changed here. The *tournament* rating is chosen from them:

1. **The FIDE rating**, by a sequence of lists tried in order, the first that rates the
   player winning. The default sequence follows the event's rate of play (FIDE checklist
   C18): a standard event the standard list; a rapid event the *effective rapid* rating (the
   rapid rating, else the standard one, C17), then blitz; a blitz event the effective blitz
   rating, then rapid. The arbiter may drop, add and reorder lists.
2. **The method** combines it with the national rating, as TRF-2026 record 172 codes them:
   ``FIDE`` FIDE rating only; ``NRO`` national rating only; ``FIDON`` FIDE if defined, else
   national; ``NIDOF`` national if defined, else FIDE; ``HBFN`` the higher of the two; ``LBFN``
   the lower; ``OTHER`` a rating the arbiter sets for the player by another, announced rule.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import NamedTuple


class RatingSource(enum.StrEnum):
    STANDARD = "standard"
    RAPID = "rapid"
    BLITZ = "blitz"
    EFFECTIVE_RAPID = "effective_rapid"
    """The rapid rating, else the standard one."""
    EFFECTIVE_BLITZ = "effective_blitz"
    """The blitz rating, else the standard one."""


class RatingMethod(enum.StrEnum):
    FIDE = "FIDE"
    NRO = "NRO"
    FIDON = "FIDON"
    NIDOF = "NIDOF"
    HBFN = "HBFN"
    LBFN = "LBFN"
    OTHER = "OTHER"


DEFAULT_SEQUENCES: dict[str, tuple[RatingSource, ...]] = {
    "standard": (RatingSource.STANDARD,),
    "rapid": (RatingSource.EFFECTIVE_RAPID, RatingSource.BLITZ),
    "blitz": (RatingSource.EFFECTIVE_BLITZ, RatingSource.RAPID),
}


class OfficialRatings(NamedTuple):
    """What the lists say of one player (``None``: not rated on that list). A tuple: the
    standings rate every player of the event on every read."""

    standard: int | None = None
    rapid: int | None = None
    blitz: int | None = None
    national: int | None = None


class TournamentRating(NamedTuple):
    """The rating chosen, and the list it came from: a :class:`RatingSource` value,
    ``"national"`` or ``"other"`` (``None`` with no rating)."""

    rating: int | None
    source: str | None


def sequence_for(rate_of_play: str, chosen: Sequence[str] = ()) -> tuple[RatingSource, ...]:
    """The lists to try: the arbiter's ``chosen`` order, else the default for the rate of
    play. Raises ``ValueError`` naming an unknown list."""
    if not chosen:
        return DEFAULT_SEQUENCES[rate_of_play]
    return tuple(RatingSource(source) for source in chosen)


def single_list(sequence: Sequence[RatingSource], method: RatingMethod) -> RatingSource | None:
    """The one list a tournament rating is read from when the rule reads no other (the FIDE
    method with one list, not an effective rating: a standard event's default), else
    ``None``. A player's tournament rating is then that list's rating: a thousand players
    are rated without applying the rule to each."""
    plain = (RatingSource.STANDARD, RatingSource.RAPID, RatingSource.BLITZ)
    if method is RatingMethod.FIDE and len(sequence) == 1 and sequence[0] in plain:
        return sequence[0]
    return None


def fide_rating(official: OfficialRatings, sequence: Sequence[RatingSource]) -> TournamentRating:
    """The first rating the sequence finds, with the list it came from."""
    for source in sequence:
        rating, found = _from_source(official, source)
        if rating:
            return TournamentRating(rating, found)
    return TournamentRating(None, None)


def _from_source(official: OfficialRatings, source: RatingSource) -> tuple[int | None, str]:
    if source is RatingSource.EFFECTIVE_RAPID:
        if official.rapid:
            return official.rapid, RatingSource.RAPID.value
        return official.standard, RatingSource.STANDARD.value
    if source is RatingSource.EFFECTIVE_BLITZ:
        if official.blitz:
            return official.blitz, RatingSource.BLITZ.value
        return official.standard, RatingSource.STANDARD.value
    return getattr(official, source), source.value  # a StrEnum: the name of its field


def tournament_rating(
    official: OfficialRatings,
    *,
    sequence: Sequence[RatingSource],
    method: RatingMethod = RatingMethod.FIDE,
    other: int | None = None,
) -> TournamentRating:
    """The player's tournament rating under ``method`` (record 172's codes)."""
    fide = fide_rating(official, sequence)
    if method is RatingMethod.FIDE:
        return fide
    national = TournamentRating(official.national, "national" if official.national else None)
    none = TournamentRating(None, None)
    if method is RatingMethod.NRO:
        return national
    if method is RatingMethod.FIDON:
        return fide if fide.rating else national
    if method is RatingMethod.NIDOF:
        return national if national.rating else fide
    if method is RatingMethod.OTHER:
        return TournamentRating(other, "other") if other else none
    both = [r for r in (fide, national) if r.rating]
    if not both:
        return none
    pick = max if method is RatingMethod.HBFN else min
    return pick(both, key=lambda r: r.rating or 0)
