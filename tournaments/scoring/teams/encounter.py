"""Team tie-breaks that order a group of tied teams by the matches among them: direct
encounter and the extended direct encounter (C.07 Art. 6, 13.3), and the board tie-breaks
TBR and BBE (Art. 12.2, 12.3) applied to a tied group.

Their value is a team's place in its group (1: first; teams the tie-break leaves tied share a
place). The group is the teams tied on the primary score unless the caller names others (in
standings, the teams still tied after the tie-breaks before).

* ``DE`` (Art. 6, applied to teams by Art. 13): the score (``:MP``/``:GP``, the primary by
  default) from the matches among the tied teams; teams that met more than once count the
  average (6.1.2); forfeited matches are left out (6.1.1) except in a round robin (15.2) or
  with ``/P``. If all have met the scores rank them (6.2); if not, a team goes first only when
  no other can reach its score whatever the missing matches' results (6.3). Each new subgroup
  of tied teams is ranked again the same way.
* ``EDE`` (Art. 13.3.1): direct encounter on the primary score; where it separates no one, on
  the secondary score; every new subgroup starts again from the primary score (13.3.3).
* ``EDET``, ``EDEB``, ``EDEBT``, ``EDEBB`` (13.3.2): two teams still tied after both scores
  are then separated by the knock-out tie-breaks of Art. 12 on the boards of their own
  matches: TBR (``T``), BBE (``B``), Board Count then TBR (``BT``), Board Count then BBE
  (``BB``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from fractions import Fraction
from functools import partial

from tournaments.scoring.teams.boards import (
    BoardPoints,
    board_totals,
    bottom_board_key,
    round_board_points,
    single_board,
    top_board_key,
    weighted_sum,
    without_bottom,
)
from tournaments.scoring.teams.context import TeamEvent, Value, other_score
from tournaments.scoring.teams.points import TeamRoundResult
from tournaments.scoring.tiebreaks import _blocks, _leaders_out_of_reach, _places

MatchScore = Callable[[int, TeamRoundResult], Fraction]
"""A team's score in one match, as one step of an encounter counts it."""
Step = tuple[MatchScore, Fraction]
"""A step: the score, and the most a match can give (for Art. 6.3's missing matches)."""

ENCOUNTERS = ("DE", "EDE", "EDET", "EDEB", "EDEBT", "EDEBB")
BOARD_STEPS = {"EDE": "", "EDET": "T", "EDEB": "B", "EDEBT": "CT", "EDEBB": "CB"}
"""Art. 13.3.2's knock-out tie-breaks after both scores: C Board Count, T TBR, B BBE."""


def tied_groups(scores: dict[int, Fraction]) -> list[list[int]]:
    """The teams grouped by equal score, the highest first."""
    groups: dict[Fraction, list[int]] = {}
    for team, score in scores.items():
        groups.setdefault(score, []).append(team)
    return [groups[score] for score in sorted(groups, reverse=True)]


class Encounters:
    """DE and the EDE family over one event."""

    def __init__(self, event: TeamEvent, code: str, score: str, scheduled: bool) -> None:
        self.event = event
        self.code = code
        self.first = score
        self.scheduled = scheduled
        """``/P``: a forfeited match counts as played against the scheduled opponent."""

    def places(self, groups: Iterable[Sequence[int]]) -> dict[int, Value]:
        places: dict[int, Value] = {}
        for group in groups:
            for place, block in _places(self.resolve(list(group))):
                for team in block:
                    places[team] = Fraction(place)
        return places

    def resolve(self, group: list[int]) -> list[list[int]]:
        """The group split into ordered blocks, each new block ranked again from the start."""
        if len(group) < 2:
            return [group]
        for step in self._steps(group):
            blocks = self._split(group, step)
            if len(blocks) > 1:
                return [sub for block in blocks for sub in self.resolve(block)]
        return [group]

    # ---- the steps -------------------------------------------------------------------------

    def _steps(self, group: list[int]) -> Iterable[Step]:
        yield self._score_step(self.first)
        if self.code == "DE":
            return
        yield self._score_step(other_score(self.first))  # 13.3.1
        if len(group) == 2:  # 13.3.2: exactly two teams still tied on both scores
            yield from self._board_steps()

    def _score_step(self, kind: str) -> Step:
        return (lambda team, r: self.event.points(r, kind)), self.event.win(kind)

    def _board_steps(self) -> Iterable[Step]:
        boards = self.event.sheet.boards
        for letter in BOARD_STEPS[self.code]:
            if letter == "C":
                yield self._board_count_step()
            elif letter == "T":
                for board in range(1, boards + 1):
                    yield self._board_step(partial(single_board, board=board))
            else:
                for cut in range(1, boards):
                    yield self._board_step(partial(without_bottom, cut=cut))

    def _board_count_step(self) -> Step:
        """Board Count between the two teams: the lower sum first (Art. 12.1)."""
        return self._board_step(lambda points: -weighted_sum(points))

    def _board_step(self, value: Callable[[BoardPoints], Fraction]) -> Step:
        def score(team: int, r: TeamRoundResult) -> Fraction:
            return value(round_board_points(self.event, team, r))

        return score, Fraction(0)

    # ---- one application of Art. 6 -------------------------------------------------------

    def _counts(self, r: TeamRoundResult) -> bool:
        return r.played or (r.opponent is not None and (self.event.round_robin or self.scheduled))

    def _split(self, group: list[int], step: Step) -> list[list[int]]:
        score, most = step
        members = set(group)
        scores: dict[int, Fraction] = {}
        best: dict[int, Fraction] = {}
        met_all = True
        for team in group:
            by_opponent: dict[int, list[Fraction]] = {}
            for r in self.event.results[team]:
                if r.opponent in members and self._counts(r):
                    by_opponent.setdefault(r.opponent, []).append(score(team, r))
            # 6.1.2: teams that met more than once count the average of their matches.
            scores[team] = sum(
                (sum(values, Fraction(0)) / len(values) for values in by_opponent.values()),
                Fraction(0),
            )
            missing = len(group) - 1 - len(by_opponent)
            if missing and not self.event.round_robin:
                met_all = False
            best[team] = scores[team] + missing * most
        if met_all:
            return _blocks(group, key=lambda team: scores[team])
        if not most:  # a board step between teams that have not met decides nothing
            return [group]
        return _leaders_out_of_reach(group, scores, best)


def board_order_places(
    event: TeamEvent, code: str, groups: Iterable[Sequence[int]]
) -> dict[int, Value]:
    """TBR (Art. 12.2) or BBE (12.3) within each group: the place by the boards' points over
    the whole event, compared board by board."""
    key = top_board_key if code == "TBR" else bottom_board_key
    totals = {team: key(points) for team, points in board_totals(event).items()}
    places: dict[int, Value] = {}
    for group in groups:
        ordered = sorted(group, key=lambda team: (tuple(-v for v in totals[team]), team))
        blocks: list[list[int]] = []
        for team in ordered:
            if blocks and totals[blocks[-1][0]] == totals[team]:
                blocks[-1].append(team)
            else:
                blocks.append([team])
        for place, block in _places(blocks):
            for team in block:
                places[team] = Fraction(place)
    return places
