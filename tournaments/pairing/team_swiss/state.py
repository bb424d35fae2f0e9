"""What the team Swiss engine needs to pair a round, and what it answers (C.04.6, 2026).

The competition's own choices the text leaves to its rules are part of the state:

* the primary score (1.2): match points (the default) or game points, and whether the other
  score is used to decide the first-team of a pair (4.2.2; by default it is);
* the kind of colour preferences (1.7): type A (the default), type B, or none at all;
* the initial-colour drawn by lot before round 1 (4.1);
* pairs of teams that must not meet (teams of the same club, as organisers ask), kept like
  [C1];
* an acceleration (C.04.7, "applicable to any Swiss Pairing System" unless it says otherwise):
  virtual points of the primary score, added to it for pairing only.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from tournaments.pairing.base import Pairing, PairingError
from tournaments.scoring.sheet import Color
from tournaments.scoring.teams.sheet import ByeKind, TeamSheet


class PrimaryScore(enum.Enum):
    """1.2: the score teams are paired on."""

    MATCH_POINTS = "MP"
    GAME_POINTS = "GP"

    @property
    def other(self) -> PrimaryScore:
        return PrimaryScore.GAME_POINTS if self is PrimaryScore.MATCH_POINTS else self.MATCH_POINTS


class ColourPreferences(enum.Enum):
    """1.7: how colour preferences are graded (type A unless the rules say otherwise)."""

    TYPE_A = "TYPEA"
    TYPE_B = "TYPEB"
    NONE = ""


REQUESTABLE = frozenset({ByeKind.FULL, ByeKind.HALF, ByeKind.ZERO})
"""The byes a team may ask for before a round is paired (record 240)."""


@dataclass(frozen=True)
class TeamSwissState:
    """The sheet of the rounds before ``round`` (later rounds are ignored) and the round's
    circumstances.

    ``requested_byes`` maps a team to the bye it asked for (full, half or zero points); the
    ``withdrawn`` teams (withdrawn, or absent without a bye) are not paired either.
    ``forbidden`` pairs must not meet. ``planned_rounds`` is the number of rounds of the event
    ([C7] and [C10] do not apply in the last two; type B treats the last round apart).
    """

    sheet: TeamSheet
    round: int
    planned_rounds: int | None = None
    requested_byes: Mapping[int, ByeKind] = field(default_factory=dict)
    withdrawn: frozenset[int] = frozenset()
    forbidden: tuple[tuple[int, int], ...] = ()
    initial_colour: Color = Color.WHITE
    primary: PrimaryScore = PrimaryScore.MATCH_POINTS
    secondary_for_colours: bool = True
    """4.2.2: the other score decides the first-team when the primary scores are equal."""
    preferences: ColourPreferences = ColourPreferences.TYPE_A
    accelerations: Mapping[int, tuple[Fraction, ...]] = field(default_factory=dict)
    """Virtual points of the primary score by TPN, one per round from round 1 (C.04.7, TRF
    record 250): the pairing score is the score plus the round's virtual points."""

    def __post_init__(self) -> None:
        if self.round < 1:
            raise PairingError(f"round {self.round} cannot be paired: rounds start at 1")
        for team, kind in self.requested_byes.items():
            if kind not in REQUESTABLE:
                raise PairingError(f"team {team}: the pairing-allocated bye cannot be requested")

    @property
    def to_pair(self) -> list[int]:
        """The teams to pair (or give the pairing-allocated bye), by TPN."""
        return sorted(
            team.number
            for team in self.sheet.teams
            if team.number not in self.requested_byes and team.number not in self.withdrawn
        )

    @property
    def last_round(self) -> bool:
        return self.planned_rounds is not None and self.round >= self.planned_rounds

    @property
    def in_last_two_rounds(self) -> bool:
        """[C7] and [C10] apply "with the exception of the last two rounds"."""
        return self.planned_rounds is not None and self.round >= self.planned_rounds - 1

    @classmethod
    def from_sheet(
        cls,
        sheet: TeamSheet,
        round_number: int,
        *,
        planned_rounds: int | None = None,
        forbidden: tuple[tuple[int, int], ...] = (),
        initial_colour: Color = Color.WHITE,
        primary: PrimaryScore = PrimaryScore.MATCH_POINTS,
        secondary_for_colours: bool = True,
        preferences: ColourPreferences = ColourPreferences.TYPE_A,
        accelerations: Mapping[int, tuple[Fraction, ...]] | None = None,
    ) -> TeamSwissState:
        """The state before ``round_number`` of ``sheet``: the byes the sheet records for that
        round are the requests and, for a round the sheet has played, a team in neither a
        match nor a bye was absent (not paired)."""
        team_round = sheet.round(round_number)
        requested = {b.team: b.kind for b in team_round.byes if b.kind in REQUESTABLE}
        absent: set[int] = set()
        if round_number <= sheet.played_rounds:
            absent = {
                t.number
                for t in sheet.teams
                if team_round.match_of(t.number) is None and team_round.bye_of(t.number) is None
            }
        return cls(
            sheet=sheet,
            round=round_number,
            planned_rounds=planned_rounds,
            requested_byes=requested,
            withdrawn=frozenset(absent),
            forbidden=forbidden,
            initial_colour=initial_colour,
            primary=primary,
            secondary_for_colours=secondary_for_colours,
            preferences=preferences,
            accelerations=accelerations or {},
        )

    def virtual_points(self, team: int, round_number: int) -> Fraction:
        """The virtual points ``team`` carries into round ``round_number``."""
        points = self.accelerations.get(team, ())
        return points[round_number - 1] if 0 < round_number <= len(points) else Fraction(0)


@dataclass(frozen=True)
class TeamPairing:
    """One round: ``matches`` as (the team with White on board 1, the other team) in table
    order, and the team given the pairing-allocated bye."""

    matches: tuple[tuple[int, int], ...]
    bye: int | None = None

    @property
    def pairing(self) -> Pairing:
        """The same round as the individual systems' :class:`Pairing` (teams for players)."""
        return Pairing(self.matches, (self.bye,) if self.bye is not None else ())

    @property
    def teams(self) -> list[int]:
        paired = [team for match in self.matches for team in match]
        return paired + ([self.bye] if self.bye is not None else [])
