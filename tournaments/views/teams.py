"""The arbiter's team pages of a team event: the teams, a team's details and roster, the team
pairing numbers and the byes teams ask for.

The roster is the team's players in board order, fixed once round 1 is paired (C.04.6 1.4):
after that the page only appends reserves (the service refuses any other change). Players
are typed on the roster page (name, rating, FIDE id) or picked among the event's players not
on a roster. Every refusal of a service is a form error, never a server error.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.contrib import messages
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tournaments.models import Player, Team, TeamAbsence, Tournament
from tournaments.permissions import Action, actions_for, tournament_action_required
from tournaments.reports.team_tables import format_strength
from tournaments.services import (
    NeedsConfirmation,
    TournamentError,
    create_team,
    delete_team,
    number_teams,
    request_team_bye,
    set_roster,
    update_team,
)
from tournaments.services.audit import last_round_number
from tournaments.services.players import add_players
from tournaments.services.teams import refuse_individual_event, team_strengths
from tournaments.team_sheet import rosters

from .common import add_problems, confirmation_page, flash_problems
from .team_forms import RosterForm, TeamByeForm, TeamForm, new_players_formset


def team_rows(tournament: Tournament) -> list[dict[str, Any]]:
    """Each team with its roster and strength, numbered teams first by number."""
    strengths = team_strengths(tournament)
    roster = rosters(tournament)
    teams = sorted(tournament.teams.all(), key=lambda t: (t.number is None, t.number or 0, t.name))
    return [
        {
            "team": team,
            "strength": format_strength(strengths.get(team.pk)),
            "roster": roster.get(team.pk, []),
        }
        for team in teams
    ]


def _individual_event(request: HttpRequest, tournament: Tournament) -> HttpResponse | None:
    try:
        refuse_individual_event(tournament)
    except TournamentError as error:
        flash_problems(request, error)
        return redirect("tournaments:dashboard", tournament_id=tournament.pk)
    return None


@tournament_action_required(Action.FOLLOW)
def teams(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The teams: number, name, federation, strength, roster size; what the role allows."""
    if refusal := _individual_event(request, tournament):
        return refusal
    paired = last_round_number(tournament)
    absences = TeamAbsence.objects.filter(team__tournament=tournament).select_related("team")
    return render(
        request,
        "tournaments/teams.html",
        {
            "tournament": tournament,
            "rows": team_rows(tournament),
            "actions": actions_for(request.user, tournament),
            "paired": paired,
            "absences": absences.order_by("round_number", "team__number"),
            "bye_form": TeamByeForm(initial={"round_number": paired + 1}, tournament=tournament),
        },
    )


