"""The chief arbiter's page for API tokens: create one (its key shown once), revoke one."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from tournaments.models import ApiToken, Tournament
from tournaments.permissions import Action, actions_for, tournament_action_required
from tournaments.services import TournamentError
from tournaments.views.common import add_problems, flash_problems

from .permissions import SCOPE_ACTIONS, token_in_force
from .tokens import create_api_token, revoke_api_token


class ApiTokenForm(forms.Form):
    name = forms.CharField(
        label=gettext_lazy("Name"),
        max_length=100,
        help_text=gettext_lazy("Who uses it, e.g. the pairing program or the live-board site."),
    )
    scope = forms.ChoiceField(label=gettext_lazy("Scope"), choices=ApiToken.Scope.choices)


def _with_force(token: ApiToken) -> ApiToken:
    token.in_force = token_in_force(token)  # type: ignore[attr-defined]
    return token


@tournament_action_required(Action.MANAGE_ROLES)
@require_http_methods(["GET", "POST"])
def api_tokens(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = ApiTokenForm(request.POST or None)
    key = None
    if request.method == "POST" and form.is_valid():
        try:
            token, key = create_api_token(tournament, user=request.user, **form.cleaned_data)
        except TournamentError as error:
            add_problems(form, error)
        else:
            messages.success(request, _("Token %(name)s created.") % {"name": token.name})
            form = ApiTokenForm()
    return render(
        request,
        "api/tokens.html",
        {
            "tournament": tournament,
            "actions": actions_for(request.user, tournament),
            "form": form,
            "key": key,
            "tokens": [
                _with_force(token)
                for token in tournament.api_tokens.select_related(
                    "created_by", "tournament"
                ).order_by("revoked_at", "-created_at")
            ],
            "scopes": [
                (ApiToken.Scope(scope).label, [a.label for a in Action if a in allowed])
                for scope, allowed in SCOPE_ACTIONS.items()
            ],
        },
    )


@tournament_action_required(Action.MANAGE_ROLES)
@require_http_methods(["POST"])
def api_token_revoke(request: HttpRequest, tournament: Tournament, token_id: int) -> HttpResponse:
    token = get_object_or_404(ApiToken, tournament=tournament, pk=token_id)
    try:
        revoke_api_token(token, user=request.user)
    except TournamentError as error:
        flash_problems(request, error)
    else:
        messages.success(request, _("Token %(name)s revoked.") % {"name": token.name})
    return redirect("tournaments:api_tokens", tournament_id=tournament.pk)
