"""The players of a Burstein round and what the rules ask of each: the colour history and
preference (C.04.4.2 articles 1.4-1.5, the same definitions as the Dutch System's, so the Dutch
package's :class:`~tournaments.pairing.dutch.players.Player` computes them), bye eligibility
([C2], C.04.1 article 4), the pairing score (points plus any virtual points, by which the
scoregroups of article 1.2 are formed) and the Index of article 1.7.

Article 1.8, the ranking order used inside a bracket, for the pairing-allocated bye and for the
colours: the Index (Buchholz, then Sonneborn-Berger), highest first, then the pairing number.
Scores are not part of it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from tournaments.pairing.base import PairingState
from tournaments.pairing.burstein.index import OppositionIndex, opposition_indexes
from tournaments.pairing.dutch.players import Player, bye_eligible, round_records, took_part
from tournaments.scoring.sheet import Color


@dataclass(frozen=True)
class BursteinPlayer:
    """A player to pair after the seeding rounds: ``base`` holds his history and colours."""

    base: Player
    index: OppositionIndex

    @property
    def start_rank(self) -> int:
        return self.base.start_rank

    @property
    def pairing_number(self) -> int:
        """The TPN: the place in the order of starting ranks of those taking part (C.04.2)."""
        return self.base.rank_index + 1

    @property
    def score(self) -> Fraction:
        """The pairing score: real points plus this round's virtual points."""
        return self.base.pairing_score()

    @property
    def preference(self) -> Color | None:
        return self.base.color_preference

    @property
    def absolute(self) -> bool:
        return self.base.absolute_preference

    @property
    def strength(self) -> int:
        """Article 1.5: 3 absolute, 2 strong, 1 mild, 0 none (no game played yet)."""
        if self.preference is None:
            return 0
        if self.absolute:
            return 3
        return 2 if self.base.strong_preference else 1

    @property
    def played_games(self) -> int:
        return self.base.played_games

    @property
    def bye_eligible(self) -> bool:
        return self.base.bye_eligible

    def played_colours(self) -> list[Color]:
        return [r.color for r in self.base.history if r.played and r.color is not None]

    def ranking_key(self) -> tuple[Fraction, Fraction, int]:
        """Article 1.8: sorts the highest Index first, then the lowest pairing number."""
        return (-self.index.buchholz, -self.index.sonneborn_berger, self.base.rank_index)


@dataclass(frozen=True)
class RoundFacts:
    """What the criteria need of the round besides the players."""

    forbidden: frozenset[frozenset[int]]
    """[C1]: pairs that have played each other already, or may not meet (``XXP``/260)."""
    initial_color: Color


def ranked(players: Sequence[BursteinPlayer]) -> list[BursteinPlayer]:
    """The players in the order of article 1.8."""
    return sorted(players, key=BursteinPlayer.ranking_key)


def round_players(
    state: PairingState, accelerations: Mapping[int, Sequence[Fraction]]
) -> tuple[list[BursteinPlayer], RoundFacts]:
    """The players to pair in ``state.round`` in the order of article 1.8, and the round's
    facts."""
    sheet, number = state.sheet, state.round
    points = sheet.points
    to_pair = set(state.to_pair)
    taking_part = sorted(
        (p for p in sheet.players if p.start_rank in to_pair or took_part(p, number)),
        key=lambda p: p.start_rank,
    )
    numbers = {p.start_rank: i for i, p in enumerate(taking_part)}
    indexes = opposition_indexes({p.start_rank: p for p in sheet.players}, number, points)
    players = []
    for sheet_player in sheet.players:
        rank = sheet_player.start_rank
        if rank not in to_pair:
            continue
        history = round_records(sheet_player, number, points)
        base = Player(
            start_rank=rank,
            rank_index=numbers[rank],
            history=history,
            score=sum((r.points for r in history), Fraction(0)),
            accelerations=tuple(accelerations.get(rank, ())),
            bye_eligible=bye_eligible(sheet_player, number, points),
        )
        players.append(BursteinPlayer(base=base, index=indexes[rank]))
    forbidden = {frozenset(pair) for pair in state.forbidden}
    for player in players:
        for record in player.base.history:
            if record.played and record.opponent is not None:
                forbidden.add(frozenset((player.start_rank, record.opponent)))
    return ranked(players), RoundFacts(frozenset(forbidden), state.initial_color)
