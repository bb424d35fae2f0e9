"""Rating changes: FIDE's (Handbook B.02) and the online room's two tables.

FIDE: each game against a rated opponent changes a rated player's rating by
K × (score − expected score), the expected score read from table 8.1b with a rating
difference of more than 400 points counted as 400. K is 40, 20 or 10 by the player's
history (:func:`fide_k_factor`). The performance rating is C.07's TPR (rounded average rating
of the opponents plus dp of the percentage score, table 8.1a).

Online (the ``online`` ruleset's rating tables, in whole or tenth points): see
:func:`online_rating_changes`.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from tournaments.scoring.fide_tables import (
    RATING_DIFFERENCE_CAP,
    dp_for_score,
    expected_score,
    round_half_up,
)
from tournaments.scoring.points import check_sheet, rounds_of
from tournaments.scoring.sheet import Outcome, TournamentSheet

_RATED_SCORE = {Outcome.WIN: Fraction(1), Outcome.DRAW: Fraction(1, 2), Outcome.LOSS: Fraction(0)}


@dataclass(frozen=True)
class RatedGame:
    """A game that counts for rating: the opponent's rating and the player's score (1, ½, 0)."""

    opponent_rating: int
    score: Fraction
    round: int = 0
    opponent: int = 0
    """The round and the opponent's starting rank (0: not given)."""
    rating: int = 0
    """The player's own rating in that round when it differs from his first (an event over
    30 days, FIDE checklist C23); 0: his first rating."""


class RateOfPlay(enum.Enum):
    STANDARD = "standard"
    RAPID = "rapid"
    BLITZ = "blitz"


def fide_k_factor(
    *,
    rating: int,
    rated_games: int,
    under_18: bool,
    reached_2400: bool,
    rate_of_play: RateOfPlay = RateOfPlay.STANDARD,
    games_this_period: int | None = None,
) -> int:
    """The development coefficient K (B.02 8.3.3).

    40 for a player with fewer than 30 rated games, and for a player under 18 rated below 2300;
    10 for a player whose published rating has ever reached 2400; 20 otherwise. Rapid and blitz
    use 20. When K times the games of the rating period exceeds 700, K drops to the largest whole
    number keeping the product at 700 or below.
    """
    if rate_of_play is not RateOfPlay.STANDARD:
        k = 20
    elif rated_games < 30 or (under_18 and rating < 2300):
        k = 40
    elif reached_2400:
        k = 10
    else:
        k = 20
    if games_this_period and k * games_this_period > 700:
        k = 700 // games_this_period
    return k


def fide_expected_score(rating: int, opponent_rating: int) -> Fraction:
    """The expected score for rating purposes (table 8.1b, the 400-point rule applied)."""
    return expected_score(rating, opponent_rating, cap=RATING_DIFFERENCE_CAP)


def fide_rating_change(rating: int, games: Sequence[RatedGame], k: int) -> Fraction:
    """K × Σ (score − expected score), exact (FIDE rounds only the new rating)."""
    return k * sum(
        (
            game.score - fide_expected_score(game.rating or rating, game.opponent_rating)
            for game in games
        ),
        Fraction(0),
    )


def performance_rating(games: Sequence[RatedGame]) -> int | None:
    """TPR (C.07): the rounded average rating of the opponents plus dp of the score."""
    if not games:
        return None
    average = round_half_up(Fraction(sum(g.opponent_rating for g in games), len(games)))
    score = sum((g.score for g in games), Fraction(0))
    return average + dp_for_score(score, len(games))


def rated_games(sheet: TournamentSheet) -> dict[int, list[RatedGame]]:
    """Each rated player's games against rated opponents, decided over the board.

    Forfeits, byes, games of less than one move (``W``/``D``/``L``) and adjourned games do not
    count for rating. Each game is rated with the ratings in force in its round (C23).
    """
    players = check_sheet(sheet)
    games: dict[int, list[RatedGame]] = {}
    for number, player in players.items():
        if player.rating <= 0:
            continue
        games[number] = [
            RatedGame(
                players[entry.opponent].rating_in_round(entry.round),
                _RATED_SCORE[entry.outcome],
                entry.round,
                entry.opponent,
                _later(player.rating_in_round(entry.round), player.rating),
            )
            for entry in rounds_of(player, sheet.rounds)
            if entry.outcome in _RATED_SCORE and entry.opponent is not None
            if players[entry.opponent].rating > 0
        ]
    return games


