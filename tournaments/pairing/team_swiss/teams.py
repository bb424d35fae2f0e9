"""The teams of a round as the team Swiss text sees them (C.04.6 article 1).

What a team brings to the pairing of round ``r``, from the rounds before it:

* its TPN (1.1): the team's pairing number on the sheet;
* its score (1.2): match points or game points, as the competition chose, plus the round's
  virtual points when the event is accelerated (C.04.7: the pairing score, which makes the
  scoregroups, the floaters, the bye's lowest score and the first-team), and the other score
  (the secondary score of 4.2.2, never accelerated);
* the teams it met ([C1]): every opponent of a match actually played; a match forfeited as a
  whole is no meeting (GHR 3.5: the two may be paired again);
* its colours (1.6): board 1's scheduled colour in each played match, oldest first, and its
  colour preference (1.7);
* matches played (3.4.3);
* whether the pairing-allocated bye is barred ([C2]): after a pairing-allocated bye, a match
  won by forfeit, or a full-point bye;
* whether it floated in the previous round (1.5): it played an opponent with another score.

The Double-Swiss text (C.04.5) uses the same words for its bye, upfloaters and completion
criterion; its modules are reused with a team as the pairing unit
(:class:`~tournaments.pairing.double_swiss.players.MatchPlayer` carries what they read).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from tournaments.pairing.double_swiss.players import MatchPlayer
from tournaments.pairing.team_swiss.preferences import Preference, colour_preference
from tournaments.pairing.team_swiss.state import PrimaryScore, TeamSwissState
from tournaments.scoring.sheet import Color
from tournaments.scoring.teams.points import MatchResult, TeamRoundResult, team_results

_BARS_THE_BYE = frozenset({MatchResult.PAIRING_BYE, MatchResult.FORFEIT_WIN, MatchResult.FULL_BYE})


@dataclass(frozen=True)
class PairingTeam:
    """One team to pair in the round."""

    number: int
    score: Fraction
    secondary: Fraction
    met: frozenset[int]
    colours: tuple[Color, ...]
    matches_played: int
    bye_barred: bool
    floated_last: bool
    preference: Preference | None

    def unit(self) -> MatchPlayer:
        """The team as the shared bye, upfloater and matching modules read a pairing unit."""
        return MatchPlayer(
            rank=self.number,
            score=self.score,
            met=self.met,
            colours=self.colours,
            matches_played=self.matches_played,
            bye_barred=self.bye_barred,
            floated_last=self.floated_last,
        )


def round_scores(
    results: dict[int, tuple[TeamRoundResult, ...]], primary: PrimaryScore, before: int
) -> dict[int, Fraction]:
    """Each team's score (match or game points) before round ``before``."""

    def points(result: TeamRoundResult) -> Fraction:
        if primary is PrimaryScore.MATCH_POINTS:
            return result.match_points
        return result.game_points

    return {
        team: sum((points(r) for r in rounds[: before - 1]), Fraction(0))
        for team, rounds in results.items()
    }


def pairing_teams(state: TeamSwissState) -> dict[int, PairingTeam]:
    """Every team to pair in ``state.round``, by TPN."""
    results = team_results(state.sheet)
    scores = _pairing_scores(state, round_scores(results, state.primary, state.round), state.round)
    secondary = round_scores(results, state.primary.other, state.round)
    previous = _pairing_scores(
        state, round_scores(results, state.primary, state.round - 1), state.round - 1
    )
    teams = {}
    for number in state.to_pair:
        rounds = results.get(number, ())[: state.round - 1]
        colours = tuple(r.color for r in rounds if r.played and r.color is not None)
        last = (
            rounds[state.round - 2] if state.round >= 2 and len(rounds) >= state.round - 1 else None
        )
        teams[number] = PairingTeam(
            number=number,
            score=scores.get(number, Fraction(0)),
            secondary=secondary.get(number, Fraction(0)),
            met=frozenset(r.opponent for r in rounds if r.played and r.opponent is not None),
            colours=colours,
            matches_played=sum(1 for r in rounds if r.played),
            bye_barred=any(r.result in _BARS_THE_BYE for r in rounds),
            floated_last=_floated(last, number, previous),
            preference=colour_preference(colours, state.preferences, state.last_round),
        )
    return teams


def _pairing_scores(
    state: TeamSwissState, scores: dict[int, Fraction], round_number: int
) -> dict[int, Fraction]:
    """Each team's score before ``round_number`` plus its virtual points for that round."""
    teams = {team.number for team in state.sheet.teams}
    return {
        team: scores.get(team, Fraction(0)) + state.virtual_points(team, round_number)
        for team in teams
    }


def _floated(last: TeamRoundResult | None, team: int, before: dict[int, Fraction]) -> bool:
    """1.5: in the previous round the team played an opponent with another score."""
    if last is None or not last.played or last.opponent is None:
        return False
    return before.get(team) != before.get(last.opponent)
