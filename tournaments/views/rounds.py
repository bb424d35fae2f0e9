"""Rounds: pair the next one, type in a Swiss round, publish or withdraw a draft."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tournaments.models import Round, Tournament
from tournaments.permissions import Action, tournament_action_required
from tournaments.services import (
    NeedsConfirmation,
    TournamentError,
    delete_draft_round,
    generate_round_robin_round,
    pair_swiss_round,
    publish_round,
    submit_pairings,
)
from tournaments.services.ratings import rating_check

from .common import add_problems, confirmation_page, flash_problems
from .forms import PairingsForm


@tournament_action_required(Action.MANAGE_ROUNDS)
@require_http_methods(["POST"])
def pair_next(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The next round as a draft: Berger tables for a round robin, the Dutch engine for a Swiss.

    Results still missing (they will be adjourned) or adjourned games still open are
    acknowledged first (FIDE checklist G40, L2)."""
    pair = generate_round_robin_round if tournament.is_round_robin else pair_swiss_round
    try:
        round_ = pair(tournament, user=request.user, confirm=request.POST.get("confirm", ""))
    except NeedsConfirmation as question:
        return confirmation_page(
            request,
            question,
            tournament=tournament,
            title=_("Pair the next round"),
            cancel_url=reverse("tournaments:dashboard", args=[tournament.pk]),
        )
    except TournamentError as error:
        flash_problems(request, error)
        return redirect("tournaments:dashboard", tournament_id=tournament.pk)
    # A team round (pair_team_round) carries no warnings.
    for warning in getattr(round_, "warnings", []):
        messages.warning(request, warning)
    messages.success(
        request,
        _("Round %(round)s paired as a draft; check it and publish it.") % {"round": round_.number},
    )
    for warning in rating_check(tournament):
        messages.warning(request, warning)
    return redirect("tournaments:round", tournament_id=tournament.pk, number=round_.number)


@tournament_action_required(Action.MANAGE_ROUNDS)
@require_http_methods(["GET", "POST"])
def enter_pairings(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """A Swiss round from pairing software or a hand draw, typed in by starting ranks."""
    form = PairingsForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        pairs, byes = form.cleaned_data["pairs"], form.cleaned_data["byes"]
        try:
            round_ = submit_pairings(
                tournament,
                pairs,
                byes,
                source=Round.PairedBy.MANUAL,
                user=request.user,
                confirm=form.cleaned_data["confirm"],
            )
        except NeedsConfirmation as question:
            # The boards go back as text: an uploaded file is not sent twice.
            return confirmation_page(
                request,
                question,
                tournament=tournament,
                title=_("Enter pairings"),
                cancel_url=reverse("tournaments:round_enter", args=[tournament.pk]),
                data={"boards": PairingsForm.as_text(pairs, byes)},
            )
        except TournamentError as error:
            add_problems(form, error)
        else:
            messages.success(
                request, _("Round %(round)s stored as a draft.") % {"round": round_.number}
            )
            return redirect("tournaments:round", tournament_id=tournament.pk, number=round_.number)
    players = tournament.players.filter(start_rank__isnull=False).order_by("start_rank")
    return render(
        request,
        "tournaments/pairings_form.html",
        {"form": form, "tournament": tournament, "players": players},
    )


@tournament_action_required(Action.MANAGE_ROUNDS)
@require_http_methods(["POST"])
def publish(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    try:
        publish_round(round_, user=request.user)
    except TournamentError as error:
        flash_problems(request, error)
    else:
        messages.success(request, _("Round %(round)s published.") % {"round": number})
    return redirect("tournaments:round", tournament_id=tournament.pk, number=number)


@tournament_action_required(Action.MANAGE_ROUNDS)
@require_http_methods(["POST"])
def delete(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    try:
        delete_draft_round(round_, user=request.user)
    except TournamentError as error:
        flash_problems(request, error)
        return redirect("tournaments:round", tournament_id=tournament.pk, number=number)
    messages.success(request, _("Draft pairings of round %(round)s withdrawn.") % {"round": number})
    return redirect("tournaments:dashboard", tournament_id=tournament.pk)