@tournament_action_required(Action.MANAGE_PLAYERS)
@require_http_methods(["GET", "POST"])
def team_add(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    if refusal := _individual_event(request, tournament):
        return refusal
    form = TeamForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            team = create_team(tournament, user=request.user, **form.cleaned_data)
        except TournamentError as error:
            add_problems(form, error)
        else:
            messages.success(request, _("%(team)s added; enter its roster.") % {"team": team})
            return redirect("tournaments:team_roster", tournament_id=tournament.pk, team_id=team.pk)
    return render(request, "tournaments/team_form.html", {"form": form, "tournament": tournament})


@tournament_action_required(Action.MANAGE_PLAYERS)
@require_http_methods(["GET", "POST"])
def team_edit(request: HttpRequest, tournament: Tournament, team_id: int) -> HttpResponse:
    team = get_object_or_404(Team, pk=team_id, tournament=tournament)
    form = TeamForm(request.POST or None, instance=Team.objects.get(pk=team.pk))
    if request.method == "POST" and form.is_valid():
        try:
            update_team(team, user=request.user, **form.cleaned_data)
        except TournamentError as error:
            add_problems(form, error)
        else:
            messages.success(request, _("%(team)s saved.") % {"team": team})
            return redirect("tournaments:teams", tournament_id=tournament.pk)
    return render(
        request,
        "tournaments/team_form.html",
        {"form": form, "tournament": tournament, "team": team},
    )


@tournament_action_required(Action.MANAGE_PLAYERS)
@require_http_methods(["POST"])
def team_delete(request: HttpRequest, tournament: Tournament, team_id: int) -> HttpResponse:
    team = get_object_or_404(Team, pk=team_id, tournament=tournament)
    try:
        delete_team(team, user=request.user)
    except TournamentError as error:
        flash_problems(request, error)
    else:
        messages.success(request, _("%(team)s removed.") % {"team": team.name})
    return redirect("tournaments:teams", tournament_id=tournament.pk)


@tournament_action_required(Action.MANAGE_PLAYERS)
@require_http_methods(["POST"])
def teams_number(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The team pairing numbers by strength (or, ``by=lot``, drawn by lot), then the players'
    starting ranks team by team."""
    by = request.POST.get("by", "strength")
    try:
        numbered = number_teams(tournament, by=by, user=request.user)
    except TournamentError as error:
        flash_problems(request, error)
    else:
        done = (
            _("Teams numbered by strength: %(order)s.")
            if by == "strength"
            else _("Teams numbered by lot: %(order)s.")
        )
        messages.success(
            request, done % {"order": ", ".join(f"{t.number} {t.name}" for t in numbered)}
        )
    return redirect("tournaments:teams", tournament_id=tournament.pk)


@tournament_action_required(Action.MANAGE_PLAYERS)
@require_http_methods(["POST"])
def team_bye(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """A bye a team asks for in a round not yet paired, or the request withdrawn."""
    form = TeamByeForm(request.POST, tournament=tournament)
    if not form.is_valid():
        problems = [
            f"{form.fields[name].label}: {' '.join(errors)}" for name, errors in form.errors.items()
        ]
        flash_problems(request, TournamentError(problems))
        return redirect("tournaments:teams", tournament_id=tournament.pk)
    team = form.cleaned_data["team"]
    number, kind = form.cleaned_data["round_number"], form.cleaned_data["kind"]
    try:
        request_team_bye(team, number, kind, user=request.user)
    except TournamentError as error:
        flash_problems(request, error)
    else:
        done = (
            _("%(team)s: bye in round %(round)s recorded.")
            if kind
            else _("%(team)s: no bye in round %(round)s.")
        )
        messages.success(request, done % {"team": team.name, "round": number})
    return redirect("tournaments:teams", tournament_id=tournament.pk)


@tournament_action_required(Action.MANAGE_PLAYERS)
@require_http_methods(["GET", "POST"])
def team_roster(request: HttpRequest, tournament: Tournament, team_id: int) -> HttpResponse:
    """The roster editor: places (board order), removals, players picked or typed in."""
    team = get_object_or_404(Team, pk=team_id, tournament=tournament)
    fixed = last_round_number(tournament) > 0
    data = request.POST if request.method == "POST" else None
    form = RosterForm(
        data,
        roster=list(team.roster.order_by("board_order", "pk")),
        unassigned=by_rating(tournament, tournament.players.filter(team__isnull=True)),
        fixed=fixed,
        tournament=tournament,
    )
    new_players = new_players_formset(tournament.boards_per_match or 0)(data, prefix="new")
    if data is not None and form.is_valid() and new_players.is_valid():
        try:
            saved = _save_roster(request, team, form, new_players)
        except NeedsConfirmation as question:
            return confirmation_page(
                request,
                question,
                tournament=tournament,
                title=_("Roster of %(team)s") % {"team": team.name},
                cancel_url=request.path,
            )
        except TournamentError as error:
            add_problems(form, error)
        else:
            messages.success(
                request,
                _("Roster of %(team)s saved: %(count)s players.")
                % {"team": team.name, "count": len(saved)},
            )
            if "another" in request.POST:
                return redirect("tournaments:team_add", tournament_id=tournament.pk)
            return redirect(reverse("tournaments:team_roster", args=[tournament.pk, team.pk]))
    return render(
        request,
        "tournaments/team_roster.html",
        {
            "tournament": tournament,
            "team": team,
            "form": form,
            "rows": [(p, form.place_field(p), form.remove_field(p)) for p in form.roster],
            "new_players": new_players,
            "fixed": fixed,
        },
    )


@transaction.atomic
def _save_roster(
    request: HttpRequest, team: Team, form: RosterForm, new_players: Any
) -> list[Player]:
    """The roster as the form orders it: the players kept, those picked, those typed; the
    typed players are entered in the event first (all undone if the roster is refused)."""
    tournament = team.tournament
    rows = [fields for f in new_players.forms if (fields := f.player_fields())]
    created = (
        add_players(
            tournament,
            rows,
            user=request.user,
            confirm=request.POST.get("confirm", ""),
            federation=team.federation,  # unless a rating list says otherwise
        )
        if rows
        else []
    )
    picked = tournament.players.filter(pk__in=form.added_ids())
    newcomers = by_rating(tournament, [*picked, *created])
    return set_roster(team, [*form.kept_in_order(), *newcomers], user=request.user)


def by_rating(tournament: Tournament, players: Iterable[Player]) -> list[Player]:
    """Players strongest first by the event's rating (the unrated last, then by name): the
    board order proposed for players added to a roster, as the regulations rank a team's
    boards; the arbiter changes it on the roster page before round 1."""
    return sorted(players, key=lambda p: (-(p.rating(tournament.rating_type) or 0), p.name, p.pk))
