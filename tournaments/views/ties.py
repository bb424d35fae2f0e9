"""Players the tie-breaks leave level: rank them by hand, or draw lots (checklist I47)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from tournaments.models import Tournament
from tournaments.permissions import Action, tournament_action_required
from tournaments.selectors import tournament_standings
from tournaments.services import TournamentError
from tournaments.services.ties import draw_lots, set_tie_order

from .common import add_problems, flash_problems


class TieOrderForm(forms.Form):
    order = forms.CharField(
        label=gettext_lazy("Order of tied players"),
        required=False,
        help_text=gettext_lazy(
            "Starting ranks, separated by commas, the first ranked first among those level "
            "with him; empty to clear."
        ),
    )
    reason = forms.CharField(label=gettext_lazy("Reason"), max_length=500, required=False)

    def clean_order(self) -> list[int]:
        items = [item.strip() for item in self.cleaned_data["order"].split(",") if item.strip()]
        if not all(item.isdigit() for item in items):
            raise forms.ValidationError(_("Starting ranks are whole numbers."))
        return [int(item) for item in items]


@tournament_action_required(Action.CONFIGURE)
@require_http_methods(["GET", "POST"])
def ties(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = TieOrderForm(
        request.POST if "order" in request.POST else None,
        initial={"order": ", ".join(map(str, tournament.tie_order))},
    )
    if request.method == "POST":
        try:
            if "draw" in request.POST:
                draw_lots(tournament, user=request.user)
                messages.success(request, _("Lots drawn."))
                return redirect("tournaments:ties", tournament_id=tournament.pk)
            if form.is_valid():
                set_tie_order(
                    tournament,
                    form.cleaned_data["order"],
                    user=request.user,
                    reason=form.cleaned_data["reason"],
                )
                messages.success(request, _("Order of tied players saved."))
                return redirect("tournaments:ties", tournament_id=tournament.pk)
        except TournamentError as error:
            if "draw" in request.POST:
                flash_problems(request, error)
                return redirect("tournaments:ties", tournament_id=tournament.pk)
            add_problems(form, error)
    return render(
        request,
        "tournaments/ties.html",
        {"tournament": tournament, "form": form, "standings": tournament_standings(tournament)},
    )
