"""The cross-test page (FIDE checklist A9, staff only): random tournaments paired by our engine
and checked by the reference engine the server is configured with, and the other way round,
run as a background job whose report lists every discrepancy with its round and rule."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import FileResponse, Http404, HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as gettext_now
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods, require_POST

from jobs.models import Job
from tournaments.crosstest_campaign import (
    campaign_progress,
    open_discrepancy_file,
    resume_crosstest,
)
from tournaments.jobs import CROSSTEST_MOST, crosstest_engine, start_crosstest
from tournaments.pairing.crosstest import CrossTestError
from tournaments.pairing.generator import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    GeneratorError,
    GeneratorSettings,
    new_seed,
)


class CrossTestForm(forms.Form):
    count = forms.IntegerField(
        label=_("Tournaments each way"),
        min_value=1,
        max_value=CROSSTEST_MOST,
        initial=100,
        help_text=_("FIDE's checklist asks for 50,000 each way before an engine is endorsed."),
    )
    players = forms.IntegerField(
        label=_("Players"),
        min_value=MIN_PLAYERS,
        max_value=MAX_PLAYERS,
        required=False,
        help_text=_("Blank: drawn for each tournament."),
    )
    rounds = forms.IntegerField(
        label=_("Rounds"), min_value=1, required=False, help_text=_("Blank: drawn for each.")
    )
    seed = forms.IntegerField(
        label=_("Seed"),
        min_value=0,
        max_value=2**63 - 1,
        help_text=_("The same seed gives the same tournaments: to repeat a run."),
    )

    def clean(self) -> dict[str, object]:
        data = super().clean() or {}
        try:
            GeneratorSettings(players=data.get("players"), rounds=data.get("rounds"))
        except GeneratorError as error:
            raise forms.ValidationError(str(error)) from None
        return data


@login_required
@require_http_methods(["GET", "POST"])
def crosstests(request: HttpRequest) -> HttpResponse:
    if not request.user.is_staff:
        raise PermissionDenied
    try:
        engine, problem = crosstest_engine(), ""
    except CrossTestError as error:
        engine, problem = None, str(error)
    form = CrossTestForm(request.POST or None, initial={"seed": new_seed()})
    if request.method == "POST" and engine is not None and form.is_valid():
        job = start_crosstest(**form.cleaned_data, user=request.user, back=request.path)
        return redirect("tournaments:crosstest", job.pk)
    return render(
        request,
        "tournaments/crosstests.html",
        {
            "form": form,
            "engine": engine,
            "problem": problem,
            "runs": Job.objects.filter(kind="crosstest").order_by("-created_at")[:20],
        },
    )


def _staff_only(request: HttpRequest) -> None:
    if not request.user.is_staff:
        raise PermissionDenied


@login_required
@require_http_methods(["GET"])
def campaign(request: HttpRequest, job_id: int) -> HttpResponse:
    """One run (a campaign): tournaments done of the total, the rate and the expected end,
    each way's totals, the files of the events with a discrepancy, and its report."""
    _staff_only(request)
    job = get_object_or_404(Job, kind="crosstest", pk=job_id)
    progress = campaign_progress(job)
    return render(
        request,
        "tournaments/crosstest_campaign.html",
        {"job": job, "progress": progress},
    )


@login_required
@require_POST
def resume(request: HttpRequest, job_id: int) -> HttpResponse:
    """Send the campaign's unfinished parts to the workers again (its workers stopped)."""
    _staff_only(request)
    job = get_object_or_404(Job, kind="crosstest", pk=job_id)
    sent = resume_crosstest(job)
    if sent:
        messages.success(
            request,
            ngettext(
                "%(count)s unfinished part sent to the workers again.",
                "%(count)s unfinished parts sent to the workers again.",
                sent,
            )
            % {"count": sent},
        )
    else:
        messages.info(request, gettext_now("Nothing is left to run in this cross-test."))
    return redirect("tournaments:crosstest", job.pk)


@login_required
@require_http_methods(["GET"])
def campaign_file(request: HttpRequest, job_id: int, name: str) -> HttpResponseBase:
    """A file of an event with a discrepancy, kept with the campaign (TRF)."""
    _staff_only(request)
    job = get_object_or_404(Job, kind="crosstest", pk=job_id)
    stream = open_discrepancy_file(job.pk, name)
    if stream is None:
        raise Http404(gettext_now("This cross-test keeps no file of that name."))
    return FileResponse(stream, filename=name, as_attachment=True, content_type="text/plain")
