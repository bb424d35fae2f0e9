"""Public pages of a team event: the teams with their rosters, and a round's pairings as
matches (team against team at each table, the lineups, each board's players and result seen
from team A's side, the match's game and match points).

Like the other public pages they are kept by the reverse proxy: no cookie, an ETag of the
tournament's version (:mod:`tournaments.caching`).
"""

from __future__ import annotations

from django.http import HttpRequest, HttpResponseBase
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils.safestring import SafeString

from tournaments.caching import mark_cacheable, not_modified, version_etag
from tournaments.models import Pairing, Round, Tournament
from tournaments.permissions import Action, actions_for, tournament_action_required

from .team_rounds import MatchRow, match_rows
from .teams import team_rows

SIDES = {
    "1-0": ("1", "0"),
    "0-1": ("0", "1"),
    "1/2-1/2": ("½", "½"),
    "+/-": ("+", "−"),
    "-/+": ("−", "+"),
    "-/-": ("−", "−"),
    "0-0": ("0", "0"),
    "1/2-0": ("½", "0"),
    "0-1/2": ("0", "½"),
}
"""Each decided result as (white's score, black's score), as a team table writes them."""


def team_a_side(pairing: Pairing, team_a_id: int) -> dict[str, object]:
    """A board seen from team A: its player and team B's, team A's colour, the score."""
    a_is_white = pairing.white.team_id == team_a_id
    if pairing.black_id is None:  # the other team left the board empty
        present = pairing.white
        return {
            "board": pairing.match_board,
            "player_a": present if a_is_white else None,
            "player_b": None if a_is_white else present,
            "a_white": a_is_white,
            "score": "+ – −" if a_is_white else "− – +",
        }
    white, black = SIDES.get(pairing.result, ("", ""))
    score = f"{white} – {black}" if a_is_white else f"{black} – {white}"
    return {
        "board": pairing.match_board,
        "player_a": pairing.white if a_is_white else pairing.black,
        "player_b": pairing.black if a_is_white else pairing.white,
        "a_white": a_is_white,
        "score": score if white else "",
    }


def public_match_rows(tournament: Tournament, round_: Round) -> list[MatchRow]:
    boards = list(
        round_.pairings.filter(match__isnull=False)
        .select_related("white", "black")
        .order_by("board")
    )
    rows = match_rows(tournament, round_, boards)
    for row in rows:
        row.sides = [team_a_side(b, row.match.team_a_id) for b in row.boards]  # type: ignore[attr-defined]
    return rows


def team_pairings_html(tournament: Tournament, number: int) -> SafeString:
    """The matches of round ``number`` as the public pairings page shows them."""
    round_ = Round.objects.get(tournament=tournament, number=number)
    return SafeString(
        render_to_string(
            "reports/_team_pairings.html",
            {
                "tournament": tournament,
                "round": round_,
                "matches": public_match_rows(tournament, round_),
            },
        )
    )


@tournament_action_required(Action.VIEW)
def team_list(request: HttpRequest, tournament: Tournament) -> HttpResponseBase:
    """The teams by pairing number, each with its roster in board order."""
    etag = version_etag(request, tournament)
    if reply := not_modified(request, tournament, etag):
        return reply
    page = render(
        request,
        "reports/team_list.html",
        {
            "tournament": tournament,
            "rows": team_rows(tournament) if tournament.is_team_event else [],
            "actions": actions_for(request.user, tournament),
        },
    )
    return mark_cacheable(page, request, tournament, etag)
