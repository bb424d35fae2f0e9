"""What the Dubov rules need to know of each player before a round (C.04.4.1 article 1): the
score (with virtual points, C.04.5), the colour preference (1.6), the average rating of the
opponents (ARO, 1.7), the upfloats (1.8) and whether the pairing-allocated bye may go to him
(C.04.1, read as the Dutch engine reads it).

Only the rounds before the one to pair are read. The round records, bye eligibility and who
took part come from :mod:`tournaments.pairing.dutch.players`: they are the same for every
FIDE Swiss system.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from tournaments.pairing.base import PairingState
from tournaments.pairing.dutch.players import (
    RoundRecord,
    bye_eligible,
    opposite,
    round_records,
    took_part,
)
from tournaments.scoring.sheet import Color


class Strength(enum.IntEnum):
    """How strongly a player wants his colour (article 1.6); stronger compares greater."""

    MILD = 1
    STRONG = 2
    ABSOLUTE = 3


@dataclass(frozen=True)
class Preference:
    """A colour preference (the due colour) and its strength."""

    color: Color
    strength: Strength


def colour_preference(colours: Sequence[Color]) -> Preference:
    """Article 1.6, from the colours of the games played (unplayed rounds do not count).

    1.6.1 absolute: colour difference beyond ±1, or the same colour in the last two games
    (the difference decides when both apply); 1.6.2 strong: difference ±1; 1.6.3 mild:
    difference 0, the other colour than in the last game; 1.6.4 a player who has played no
    game has a mild preference for black.
    """
    if not colours:
        return Preference(Color.BLACK, Strength.MILD)
    difference = sum(1 if c is Color.WHITE else -1 for c in colours)
    repeated = len(colours) > 1 and colours[-1] is colours[-2]
    # The colour difference decides; with none, the other colour than last time.
    due = (Color.BLACK if difference > 0 else Color.WHITE) if difference else opposite(colours[-1])
    if abs(difference) > 1 or repeated:
        return Preference(due, Strength.ABSOLUTE)
    if difference:
        return Preference(due, Strength.STRONG)
    return Preference(due, Strength.MILD)


def average_rating(ratings: Sequence[int]) -> int:
    """Article 1.7: the ratings of the opponents met over the board, averaged and rounded to
    the nearest integer (half up); 0 before the first game."""
    if not ratings:
        return 0
    return (2 * sum(ratings) + len(ratings)) // (2 * len(ratings))


def max_upfloats(planned_rounds: int) -> int:
    """Article 1.8.2: MaxT = 2 + [Rnds / 5], the number of upfloats that makes a player a
    maximum upfloater."""
    return 2 + planned_rounds // 5


@dataclass(frozen=True)
class DubovPlayer:
    """A player to pair. ``rank_index`` counts from 0 in the order of pairing numbers among
    the players who take part (his TPN less one); ``score`` is the pairing score: real
    points plus this round's virtual points."""

    start_rank: int
    rank_index: int
    score: Fraction
    preference: Preference
    colours: tuple[Color, ...]
    """The colours of his played games, in order."""
    aro: int
    upfloats: int
    upfloated_last_round: bool
    maximum_upfloater: bool
    bye_eligible: bool
    opponents: frozenset[int]
    """Those he met over the board (article 2.1.1, C1)."""

    @property
    def played_games(self) -> int:
        return len(self.colours)

    @property
    def tpn(self) -> int:
        return self.rank_index + 1

    def ranks_above(self, other: DubovPlayer) -> bool:
        """Higher ranked: more points or, with equal points, the smaller TPN."""
        return (self.score, -self.rank_index) > (other.score, -other.rank_index)


def scores_by_round(history: Sequence[RoundRecord], virtual: Sequence[Fraction]) -> list[Fraction]:
    """The pairing score before each round 1 .. len(history) + 1: real points so far plus
    that round's virtual points."""
    scores, points = [], Fraction(0)
    for index in range(len(history) + 1):
        extra = virtual[index] if index < len(virtual) else Fraction(0)
        scores.append(points + extra)
        if index < len(history):
            points += history[index].points
    return scores


def round_players(
    state: PairingState, accelerations: Mapping[int, Sequence[Fraction]]
) -> list[DubovPlayer]:
    """The players to pair, best score first then by TPN."""
    sheet, number = state.sheet, state.round
    to_pair = set(state.to_pair)
    taking_part = sorted(
        p.start_rank for p in sheet.players if p.start_rank in to_pair or took_part(p, number)
    )
    index = {rank: i for i, rank in enumerate(taking_part)}
    histories = {p.start_rank: round_records(p, number, sheet.points) for p in sheet.players}
    scores = {
        rank: scores_by_round(history, accelerations.get(rank, ()))
        for rank, history in histories.items()
    }
    ratings = {p.start_rank: p.rating for p in sheet.players}
    limit = max_upfloats(max(state.planned_rounds or 0, number))
    players = []
    for rank in sorted(to_pair):
        history = histories[rank]
        played = [r for r in history if r.played and r.opponent is not None]
        upfloated = [
            r.played and r.opponent is not None and scores[r.opponent][i] > scores[rank][i]
            for i, r in enumerate(history)
        ]
        players.append(
            DubovPlayer(
                start_rank=rank,
                rank_index=index[rank],
                score=scores[rank][-1],
                preference=colour_preference([r.color for r in played if r.color is not None]),
                colours=tuple(r.color for r in played if r.color is not None),
                aro=average_rating([ratings.get(r.opponent, 0) for r in played if r.opponent]),
                upfloats=sum(upfloated),
                upfloated_last_round=bool(upfloated) and upfloated[-1],
                maximum_upfloater=sum(upfloated) >= limit,
                bye_eligible=bye_eligible(sheet.player(rank), number, sheet.points),
                opponents=frozenset(r.opponent for r in played if r.opponent is not None),
            )
        )
    players.sort(key=lambda p: (-p.score, p.rank_index))
    return players
