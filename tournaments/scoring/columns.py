"""Standings of a Swiss computed on the sheet in columns: the very standings
:func:`~tournaments.scoring.standings.compute_standings` gives, for the usual case, without
building the sheet's objects first.

Why a second path: the standings of a large event are read after every result entered (each
result changes them, so no cache holds them for long). A 1,000-player, 11-round Swiss has
11,000 round entries; as Python objects, building them and summing their Buchholz costs
several times reading the event's boards from the database. Here every player's rounds are
one row of small integers (outcome, opponent, colour) and each tie-break is a handful of
array operations over all players at once (numpy).

Scope (:func:`covers`): a Swiss under the 2024 or 2026 tie-break rules, each player's first
rating, and the tie-breaks BH, SB and PS (with cuts and medians), ARO
(with cuts), WIN, WON, BPG, BWG, REP, STD, RTNG and TPN. Anything else (a round robin,
direct encounter, Fore Buchholz, the performance tie-breaks, per-round ratings, the 2009
rules, a sheet that contradicts itself) goes through the sheet: :func:`columnar_standings`
then answers ``None``. The rules themselves are the tie-break module's (regulations, the cut
of voluntary unplayed rounds, rounding); the tests compare both paths on random events.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Mapping, Sequence
from datetime import date
from fractions import Fraction
from typing import Any, NamedTuple, TypeVar

import numpy as np
import numpy.typing as npt

from tournaments.scoring.points import VOLUNTARY_UNPLAYED, outcome_points
from tournaments.scoring.sheet import Outcome, PointSystem
from tournaments.scoring.standings import Exclusion, Standing, Standings, TieBreakValue
from tournaments.scoring.tiebreaks import (
    Regulations,
    TieBreakSettings,
    TieBreakSpec,
    looks_like_round_robin,
    regulations_for,
    total_after_cut,
)

T = TypeVar("T")
Ints = npt.NDArray[np.int64]
Flags = npt.NDArray[np.bool_]

COVERED = frozenset(
    {"BH", "SB", "PS", "ARO", "WIN", "WON", "BPG", "BWG", "REP", "STD", "RTNG", "TPN"}
)
"""The tie-breaks computed here; any other sends the standings through the sheet."""

_OUTCOMES = tuple(Outcome)
_CODE = {outcome: code for code, outcome in enumerate(_OUTCOMES)}
_NOT_PAIRED = _CODE[Outcome.NOT_PAIRED]
_ADJOURNED = _CODE[Outcome.ADJOURNED]
_PLAYED = np.array([outcome.played for outcome in _OUTCOMES])
_VOLUNTARY = np.array([outcome in VOLUNTARY_UNPLAYED for outcome in _OUTCOMES])
_NO_COLOR, _WHITE, _BLACK = 0, 1, 2


class Players(NamedTuple):
    """The players in columns, in any order: what the standings need of each."""

    start_rank: Sequence[int]
    name: Sequence[str]
    tiebreak_rating: Sequence[int]
    """The rating the tie-breaks use (the tournament rating); 0 when unrated."""
    withdrawn_after: Sequence[int | None]


class Boards(NamedTuple):
    """The event's boards in columns, one item a board (each a sequence as the database
    gives it: a large event has thousands of boards, and no object is made per board)."""

    round: Sequence[int]
    white: Sequence[int | None]
    """White's starting rank, or the bye's player's."""
    black: Sequence[int | None]
    """Black's starting rank; ``None`` for a bye."""
    kind: Sequence[int]
    """The board's kind of result: an index into :attr:`outcomes`."""
    outcomes: Sequence[tuple[Outcome, Outcome | None]]
    """White's and black's outcome for each kind (black's ``None``: a bye)."""


def covers(specs: Sequence[TieBreakSpec], settings: TieBreakSettings) -> bool:
    """Whether :func:`columnar_standings` computes these tie-breaks under these settings
    (then it answers unless the sheet itself is unusual)."""
    return (
        all(spec.code in COVERED and not spec.played_only for spec in specs)
        and settings.round_robin is not True
        and settings.regulations in (None, Regulations.FIDE_2024, Regulations.FIDE_2026)
        and not settings.per_round_ratings
    )


