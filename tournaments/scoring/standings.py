"""Standings: points first, then the event's ordered tie-breaks; shared places stay shared.

Players level on points and on every tie-break computed so far form a group; each tie-break
splits the groups it can. Direct encounter (DE) is decided inside each group only, so its
place in the list matters. Players whom no tie-break separates share a place range ("3–5"),
listed by starting rank.

Players who left are marked (``withdrawn_after``). Some are listed without a place
(:class:`Exclusion`): an expelled player of a Swiss (FIDE checklist I48), and in a round robin
a player who left having completed fewer than half of his games (FIDE Tournament Rules, C.05:
"the points scored by him or against him are not counted in the final standings"); his games
stay on the sheet, so crosstables still print them.
"""

from __future__ import annotations

import enum
import math
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import NamedTuple

from tournaments.scoring.points import pending_games, player_points, rounds_of
from tournaments.scoring.sheet import Outcome, RoundEntry, TournamentSheet
from tournaments.scoring.tiebreaks import (
    Regulations,
    TieBreakCalculator,
    TieBreakSettings,
    TieBreakSpec,
    Value,
    display,
    parse_tiebreaks,
)


class StandingsNotFinalError(ValueError):
    """Final standings were asked for while a game is still adjourned."""


class Exclusion(enum.Enum):
    """Why a player is listed in the standings without a place."""

    EXPELLED = "expelled"
    """Expelled from a Swiss (FIDE checklist I48): not ranked; his games stand for the others."""
    ANNULLED = "annulled"
    """Left a round robin having completed fewer than half of his games (C.05): not ranked,
    and his games count as unplayed for his opponents (no points, no tie-break value)."""


class TieBreakValue(NamedTuple):
    """A player's value of one tie-break (a tuple: standings hold one per player and
    tie-break, thousands for a large event)."""

    spec: TieBreakSpec
    value: Value
    """Exact; ``None`` when the tie-break is undefined for the player."""

    @property
    def display(self) -> str:
        return display(self.spec, self.value)


@dataclass(frozen=True, init=False)
class Standing:
    """One line of the standings."""

    rank: int
    """The first place of the player's range (his place when it is not shared)."""
    rank_to: int
    start_rank: int
    name: str
    points: Fraction
    tiebreaks: tuple[TieBreakValue, ...]
    withdrawn_after: int | None = None
    """The last round of a player who left the event (withdrawn or expelled)."""
    excluded: Exclusion | None = None
    """Set for a player listed without a place (``rank`` and ``rank_to`` are then 0)."""

    def __init__(
        self,
        rank: int,
        rank_to: int,
        start_rank: int,
        name: str,
        points: Fraction,
        tiebreaks: tuple[TieBreakValue, ...],
        withdrawn_after: int | None = None,
        excluded: Exclusion | None = None,
    ) -> None:
        # As RoundEntry's: the generated constructor sets each field through
        # object.__setattr__, and the standings of a large event make a line per player on
        # every read. Assigning a field still raises.
        fields = self.__dict__
        fields["rank"], fields["rank_to"], fields["start_rank"] = rank, rank_to, start_rank
        fields["name"], fields["points"], fields["tiebreaks"] = name, points, tiebreaks
        fields["withdrawn_after"], fields["excluded"] = withdrawn_after, excluded

    @property
    def ranked(self) -> bool:
        return self.excluded is None

    @property
    def shared(self) -> bool:
        return self.rank_to != self.rank

    @property
    def place(self) -> str:
        """``"3"``, ``"3–5"`` for a shared place, ``"-"`` for a player not ranked."""
        if not self.ranked:
            return "-"
        return f"{self.rank}–{self.rank_to}" if self.shared else str(self.rank)

    @property
    def mark(self) -> str:
        """What the standings print after the name: ``"withdrawn after round 3"``, …"""
        if self.excluded is Exclusion.EXPELLED:
            return f"expelled after round {self.withdrawn_after or 0}"
        if self.withdrawn_after is not None:
            return f"withdrawn after round {self.withdrawn_after}"
        return ""

    @property
    def points_display(self) -> str:
        return format_points(self.points)


@dataclass(frozen=True)
class Standings:
    rows: tuple[Standing, ...]
    """Ranked players in order, then the players not ranked, by starting rank."""
    tiebreaks: tuple[TieBreakSpec, ...]
    regulations: Regulations
    final: bool
    pending: tuple[tuple[int, int], ...]
    """``(round, starting rank)`` of adjourned games still to be decided."""

    def by_start_rank(self) -> dict[int, Standing]:
        return {row.start_rank: row for row in self.rows}


def format_points(points: Fraction) -> str:
    """Points as printed: ``4``, ``4.5``, ``4.25``."""
    if points.denominator == 1:
        return str(points.numerator)
    decimals = 1 if (points * 10).denominator == 1 else 2
    return f"{float(points):.{decimals}f}"


