"""Team tie-breaks on a team's own results (C.07 Art. 7, applied to teams by Art. 13).

With ``:MP`` (the default when match points are primary) a round is a match; with ``:GP``
each board of it is a game:

* ``WIN`` (7.1): matches (games) won, played or not: a forfeit win, a full-point bye and a
  pairing-allocated bye worth a win count;
* ``WON`` (7.2): matches (games) won over the board;
* ``BPG`` (7.3), ``BWG`` (7.4): matches (games) played, and won, with Black (a match's colour
  is its first board's);
* ``PS`` (7.5): the sum of the team's score after each round, the first ``/Cn`` rounds cut;
* ``REP`` (7.6): the rounds less the voluntary unplayed ones (requested half- and zero-point
  byes, forfeit losses, rounds not paired);
* ``STD`` (7.7, from March 2026): one for each match won, a half for each drawn, played or
  not (3-1-0 match points brought back to wins and draws);
* ``TPN`` (7.8, from March 2026): the team's pairing number, the lower first.
"""

from __future__ import annotations

from collections.abc import Iterator
from fractions import Fraction

from tournaments.scoring.sheet import Color, Outcome
from tournaments.scoring.teams.context import MATCH, TeamEvent, Value
from tournaments.scoring.teams.points import MatchResult, TeamRoundResult
from tournaments.scoring.teams.sheet import Board

_UNPLAYED_WINS = frozenset({MatchResult.FORFEIT_WIN, MatchResult.FULL_BYE, MatchResult.PAIRING_BYE})
"""Unplayed rounds whose every board counts as won (a forfeited match, a full-point or
pairing-allocated bye)."""


def wins(event: TeamEvent, code: str, kind: str) -> dict[int, Value]:
    """Art. 7.1 (``WIN``) and 7.2 (``WON``): matches, or with ``:GP`` games, won."""
    return {
        team: Fraction(sum(_wins_in_round(event, r, code, kind) for r in rounds))
        for team, rounds in event.results.items()
    }


def _wins_in_round(event: TeamEvent, r: TeamRoundResult, code: str, kind: str) -> int:
    if kind == MATCH:
        if r.result is MatchResult.WIN:
            return 1
        unplayed_win = r.result in (MatchResult.FORFEIT_WIN, MatchResult.FULL_BYE) or (
            r.result is MatchResult.PAIRING_BYE and r.match_points == event.sheet.match_points.win
        )
        return int(code == "WIN" and unplayed_win)
    win = event.sheet.game_points.win
    if r.played:
        if code == "WON":
            return sum(o is Outcome.WIN for o in r.boards)
        return sum(event.sheet.game_points.points(o) == win for o in r.boards)
    if code == "WON":
        return 0
    return event.sheet.boards if r.result in _UNPLAYED_WINS else 0


def black_games(event: TeamEvent, code: str, kind: str) -> dict[int, Value]:
    """Art. 7.3 (``BPG``) and 7.4 (``BWG``): matches, or with ``:GP`` games, played with
    Black, and for ``BWG`` won."""
    won_only = code == "BWG"
    counts: dict[int, Value] = {}
    for team, rounds in event.results.items():
        count = 0
        for r in rounds:
            if not r.played:
                continue
            if kind == MATCH:
                won = r.result is MatchResult.WIN
                count += r.color is Color.BLACK and (won or not won_only)
            else:
                count += sum(
                    1
                    for board, color in _boards_with_colors(event, team, r.round)
                    if board.played and color is Color.BLACK
                    if not won_only or _board_won(event, board, team, r.round)
                )
        counts[team] = Fraction(count)
    return counts


def _boards_with_colors(
    event: TeamEvent, team: int, round_number: int
) -> Iterator[tuple[Board, Color]]:
    match = event.sheet.round(round_number).match_of(team)
    if match is None:
        return
    side = match.side(team)
    for board in match.boards:
        yield board, event.sheet.board_color(board.number, side)


def _board_won(event: TeamEvent, board: Board, team: int, round_number: int) -> bool:
    match = event.sheet.round(round_number).match_of(team)
    assert match is not None
    outcome = board.outcome_a if match.side(team) == "a" else board.outcome_b
    return event.sheet.game_points.points(outcome) == event.sheet.game_points.win


def progressive(event: TeamEvent, kind: str, cut: int = 0) -> dict[int, Value]:
    """Art. 7.5: the team's score after each round, summed over the rounds after ``cut``."""
    result: dict[int, Value] = {}
    for team, rounds in event.results.items():
        total = running = Fraction(0)
        for r in rounds:
            running += event.points(r, kind)
            if r.round > cut:
                total += running
        result[team] = total
    return result


def rounds_elected_to_play(event: TeamEvent) -> dict[int, Value]:
    """Art. 7.6: the rounds less the voluntary unplayed ones."""
    return {
        team: Fraction(sum(1 for r in rounds if not r.voluntary))
        for team, rounds in event.results.items()
    }


def standard_points(event: TeamEvent) -> dict[int, Value]:
    """Art. 7.7: a match won one point, a match drawn a half, by its match points (a round
    worth more than a draw's match points is a win, as many a draw)."""
    draw = event.sheet.match_points.draw
    return {
        team: sum(
            (
                Fraction(1) if r.match_points > draw else Fraction(1, 2)
                for r in rounds
                if r.match_points >= draw
            ),
            Fraction(0),
        )
        for team, rounds in event.results.items()
    }


def pairing_numbers(event: TeamEvent) -> dict[int, Value]:
    """Art. 7.8: the team's pairing number."""
    return {team: Fraction(team) for team in event.results}
