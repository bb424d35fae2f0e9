"""Hand-built team sheets: each match given as (team A, team B, team A's game points), with
team A on White on board 1 and the boards' outcomes making up those points."""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from tournaments.scoring.sheet import Outcome
from tournaments.scoring.teams.sheet import (
    Board,
    ByeKind,
    Match,
    MatchForfeit,
    Team,
    TeamBye,
    TeamRound,
    TeamSheet,
)

BOARDS = 4


def boards_for(points: Fraction | float, boards: int = BOARDS) -> tuple[Board, ...]:
    """Board outcomes for team A scoring ``points`` of ``boards`` games."""
    halves = int(Fraction(points) * 2)
    outcomes = []
    for _ in range(boards):
        if halves >= 2:
            outcomes.append((Outcome.WIN, Outcome.LOSS))
            halves -= 2
        elif halves == 1:
            outcomes.append((Outcome.DRAW, Outcome.DRAW))
            halves -= 1
        else:
            outcomes.append((Outcome.LOSS, Outcome.WIN))
    return tuple(
        Board(n, 100 * n + 1, 100 * n + 2, a, b) for n, (a, b) in enumerate(outcomes, start=1)
    )


def team_sheet(
    teams: int,
    rounds: Sequence[Sequence[tuple[int, int, float]]],
    *,
    byes: dict[int, dict[int, ByeKind]] | None = None,
    forfeits: dict[int, dict[tuple[int, int], MatchForfeit]] | None = None,
    colors: str = "WBWB",
) -> TeamSheet:
    """A sheet of ``teams`` teams and the given rounds (1-based in ``byes``/``forfeits``)."""
    made = []
    for number, matches in enumerate(rounds, start=1):
        forfeited = (forfeits or {}).get(number, {})
        games = tuple(
            Match(a, b, (), forfeited[(a, b)])
            if (a, b) in forfeited
            else Match(a, b, boards_for(points))
            for a, b, points in matches
        )
        round_byes = tuple(
            TeamBye(t, kind) for t, kind in sorted((byes or {}).get(number, {}).items())
        )
        made.append(TeamRound(number, games, round_byes))
    return TeamSheet(
        name="hand-built",
        teams=[Team(n, f"Team {n}") for n in range(1, teams + 1)],
        rounds=tuple(made),
        boards=BOARDS,
        colors=colors,
    )
