"""The knock-out tie-breaks on the boards' results (C.07 Art. 12), for teams equal in match
and game points; Art. 13.3.2 also applies them inside the extended direct encounter.

A board's points are the game points the team scored on it, whoever played it. Art. 12's
preamble counts individual forfeits as standard wins and losses and the pairing-allocated bye
as a standard win on every board; the other rounds without a match spread their game points
evenly (a full-point bye a win on each board, a half-point bye a draw), and a match forfeited
as a whole without boards is a standard win or loss on each.

* ``BC`` (12.1): the sum, over the boards, of the board number times the board's points; the
  lower first (wins on the top boards count for more).
* ``TBR`` (12.2): the points on board 1; if still equal, on board 2, and so on.
* ``BBE`` (12.3): the points on every board but the bottom one; if still equal, without the
  two bottom boards, and so on.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from tournaments.scoring.teams.context import TeamEvent, Value
from tournaments.scoring.teams.points import MatchResult, TeamRoundResult

BoardPoints = tuple[Fraction, ...]
"""A team's points on boards 1…n, in one round or summed over several."""


def round_board_points(event: TeamEvent, team: int, r: TeamRoundResult) -> BoardPoints:
    """The team's points on each board in one round (Art. 12's preamble)."""
    sheet = event.sheet
    games = sheet.game_points
    match = sheet.round(r.round).match_of(team)
    if match is not None and match.boards:
        points = [Fraction(0)] * sheet.boards
        first = match.side(team) == "a"
        for board in match.boards:
            if 1 <= board.number <= sheet.boards:
                outcome = board.outcome_a if first else board.outcome_b
                points[board.number - 1] = games.points(outcome)
        return tuple(points)
    per_board = {
        MatchResult.FORFEIT_WIN: games.win,
        MatchResult.PAIRING_BYE: games.win,
        MatchResult.FULL_BYE: games.win,
        MatchResult.HALF_BYE: games.draw,
    }.get(r.result, Fraction(0))
    return (per_board,) * sheet.boards


def board_totals(event: TeamEvent) -> dict[int, BoardPoints]:
    """Each team's points on each board over the whole event."""
    totals = {}
    for team, rounds in event.results.items():
        per_round = [round_board_points(event, team, r) for r in rounds]
        totals[team] = tuple(
            sum((points[board] for points in per_round), Fraction(0))
            for board in range(event.sheet.boards)
        )
    return totals


def weighted_sum(points: BoardPoints) -> Fraction:
    """Art. 12.1: the board number times the board's points, summed."""
    return sum((number * p for number, p in enumerate(points, start=1)), Fraction(0))


def board_count(event: TeamEvent) -> dict[int, Value]:
    """BC (Art. 12.1) of every team; the lower ranks first."""
    return {team: weighted_sum(points) for team, points in board_totals(event).items()}


def top_board_key(points: BoardPoints) -> tuple[Fraction, ...]:
    """TBR (Art. 12.2): board 1's points, then board 2's…, compared in that order."""
    return points


def bottom_board_key(points: BoardPoints) -> tuple[Fraction, ...]:
    """BBE (Art. 12.3): the points without the bottom board, then without the two bottom
    boards…, compared in that order."""
    return tuple(sum(points[:kept], Fraction(0)) for kept in range(len(points) - 1, -1, -1))


def single_board(points: BoardPoints, board: int) -> Fraction:
    """The points on ``board`` (1-based): one step of TBR."""
    return points[board - 1]


def without_bottom(points: BoardPoints, cut: int) -> Fraction:
    """The points without the ``cut`` bottom boards: one step of BBE."""
    return sum(points[: len(points) - cut], Fraction(0))


def summed(per_match: Sequence[BoardPoints], boards: int) -> BoardPoints:
    """Several matches' board points added board by board."""
    return tuple(
        sum((points[board] for points in per_match), Fraction(0)) for board in range(boards)
    )
