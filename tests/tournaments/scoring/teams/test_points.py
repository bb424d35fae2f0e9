"""Match points from game points (C.07 Art. 5; TRF-2026 records 162, 362, 320, 330)."""

from __future__ import annotations

from fractions import Fraction

from tournaments.scoring.sheet import Outcome
from tournaments.scoring.teams.points import MatchResult, team_results
from tournaments.scoring.teams.sheet import (
    Board,
    ByeKind,
    Match,
    MatchForfeit,
    MatchPointSystem,
    Team,
    TeamBye,
    TeamRound,
    TeamSheet,
)

W, D, L, F, X = Outcome.WIN, Outcome.DRAW, Outcome.LOSS, Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS
OPPOSITE = {W: L, L: W, D: D, F: X, X: F}


def _match(a: int, b: int, outcomes: list[Outcome], forfeit: MatchForfeit | None = None) -> Match:
    boards = tuple(
        Board(n, a * 10 + n, b * 10 + n, o, OPPOSITE[o]) for n, o in enumerate(outcomes, 1)
    )
    return Match(a, b, boards, forfeit)


def _sheet(*rounds: TeamRound, system: MatchPointSystem | None = None) -> TeamSheet:
    teams = [Team(n, f"T{n}", tuple(n * 10 + b for b in range(1, 5))) for n in range(1, 5)]
    return TeamSheet("t", teams, rounds, 4, match_points=system or MatchPointSystem())


def test_more_game_points_win_the_match() -> None:
    results = team_results(
        _sheet(TeamRound(1, (_match(1, 2, [W, D, D, L]), _match(3, 4, [W, W, L, D]))))
    )
    assert (results[1][0].result, results[1][0].match_points, results[1][0].game_points) == (
        MatchResult.DRAW,
        Fraction(1),
        Fraction(2),
    )
    assert (results[3][0].match_points, results[4][0].match_points) == (Fraction(2), Fraction(0))
    assert results[4][0].game_points == Fraction(3, 2)


def test_a_match_without_a_game_and_without_points_is_lost_by_both() -> None:
    results = team_results(
        _sheet(
            TeamRound(1, (Match(1, 2, tuple(Board(n, 10 + n, 20 + n, X, X) for n in range(1, 5))),))
        )
    )
    assert results[1][0].result is results[2][0].result is MatchResult.FORFEIT_LOSS
    assert results[1][0].match_points == results[2][0].match_points == 0


def test_a_forfeited_match_and_byes() -> None:
    system = MatchPointSystem(win=Fraction(3), pairing_bye=Fraction(2))
    round_ = TeamRound(
        1,
        (Match(1, 2, (), MatchForfeit.B_WINS),),
        (TeamBye(3, ByeKind.PAIRING), TeamBye(4, ByeKind.HALF)),
    )
    results = team_results(_sheet(round_, system=system))
    assert (results[2][0].result, results[2][0].match_points, results[2][0].game_points) == (
        MatchResult.FORFEIT_WIN,
        Fraction(3),
        Fraction(4),
    )
    assert results[1][0].result.voluntary and results[1][0].game_points == 0
    assert (results[3][0].match_points, results[3][0].game_points) == (Fraction(2), Fraction(4))
    assert (results[4][0].match_points, results[4][0].game_points) == (Fraction(1), Fraction(2))
    assert results[4][0].voluntary and not results[3][0].voluntary
