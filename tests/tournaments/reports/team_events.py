"""Two small team events written out by hand, with their standings worked out by hand from
the games (the expected numbers in the tests are these, not the program's output).

ROUND_ROBIN: four teams, four boards, the Berger table (C.05 Annex 1) for four: round 1
1-4, 2-3; round 2 4-3, 1-2; round 3 2-4, 3-1. Team A has White on boards 1 and 3. Team A's
boards (team B has the opposite):

    round 1  1-4  W W D L  2.5 : 1.5   1 wins
             2-3  D D D D  2   : 2     drawn
    round 2  4-3  L L W D  1.5 : 2.5   3 wins
             1-2  W D L D  2   : 2     drawn
    round 3  2-4  W W W W  4   : 0     2 wins
             3-1  L D W D  2   : 2     drawn

    team   MP (2/1/0)   GP
    1      2+1+1 = 4    2.5+2+2   = 6.5
    2      1+1+2 = 4    2+2+4     = 8
    3      1+2+1 = 4    2+2.5+2   = 6.5
    4      0            1.5+1.5+0 = 3

Board Count (C.07 Art. 12.1: each board's points times its number, the lower first):
team 1 boards 3, 2, 0.5, 1 -> 3 + 4 + 1.5 + 4 = 12.5; team 3 boards 1.5, 2, 1.5, 1.5 ->
1.5 + 4 + 4.5 + 6 = 16. Standings by MP, GP, DE, BC: 2, 1, 3, 4; by MP, GP alone 1 and 3
share places 2-3.

SWISS: five teams, two boards, three rounds, a pairing-allocated bye each round (a draw in
match points, a win on both boards: 2 game points):

    round 1  1-3  W D  1.5 : 0.5   2-4  D D  1 : 1   5 bye
    round 2  4-1  L L  0   : 2     5-2  W L  1 : 1   3 bye
    round 3  1-5  D D  1   : 1     3-4  W W  2 : 0   2 bye

    team   MP          GP
    1      2+2+1 = 5   1.5+2+1 = 4.5
    2      1+1+1 = 3   1+1+2   = 4
    3      0+1+2 = 3   0.5+2+2 = 4.5
    4      1+0+0 = 1   1+0+0   = 1
    5      1+1+1 = 3   2+1+1   = 4

By MP then GP: 1; 3; 2 and 5 share 3-4; 4.
"""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.scoring.sheet import Outcome
from tournaments.scoring.teams.sheet import (
    Board,
    ByeKind,
    Match,
    Team,
    TeamBye,
    TeamRound,
    TeamSheet,
)

W, D, L = Outcome.WIN, Outcome.DRAW, Outcome.LOSS
OPPOSITE = {W: L, D: D, L: W}


@dataclass(frozen=True)
class Player:
    name: str
    rating: int = 0


def player_number(team: int, board: int) -> int:
    return team * 10 + board


def match(a: int, b: int, *outcomes: Outcome) -> Match:
    boards = tuple(
        Board(n, player_number(a, n), player_number(b, n), o, OPPOSITE[o])
        for n, o in enumerate(outcomes, start=1)
    )
    return Match(a, b, boards)


ROUND_ROBIN_NAMES = {1: "Lions", 2: "北京队", 3: "Knights", 4: "Rooks"}


def round_robin_sheet() -> TeamSheet:
    teams = [
        Team(n, name, tuple(player_number(n, b) for b in range(1, 5)))
        for n, name in ROUND_ROBIN_NAMES.items()
    ]
    rounds = (
        TeamRound(1, (match(1, 4, W, W, D, L), match(2, 3, D, D, D, D))),
        TeamRound(2, (match(4, 3, L, L, W, D), match(1, 2, W, D, L, D))),
        TeamRound(3, (match(2, 4, W, W, W, W), match(3, 1, L, D, W, D))),
    )
    return TeamSheet("Hand round robin", teams, rounds, 4, round_robin=True)


def swiss_sheet() -> TeamSheet:
    teams = [Team(n, f"Team {n}", (player_number(n, 1), player_number(n, 2))) for n in range(1, 6)]
    rounds = (
        TeamRound(1, (match(1, 3, W, D), match(2, 4, D, D)), (TeamBye(5, ByeKind.PAIRING),)),
        TeamRound(2, (match(4, 1, L, L), match(5, 2, W, L)), (TeamBye(3, ByeKind.PAIRING),)),
        TeamRound(3, (match(1, 5, D, D), match(3, 4, W, W)), (TeamBye(2, ByeKind.PAIRING),)),
    )
    return TeamSheet("Hand Swiss", teams, rounds, 2, round_robin=False)


def players(sheet: TeamSheet) -> dict[int, Player]:
    """Every rostered player: team 2's board 1 has a Chinese name; ratings 2000 - 100 ×
    (board - 1) + 10 × team."""
    found = {}
    for team in sheet.teams:
        for board, number in enumerate(team.roster, start=1):
            name = "王小明" if number == 21 else f"Player {number}"
            found[number] = Player(name, 2000 - 100 * (board - 1) + 10 * team.number)
    return found
