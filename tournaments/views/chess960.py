"""A Chess960 round's starting positions: the arbiter sets one instead of the one drawn by lot,
or draws again."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from games.rules.chess960 import draw_position
from games.services import GameError, set_chess960_position
from tournaments.models import Round, Tournament
from tournaments.permissions import Action, tournament_action_required
from tournaments.services.chess960 import position_label


class Chess960PositionForm(forms.Form):
    position = forms.CharField(
        label=gettext_lazy("Starting position"),
        required=False,
        max_length=100,
        help_text=gettext_lazy("Its number, 0 to 959 (518 is the standard position), or its FEN."),
    )
    board = forms.IntegerField(
        label=gettext_lazy("Board"),
        required=False,
        min_value=1,
        help_text=gettext_lazy("Empty: the round's position."),
    )
    draw = forms.BooleanField(required=False)

    def clean(self) -> dict[str, object]:
        data = super().clean() or {}
        if not data.get("draw") and not str(data.get("position") or "").strip():
            self.add_error("position", _("Give the position's number or FEN, or draw one by lot."))
        return data


@tournament_action_required(Action.MANAGE_ROUNDS)
@require_http_methods(["POST"])
def chess960_position(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    form = Chess960PositionForm(request.POST)
    if not form.is_valid():
        for errors in form.errors.values():
            for error in errors:
                messages.error(request, error)
        return redirect("tournaments:round", tournament_id=tournament.pk, number=number)
    data = form.cleaned_data
    position = str(draw_position()) if data["draw"] else data["position"]
    try:
        chosen = set_chess960_position(round_, position, board=data["board"], user=request.user)
    except GameError as error:
        for problem in error.problems:
            messages.error(request, problem)
    else:
        messages.success(
            request,
            _("Chess960 starting position %(position)s set.")
            % {"position": position_label(chosen)},
        )
    return redirect("tournaments:round", tournament_id=tournament.pk, number=number)
