"""The outcome sheet: what happened to each player in each round.

Everything in the scoring package — points, tie-breaks, standings, rating changes — is
derived from a :class:`TournamentSheet`. The Django models, the TRF reader and the API all
produce one; none of them computes scores themselves.

Points are exact: :class:`fractions.Fraction`, never float.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from fractions import Fraction


class Color(enum.Enum):
    WHITE = "w"
    BLACK = "b"

    # Members are singletons compared by identity, so the identity hash is consistent with
    # equality; Enum's own hashes the name in Python, which the tie-breaks' many dictionary
    # and set look-ups by outcome and colour paid for on every round of every player.
    __hash__ = object.__hash__


class Outcome(enum.Enum):
    """One player's round, with its TRF16 result code as value."""

    WIN = "1"
    DRAW = "="
    LOSS = "0"
    FORFEIT_WIN = "+"
    """Won by forfeit (the opponent did not play): counts as unplayed for tie-breaks."""
    FORFEIT_LOSS = "-"
    """Lost by forfeit, or absent without a pairing."""
    UNRATED_WIN = "W"
    """Won a game of less than one move: played, but not rated."""
    UNRATED_DRAW = "D"
    UNRATED_LOSS = "L"
    HALF_BYE = "H"
    """Half-point bye asked for by the player."""
    FULL_BYE = "F"
    """Full-point bye (not the pairing-allocated one)."""
    ZERO_BYE = "Z"
    """Zero-point bye: absent by notice, or withdrawn."""
    PAIRING_BYE = "U"
    """Pairing-allocated bye (PAB): the player could not be paired."""
    ADJOURNED = "X"
    """An adjourned game not yet decided: a draw for pairing, pending for final standings."""
    NOT_PAIRED = " "
    """No entry for the round (not yet played, late entry, withdrawn)."""

    __hash__ = object.__hash__  # as Color's

    @property
    def played(self) -> bool:
        """A game played over the board (tie-breaks treat unplayed rounds apart)."""
        return self in _PLAYED


_PLAYED = frozenset(
    {
        Outcome.WIN,
        Outcome.DRAW,
        Outcome.LOSS,
        Outcome.UNRATED_WIN,
        Outcome.UNRATED_DRAW,
        Outcome.UNRATED_LOSS,
        Outcome.ADJOURNED,
    }
)


@dataclass(frozen=True)
class PointSystem:
    """Points per outcome. The default is the FIDE 1 / ½ / 0 with a PAB worth a win."""

    win: Fraction = Fraction(1)
    draw: Fraction = Fraction(1, 2)
    loss: Fraction = Fraction(0)
    pairing_bye: Fraction = Fraction(1)
    half_bye: Fraction = Fraction(1, 2)
    full_bye: Fraction = Fraction(1)
    zero_bye: Fraction = Fraction(0)
    forfeit_win: Fraction = Fraction(1)
    forfeit_loss: Fraction = Fraction(0)

    def points(self, outcome: Outcome) -> Fraction:
        return {
            Outcome.WIN: self.win,
            Outcome.UNRATED_WIN: self.win,
            Outcome.DRAW: self.draw,
            Outcome.UNRATED_DRAW: self.draw,
            Outcome.ADJOURNED: self.draw,
            Outcome.LOSS: self.loss,
            Outcome.UNRATED_LOSS: self.loss,
            Outcome.FORFEIT_WIN: self.forfeit_win,
            Outcome.FORFEIT_LOSS: self.forfeit_loss,
            Outcome.HALF_BYE: self.half_bye,
            Outcome.FULL_BYE: self.full_bye,
            Outcome.ZERO_BYE: self.zero_bye,
            Outcome.PAIRING_BYE: self.pairing_bye,
            Outcome.NOT_PAIRED: self.zero_bye,
        }[outcome]


@dataclass(frozen=True, init=False)
class RoundEntry:
    """One player's round: the opponent's starting rank (``None`` if unpaired), colour, outcome."""

    round: int
    outcome: Outcome
    opponent: int | None = None
    color: Color | None = None

    def __init__(
        self, round: int, outcome: Outcome, opponent: int | None = None, color: Color | None = None
    ) -> None:
        # The generated constructor of a frozen dataclass sets each field through
        # object.__setattr__; a 1,000-player event's sheet has 11,000 entries, built on every
        # uncached standings read, and writing the fields at once costs half as much. The
        # instance is as frozen as ever: assigning a field still raises.
        fields = self.__dict__
        fields["round"], fields["outcome"] = round, outcome
        fields["opponent"], fields["color"] = opponent, color


@dataclass(frozen=True)
class PlayerSheet:
    """A player and his rounds, identified by starting rank (TPN)."""

    start_rank: int
    name: str
    rating: int = 0
    """The official rating of the event's rate of play, used for rating changes; 0 when
    unrated."""
    tiebreak_rating: int | None = None
    """The rating the rating-based tie-breaks use: the tournament rating (its lists and
    rating method, FIDE checklist C22); 0 when unrated, ``None``: :attr:`rating`."""
    later_ratings: tuple[tuple[int, int], ...] = ()
    """``(round, rating)``, rounds ascending: in an event over 30 days that spans rating
    lists (FIDE checklist C23), the rating in force from that round on, replacing both
    ratings above until the next one."""
    external: Fraction | None = None
    """A tie-break value from outside the games (FIDE checklist I47): a play-off score, say,
    that the arbiter enters or imports; tie-break EXT ranks by it. ``None``: not given."""
    title: str = ""
    federation: str = ""
    fide_id: str = ""
    sex: str = ""
    birth: str = ""
    rounds: Sequence[RoundEntry] = ()
    withdrawn_after: int | None = None
    """The last round the player took part in, when he withdrew."""

    @property
    def rating_for_tiebreaks(self) -> int:
        """The first rating the tie-breaks use: :attr:`tiebreak_rating` when given, else
        :attr:`rating` (0: unrated)."""
        return self.rating if self.tiebreak_rating is None else self.tiebreak_rating

    def _later_rating(self, round_number: int) -> int | None:
        found = None
        for start, rating in self.later_ratings:
            if start <= round_number:
                found = rating
        return found

    def rating_in_round(self, round_number: int) -> int:
        """The official rating a game of that round is rated with (C23: the later rating
        in force then, else :attr:`rating`)."""
        later = self._later_rating(round_number)
        return self.rating if later is None else later

    def tiebreak_rating_in_round(self, round_number: int) -> int:
        """The tie-break rating in force in that round (C23), else the first one."""
        later = self._later_rating(round_number)
        return self.rating_for_tiebreaks if later is None else later

    def entry(self, round_number: int) -> RoundEntry:
        """The player's entry for a round (``NOT_PAIRED`` if there is none)."""
        for entry in self.rounds:
            if entry.round == round_number:
                return entry
        return RoundEntry(round=round_number, outcome=Outcome.NOT_PAIRED)


@dataclass(frozen=True)
class TournamentSheet:
    """A whole event's outcome sheet, as the scoring functions see it."""

    name: str
    rounds: int
    """The number of rounds played so far (or scheduled, for a finished event)."""
    players: Sequence[PlayerSheet]
    points: PointSystem = field(default_factory=PointSystem)
    start_date: date | None = None
    """Selects the tie-break regulations in force (FIDE changed them on 2026-03-01)."""
    extra: Mapping[str, str] = field(default_factory=dict)

    def player(self, start_rank: int) -> PlayerSheet:
        for player in self.players:
            if player.start_rank == start_rank:
                return player
        raise KeyError(f"no player with starting rank {start_rank}")