def _later(rating: int, first: int) -> int:
    """A game's own rating as :class:`RatedGame` keeps it: 0 when it is the first."""
    return 0 if rating == first else rating


def fide_rating_changes(
    sheet: TournamentSheet, k_factors: Mapping[int, int]
) -> dict[int, Fraction]:
    """Each rated player's rating change in the event, K given per starting rank."""
    missing = sorted(set(rated_games(sheet)) - set(k_factors))
    if missing:
        raise ValueError(f"no K factor given for players {missing}")
    ratings = {player.start_rank: player.rating for player in sheet.players}
    return {
        number: fide_rating_change(ratings[number], games, k_factors[number])
        for number, games in rated_games(sheet).items()
    }


# ---- the online room ---------------------------------------------------------------------


class OnlineRatingTable(enum.Enum):
    """The online chess room's two published rating-change rules."""

    DIFFERENCE_TENTHS = "difference_tenths"
    """The first: under 100 points apart the winner gains 10 ∓ d/10 and a draw moves d/10 to
    the lower-rated; 100–199 apart one point moves; 200 or more apart nothing changes."""
    BANDS = "bands"
    """The later one: fixed amounts by bands of the difference (under 10, 10–99, 100–199, 200+)."""


def online_rating_changes(
    rating: int, opponent_rating: int, score: Fraction, table: OnlineRatingTable
) -> tuple[Fraction, Fraction]:
    """The changes ``(player, opponent)`` after a game the player scored ``score`` (1, ½, 0) in.

    The loser loses what the winner gains. The draw of the later table follows its text: within
    10 points both players gain 1; from 10 points up the lower-rated gains what the higher-rated
    loses (5, then 10 from 100 points).
    """
    if score not in (0, Fraction(1, 2), 1):
        raise ValueError(f"a game scores 1, ½ or 0, not {score}")
    if score == 0:
        opponent_change, change = online_rating_changes(opponent_rating, rating, Fraction(1), table)
        return change, opponent_change
    difference = abs(rating - opponent_rating)
    if score == 1:
        gain = _online_win(difference, winner_higher=rating >= opponent_rating, table=table)
        return gain, -gain
    if table is OnlineRatingTable.BANDS and difference < 10:
        return Fraction(1), Fraction(1)
    moved = _online_draw(difference, table)
    if rating == opponent_rating:
        return Fraction(0), Fraction(0)
    return (moved, -moved) if rating < opponent_rating else (-moved, moved)


def _online_win(difference: int, *, winner_higher: bool, table: OnlineRatingTable) -> Fraction:
    if table is OnlineRatingTable.DIFFERENCE_TENTHS:
        if difference >= 200:
            return Fraction(0)
        if difference >= 100:
            return Fraction(1)
        tenth = Fraction(difference, 10)
        return 10 - tenth if winner_higher else 10 + tenth
    if difference < 10:
        return Fraction(10)
    if winner_higher:
        return Fraction(5 if difference < 100 else 3 if difference < 200 else 1)
    return Fraction(15 if difference < 100 else 20)


def _online_draw(difference: int, table: OnlineRatingTable) -> Fraction:
    if table is OnlineRatingTable.DIFFERENCE_TENTHS:
        if difference >= 200:
            return Fraction(0)
        return Fraction(1) if difference >= 100 else Fraction(difference, 10)
    return Fraction(5 if difference < 100 else 10)


def online_abandonment_changes(
    leaver_rating: int,
    stayer_rating: int,
    moves: int,
    table: OnlineRatingTable,
    *,
    multiplier: int = 3,
    draw_after_moves: int = 25,
) -> tuple[Fraction, Fraction]:
    """Leaving a game: the leaver loses ``multiplier`` times what a loss would cost him; after
    ``draw_after_moves`` moves the remaining player is scored as for a draw (the room's rule);
    before that as for a win (the rule says nothing else). Returns ``(leaver, stayer)``."""
    stayer_score = Fraction(1, 2) if moves > draw_after_moves else Fraction(1)
    loss, _ = online_rating_changes(leaver_rating, stayer_rating, Fraction(0), table)
    stayer_change, _ = online_rating_changes(stayer_rating, leaver_rating, stayer_score, table)
    return multiplier * loss, stayer_change
