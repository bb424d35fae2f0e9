"""Who arbitrates a tournament: giving and taking the chief, deputy and viewer roles."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tournaments.models import Tournament, TournamentRole
from tournaments.permissions import ROLE_ACTIONS, Action, tournament_action_required
from tournaments.services import TournamentError
from tournaments.services.roles import grant_role, revoke_role

from .common import add_problems, flash_problems
from .forms import RoleForm


@tournament_action_required(Action.MANAGE_ROLES)
@require_http_methods(["GET", "POST"])
def roles(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = RoleForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        holder = form.cleaned_data["username"]
        try:
            grant_role(tournament, holder, form.cleaned_data["role"], user=request.user)
        except TournamentError as error:
            add_problems(form, error)
        else:
            messages.success(request, _("Role saved for %(user)s.") % {"user": holder})
            return redirect("tournaments:roles", tournament_id=tournament.pk)
    return render(
        request,
        "tournaments/roles.html",
        {
            "tournament": tournament,
            "form": form,
            "roles": tournament.roles.select_related("user").order_by("role", "user__username"),
            "role_actions": [
                (
                    TournamentRole.Role(role).label,
                    [a.label for a in Action if a in ROLE_ACTIONS[role]],
                )
                for role in ROLE_ACTIONS
            ],
        },
    )


@tournament_action_required(Action.MANAGE_ROLES)
@require_http_methods(["POST"])
def revoke(request: HttpRequest, tournament: Tournament, user_id: int) -> HttpResponse:
    holder = get_object_or_404(get_user_model(), pk=user_id)
    try:
        revoke_role(tournament, holder, user=request.user)
    except TournamentError as error:
        flash_problems(request, error)
    else:
        messages.success(request, _("%(user)s no longer has a role.") % {"user": holder})
    return redirect("tournaments:roles", tournament_id=tournament.pk)