def early_withdrawals(sheet: TournamentSheet, *, games_each: int) -> frozenset[int]:
    """Round-robin players who left having completed fewer than half of their ``games_each``
    scheduled games (C.05): games played over the board count, forfeits and byes do not."""
    return frozenset(
        player.start_rank
        for player in sheet.players
        if player.withdrawn_after is not None
        and 2 * sum(e.outcome.played for e in rounds_of(player, sheet.rounds)) < games_each
    )


def without_players(sheet: TournamentSheet, removed: Collection[int]) -> TournamentSheet:
    """The sheet without ``removed``: their opponents' games against them become unplayed
    rounds (no points, no opponent), as C.05 has it for a round robin's early withdrawal."""
    if not removed:
        return sheet
    players = tuple(
        replace(
            player,
            rounds=tuple(
                RoundEntry(entry.round, Outcome.NOT_PAIRED) if entry.opponent in removed else entry
                for entry in player.rounds
            ),
        )
        for player in sheet.players
        if player.start_rank not in removed
    )
    return replace(sheet, players=players)


def compute_standings(
    sheet: TournamentSheet,
    tiebreaks: Iterable[str | TieBreakSpec],
    *,
    settings: TieBreakSettings | None = None,
    final: bool = False,
    excluded: Mapping[int, Exclusion] | None = None,
) -> Standings:
    """Rank the players of ``sheet`` by points, then by ``tiebreaks`` in order.

    ``final=True`` refuses (:class:`StandingsNotFinalError`) while any game is adjourned.
    ``excluded`` names players listed without a place, and why (:class:`Exclusion`).
    Unknown tie-break names raise :class:`~tournaments.scoring.tiebreaks.TieBreakError`.
    """
    specs = parse_tiebreaks(tiebreaks)
    excluded = excluded or {}
    pending = tuple(pending_games(sheet))
    if final and pending:
        games = ", ".join(f"round {r} (player {p})" for r, p in pending)
        raise StandingsNotFinalError(
            f"the standings cannot be final while games are adjourned: {games}"
        )
    annulled = {rank for rank, why in excluded.items() if why is Exclusion.ANNULLED}
    calculator = TieBreakCalculator(without_players(sheet, annulled), settings)
    ranked = [player for player in calculator.players if player not in excluded]
    groups = _split([ranked], calculator.points, higher_is_better=True)
    columns: list[Mapping[int, Value]] = []
    for spec in specs:
        if spec.code == "DE":
            values: Mapping[int, Value] = calculator.direct_encounter(
                groups, played_only=spec.played_only
            )
        else:
            values = calculator.values(spec)
        columns.append(values)
        groups = _split(groups, values, higher_is_better=spec.higher_is_better)
    withdrawn = {player.start_rank: player.withdrawn_after for player in sheet.players}
    names = {player.start_rank: player.name for player in sheet.players}
    # Only the players C.05 removed from the calculator's sheet need their own points added up.
    own_points = player_points(
        replace(sheet, players=[p for p in sheet.players if p.start_rank in annulled])
    )

    def row(player: int, rank: int, rank_to: int) -> Standing:
        return Standing(
            rank=rank,
            rank_to=rank_to,
            start_rank=player,
            name=names[player],
            points=calculator.points[player] if player in calculator.points else own_points[player],
            tiebreaks=tuple(map(TieBreakValue, specs, [column.get(player) for column in columns])),
            withdrawn_after=withdrawn[player],
            excluded=excluded.get(player),
        )

    rows = []
    place = 1
    for group in groups:
        for player in sorted(group):
            rows.append(row(player, place, place + len(group) - 1))
        place += len(group)
    rows += [row(player, 0, 0) for player in sorted(excluded) if player in withdrawn]
    return Standings(tuple(rows), specs, calculator.regulations, final, pending)


def _split(
    groups: Sequence[list[int]], values: Mapping[int, Value], *, higher_is_better: bool
) -> list[list[int]]:
    """Split each group by ``values`` (undefined values last), keeping the groups' order."""
    sign = -1 if higher_is_better else 1
    # Sorting compares the values many times: as integers over their common denominator
    # rather than as Fractions (exact either way, several times faster). Players share a
    # few hundred values, mostly the very same objects: each is converted once, found by
    # identity (hashing a Fraction runs Python code).
    players = [player for group in groups for player in group]
    distinct = {id(value): value for p in players if (value := values[p]) is not None}
    unit = math.lcm(*(value.denominator for value in distinct.values()))
    scaled = {
        key: (False, sign * value.numerator * (unit // value.denominator))
        for key, value in distinct.items()
    }
    undefined = (True, 0)
    keys = {p: undefined if (value := values[p]) is None else scaled[id(value)] for p in players}

    result: list[list[int]] = []
    for group in groups:
        current: list[int] = []
        current_key: tuple[bool, int] | None = None
        for player in sorted(group, key=lambda p: (keys[p], p)):
            if current and keys[player] != current_key:
                result.append(current)
                current = []
            current.append(player)
            current_key = keys[player]
        result.append(current)
    return result
