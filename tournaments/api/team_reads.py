"""Reads the API shapes of a team event from the team sheet: a round's matches with their
lineups, boards and points so far, and the team standings. Points come from the team scoring
package (:mod:`tournaments.scoring.teams`); nothing is recomputed here.

The views keep what these functions return per tournament version, as they keep the
individual reads (every team write bumps the version, :mod:`tournaments.versions`); the
functions themselves compute afresh at each call.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

from tournaments.models import LineupEntry, Match, Pairing, Player, Round, Team, Tournament
from tournaments.scoring.standings import format_points
from tournaments.scoring.teams.points import TeamRoundResult, team_results, totals
from tournaments.services.versions import version_of
from tournaments.team_sheet import event_team_standings, team_sheet, undecided_matches


def player_ref(player: Player | None) -> dict[str, Any] | None:
    if player is None:
        return None
    return {"id": player.pk, "start_rank": player.start_rank, "name": player.name}


def team_ref(team: Team) -> dict[str, Any]:
    return {"id": team.pk, "number": team.number, "name": team.name}


def matches_data(round_: Round) -> list[dict[str, Any]]:
    """Every match of ``round_`` in table order (a team's bye as a match without team B)."""
    tournament: Tournament = round_.tournament
    number = round_.number
    results = team_results(team_sheet(tournament, after_round=number))
    match_points, game_points = totals(results)
    undecided = {match.pk for match in undecided_matches(tournament, number)}
    matches = (
        Match.objects.filter(round=round_)
        .select_related("team_a", "team_b")
        .prefetch_related("lineup__player", "boards__white", "boards__black")
        .order_by("table")
    )

    def side(team: Team | None) -> dict[str, Any] | None:
        if team is None:
            return None
        tpn = team.number or 0
        return {
            **team_ref(team),
            "match_points": format_points(match_points.get(tpn, Fraction(0))),
            "game_points": format_points(game_points.get(tpn, Fraction(0))),
        }

    def round_of(team: Team | None) -> TeamRoundResult | None:
        rounds = results.get(team.number or 0, ()) if team is not None else ()
        return rounds[number - 1] if len(rounds) >= number else None

    data = []
    for match in matches:
        a, b = round_of(match.team_a), round_of(match.team_b)
        decided = match.pk not in undecided
        data.append(
            {
                "table": match.table,
                "team_a": side(match.team_a),
                "team_b": side(match.team_b),
                "team_bye": match.bye,
                "forfeit": match.forfeit,
                "decided": decided,
                "game_points": _sides(a, b, "game_points"),
                "match_points": _sides(a, b, "match_points") if decided else None,
                "lineups": _lineups(match),
                "boards": [_board(match, board) for board in _by_board(match.boards.all())],
            }
        )
    return data


def _sides(a: TeamRoundResult | None, b: TeamRoundResult | None, name: str) -> dict[str, Any]:
    def shown(result: TeamRoundResult | None) -> str | None:
        return None if result is None else format_points(getattr(result, name))

    return {"a": shown(a) or "0", "b": shown(b)}


def _lineups(match: Match) -> dict[str, list[dict[str, Any] | None]]:
    entries: Sequence[LineupEntry] = sorted(match.lineup.all(), key=lambda e: e.board)
    return {
        side: [player_ref(e.player) for e in entries if e.team_id == team_id]
        for side, team_id in (("a", match.team_a_id), ("b", match.team_b_id))
    }


def _by_board(boards: Sequence[Pairing]) -> list[Pairing]:
    return sorted(boards, key=lambda board: board.match_board or 0)


def _board(match: Match, board: Pairing) -> dict[str, Any]:
    unopposed = board.black_id is None
    a_white = board.white.team_id == match.team_a_id
    return {
        "board": board.board,
        "match_board": board.match_board,
        "white": player_ref(board.white),
        "black": player_ref(board.black),
        "team_a_color": None if unopposed else ("w" if a_white else "b"),
        "unopposed": unopposed,
        "result": board.result,
    }


def matches_etag(data: list[dict[str, Any]]) -> str:
    """The version of a round's matches as read: a lineup or forfeit written from an older
    read is refused (If-Match)."""
    return version_of(data)


def team_standings_data(tournament: Tournament, after_round: int) -> dict[str, Any]:
    """Place, team, match and game points and the event's team tie-breaks, after a round."""
    sheet = team_sheet(tournament, after_round=after_round)
    standings = event_team_standings(tournament, sheet)
    teams = {team.number: team for team in tournament.teams.filter(number__isnull=False)}
    return {
        "after_round": after_round,
        "primary": standings.primary,
        "tiebreaks": [spec.name for spec in standings.tiebreaks],
        "rows": [
            {
                "place": row.place,
                "rank": row.rank,
                "rank_to": row.rank_to,
                "team": team_ref(teams[row.team]),
                "match_points": format_points(row.match_points),
                "game_points": format_points(row.game_points),
                "tiebreaks": [
                    {
                        "name": value.spec.name,
                        "value": None if value.value is None else str(value.value),
                        "display": value.display,
                    }
                    for value in row.tiebreaks
                ],
            }
            for row in standings.rows
        ],
    }
