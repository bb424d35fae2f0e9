"""Team tie-breaks on the opponents' scores: Buchholz, Fore Buchholz, AOB, Sonneborn-Berger,
the extended Sonneborn-Berger, Koya and SSSC (C.07 Art. 8, 9, 13.2, 13.4).

* ``BH`` (Art. 8.1): the sum of the opponents' scores; ``FB`` (8.3) the same with every
  final-round match counted as drawn; ``AOB`` (8.2) the average of the Buchholz of the
  opponents met over the board, to hundredths.
* ``SB`` (Art. 9.1) for teams: each opponent's score times the team's score in the match, in
  the same kind of points.
* ``EMMSB``, ``EMGSB``, ``EGMSB``, ``EGGSB`` (Art. 13.2.1 to 13.2.4):
  ``E<opponent's score><own score in the match>SB``; ``EGMSB`` multiplies each opponent's game
  points by the match points the team took from it.
* ``KS`` (Art. 9.2): the team's score against the teams that made at least half of the most
  they could.
* ``SSSC`` (Art. 13.4): the secondary score plus the schedule strength, the Buchholz on the
  primary score divided by the normalising factor (13.4.2), to hundredths.

Cuts and medians (Art. 14) cut voluntary unplayed rounds first (16.5); a round robin counts an
unplayed match as played against the scheduled opponent (15.2), ``/P`` does so in a Swiss.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Protocol

from tournaments.scoring.fide_tables import round_half_up
from tournaments.scoring.teams.context import MATCH, TeamEvent, Value
from tournaments.scoring.tiebreaks import total_after_cut

HUNDREDTH = Fraction(1, 100)


class SumSpec(Protocol):
    """What the sums read of a tie-break's modifiers."""

    @property
    def cut_low(self) -> int: ...
    @property
    def cut_high(self) -> int: ...
    @property
    def scheduled(self) -> bool: ...


def opponent_sums(
    event: TeamEvent, spec: SumSpec, kind: str, own_kind: str | None, fore: bool = False
) -> dict[int, Value]:
    """Buchholz (``own_kind`` None) or a Sonneborn-Berger: each opponent's ``kind`` score,
    times the team's ``own_kind`` points in the round, summed after the cuts."""
    every_round = [r for rounds in event.results.values() for r in rounds]
    scale = _scale([event.points(r, kind) for r in every_round])
    adjusted = event.adjusted(kind, fore)
    scale = math.lcm(scale, *(value.denominator for value in adjusted.values()))
    own_scale = _scale([event.points(r, own_kind) for r in every_round]) if own_kind else 1
    result: dict[int, Value] = {}
    for team, rounds in event.results.items():
        contributions = []
        for r in rounds:
            final_round_paired = fore and r.round == event.rounds
            scheduled = r.opponent is not None and (
                event.round_robin or spec.scheduled or final_round_paired
            )
            if r.played or scheduled:
                assert r.opponent is not None
                score, voluntary = adjusted[r.opponent], False
            elif event.round_robin:
                continue  # a round robin's round without a match is no round (15.2)
            else:
                score, voluntary = event.dummy(team, r, kind, fore), r.voluntary
            units = int(score * scale)
            own = int(event.points(r, own_kind) * own_scale) if own_kind else 1
            contributions.append((units, units * own, voluntary))
        total = total_after_cut(contributions, spec.cut_low, spec.cut_high)
        result[team] = Fraction(total, scale * own_scale)
    return result


def average_of_opponents(
    event: TeamEvent, buchholz: dict[int, Value], unit: Fraction = HUNDREDTH
) -> dict[int, Value]:
    """AOB (Art. 8.2): the average of the opponents' Buchholz, over the matches played,
    rounded half up to ``unit``; undefined for a team that played none."""
    result: dict[int, Value] = {}
    for team, rounds in event.results.items():
        found = [
            value
            for r in rounds
            if r.played and r.opponent is not None
            if (value := buchholz[r.opponent]) is not None
        ]
        average = sum(found, Fraction(0)) / len(found) if found else None
        result[team] = None if average is None else round_half_up(average / unit) * unit
    return result


def koya(event: TeamEvent, kind: str) -> dict[int, Value]:
    """KS (Art. 9.2): the points scored against the teams with at least 50% of the most a
    team could score. In a round robin the most is that of the rounds a team can be paired
    in: an odd field leaves every team a round without a match, and a team that never played
    leaves each other one."""
    matches = event.rounds
    if event.round_robin:
        teams = len(event.results)
        if teams and event.rounds % teams == 0:
            matches -= event.rounds // teams
        matches -= sum(1 for team in event.results if event.last_paired_round(team) == 0)
    limit = event.win(kind) * matches / 2
    totals = event.totals[kind]
    return {
        team: sum(
            (
                event.points(r, kind)
                for r in rounds
                if r.opponent is not None and totals[r.opponent] >= limit
            ),
            Fraction(0),
        )
        for team, rounds in event.results.items()
    }


def normalising_factor(event: TeamEvent) -> int:
    """Art. 13.4.2: the highest primary score achievable in the event over the highest
    secondary score achievable in one match, rounded toward zero (0 when the rounds are
    fewer than the boards call for: the regulations must then state one)."""
    sheet = event.sheet
    match_win, game_win = sheet.match_points.win, sheet.game_points.win
    if event.primary == MATCH:
        factor = match_win * event.rounds / (game_win * sheet.boards)
    else:
        factor = game_win * event.rounds * sheet.boards / match_win
    return math.floor(factor)


def schedule_strength_combination(
    event: TeamEvent, buchholz: dict[int, Value], factor: int | None = None
) -> dict[int, Value]:
    """SSSC (Art. 13.4): the secondary score plus the Buchholz on the primary score divided
    by the normalising factor (``factor``: the one the regulations state, ``/Kn``). Undefined
    when the factor comes to 0 and the regulations state none."""
    divisor = factor or normalising_factor(event)
    secondary = event.totals[event.secondary]
    result: dict[int, Value] = {}
    for team, value in buchholz.items():
        if value is None or divisor == 0:
            result[team] = None
            continue
        combined = secondary[team] + value / divisor
        result[team] = round_half_up(combined / HUNDREDTH) * HUNDREDTH
    return result


def _scale(values: list[Fraction]) -> int:
    """Units per point that make every value whole."""
    return math.lcm(1, *(v.denominator for v in values))