class _Columns:
    """The sheet as arrays, one row per player (by starting rank) and one column per round."""

    def __init__(self, players: Players, rounds: int, points: PointSystem):
        self.players = players
        self.count = len(players.start_rank)
        self.ranks: Ints = np.array(players.start_rank, dtype=np.int64)
        self.rounds = rounds
        worth = outcome_points(points)
        self.scale = math.lcm(*(value.denominator for value in worth.values()))
        """Units per point: every outcome is worth a whole number of units."""
        self.unit_of = np.array([int(worth[outcome] * self.scale) for outcome in _OUTCOMES])
        self.win = int(points.win * self.scale)
        self.draw = int(points.draw * self.scale)
        shape = (self.count, rounds)
        self.outcome: Ints = np.full(shape, _NOT_PAIRED, dtype=np.int64)
        self.opponent: Ints = np.full(shape, -1, dtype=np.int64)
        """The opponent's row, -1 for none."""
        self.color: Ints = np.zeros(shape, dtype=np.int64)
        self.defined: Flags = np.zeros(self.count, dtype=np.bool_)
        """No player's value undefined: the ``undefined`` of most tie-breaks."""

    def fill(self, boards: Boards) -> bool:
        """Enter the boards; ``False`` when the sheet would contradict itself (a player on
        two boards of a round, a board of a player not on the sheet): the sheet's own check
        then names what is wrong."""
        if not boards.round:
            self._derive()
            return True
        ranks = self.ranks
        if None in boards.white or len(np.unique(ranks)) != len(ranks):
            return False
        row_of = np.full(int(ranks.max()) + 1, -1, dtype=np.int64)
        row_of[ranks] = np.arange(len(ranks))
        white_codes = np.array([_CODE[white] for white, _ in boards.outcomes], dtype=np.int64)
        black_codes = np.array(
            [-1 if black is None else _CODE[black] for _, black in boards.outcomes],
            dtype=np.int64,
        )
        kind = np.array(boards.kind, dtype=np.int64)
        game = black_codes[kind] >= 0
        # A bye's black is None: as a float it is NaN, and NaN is no starting rank.
        black_rank = np.array(boards.black, dtype=np.float64)
        if np.isnan(black_rank[game]).any():
            return False  # a game against a player without a starting rank
        number = np.array(boards.round, dtype=np.int64) - 1
        white_rank = np.array(boards.white, dtype=np.int64)
        black_rank = np.where(game, black_rank, 0).astype(np.int64)
        if (
            number.min() < 0
            or number.max() >= self.rounds
            or max(white_rank.max(), black_rank.max()) >= len(row_of)
            or min(white_rank.min(), black_rank[game].min(initial=1)) < 1
        ):
            return False
        white = row_of[white_rank]
        black = row_of[black_rank[game]]
        if (white < 0).any() or (black < 0).any():
            return False  # a player not on the sheet
        cells = np.concatenate([white * self.rounds + number, black * self.rounds + number[game]])
        if np.bincount(cells).max() > 1:
            return False  # a player twice in a round
        self.outcome[white, number] = white_codes[kind]
        self.outcome[black, number[game]] = black_codes[kind[game]]
        # A game not (yet) played, or void, is no game: both players are unpaired.
        met = white_codes[kind[game]] != _NOT_PAIRED
        white_met, black_met, round_met = white[game][met], black[met], number[game][met]
        self.opponent[white_met, round_met] = black_met
        self.opponent[black_met, round_met] = white_met
        self.color[white_met, round_met] = _WHITE
        self.color[black_met, round_met] = _BLACK
        self._derive()
        return True

    def _derive(self) -> None:
        self.units: Ints = self.unit_of[self.outcome]
        self.has_opponent: Flags = self.opponent >= 0
        self.played: Flags = _PLAYED[self.outcome] & self.has_opponent
        self.voluntary: Flags = _VOLUNTARY[self.outcome]
        self.score: Ints = self.units.sum(axis=1)

    def of_opponents(self, values: npt.NDArray[Any]) -> npt.NDArray[Any]:
        """``values`` (one per player) of each round's opponent; 0 where there is none."""
        return np.where(self.has_opponent, values[np.maximum(self.opponent, 0)], 0)

    def adjusted_scores(self) -> Ints:
        """Each player's score as his opponents' Buchholz counts it (C.07 Art. 16.3): the
        rounds after he stopped playing (voluntary unplayed rounds without an opponent after
        his last other round) count as draws."""
        number = np.arange(1, self.rounds + 1)
        last_active = np.where(self.voluntary, 0, number).max(axis=1, initial=0)
        counted = (number <= last_active[:, None]) | self.has_opponent
        return np.where(counted, self.units, self.draw).sum(axis=1)  # type: ignore[no-any-return]

    def opponent_scores(self, regulations: Regulations) -> Ints:
        """Each round's part of a Buchholz: the opponent's adjusted score for a game played,
        the dummy opponent's score for an unplayed round (Art. 16.2, 16.4)."""
        adjusted = self.adjusted_scores()
        own = self.score[:, None]
        if regulations is Regulations.FIDE_2024:
            dummy = np.broadcast_to(own, self.outcome.shape)
        else:  # 16.4.1: no more than the forfeiting opponent; 16.4.2: than all draws
            cap = np.where(self.has_opponent, self.of_opponents(adjusted), self.draw * self.rounds)
            dummy = np.minimum(own, cap)
        return np.where(self.played, self.of_opponents(adjusted), dummy)


