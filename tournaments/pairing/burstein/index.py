"""The Opposition Evaluation Index (C.04.4.2 article 1.7) and the ranking order it gives
(article 1.8).

1.7.1: the Index is Buchholz (the sum of the current scores of the opponents met), then
Sonneborn-Berger (the sum, over the opponents, of the points scored against each times that
opponent's current score).

1.7.2, unplayed rounds: a round the player did not play over the board (a bye, an absence, a
forfeit) counts as a game against himself with the points it gave him: his own current score
enters his Buchholz, and those points times it his Sonneborn-Berger. The exception: a player
whose last rounds are a run of zero-point byes (absent by notice, withdrawn) counts each of
them as a draw in the score his over-the-board opponents are credited with.

Scores here are the standings' points: virtual points of an accelerated event never enter.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from tournaments.scoring.sheet import Outcome, PlayerSheet, PointSystem


@dataclass(frozen=True, order=True)
class OppositionIndex:
    """Article 1.7.1: Buchholz, then Sonneborn-Berger; compared in that order."""

    buchholz: Fraction
    sonneborn_berger: Fraction

    def describe(self) -> str:
        return f"BH {float(self.buchholz):g}, SB {float(self.sonneborn_berger):g}"


def _entries(player: PlayerSheet, before_round: int) -> list[tuple[int | None, bool, Outcome]]:
    """Rounds 1 .. before_round-1: (opponent, played over the board, outcome); a round without
    an entry is an absence (a zero-point bye)."""
    by_round = {e.round: e for e in player.rounds}
    rounds: list[tuple[int | None, bool, Outcome]] = []
    for number in range(1, before_round):
        entry = by_round.get(number)
        if entry is None:
            rounds.append((None, False, Outcome.ZERO_BYE))
            continue
        outcome = entry.outcome
        if outcome is Outcome.NOT_PAIRED and entry.opponent is not None:
            outcome = Outcome.DRAW  # a game whose result is missing counts as a draw
        played = outcome.played and entry.opponent is not None
        rounds.append((entry.opponent, played, outcome))
    return rounds


def _is_zero_point_bye(opponent: int | None, outcome: Outcome) -> bool:
    return opponent is None and outcome in (Outcome.ZERO_BYE, Outcome.NOT_PAIRED)


def opponents_view(
    player: PlayerSheet, before_round: int, points: PointSystem
) -> tuple[Fraction, Fraction]:
    """The player's current score, and the score his over-the-board opponents are credited
    with (1.7.2's exception: his trailing zero-point byes as draws)."""
    rounds = _entries(player, before_round)
    score = sum((points.points(outcome) for _, _, outcome in rounds), Fraction(0))
    seen = score
    for opponent, _, outcome in reversed(rounds):
        if not _is_zero_point_bye(opponent, outcome):
            break
        seen += points.draw - points.points(outcome)
    return score, seen


def opposition_indexes(
    players: Mapping[int, PlayerSheet], before_round: int, points: PointSystem
) -> dict[int, OppositionIndex]:
    """Article 1.7 for every player of the sheet, by starting rank."""
    views = {rank: opponents_view(p, before_round, points) for rank, p in players.items()}
    indexes = {}
    for rank, player in players.items():
        own = views[rank][0]
        buchholz = sonneborn = Fraction(0)
        for opponent, played, outcome in _entries(player, before_round):
            scored = points.points(outcome)
            # 1.7.2: an unplayed round is a game against himself.
            other = views[opponent][1] if played and opponent in views else own
            buchholz += other
            sonneborn += scored * other
        indexes[rank] = OppositionIndex(buchholz, sonneborn)
    return indexes
