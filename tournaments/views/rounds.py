"""Rounds: pair the next one, type in a Swiss round, publish or withdraw a draft."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tournaments.models import Round, Tournament
from tournaments.permissions import Action, tournament_action_required
from tournaments.services import (
    PairingNeedsConfirmation,
    TournamentError,
    delete_draft_round,
    generate_round_robin_round,
    pair_swiss_round,
    publish_round,
    submit_pairings,
)

from .common import add_problems, flash_problems
from .forms import PairingsForm


@tournament_action_required(Action.MANAGE_ROUNDS)
@require_http_methods(["POST"])
def pair_next(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """The next round as a draft: Berger tables for a round robin, the Dutch engine for a Swiss."""
    try:
        if tournament.is_round_robin:
            round_ = generate_round_robin_round(tournament, user=request.user)
        else:
            round_ = pair_swiss_round(tournament, user=request.user)
    except TournamentError as error:
        flash_problems(request, error)
        return redirect("tournaments:dashboard", tournament_id=tournament.pk)
    messages.success(
        request,
        _("Round %(round)s paired as a draft; check it and publish it.") % {"round": round_.number},
    )
    return redirect("tournaments:round", tournament_id=tournament.pk, number=round_.number)


@tournament_action_required(Action.MANAGE_ROUNDS)
@require_http_methods(["GET", "POST"])
def enter_pairings(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """A Swiss round from pairing software or a hand draw, typed in by starting ranks."""
    form = PairingsForm(request.POST or None, request.FILES or None)
    warnings: list[str] = []
    if request.method == "POST" and form.is_valid():
        pairs, byes = form.cleaned_data["pairs"], form.cleaned_data["byes"]
        try:
            round_ = submit_pairings(
                tournament,
                pairs,
                byes,
                source=Round.PairedBy.MANUAL,
                user=request.user,
                confirmed=form.cleaned_data["confirmed"],
            )
        except PairingNeedsConfirmation as warning:
            warnings = warning.problems
            form.ask_to_confirm()
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
        {"form": form, "tournament": tournament, "warnings": warnings, "players": players},
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