def columnar_standings(
    players: Players,
    boards: Boards,
    *,
    rounds: int,
    points: PointSystem,
    specs: Sequence[TieBreakSpec],
    settings: TieBreakSettings,
    start_date: date | None,
    excluded: Mapping[int, Exclusion],
    final: bool = False,
) -> Standings | None:
    """The standings :func:`compute_standings` gives for the same sheet, or ``None`` when
    they are not computed here (see :func:`covers`, and the sheet's checks)."""
    regulations = settings.regulations or regulations_for(start_date)
    if (
        not covers(specs, settings)
        or rounds < 1
        or not players.start_rank
        or (
            settings.round_robin is None and looks_like_round_robin(len(players.start_rank), rounds)
        )
        or any(why is not Exclusion.EXPELLED for why in excluded.values())
    ):
        return None
    columns = _Columns(players, rounds, points)
    if not columns.fill(boards):
        return None
    adjourned = np.argwhere(columns.outcome == _ADJOURNED)
    pending = tuple(sorted((int(r) + 1, players.start_rank[int(p)]) for p, r in adjourned))
    if final and pending:
        return None  # the sheet's path refuses, naming the games
    calculator = _Calculator(columns, regulations, settings)
    values = [calculator.values(spec) for spec in specs]
    return Standings(
        _rows(columns, specs, values, excluded),
        tuple(specs),
        regulations,
        final,
        pending,
    )


class _Values(NamedTuple):
    """A tie-break's values: whole numbers of ``unit``, and which are undefined."""

    numbers: Ints
    unit: int
    undefined: Flags


