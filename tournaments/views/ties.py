"""Players the tie-breaks leave level: rank them by hand, or draw lots (checklist I47)."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods

from tournaments.limits import MAX_UPLOAD_BYTES
from tournaments.models import Tournament
from tournaments.permissions import Action, tournament_action_required
from tournaments.selectors import tournament_standings
from tournaments.services import TournamentError
from tournaments.services.ties import (
    draw_lots,
    external_values,
    parse_external_values,
    set_external_values,
    set_tie_order,
)

from .common import add_problems, flash_problems
from .forms import UploadForm


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


class ExternalValuesForm(forms.Form):
    """External tie-break values (EXT, FIDE checklist I47), typed or from a file."""

    values = forms.CharField(
        label=gettext_lazy("Values"),
        required=False,
        widget=forms.Textarea(attrs={"rows": 6}),
        help_text=gettext_lazy(
            "A line per player: starting rank and value, e.g. 3 1.5; a rank alone clears his value."
        ),
    )
    file = forms.FileField(
        label=gettext_lazy("Or a file of such lines"),
        required=False,
        help_text=gettext_lazy("Text, e.g. a CSV file of starting rank and value."),
    )
    reason = forms.CharField(
        label=gettext_lazy("Reason"),
        max_length=500,
        required=False,
        help_text=gettext_lazy("Where the values come from: a play-off, …; kept in the log."),
    )

    def clean(self) -> dict[str, object]:
        data = super().clean() or {}
        text = data.get("values") or ""
        file = data.get("file")
        if file is not None:
            if file.size > MAX_UPLOAD_BYTES:
                raise forms.ValidationError(
                    _("The file has %(size)s MB; at most %(limit)s MB are accepted.")
                    % {
                        "size": f"{file.size / 1024 / 1024:.1f}",
                        "limit": MAX_UPLOAD_BYTES // (1024 * 1024),
                    }
                )
            text, _read_as = UploadForm.decode_as(file.read())
        data["parsed"] = parse_external_values(text)
        return data


def _external_text(tournament: Tournament) -> str:
    values = external_values(tournament)
    return "\n".join(f"{rank} {format(value.normalize(), 'f')}" for rank, value in values.items())


@tournament_action_required(Action.CONFIGURE)
@require_http_methods(["GET", "POST"])
def ties(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = TieOrderForm(
        request.POST if "order" in request.POST else None,
        initial={"order": ", ".join(map(str, tournament.tie_order))},
    )
    external = ExternalValuesForm(
        request.POST if "ext-reason" in request.POST else None,
        request.FILES or None,
        prefix="ext",
        initial={"values": _external_text(tournament)},
    )
    if request.method == "POST" and "ext-reason" in request.POST:
        try:
            if external.is_valid():
                set_external_values(
                    tournament,
                    external.cleaned_data["parsed"],
                    user=request.user,
                    reason=external.cleaned_data["reason"],
                )
                messages.success(request, _("External tie-break values saved."))
                return redirect("tournaments:ties", tournament_id=tournament.pk)
        except TournamentError as error:
            add_problems(external, error)
    elif request.method == "POST":
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
        {
            "tournament": tournament,
            "form": form,
            "external": external,
            "external_used": any(t.split("/")[0].upper() == "EXT" for t in tournament.tiebreaks),
            "standings": tournament_standings(tournament),
        },
    )
