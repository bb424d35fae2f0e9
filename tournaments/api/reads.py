"""Reads the API shapes from the scoring sheet: a player's colours, floats and opponents, and
the crosstable. Scores come from the scoring package; nothing is recomputed here."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from tournaments.scoring.sheet import Outcome, PlayerSheet, TournamentSheet
from tournaments.scoring.standings import Standings, TieBreakValue, format_points
from tournaments.scoring.tiebreaks import Value

# A round without a game that the Dutch rules count as a downfloat (C.04.3 A.4).
_FLOAT_DOWN_WITHOUT_GAME = frozenset({Outcome.PAIRING_BYE, Outcome.FORFEIT_WIN})


def scores_before(sheet: TournamentSheet) -> dict[int, list[Fraction]]:
    """Each player's score before each round (index 0: before round 1)."""
    scores = {}
    for player in sheet.players:
        running, by_round = Fraction(0), []
        outcomes = {entry.round: entry.outcome for entry in player.rounds}
        for number in range(1, sheet.rounds + 1):
            by_round.append(running)
            running += sheet.points.points(outcomes.get(number, Outcome.NOT_PAIRED))
        by_round.append(running)
        scores[player.start_rank] = by_round
    return scores


def player_history(sheet: TournamentSheet, player: PlayerSheet) -> dict[str, Any]:
    """What a Swiss pairing program needs of a player: colours, floats, opponents, by round."""
    scores = scores_before(sheet)
    rounds, floats = [], []
    for entry in sorted(player.rounds, key=lambda e: e.round):
        before = scores[player.start_rank][entry.round - 1]
        float_ = None
        if entry.opponent is not None and entry.outcome.played:
            theirs = scores[entry.opponent][entry.round - 1]
            float_ = "up" if theirs > before else "down" if theirs < before else None
        elif entry.opponent is None and entry.outcome in _FLOAT_DOWN_WITHOUT_GAME:
            float_ = "down"
        floats.append(float_[0] if float_ else "-")
        rounds.append(
            {
                "round": entry.round,
                "outcome": entry.outcome.value,
                "opponent": entry.opponent,
                "color": entry.color.value if entry.color else None,
                "float": float_,
                "points_before": format_points(before),
            }
        )
    return {
        "start_rank": player.start_rank,
        "name": player.name,
        "points": format_points(scores[player.start_rank][-1]),
        "colors": "".join(r["color"] for r in rounds if r["color"] and _played(r["outcome"])),
        "floats": "".join(floats),
        "opponents": [r["opponent"] for r in rounds if r["opponent"] is not None],
        "rounds": rounds,
    }


def _played(code: str) -> bool:
    return Outcome(code).played


def standings_data(standings: Standings, after_round: int) -> dict[str, Any]:
    names = [spec.name for spec in standings.tiebreaks]
    # A thousand players share a few hundred values of each tie-break, and printing one
    # (exact decimals, rounded half up) costs Fraction arithmetic: each is shown once.
    shown: dict[tuple[int, Value], dict[str, Any]] = {}

    def show(index: int, value: TieBreakValue) -> dict[str, Any]:
        key = (index, value.value)
        found = shown.get(key)
        if found is None:
            found = shown[key] = {
                "name": names[index],
                "value": None if value.value is None else str(value.value),
                "display": value.display,
            }
        return found

    return {
        "after_round": after_round,
        "final": standings.final,
        "tiebreaks": names,
        "pending": [list(game) for game in standings.pending],
        "rows": [
            {
                "place": row.place,
                "rank": row.rank,
                "rank_to": row.rank_to,
                "start_rank": row.start_rank,
                "name": row.name,
                "left_after_round": row.withdrawn_after,
                "excluded": row.excluded.value if row.excluded else None,
                "points": row.points_display,
                "tiebreaks": [show(index, value) for index, value in enumerate(row.tiebreaks)],
            }
            for row in standings.rows
        ],
    }


def crosstable_data(sheet: TournamentSheet, standings: Standings) -> dict[str, Any]:
    """The standings rows, each with the player's details and his rounds."""
    data = standings_data(standings, sheet.rounds)
    players = {player.start_rank: player for player in sheet.players}
    for row in data["rows"]:
        player = players[row["start_rank"]]
        row.update(
            title=player.title,
            federation=player.federation,
            rating=player.rating,
            rounds=[
                {
                    "round": entry.round,
                    "opponent": entry.opponent,
                    "color": entry.color.value if entry.color else None,
                    "outcome": entry.outcome.value,
                }
                for entry in sorted(player.rounds, key=lambda e: e.round)
            ],
        )
    return {
        "tournament": sheet.name,
        "after_round": sheet.rounds,
        "tiebreaks": data["tiebreaks"],
        "rows": data["rows"],
    }