class _Calculator:
    def __init__(
        self, columns: _Columns, regulations: Regulations, settings: TieBreakSettings
    ) -> None:
        self.columns = columns
        self.regulations = regulations
        self.settings = settings
        self._opponent_scores: Ints | None = None

    def values(self, spec: TieBreakSpec) -> _Values:
        c = self.columns
        none = c.defined
        if spec.code in ("BH", "SB"):
            return self._buchholz(spec)
        if spec.code == "PS":
            running = np.cumsum(c.units, axis=1)
            return _Values(running[:, spec.cut_low :].sum(axis=1), c.scale, none)
        if spec.code in ("ARO", "RTNG"):
            return self._rating_based(spec)
        if spec.code == "TPN":
            return _Values(c.ranks, 1, none)
        if spec.code == "STD":
            wins = (c.units > c.draw).sum(axis=1)
            draws = (c.units == c.draw).sum(axis=1)
            return _Values(2 * wins + draws, 2, none)
        won = c.units == c.win
        black = c.played & (c.color == _BLACK)
        counted = {
            "WIN": won,
            "WON": c.played & won,
            "BPG": black,
            "BWG": black & won,
            "REP": ~c.voluntary,
        }[spec.code]
        return _Values(counted.sum(axis=1), 1, none)

    def _buchholz(self, spec: TieBreakSpec) -> _Values:
        c = self.columns
        if self._opponent_scores is None:
            self._opponent_scores = c.opponent_scores(self.regulations)
        scores = self._opponent_scores
        sonneborn = spec.code == "SB"
        added = scores * c.units if sonneborn else scores
        unit = c.scale * c.scale if sonneborn else c.scale
        low, high = spec.cut_low, spec.cut_high
        if not (low or high):
            return _Values(added.sum(axis=1), unit, c.defined)
        # The least significant rounds first: by the opponent's score, then the value added.
        ordered = np.take_along_axis(added, np.lexsort((added, scores), axis=1), axis=1)
        # A voluntary unplayed round is cut first (Art. 16.5) unless the least significant
        # round adds less: the tie-break module's rule (``total_after_cut``).
        voluntary = c.voluntary.any(axis=1)
        if (low, high) == (1, 0):
            # The usual single cut, for every player at once: the voluntary round that adds
            # least, or the least significant round.
            least = np.where(c.voluntary, added, np.iinfo(np.int64).max).min(axis=1)
            lowest = ordered[:, 0]
            cut = np.where(voluntary & ~(lowest > least), least, lowest)
            return _Values(added.sum(axis=1) - cut, unit, c.defined)
        low = min(low, c.rounds)
        high = min(high, c.rounds - low)
        totals = ordered[:, low : c.rounds - high].sum(axis=1)
        for row in np.flatnonzero(voluntary).tolist():
            contributions = list(
                zip(
                    scores[row].tolist(),
                    added[row].tolist(),
                    c.voluntary[row].tolist(),
                    strict=True,
                )
            )
            totals[row] = total_after_cut(contributions, spec.cut_low, spec.cut_high)
        return _Values(totals, unit, c.defined)

    def _ratings(self) -> tuple[Ints, Flags] | None:
        """Each player's tie-break rating and whether it is known; ``None`` when the
        rating-based tie-breaks are undefined (unrated players and no rule for them)."""
        rating = np.array(self.columns.players.tiebreak_rating, dtype=np.int64)
        unrated = rating <= 0
        fallback = self.settings.unrated_rating
        if fallback is not None:
            return np.where(unrated, fallback, rating), np.ones_like(unrated)
        if self.settings.unrated_left_out or not unrated.any():
            return np.where(unrated, 0, rating), ~unrated
        return None

    def _rating_based(self, spec: TieBreakSpec) -> _Values:
        c = self.columns
        known = self._ratings()
        if known is None:
            return _Values(np.zeros(c.count, dtype=np.int64), 1, ~c.defined)
        rating, rated = known
        if spec.code == "RTNG":
            return _Values(rating, 1, c.defined)
        counted = c.played & c.of_opponents(rated).astype(np.bool_)
        # Sorted by rating with the games not counted last; the cut keeps the middle.
        ordered = np.sort(np.where(counted, c.of_opponents(rating), np.iinfo(np.int64).max), axis=1)
        games = counted.sum(axis=1)
        position = np.arange(c.rounds)
        kept = (position >= spec.cut_low) & (position < (games - spec.cut_high)[:, None])
        total = np.where(kept, ordered, 0).sum(axis=1)
        count = kept.sum(axis=1)
        # round_half_up(total / count) in whole numbers (ratings are not negative).
        average = (2 * total + count) // np.maximum(2 * count, 1)
        return _Values(average, 1, count == 0)


