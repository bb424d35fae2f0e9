"""Match points and game points, round by round (C.07 Art. 11.1: a team's two scores).

A team's game points in a match are the points of its boards by the individual point system
(TRF record 162); the match is won by the team with more game points, drawn when both have as
many, and its match points follow the team point system (record 362, 2 / 1 / 0 by default).
A match in which both teams score nothing (every board forfeited by both sides) is lost by
both. A match forfeited as a whole (record 330) gives the winner the match points of a win
and, where no board was recorded, a forfeit win on every board. Byes are worth what
:class:`~tournaments.scoring.teams.sheet.MatchPointSystem` says.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from tournaments.scoring.sheet import Color, Outcome
from tournaments.scoring.teams.sheet import ByeKind, Match, MatchForfeit, TeamSheet


class MatchResult(enum.Enum):
    """What a team's round was, for the tie-breaks (C.07 Art. 16's categories)."""

    WIN = "W"
    DRAW = "D"
    LOSS = "L"
    FORFEIT_WIN = "+"
    """Won without a game played (the opponent forfeited)."""
    FORFEIT_LOSS = "-"
    """Lost without a game played."""
    FORFEIT_DRAW = "="
    """Drawn without a game played (each side forfeited as many boards)."""
    PAIRING_BYE = "U"
    FULL_BYE = "F"
    HALF_BYE = "H"
    ZERO_BYE = "Z"
    NOT_PAIRED = " "

    @property
    def played(self) -> bool:
        return self in (MatchResult.WIN, MatchResult.DRAW, MatchResult.LOSS)

    @property
    def voluntary(self) -> bool:
        """A voluntary unplayed round (C.07 Art. 16: VUR): cut first, and the rounds after a
        team's last non-voluntary round count as draws for its opponents."""
        return self in _VOLUNTARY


_VOLUNTARY = frozenset(
    {
        MatchResult.FORFEIT_LOSS,
        MatchResult.FORFEIT_DRAW,
        MatchResult.HALF_BYE,
        MatchResult.ZERO_BYE,
        MatchResult.NOT_PAIRED,
    }
)

_BYE_RESULT = {
    ByeKind.PAIRING: MatchResult.PAIRING_BYE,
    ByeKind.FULL: MatchResult.FULL_BYE,
    ByeKind.HALF: MatchResult.HALF_BYE,
    ByeKind.ZERO: MatchResult.ZERO_BYE,
}


@dataclass(frozen=True)
class TeamRoundResult:
    """One team's round: opponent, colour on board 1, match and game points, boards."""

    round: int
    result: MatchResult
    match_points: Fraction
    game_points: Fraction
    opponent: int | None = None
    color: Color | None = None
    boards: tuple[Outcome, ...] = ()
    """The team's outcome on each board (empty for a bye or an absence)."""
    decided: bool = True
    """False for a match still to be decided (a lineup or a game's result not in): the
    tables print no score for it, as an individual event prints none for a game not yet
    played."""

    @property
    def played(self) -> bool:
        return self.result.played

    @property
    def voluntary(self) -> bool:
        return self.result.voluntary


def team_results(sheet: TeamSheet) -> dict[int, tuple[TeamRoundResult, ...]]:
    """Every team's rounds 1…played, by pairing number."""
    results: dict[int, list[TeamRoundResult]] = {team.number: [] for team in sheet.teams}
    for team_round in sheet.each_round():
        for number, rounds in results.items():
            rounds.append(_round_result(sheet, team_round.number, number))
    return {number: tuple(rounds) for number, rounds in results.items()}


def _round_result(sheet: TeamSheet, round_number: int, team: int) -> TeamRoundResult:
    team_round = sheet.round(round_number)
    match = team_round.match_of(team)
    if match is not None:
        return match_result(sheet, round_number, match, team)
    bye = team_round.bye_of(team)
    if bye is None:
        return TeamRoundResult(round_number, MatchResult.NOT_PAIRED, Fraction(0), Fraction(0))
    system = sheet.match_points
    return TeamRoundResult(
        round_number,
        _BYE_RESULT[bye.kind],
        system.bye_match_points(bye.kind),
        system.bye_game_points(bye.kind, sheet.boards, sheet.game_points),
    )


def game_points(sheet: TeamSheet, match: Match, team: int) -> Fraction:
    """The team's game points in ``match``: its boards' points, or for a match forfeited
    without boards recorded, a forfeit win or loss on every board."""
    if match.forfeit is not None and not match.boards:
        won = _forfeit_winner(match) == team
        outcome = Outcome.FORFEIT_WIN if won else Outcome.FORFEIT_LOSS
        return sheet.game_points.points(outcome) * sheet.boards
    return sum((sheet.game_points.points(o) for o in match.outcomes(team)), Fraction(0))


def _forfeit_winner(match: Match) -> int | None:
    if match.forfeit is MatchForfeit.A_WINS:
        return match.team_a
    if match.forfeit is MatchForfeit.B_WINS:
        return match.team_b
    return None


def match_result(sheet: TeamSheet, round_number: int, match: Match, team: int) -> TeamRoundResult:
    """The team's round in ``match``."""
    opponent = match.opponent(team)
    own, other = game_points(sheet, match, team), game_points(sheet, match, opponent)
    system = sheet.match_points
    # A match forfeited as a whole (record 330) is won by the side the record names.
    won = _forfeit_winner(match) == team if match.forfeit is not None else own > other
    drawn = match.forfeit is None and own == other and own > 0
    played = match.played
    if won:
        result, points = (MatchResult.WIN if played else MatchResult.FORFEIT_WIN), system.win
    elif drawn and played:
        result, points = MatchResult.DRAW, system.draw
    elif drawn:
        result, points = MatchResult.FORFEIT_DRAW, system.draw
    else:
        result, points = (MatchResult.LOSS if played else MatchResult.FORFEIT_LOSS), system.loss
    side = match.side(team)
    return TeamRoundResult(
        round_number,
        result,
        points,
        own,
        opponent=opponent,
        color=sheet.board_color(1, side),
        boards=match.outcomes(team),
        decided=match.decided,
    )


def match_points(sheet: TeamSheet) -> dict[int, Fraction]:
    """Each team's match points after the rounds played."""
    return {
        team: sum((r.match_points for r in rounds), Fraction(0))
        for team, rounds in team_results(sheet).items()
    }


def team_game_points(sheet: TeamSheet) -> dict[int, Fraction]:
    """Each team's game points after the rounds played."""
    return {
        team: sum((r.game_points for r in rounds), Fraction(0))
        for team, rounds in team_results(sheet).items()
    }


def totals(
    results: Mapping[int, tuple[TeamRoundResult, ...]],
) -> tuple[dict[int, Fraction], dict[int, Fraction]]:
    """Match and game points by team from :func:`team_results`."""
    mp = {t: sum((r.match_points for r in rs), Fraction(0)) for t, rs in results.items()}
    gp = {t: sum((r.game_points for r in rs), Fraction(0)) for t, rs in results.items()}
    return mp, gp
