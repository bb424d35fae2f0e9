"""The upfloaters of the top scoregroup (C.04.5 3.5).

The top scoregroup (3.2) is the group of the players with the highest score among those yet
to be paired. Every player with a lower score is a potential upfloater (3.5.1). The sets of
potential upfloaters considered are those that comply with [C4] (fewest upfloaters) and [C5]
(their scores, in ascending order, as high as possible) (3.5.2); in a set the players are
sorted by descending score, then ascending TPN (3.5.3), and the sets are sorted by the
lexicographic order of those TPNs (3.5.4). The first set chosen is the first that, with the
top scoregroup, gives a legal pairing and complies with [C6] and [C7] (3.5.5).

Readings (the text leaves them open; the same as for the Swiss Team system, whose 3.5 has the
same words): [C4] and [C5] are taken among the sets that can give a legal pairing at all (the
bracket pairable by [C1], the players left outside it by [C3]), since [C3] outranks them;
"complies with" a minimising criterion means reaching its best value among those sets, [C6]
first, then [C7], the 3.5.4 order breaking ties; [C6] is pass or fail: what is left of the
following scoregroup can be paired with the fewest upfloaters its parity allows (none when
even, one when odd) by [C1] and [C3].
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations, product

from tournaments.pairing.double_swiss.criteria import RoundContext

MAX_SETS = 200_000
"""Sets tried for one number of upfloaters before giving up on the literal enumeration."""


@dataclass(frozen=True)
class UpfloaterChoice:
    """The chosen set and what decided it."""

    upfloaters: tuple[int, ...]
    """In the order of 3.5.3."""
    breaks_c6: bool
    c7: int


def top_scoregroup(context: RoundContext, remaining: Sequence[int]) -> list[int]:
    """3.2: the players with the highest score among ``remaining``, by TPN."""
    best = max(context.players[r].score for r in remaining)
    return sorted(r for r in remaining if context.players[r].score == best)


def choose_upfloaters(context: RoundContext, remaining: Sequence[int]) -> UpfloaterChoice:
    """3.5: the upfloaters that join the top scoregroup of ``remaining``."""
    residents = top_scoregroup(context, remaining)
    lower = sorted(set(remaining) - set(residents), key=lambda r: _order(context, r))
    for count in range(len(residents) % 2, len(lower) + 1, 2):  # [C4]
        for profile in _profiles(context, lower, count):  # [C5]
            found = _best_set(context, remaining, residents, lower, profile)
            if found is not None:
                return found
    raise AssertionError("the whole field is a legal bracket when [C3] held before")


def _order(context: RoundContext, rank: int) -> tuple[Fraction, int]:
    """3.5.3: descending score, then ascending TPN."""
    return -context.players[rank].score, rank


def _profiles(
    context: RoundContext, lower: Sequence[int], count: int
) -> list[tuple[tuple[Fraction, int], ...]]:
    """Every way to take ``count`` upfloaters from the lower score levels, as (score, how
    many) per level, best first by [C5]: the ascending scores as high as possible."""
    levels: dict[Fraction, int] = {}
    for rank in lower:
        score = context.players[rank].score
        levels[score] = levels.get(score, 0) + 1
    found: list[tuple[tuple[Fraction, int], ...]] = []

    def take(scores: list[Fraction], left: int, chosen: list[tuple[Fraction, int]]) -> None:
        if left == 0:
            found.append(tuple(chosen))
            return
        if not scores:
            return
        score, rest = scores[0], scores[1:]
        for many in range(min(left, levels[score]), -1, -1):
            take(rest, left - many, [*chosen, (score, many)] if many else chosen)

    take(sorted(levels, reverse=True), count, [])

    def ascending(profile: tuple[tuple[Fraction, int], ...]) -> list[Fraction]:
        return sorted(score for score, many in profile for _ in range(many))

    return sorted(found, key=ascending, reverse=True)


def _sets_of(
    context: RoundContext, lower: Sequence[int], profile: tuple[tuple[Fraction, int], ...]
) -> Iterator[tuple[int, ...]]:
    """3.5.4: the sets with this profile in the lexicographic order of their TPNs sorted by
    3.5.3 (the higher score level first, so the product's order is that order)."""
    per_level = [
        combinations([r for r in lower if context.players[r].score == score], many)
        for score, many in profile
    ]
    for parts in product(*per_level):
        yield tuple(rank for part in parts for rank in part)


def _best_set(
    context: RoundContext,
    remaining: Sequence[int],
    residents: Sequence[int],
    lower: Sequence[int],
    profile: tuple[tuple[Fraction, int], ...],
) -> UpfloaterChoice | None:
    """3.5.5 among the sets of one profile: the first legal one with the best ([C6], [C7])."""
    best: UpfloaterChoice | None = None
    for tried, upfloaters in enumerate(_sets_of(context, lower, profile)):
        if tried >= MAX_SETS:
            break
        c7 = context.floaters_among(upfloaters)
        # Even passing [C6], a set no better than the best so far cannot replace it.
        if best is not None and (False, c7) >= (best.breaks_c6, best.c7):
            continue
        bracket = [*residents, *upfloaters]
        outside = set(remaining) - set(bracket)
        if not context.completable(bracket) or not context.completable(outside):
            continue
        breaks = breaks_c6(context, residents, upfloaters, outside)
        choice = UpfloaterChoice(upfloaters, breaks, c7)
        if best is None or (breaks, c7) < (best.breaks_c6, best.c7):
            best = choice
        if not breaks and c7 == 0:
            break
    return best


def breaks_c6(
    context: RoundContext,
    residents: Sequence[int],
    upfloaters: Sequence[int],
    outside: set[int],
) -> bool:
    """[C6]: what is left of the following scoregroup cannot be paired with the fewest
    upfloaters its parity allows ([C1], [C3], [C4]); never when it has been emptied."""
    top = context.players[residents[0]].score
    below = [context.players[r].score for r in (*upfloaters, *outside)]
    following_score = max((s for s in below if s < top), default=None)
    following = sorted(r for r in outside if context.players[r].score == following_score)
    if not following:
        return False
    rest = outside - set(following)
    if len(following) % 2 == 0:
        return not (context.completable(following) and context.completable(rest))
    for rank in sorted(rest, key=lambda r: _order(context, r)):
        if context.completable([*following, rank]) and context.completable(rest - {rank}):
            return False
    return True
