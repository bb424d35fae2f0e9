"""What the Dutch rules need to know of each player before a round: score (with
acceleration), colour history and preference (C.04.3 article 1.6), floats (1.4), and whether
the pairing-allocated bye may go to him (C.04.1 article 3 as applied from 1 July 2025).

Only the rounds before the one to pair are read.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from tournaments.scoring.sheet import Color, Outcome, PlayerSheet, PointSystem


class Float(enum.Enum):
    """How a player floated in an earlier round (article 1.4)."""

    DOWN = "down"
    UP = "up"
    NONE = "none"


def opposite(color: Color) -> Color:
    return Color.BLACK if color is Color.WHITE else Color.WHITE


@dataclass(frozen=True)
class RoundRecord:
    """One earlier round of a player, as the pairing rules see it."""

    played: bool
    """A game over the board (forfeits and byes are not)."""
    opponent: int | None
    color: Color | None
    points: Fraction


@dataclass
class Player:
    """A player to be paired, with everything the criteria and colour rules ask of him.

    ``rank_index`` counts from 0 in the order of pairing numbers among the players who take
    part in the pairing (article 1.2.2: the pairing number breaks ties of score).
    """

    start_rank: int
    rank_index: int
    history: Sequence[RoundRecord]
    score: Fraction
    """Real points before the round."""
    accelerations: Sequence[Fraction]
    """Virtual points per round (index 0 is round 1), C.04.5; empty without acceleration."""
    bye_eligible: bool
    color_imbalance: int = 0
    """|games with white - games with black| (article 1.6.1: the colour difference)."""
    color_preference: Color | None = None
    repeated_color: Color | None = None
    """The colour of the last two games when they were the same (an absolute preference)."""
    strong_preference: bool = False
    played_games: int = 0
    current_score: Fraction = Fraction(0)
    """The score for this round's pairing: real points plus this round's virtual points."""
    floats: tuple[Float, ...] = ()
    """The floats of the previous round and the one before (article 1.4), once known."""
    score_units: int = 0
    """``current_score`` counted in the round's smallest point unit (half-points in a 1-½-0
    event), once known: an integer, because the criteria compare and look up the scores of
    every pair of a bracket, which Fractions made a third of a round's pairing time."""

    def __post_init__(self) -> None:
        whites = blacks = streak = 0
        last: Color | None = None
        for record in self.history:
            if not record.played or record.color is None:
                continue
            self.played_games += 1
            if record.color is Color.WHITE:
                whites += 1
            else:
                blacks += 1
            streak = streak + 1 if record.color is last else 1
            last = record.color
        fewer = Color.BLACK if whites > blacks else Color.WHITE
        self.color_imbalance = abs(whites - blacks)
        if self.color_imbalance > 1:
            self.color_preference = fewer
        elif streak > 1 and last is not None:
            self.color_preference = opposite(last)
        elif self.color_imbalance > 0:
            self.color_preference = fewer
        elif last is not None:
            self.color_preference = opposite(last)
        self.repeated_color = last if streak > 1 else None
        self.strong_preference = not self.absolute_preference and self.color_imbalance > 0
        self.current_score = self.score + self.acceleration(len(self.history))

    @property
    def absolute_imbalance(self) -> bool:
        """Colour difference above +1 or below -1 (article 1.6.2.1)."""
        return self.color_imbalance > 1

    @property
    def absolute_preference(self) -> bool:
        """Article 1.6.2.1: colour difference beyond ±1, or the same colour twice running."""
        return self.absolute_imbalance or self.repeated_color is not None

    def acceleration(self, round_index: int) -> Fraction:
        """Virtual points for the round with 0-based index ``round_index``."""
        if round_index < len(self.accelerations):
            return self.accelerations[round_index]
        return Fraction(0)

    def pairing_score(self, rounds_back: int = 0) -> Fraction:
        """The score used for pairing, ``rounds_back`` rounds before the current one: real
        points then, plus that round's virtual points."""
        if rounds_back == 0:
            return self.current_score
        played = len(self.history)
        score = self.score - sum(
            (r.points for r in self.history[played - rounds_back :]), Fraction(0)
        )
        return score + self.acceleration(played - rounds_back)


def round_records(
    sheet_player: PlayerSheet, before_round: int, points: PointSystem
) -> list[RoundRecord]:
    """The player's rounds 1 .. ``before_round - 1`` (a missing round is an absence)."""
    entries = {e.round: e for e in sheet_player.rounds}
    records = []
    for number in range(1, before_round):
        entry = entries.get(number)
        if entry is None:
            records.append(RoundRecord(False, None, None, points.zero_bye))
            continue
        outcome = entry.outcome
        if outcome is Outcome.NOT_PAIRED and entry.opponent is not None:
            outcome = Outcome.DRAW  # a game whose result is missing counts as a draw
        played = outcome.played and entry.opponent is not None
        records.append(
            RoundRecord(
                played=played,
                opponent=entry.opponent,
                color=entry.color if played else None,
                points=points.points(outcome),
            )
        )
    return records


def bye_eligible(sheet_player: PlayerSheet, before_round: int, points: PointSystem) -> bool:
    """C.04.1 article 3 (from 1 July 2025): no pairing-allocated bye for a player who already
    had one, or who already scored, without playing, as many points as a win gives."""
    for entry in sheet_player.rounds:
        if entry.round >= before_round or entry.outcome.played:
            continue
        if entry.outcome is Outcome.NOT_PAIRED and entry.opponent is not None:
            continue
        if entry.outcome is Outcome.PAIRING_BYE or points.points(entry.outcome) >= points.win:
            return False
    return True


def took_part(sheet_player: PlayerSheet, before_round: int) -> bool:
    """Whether the player was ever in a pairing: a game (even forfeited), the pairing-allocated
    bye, or a forfeit win without an opponent."""
    return any(
        e.round < before_round
        and (e.opponent is not None or e.outcome in (Outcome.PAIRING_BYE, Outcome.FORFEIT_WIN))
        for e in sheet_player.rounds
    )


def accelerations_of(
    table: Mapping[int, Sequence[Fraction]], start_rank: int
) -> Sequence[Fraction]:
    return table.get(start_rank, ())
