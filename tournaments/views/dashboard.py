"""The chief arbiter's pages: the dashboard, creating and editing a tournament, TRF import."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from jobs.models import Job
from tournaments.jobs import asks_confirmation, confirm_trf_import, start_trf_import
from tournaments.models import Tournament
from tournaments.overview import players_by_start_rank, tournament_status
from tournaments.permissions import (
    Action,
    actions_for,
    can_create_tournament,
    tournament_action_required,
)
from tournaments.services import (
    NeedsConfirmation,
    TournamentError,
    change_tiebreaks,
    create_tournament,
    leave_fide_mode,
    update_tournament,
)
from tournaments.services.audit import last_round_number
from tournaments.services.configuration import fide_mode_exit_consequences, tiebreak_warning
from tournaments.services.ratings import rating_check
from tournaments.services.rounds import setup_problems

from .common import add_problems, confirmation_page
from .forms import LeaveFideModeForm, TournamentForm, UploadForm


@tournament_action_required(Action.FOLLOW)
def dashboard(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Status at a glance, and every action the user's role allows."""
    return render(
        request,
        "tournaments/dashboard.html",
        {
            "tournament": tournament,
            "status": tournament_status(tournament),
            "players": players_by_start_rank(tournament),
            "actions": actions_for(request.user, tournament),
            "log": tournament.log.select_related("user").order_by("-created_at", "-id")[:10],
            # FIDE checklist C21: the ratings checked against the FIDE list before each round.
            "rating_warnings": rating_check(tournament),
            # D28: a set-up that cannot be paired to its end, said before round 1.
            "setup_warnings": [] if last_round_number(tournament) else setup_problems(tournament),
            # C.07 2.1: with no tie-break, tied players or teams share their place.
            "tiebreak_warning": ""
            if last_round_number(tournament)
            else tiebreak_warning(tournament),
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
def create(request: HttpRequest) -> HttpResponse:
    if not can_create_tournament(request.user):
        raise PermissionDenied
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        fields = dict(form.cleaned_data)
        if not fields["tiebreaks"]:
            del fields["tiebreaks"]  # left empty: a team event takes the default team list
        try:
            tournament = create_tournament(user=request.user, **fields)
        except TournamentError as error:
            add_problems(form, error)
        else:
            messages.success(request, _("Tournament created. Add the players next."))
            return redirect("tournaments:dashboard", tournament_id=tournament.pk)
    return render(request, "tournaments/tournament_form.html", {"form": form})


@tournament_action_required(Action.CONFIGURE)
@require_http_methods(["GET", "POST"])
def edit(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = TournamentForm(request.POST or None, instance=Tournament.objects.get(pk=tournament.pk))
    if request.method == "POST" and form.is_valid():
        changes = dict(form.cleaned_data)
        reason = changes.pop("reason", "")
        tiebreaks = changes.pop("tiebreaks")
        try:
            # Both or neither: a refused tie-break change keeps the other edits out too.
            with transaction.atomic():
                update_tournament(tournament, user=request.user, reason=reason, **changes)
                change_tiebreaks(tournament, tiebreaks, user=request.user, reason=reason)
        except TournamentError as error:
            add_problems(form, error)
        else:
            messages.success(request, _("Tournament saved."))
            return redirect("tournaments:dashboard", tournament_id=tournament.pk)
    return render(
        request, "tournaments/tournament_form.html", {"form": form, "tournament": tournament}
    )


@tournament_action_required(Action.CONFIGURE)
@require_http_methods(["GET", "POST"])
def leave_fide(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Leave FIDE mode for good (FIDE checklist A5): a reason, then two confirmations (L4)."""
    if not tournament.fide_mode:
        messages.info(request, _("The tournament has already left FIDE mode."))
        return redirect("tournaments:dashboard", tournament_id=tournament.pk)
    form = LeaveFideModeForm(request.POST if request.method == "POST" else None)
    if request.method == "POST" and form.is_valid():
        try:
            leave_fide_mode(
                tournament,
                user=request.user,
                reason=form.cleaned_data["reason"],
                confirm=form.cleaned_data["confirm"],
            )
        except NeedsConfirmation as question:
            return confirmation_page(
                request,
                question,
                tournament=tournament,
                title=_("Leave FIDE mode"),
                cancel_url=reverse("tournaments:dashboard", args=[tournament.pk]),
            )
        except TournamentError as error:
            add_problems(form, error)
        else:
            messages.success(request, _("The tournament has left FIDE mode."))
            return redirect("tournaments:dashboard", tournament_id=tournament.pk)
    return render(
        request,
        "tournaments/leave_fide_mode.html",
        {"form": form, "tournament": tournament, "consequences": fide_mode_exit_consequences()},
    )


@login_required
@require_http_methods(["GET", "POST"])
def trf_import(request: HttpRequest) -> HttpResponse:
    """A whole tournament from a TRF file (Swiss-Manager, lichess, a pairing program),
    imported by a background job: the page answers at once with the job's page."""
    if not can_create_tournament(request.user):
        raise PermissionDenied
    form = UploadForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        job = start_trf_import(
            form.text(),
            file_name=form.cleaned_data["file"].name,
            user=request.user,
            read_as=form.read_as,
            back=request.path,
        )
        return redirect("jobs:detail", job_id=job.pk)
    return render(
        request,
        "tournaments/upload.html",
        {
            "form": form,
            "title": _("Import a tournament from TRF"),
            "help": _("A FIDE TRF16 or TRF-2026 file: the players, rounds and results."),
        },
    )


@login_required
@require_http_methods(["POST"])
def trf_import_confirm(request: HttpRequest, job_id: int) -> HttpResponse:
    """The arbiter's answer to the question a TRF import asked (FIDE checklist J51, L3: its
    rounds break the pairing rules): the file the job kept is imported again, confirmed."""
    job = get_object_or_404(Job, pk=job_id, kind="trf_import", created_by=request.user)
    if asks_confirmation(job) is None:
        messages.error(request, _("This import asks nothing more; import the file again."))
        return redirect("jobs:detail", job_id=job.pk)
    again = confirm_trf_import(job, request.POST.get("confirm", "")[:500])
    return redirect("jobs:detail", job_id=again.pk)
