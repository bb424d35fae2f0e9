"""Standings: points first, then the event's ordered tie-breaks; shared places stay shared.

Players level on points and on every tie-break computed so far form a group; each tie-break
splits the groups it can. Direct encounter (DE) is decided inside each group only, so its
place in the list matters. Players whom no tie-break separates share a place range ("3–5"),
listed by starting rank.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from tournaments.scoring.points import pending_games
from tournaments.scoring.sheet import TournamentSheet
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


@dataclass(frozen=True)
class TieBreakValue:
    spec: TieBreakSpec
    value: Value
    """Exact; ``None`` when the tie-break is undefined for the player."""

    @property
    def display(self) -> str:
        return display(self.spec, self.value)


@dataclass(frozen=True)
class Standing:
    """One line of the standings."""

    rank: int
    """The first place of the player's range (his place when it is not shared)."""
    rank_to: int
    start_rank: int
    name: str
    points: Fraction
    tiebreaks: tuple[TieBreakValue, ...]

    @property
    def shared(self) -> bool:
        return self.rank_to != self.rank

    @property
    def place(self) -> str:
        """``"3"``, or ``"3–5"`` for a shared place."""
        return f"{self.rank}–{self.rank_to}" if self.shared else str(self.rank)

    @property
    def points_display(self) -> str:
        return format_points(self.points)


@dataclass(frozen=True)
class Standings:
    rows: tuple[Standing, ...]
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


def compute_standings(
    sheet: TournamentSheet,
    tiebreaks: Iterable[str | TieBreakSpec],
    *,
    settings: TieBreakSettings | None = None,
    final: bool = False,
) -> Standings:
    """Rank the players of ``sheet`` by points, then by ``tiebreaks`` in order.

    ``final=True`` refuses (:class:`StandingsNotFinalError`) while any game is adjourned.
    Unknown tie-break names raise :class:`~tournaments.scoring.tiebreaks.TieBreakError`.
    """
    specs = parse_tiebreaks(tiebreaks)
    pending = tuple(pending_games(sheet))
    if final and pending:
        games = ", ".join(f"round {r} (player {p})" for r, p in pending)
        raise StandingsNotFinalError(
            f"the standings cannot be final while games are adjourned: {games}"
        )
    calculator = TieBreakCalculator(sheet, settings)
    groups = _split([list(calculator.players)], calculator.points, higher_is_better=True)
    columns: list[Mapping[int, Value]] = []
    for spec in specs:
        if spec.code == "DE":
            values: Mapping[int, Value] = calculator.direct_encounter(
                groups, played_only=spec.played_only
            )
        else:
            values = calculator.values(spec)
        columns.append(values)
        groups = _split(groups, values, higher_is_better=spec.definition.higher_is_better)
    rows = []
    place = 1
    for group in groups:
        for player in sorted(group):
            sheet_player = calculator.players[player]
            rows.append(
                Standing(
                    rank=place,
                    rank_to=place + len(group) - 1,
                    start_rank=player,
                    name=sheet_player.name,
                    points=calculator.points[player],
                    tiebreaks=tuple(
                        TieBreakValue(spec, column[player])
                        for spec, column in zip(specs, columns, strict=True)
                    ),
                )
            )
        place += len(group)
    return Standings(tuple(rows), specs, calculator.regulations, final, pending)


def _split(
    groups: Sequence[list[int]], values: Mapping[int, Value], *, higher_is_better: bool
) -> list[list[int]]:
    """Split each group by ``values`` (undefined values last), keeping the groups' order."""
    sign = -1 if higher_is_better else 1

    def key(player: int) -> tuple[bool, Fraction]:
        value = values[player]
        return (value is None, sign * value if value is not None else Fraction(0))

    result: list[list[int]] = []
    for group in groups:
        current: list[int] = []
        current_key: tuple[bool, Fraction] | None = None
        for player in sorted(group, key=lambda p: (key(p), p)):
            if current and key(player) != current_key:
                result.append(current)
                current = []
            current.append(player)
            current_key = key(player)
        result.append(current)
    return result
