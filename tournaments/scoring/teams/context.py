"""What every team tie-break reads: the teams' rounds, their two scores and C.07's views of them.

A team has two scores (C.07 Art. 11.1): match points (``MP``) and game points (``GP``). The
event's regulations make one primary; a tie-break that names no score uses it (Art. 13).

Unplayed rounds follow Art. 15 and 16 as for players, "points" meaning both scores (16.4):

* a team's score as its opponents see it (16.3): its voluntary unplayed rounds after its last
  other round count as draws (16.3.2), nothing in a round robin (15.2);
* a team's own unplayed round counts against a dummy opponent with the team's own score
  (16.4), capped from March 2026 by the forfeiting opponent's score (16.4.1) or a draw in
  every round (16.4.2);
* Fore Buchholz (8.3) sees every team's final-round match as drawn.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from tournaments.scoring.teams.points import MatchResult, TeamRoundResult, team_results
from tournaments.scoring.teams.sheet import TeamSheet
from tournaments.scoring.tiebreaks import Regulations

MATCH, GAME = "MP", "GP"

Value = Fraction | None


def other_score(kind: str) -> str:
    """The score that is not ``kind``: the secondary score of Art. 13.1 and 13.3.1."""
    return GAME if kind == MATCH else MATCH


@dataclass
class TeamEvent:
    """A team event's results, read once and shared by the tie-break families."""

    sheet: TeamSheet
    primary: str
    regulations: Regulations
    round_robin: bool
    results: dict[int, tuple[TeamRoundResult, ...]] = field(init=False)
    rounds: int = field(init=False)
    _adjusted: dict[tuple[str, bool], dict[int, Fraction]] = field(init=False, default_factory=dict)

    def __post_init__(self) -> None:
        self.results = team_results(self.sheet)
        self.rounds = self.sheet.played_rounds
        self.totals = {kind: self._totals(kind) for kind in (MATCH, GAME)}

    @property
    def secondary(self) -> str:
        return other_score(self.primary)

    def teams(self) -> list[int]:
        return list(self.results)

    # ---- points --------------------------------------------------------------------------

    @staticmethod
    def points(result: TeamRoundResult, kind: str) -> Fraction:
        return result.match_points if kind == MATCH else result.game_points

    def win(self, kind: str) -> Fraction:
        """A match won, in ``kind``: its match points, or a won game on every board."""
        if kind == MATCH:
            return self.sheet.match_points.win
        return self.sheet.game_points.win * self.sheet.boards

    def draw(self, kind: str) -> Fraction:
        if kind == MATCH:
            return self.sheet.match_points.draw
        return self.sheet.game_points.draw * self.sheet.boards

    def _totals(self, kind: str) -> dict[int, Fraction]:
        return {
            team: sum((self.points(r, kind) for r in rounds), Fraction(0))
            for team, rounds in self.results.items()
        }

    # ---- Art. 16: unplayed rounds --------------------------------------------------------

    def last_paired_round(self, team: int) -> int:
        """The last round with an opponent or the pairing-allocated bye (0: none)."""
        return max(
            (
                r.round
                for r in self.results[team]
                if r.opponent is not None or r.result is MatchResult.PAIRING_BYE
            ),
            default=0,
        )

    def fore_adjustment(self, team: int, kind: str, fore: bool) -> Fraction:
        """Fore Buchholz (Art. 8.3): the final round's match counted as a draw."""
        if not fore or not self.results[team] or self.last_paired_round(team) != self.rounds:
            return Fraction(0)
        last = self.results[team][-1]
        if last.opponent is None:
            return Fraction(0)
        return self.draw(kind) - self.points(last, kind)

    def adjusted(self, kind: str, fore: bool = False) -> dict[int, Fraction]:
        """Each team's score as its opponents' tie-breaks see it (Art. 16.3)."""
        key = (kind, fore)
        if key not in self._adjusted:
            self._adjusted[key] = {
                team: self._adjusted_score(team, kind, fore) for team in self.results
            }
        return self._adjusted[key]

    def _adjusted_score(self, team: int, kind: str, fore: bool) -> Fraction:
        rounds = self.results[team]
        last_active = max((r.round for r in rounds if not r.voluntary), default=0)
        if fore and self.last_paired_round(team) == self.rounds:
            last_active = self.rounds  # a team paired in the final round has not stopped
        absent = Fraction(0) if self.round_robin else self.draw(kind)
        score = sum(
            (
                self.points(r, kind) if r.round <= last_active or r.opponent is not None else absent
                for r in rounds
            ),
            Fraction(0),
        )
        return score + self.fore_adjustment(team, kind, fore)

    def dummy(self, team: int, result: TeamRoundResult, kind: str, fore: bool = False) -> Fraction:
        """The score of the dummy opponent a team's own unplayed round counts against (16.4)."""
        own = self.totals[kind][team] + self.fore_adjustment(team, kind, fore)
        if self.regulations is Regulations.FIDE_2026:
            if result.opponent is not None:  # 16.4.1: no more than the forfeiting opponent
                return min(own, self.adjusted(kind, fore)[result.opponent])
            return min(own, self.draw(kind) * self.rounds)  # 16.4.2: a draw in every round
        return own
