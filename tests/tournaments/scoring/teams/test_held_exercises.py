"""Mario Held's *Exercises in Tie-Breaking* (C.07 as applied from 2024), team exercises 34-41.

The crosstable and the answers are transcribed in ``tests/data/teams/held_team_expected.json``
(its ``source`` names where); the paper gives game points per match, which are laid out on the
boards as wins, then a draw, then losses (team 11 against 14 in round 3: W, D, D, L), as the
transcription says. Byes: the pairing-allocated bye and the half-point bye are a draw, in
match points and on every board (the paper's game-point totals of teams 12 and 14 say so).
"""

from __future__ import annotations

import json
from datetime import date
from fractions import Fraction
from pathlib import Path

import pytest

from tournaments.scoring.sheet import Outcome
from tournaments.scoring.teams.points import match_points, team_game_points
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
from tournaments.scoring.teams.tiebreaks import TeamTieBreakSettings, team_tiebreak_values
from tournaments.scoring.tiebreaks import Regulations

DATA = json.loads(
    (Path(__file__).resolve().parents[3] / "data" / "teams" / "held_team_expected.json").read_text(
        encoding="utf-8"
    )
)
BOARDS = 4
_REVERSE = {Outcome.WIN: Outcome.LOSS, Outcome.DRAW: Outcome.DRAW, Outcome.LOSS: Outcome.WIN}
_BYES = {"PAB": ByeKind.PAIRING, "HPB": ByeKind.HALF, "ZPB": ByeKind.ZERO}


def _boards(game_points: Fraction, special: bool) -> list[Outcome]:
    if special:
        return [Outcome.WIN, Outcome.DRAW, Outcome.DRAW, Outcome.LOSS]
    wins = int(game_points)
    results = [Outcome.WIN] * wins + [Outcome.DRAW] * (game_points != wins)
    return results + [Outcome.LOSS] * (BOARDS - len(results))


def _player(team: int, board: int) -> int:
    return team * 10 + board


def held_sheet() -> TeamSheet:
    rows = {int(team): entries for team, entries in DATA["team_rows"].items()}
    rounds = []
    for number in range(1, 8):
        matches, byes, forfeits = [], [], []
        for team, entries in rows.items():
            entry = entries[number - 1]
            if entry in _BYES:
                byes.append(TeamBye(team, _BYES[entry]))
            elif entry == "+F":
                forfeits.append(team)
            elif "w" in entry:
                opponent, points = entry.split("w")
                outcomes = _boards(Fraction(points), (team, int(opponent)) == (11, 14))
                boards = tuple(
                    Board(b, _player(team, b), _player(int(opponent), b), o, _REVERSE[o])
                    for b, o in enumerate(outcomes, start=1)
                )
                matches.append(Match(team, int(opponent), boards))
        for winner in forfeits:
            loser = next(t for t, e in rows.items() if e[number - 1] == "-F")
            matches.append(Match(winner, loser, (), MatchForfeit.A_WINS))
        rounds.append(TeamRound(number, tuple(matches), tuple(byes)))
    teams = [Team(t, f"Team {t}", tuple(_player(t, b) for b in range(1, 5))) for t in rows]
    system = MatchPointSystem(pairing_bye_game_points=Fraction(2))
    return TeamSheet(
        "Held", teams, tuple(rounds), BOARDS, match_points=system, start_date=date(2024, 8, 1)
    )


SHEET = held_sheet()
RULES_2024 = TeamTieBreakSettings(regulations=Regulations.FIDE_2024, round_robin=False)


def _expected(exercise: int) -> dict[int, object]:
    entry = next(e for e in DATA["expected"] if e["exercise"] == exercise and "values" in e)
    return {int(team): value for team, value in entry["values"].items()}


def test_match_and_game_points_are_the_papers() -> None:
    totals = DATA["totals"]
    assert match_points(SHEET) == {int(t): Fraction(v) for t, v in totals["match_points"].items()}
    assert team_game_points(SHEET) == {
        int(t): Fraction(v) for t, v in totals["game_points"].items()
    }


@pytest.mark.parametrize(
    ("exercise", "code", "index"),
    [
        (35, "BH:MP", None),
        (36, "BH:MP/C1", None),
        (37, "BH:GP", 0),
        (37, "BH:GP/C1", 1),
        (38, "EMMSB/C1", None),
        (39, "EGMSB", None),
        (40, "EMGSB", None),
        (41, "EGGSB", None),
    ],
)
def test_held_exercise(exercise: int, code: str, index: int | None) -> None:
    values = team_tiebreak_values(SHEET, code, RULES_2024)
    for team, expected in _expected(exercise).items():
        wanted = expected[index] if index is not None else expected  # type: ignore[index]
        assert values[team] == Fraction(str(wanted)), (exercise, code, team)
