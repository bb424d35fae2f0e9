"""The team sheet: teams, their rosters and what happened in each round's matches.

A team event is scored from a :class:`TeamSheet` the way an individual one is from a
:class:`~tournaments.scoring.sheet.TournamentSheet`: the TRF reader, the models and the API
all build one, and the match points, game points and tie-breaks are derived from it.

The parts, in FIDE's words (C.04.6 and TRF-2026's team section):

* a :class:`Team` has a pairing number, a name, a nickname and a ranked roster of players
  (their starting ranks in the player section), the board order it must keep;
* a :class:`Match` is two teams and their boards; team A has White on board 1 and the colours
  of the other boards follow the event's board colour sequence (TRF record 352);
* a :class:`Board` holds team A's player, team B's player (``None``: the board was left
  unoccupied) and each one's game outcome as the individual
  :class:`~tournaments.scoring.sheet.Outcome` (a forfeit on one board is ``FORFEIT_WIN`` /
  ``FORFEIT_LOSS``);
* a whole match may be forfeited (TRF record 330): :class:`MatchForfeit`;
* a team without a match has a :class:`TeamBye`: the pairing-allocated bye (record 320) or a
  bye it asked for, full, half or zero points (record 240).

A team that is in neither a match nor a bye in a round was not paired (absent).
"""

from __future__ import annotations

import enum
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction

from tournaments.scoring.sheet import Color, Outcome, PointSystem


@dataclass(frozen=True)
class Team:
    """A team: pairing number (TPN, 1–999), name, nickname and ranked roster."""

    number: int
    name: str
    roster: tuple[int, ...] = ()
    """The players' starting ranks in board order (reserves last)."""
    nickname: str = ""
    strength: str = ""
    """TRF record 310's strength factor, as written (not used for scoring)."""


@dataclass(frozen=True)
class Board:
    """One board of a match: each side's player (``None``: unoccupied) and outcome."""

    number: int
    player_a: int | None
    player_b: int | None
    outcome_a: Outcome
    outcome_b: Outcome

    @property
    def played(self) -> bool:
        """A game played over the board (both players there and a played outcome)."""
        return (
            self.player_a is not None
            and self.player_b is not None
            and self.outcome_a.played
            and self.outcome_b.played
        )

    @property
    def decided(self) -> bool:
        """The game has its result: not still to be played (``NOT_PAIRED`` on both sides, as
        the sheet holds a board without a result) nor adjourned. A board left unoccupied is
        decided: a forfeit."""
        return not {self.outcome_a, self.outcome_b} & _PENDING


_PENDING = frozenset({Outcome.NOT_PAIRED, Outcome.ADJOURNED})


class MatchForfeit(enum.Enum):
    """A match forfeited as a whole (TRF-2026 record 330), from team A's side."""

    A_WINS = "+-"
    B_WINS = "-+"
    BOTH_LOSE = "--"


@dataclass(frozen=True)
class Match:
    """Team A against team B in one round; A has White on board 1."""

    team_a: int
    team_b: int
    boards: tuple[Board, ...] = ()
    forfeit: MatchForfeit | None = None

    def side(self, team: int) -> str:
        """``"a"`` or ``"b"``: which side ``team`` is on."""
        if team == self.team_a:
            return "a"
        if team == self.team_b:
            return "b"
        raise KeyError(f"team {team} is not in this match")

    def opponent(self, team: int) -> int:
        return self.team_b if self.side(team) == "a" else self.team_a

    def outcomes(self, team: int) -> tuple[Outcome, ...]:
        """The team's outcome on each board, in board order."""
        first = self.side(team) == "a"
        return tuple(board.outcome_a if first else board.outcome_b for board in self.boards)

    def players(self, team: int) -> tuple[int | None, ...]:
        first = self.side(team) == "a"
        return tuple(board.player_a if first else board.player_b for board in self.boards)

    @property
    def played(self) -> bool:
        """At least one game of the match was played over the board."""
        return self.forfeit is None and any(board.played for board in self.boards)

    @property
    def decided(self) -> bool:
        """Forfeited whole, or its boards are in (both lineups) and every game has a
        result. A match still to be decided has no score yet, whatever its boards add up
        to so far."""
        if self.forfeit is not None:
            return True
        return bool(self.boards) and all(board.decided for board in self.boards)


