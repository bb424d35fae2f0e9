"""Pages anyone may read (of public tournaments): the list, a tournament, a player's card."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _

from tournaments.models import Player, Tournament, TournamentRole
from tournaments.overview import player_card, players_by_start_rank
from tournaments.permissions import (
    Action,
    actions_for,
    can_create_tournament,
    tournament_action_required,
    tournaments_where,
)
from tournaments.services.audit import last_round_number
from tournaments.services.forbidden_pairs import forbidden_opponents
from tournaments.services.round_ratings import round_ratings

from .forms import AbsenceForm, RoundRatingForm


def home(request: HttpRequest) -> HttpResponse:
    """The tournament list: public events, and the private ones the user holds a role on,
    with the user's role linking to the arbiter's page."""
    roles: dict[int, str] = {}
    if request.user.is_authenticated:
        override = _("Staff")
        roles = {
            pk: override
            for pk in tournaments_where(request.user, Action.FOLLOW).values_list("pk", flat=True)
        }
        for pk, role in request.user.tournament_roles.values_list("tournament_id", "role"):
            roles[pk] = TournamentRole.Role(role).label
    tournaments = list(tournaments_where(request.user, Action.VIEW))
    for tournament in tournaments:
        tournament.user_role = roles.get(tournament.pk, "")  # type: ignore[attr-defined]
    return render(
        request,
        "tournaments/home.html",
        {
            "tournaments": tournaments,
            "roles": roles,
            "may_create": can_create_tournament(request.user),
        },
    )


@tournament_action_required(Action.VIEW)
def tournament_detail(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """A tournament's front page: its data, its players by starting rank, its rounds."""
    players = players_by_start_rank(tournament)
    rounds = tournament.rounds.order_by("number")
    return render(
        request,
        "tournaments/detail.html",
        {
            "tournament": tournament,
            "players": players,
            "rounds": rounds,
            "actions": actions_for(request.user, tournament),
        },
    )


@tournament_action_required(Action.VIEW)
def player_detail(request: HttpRequest, tournament: Tournament, player_id: int) -> HttpResponse:
    """A player's card: each round's opponent, colour and result, points, rating change."""
    player = get_object_or_404(Player, pk=player_id, tournament=tournament)
    return render_player(request, tournament, player)


def render_player(
    request: HttpRequest,
    tournament: Tournament,
    player: Player,
    absence_form: AbsenceForm | None = None,
) -> HttpResponse:
    """The card page, with the bye-request form (bound when it came back with a problem)."""
    actions = actions_for(request.user, tournament)
    return render(
        request,
        "tournaments/player.html",
        {
            "tournament": tournament,
            "card": player_card(tournament, player),
            "absences": player.absences.order_by("round_number"),
            "absence_form": absence_form
            or AbsenceForm(initial={"round_number": last_round_number(tournament) + 1}),
            "actions": actions,
            "forbidden": forbidden_opponents(player),
            "round_ratings": round_ratings(player),
            "round_rating_form": RoundRatingForm(
                initial={"from_round": max(2, last_round_number(tournament) + 1)}
            ),
            "others": tournament.players.exclude(pk=player.pk).order_by("start_rank", "name"),
        },
    )