def _rows(
    columns: _Columns,
    specs: Sequence[TieBreakSpec],
    values: Sequence[_Values],
    excluded: Mapping[int, Exclusion],
) -> tuple[Standing, ...]:
    """The standings' lines: ranked players by points and tie-breaks (a place shared by
    players no tie-break separates, listed by starting rank), then those not ranked."""
    players = columns.players
    # Sort keys, the last first: each tie-break as (undefined last, better first).
    keys: list[Any] = [columns.ranks]
    for spec, value in reversed(list(zip(specs, values, strict=True))):
        sign = -1 if spec.higher_is_better else 1
        keys += [sign * value.numbers, value.undefined]
    keys.append(-columns.score)
    ordered = np.lexsort(keys)
    not_ranked = np.isin(columns.ranks, list(excluded))
    order = ordered[~not_ranked[ordered]]
    # Players level on points and every tie-break share a place.
    level = np.stack(
        [columns.score, *(k for v in values for k in (v.numbers, v.undefined))], axis=1
    )[order]
    first = np.ones(len(order), dtype=np.bool_)
    first[1:] = (level[1:] != level[:-1]).any(axis=1)
    starts = np.flatnonzero(first).tolist()
    ends = [*starts[1:], len(order)][: len(starts)]  # none when every player is excluded
    tiebreaks = [_tiebreak_values(spec, value) for spec, value in zip(specs, values, strict=True)]
    points = _points(columns)
    start_rank, name, withdrawn_after = players.start_rank, players.name, players.withdrawn_after

    own = list(zip(*tiebreaks, strict=True)) if tiebreaks else [()] * columns.count
    """Each player's tie-break values, in the order of the tie-breaks."""

    rows = order.tolist()
    lines = [
        Standing(
            start + 1,
            end,
            start_rank[row],
            name[row],
            points[row],
            own[row],
            withdrawn_after[row],
        )
        for start, end in zip(starts, ends, strict=True)
        for row in rows[start:end]
    ]
    by_rank = {rank: row for row, rank in enumerate(start_rank)}
    lines += [
        Standing(
            0,
            0,
            rank,
            name[row],
            points[row],
            own[row],
            withdrawn_after[row],
            excluded[rank],
        )
        for rank in sorted(excluded)
        if (row := by_rank.get(rank)) is not None
    ]
    return tuple(lines)


_KEPT_MOST = 1 << 13
"""The most values kept for one tie-break (or the points) of one unit."""


@functools.lru_cache(maxsize=64)
def _kept(of: TieBreakSpec | None, unit: int) -> dict[int, Any]:
    """The values made so far, by number of ``unit``, of one tie-break (``None``: the
    points), for the process's next standings: a large event's standings hold thousands of
    values, each a Fraction (a gcd in Python) in a tuple, and most are made again on the
    next read. They are immutable, so sharing them is safe."""
    return {}


def _made(numbers: Ints, kept: dict[int, T], make: Callable[[int], T]) -> list[T]:
    """``make(number)`` for each of ``numbers``, each made once and kept in ``kept`` (up to
    :data:`_KEPT_MOST`; entries are only ever added, so concurrent reads are safe)."""
    listed = numbers.tolist()
    new = {number: make(number) for number in set(listed).difference(kept)}
    if not new:
        return list(map(kept.__getitem__, listed))
    if len(kept) < _KEPT_MOST:
        kept.update(new)
    return [kept[number] if number in kept else new[number] for number in listed]


def _points(columns: _Columns) -> list[Fraction]:
    """Each player's points, as the standings hold them."""
    unit = columns.scale
    return _made(columns.score, _kept(None, unit), lambda number: Fraction(number, unit))


def _tiebreak_values(spec: TieBreakSpec, value: _Values) -> list[TieBreakValue]:
    """Each player's value of a tie-break, as the standings hold it."""
    unit = value.unit
    column = _made(
        value.numbers,
        _kept(spec, unit),
        lambda number: TieBreakValue(spec, Fraction(number, unit)),
    )
    undefined = TieBreakValue(spec, None)
    for row in np.flatnonzero(value.undefined).tolist():
        column[row] = undefined
    return column