class ByeKind(enum.Enum):
    """A team's round without a match, with its TRF code."""

    PAIRING = "U"
    """The pairing-allocated bye (TRF record 320)."""
    FULL = "F"
    HALF = "H"
    ZERO = "Z"
    """Full-, half- and zero-point byes asked for (TRF record 240)."""


@dataclass(frozen=True)
class TeamBye:
    team: int
    kind: ByeKind


@dataclass(frozen=True)
class TeamRound:
    """One round: its matches and byes."""

    number: int
    matches: tuple[Match, ...] = ()
    byes: tuple[TeamBye, ...] = ()

    def match_of(self, team: int) -> Match | None:
        for match in self.matches:
            if team in (match.team_a, match.team_b):
                return match
        return None

    def bye_of(self, team: int) -> TeamBye | None:
        for bye in self.byes:
            if bye.team == team:
                return bye
        return None


@dataclass(frozen=True)
class MatchPointSystem:
    """Match points (TRF record 362: TW, TD, TL; FIDE's default 2 / 1 / 0) and what the
    byes are worth in match and game points.

    ``None`` for a bye's game points means the boards times the game points of the outcome
    the bye stands for (a pairing-allocated or full-point bye: a win on every board); the
    pairing-allocated bye's match points default to a draw (TRF record 320 sets both).
    """

    win: Fraction = Fraction(2)
    draw: Fraction = Fraction(1)
    loss: Fraction = Fraction(0)
    pairing_bye: Fraction | None = None
    pairing_bye_game_points: Fraction | None = None

    @property
    def pairing_bye_match_points(self) -> Fraction:
        return self.draw if self.pairing_bye is None else self.pairing_bye

    def bye_match_points(self, kind: ByeKind) -> Fraction:
        return {
            ByeKind.PAIRING: self.pairing_bye_match_points,
            ByeKind.FULL: self.win,
            ByeKind.HALF: self.draw,
            ByeKind.ZERO: Fraction(0),
        }[kind]

    def bye_game_points(self, kind: ByeKind, boards: int, games: PointSystem) -> Fraction:
        if kind is ByeKind.PAIRING and self.pairing_bye_game_points is not None:
            return self.pairing_bye_game_points
        per_board = {
            ByeKind.PAIRING: games.win,
            ByeKind.FULL: games.win,
            ByeKind.HALF: games.draw,
            ByeKind.ZERO: games.zero_bye,
        }[kind]
        return per_board * boards


DEFAULT_COLORS = "WB"
"""Team A's colours by board when the event states none: White on odd boards."""


@dataclass(frozen=True)
class TeamSheet:
    """A whole team event as the scoring functions see it."""

    name: str
    teams: Sequence[Team]
    rounds: Sequence[TeamRound]
    boards: int
    """Boards per match (the length of the colour sequence, TRF record 352)."""
    game_points: PointSystem = field(default_factory=PointSystem)
    """Points per game (TRF record 162): a team's game points are its boards' points."""
    match_points: MatchPointSystem = field(default_factory=MatchPointSystem)
    colors: str = ""
    """Team A's colour by board, ``W``/``B`` (record 352); empty: alternating from White."""
    round_robin: bool | None = None
    """Pre-determined pairings (a round robin); ``None``: decided by the numbers."""
    start_date: date | None = None
    """Selects the tie-break rules in force, as for individual events."""

    @property
    def played_rounds(self) -> int:
        return max((team_round.number for team_round in self.rounds), default=0)

    def team(self, number: int) -> Team:
        for team in self.teams:
            if team.number == number:
                return team
        raise KeyError(f"no team with pairing number {number}")

    def team_of_player(self) -> dict[int, int]:
        """Each rostered player's team."""
        return {player: team.number for team in self.teams for player in team.roster}

    def board_color(self, board: int, side: str) -> Color:
        """The colour of ``side`` (``"a"`` or ``"b"``) on ``board`` (1-based)."""
        sequence = (self.colors or DEFAULT_COLORS).upper()
        white_for_a = sequence[(board - 1) % len(sequence)] == "W"
        return Color.WHITE if white_for_a == (side == "a") else Color.BLACK

    def round(self, number: int) -> TeamRound:
        for team_round in self.rounds:
            if team_round.number == number:
                return team_round
        return TeamRound(number)

    def each_round(self) -> Iterator[TeamRound]:
        """Rounds 1…played, an empty round where the sheet has none."""
        for number in range(1, self.played_rounds + 1):
            yield self.round(number)
