"""Team standings: the primary score, then the event's team tie-breaks in order (C.07).

A team has two scores, match points and game points (C.07 Art. 11.1); the regulations make
one primary. Teams are ranked by it, then by each tie-break in turn (Art. 4: a tie-break
splits only the teams still level on everything before it). A tie-break that orders a group
of tied teams (DE, EDE…, TBR, BBE) is computed within the groups as they stand when its turn
comes, so its place in the list matters. Teams that nothing separates share a place ("3–5"),
listed by pairing number. An undefined value (``None``) ranks after every defined one.

This is the one place that ranks teams: the report tables, the pages and the TRF checker's
record-310 ranks all read it. Framework-free.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import NamedTuple

from tournaments.scoring.standings import format_points
from tournaments.scoring.teams.points import team_results, totals
from tournaments.scoring.teams.sheet import TeamSheet
from tournaments.scoring.teams.tiebreaks import (
    TeamTieBreakCalculator,
    TeamTieBreakSettings,
    TeamTieBreakSpec,
    Value,
    higher_is_better,
    parse_team_tiebreak,
)
from tournaments.scoring.tiebreaks import Regulations

PRIMARY_SCORES = ("MP", "GP")


class TeamTieBreakValue(NamedTuple):
    """A team's value of one tie-break; ``None`` when undefined for the team."""

    spec: TeamTieBreakSpec
    value: Value

    @property
    def display(self) -> str:
        return display_value(self.value)


def display_value(value: Value) -> str:
    """A value as the standings print it: ``7``, ``7.5``, ``8.67``, ``-`` when undefined."""
    return "-" if value is None else format_points(value)


@dataclass(frozen=True)
class TeamStanding:
    """One line of the team standings."""

    rank: int
    """The first place of the team's range (its place when not shared)."""
    rank_to: int
    team: int
    """The team's pairing number."""
    name: str
    match_points: Fraction
    game_points: Fraction
    tiebreaks: tuple[TeamTieBreakValue, ...]
    """One per tie-break of :attr:`TeamStandings.tiebreaks`, in order."""
    primary_value: Value = None

    @property
    def shared(self) -> bool:
        return self.rank_to != self.rank

    @property
    def place(self) -> str:
        """``"3"``, or ``"3–5"`` for a shared place (as the individual standings print it)."""
        return f"{self.rank}–{self.rank_to}" if self.shared else str(self.rank)

    def score(self, code: str) -> Fraction:
        """The team's match points (``"MP"``) or game points (``"GP"``)."""
        return self.match_points if code == "MP" else self.game_points


@dataclass(frozen=True)
class TeamStandings:
    rows: tuple[TeamStanding, ...]
    """Every team, best first."""
    primary: str
    """``"MP"`` or ``"GP"``."""
    tiebreaks: tuple[TeamTieBreakSpec, ...]
    """The tie-breaks applied after the primary score (the primary score itself and repeats
    left out), in order."""
    after_round: int
    decisive: int
    """How many criteria (the primary score first) were applied before every team had a place
    of its own (0 for a single team); ``1 + len(tiebreaks)`` when some teams stay level."""

    def by_team(self) -> dict[int, TeamStanding]:
        return {row.team: row for row in self.rows}

    def places(self) -> dict[int, tuple[int, int]]:
        """Each team's place, first and last when shared."""
        return {row.team: (row.rank, row.rank_to) for row in self.rows}

    def deciding_values(self, team: int) -> tuple[tuple[str, Value], ...]:
        """The team's values of the criteria that decided the order (the primary first)."""
        row = self.by_team()[team]
        values = [(self.primary, row.primary_value)]
        values += [(value.spec.name, value.value) for value in row.tiebreaks]
        return tuple(values[: self.decisive])


def up_to_round(sheet: TeamSheet, after_round: int | None) -> TeamSheet:
    """The sheet as it stood after ``after_round`` (``None``: every round played)."""
    if after_round is None or after_round >= sheet.played_rounds:
        return sheet
    rounds = tuple(r for r in sheet.rounds if r.number <= after_round)
    return replace(sheet, rounds=rounds)


def tiebreak_list(
    primary: str, tiebreaks: Iterable[str | TeamTieBreakSpec]
) -> tuple[TeamTieBreakSpec, ...]:
    """The tie-breaks parsed, without the primary score and without repeats (a list may name
    the primary score first, as TRF record 202 often does)."""
    first = parse_team_tiebreak(primary)
    specs: list[TeamTieBreakSpec] = []
    for item in tiebreaks:
        spec = parse_team_tiebreak(item) if isinstance(item, str) else item
        if spec != first and spec not in specs:
            specs.append(spec)
    return tuple(specs)


def team_standings(
    sheet: TeamSheet,
    *,
    primary: str = "MP",
    tiebreaks: Iterable[str | TeamTieBreakSpec] = (),
    after_round: int | None = None,
    regulations: Regulations | None = None,
    round_robin: bool | None = None,
) -> TeamStandings:
    """The teams of ``sheet`` ranked by ``primary`` (``"MP"`` or ``"GP"``), then by
    ``tiebreaks`` in order (C.07 Art. 4, 11.1), after ``after_round`` (``None``: all played).

    ``regulations`` and ``round_robin`` default to the sheet's (its start date; its
    pairings). Unknown tie-breaks raise :class:`~tournaments.scoring.tiebreaks.TieBreakError`.
    """
    if primary not in PRIMARY_SCORES:
        raise ValueError(f"the primary score is MP or GP, not {primary!r}")
    sheet = up_to_round(sheet, after_round)
    specs = tiebreak_list(primary, tiebreaks)
    settings = TeamTieBreakSettings(primary, regulations, round_robin)
    calculator = TeamTieBreakCalculator(sheet, settings)
    teams = sorted(team.number for team in sheet.teams)
    groups, decisive = [teams], 0
    columns: list[Mapping[int, Value]] = []
    for spec in (parse_team_tiebreak(primary), *specs):
        if any(len(group) > 1 for group in groups):
            decisive += 1
        found = calculator.values(spec, groups=[list(group) for group in groups])
        columns.append(found)
        groups = [part for group in groups for part in split_group(group, found, spec.code)]
    match_points, game_points = totals(team_results(sheet))
    rows = []
    first = 1
    for group in groups:
        for team in group:
            rows.append(
                TeamStanding(
                    rank=first,
                    rank_to=first + len(group) - 1,
                    team=team,
                    name=sheet.team(team).name,
                    match_points=match_points[team],
                    game_points=game_points[team],
                    tiebreaks=tuple(
                        TeamTieBreakValue(spec, column.get(team))
                        for spec, column in zip(specs, columns[1:], strict=True)
                    ),
                    primary_value=columns[0].get(team),
                )
            )
        first += len(group)
    return TeamStandings(tuple(rows), primary, specs, sheet.played_rounds, decisive)


def split_group(group: Sequence[int], found: Mapping[int, Value], code: str) -> list[list[int]]:
    """``group`` split by the values ``found`` of tie-break ``code``, best first (higher or
    lower by :func:`higher_is_better`); an undefined value ranks last; each part by pairing
    number."""
    higher = higher_is_better(code)

    def key(team: int) -> tuple[bool, Fraction]:
        value = found.get(team)
        if value is None:
            return (True, Fraction(0))
        return (False, -value if higher else value)

    parts: dict[tuple[bool, Fraction], list[int]] = {}
    for team in sorted(group):
        parts.setdefault(key(team), []).append(team)
    return [parts[k] for k in sorted(parts)]
