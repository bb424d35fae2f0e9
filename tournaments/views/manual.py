"""Manual pairing sessions on a draft round (FIDE checklist D29) and forbidden pairs (D30)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tournaments.models import Player, Round, Tournament
from tournaments.permissions import Action, tournament_action_required
from tournaments.services import (
    NeedsConfirmation,
    TournamentError,
    allow_pair,
    end_manual_pairing,
    exchange_players,
    forbid_pair,
    start_manual_pairing,
    swap_colours,
)

from .common import confirmation_page, flash_problems


def _int(request: HttpRequest, name: str) -> int | None:
    """A positive whole number from the form, or ``None`` (also for absurdly long ones)."""
    value = request.POST.get(name, "").strip()
    return int(value) if value.isascii() and value.isdigit() and len(value) <= 9 else None


def _round(request: HttpRequest, name: str) -> int | None:
    """A round number from the form; ``None`` when left blank."""
    if not request.POST.get(name, "").strip():
        return None
    number = _int(request, name)
    if number is None:
        raise TournamentError(_("A round is a whole number such as 3."))
    return number


@tournament_action_required(Action.MANAGE_ROUNDS)
@require_http_methods(["POST"])
def manual_pairing(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    """One step of a session: ``start``, ``swap`` (a board's colours), ``exchange`` (two
    players by starting rank) or ``end`` (with the L3 question when a rule is broken)."""
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    page = reverse("tournaments:round", args=[tournament.pk, number])
    step = request.POST.get("step", "")
    try:
        if step == "start":
            start_manual_pairing(round_, user=request.user)
            messages.success(request, _("Manual pairing session started."))
        elif step == "swap":
            board = _int(request, "board")
            if board is None:
                raise TournamentError(_("Name the board."))
            swap_colours(round_, board)
        elif step == "exchange":
            first, second = _int(request, "first"), _int(request, "second")
            if first is None or second is None:
                raise TournamentError(_("Name two starting ranks."))
            exchange_players(round_, first, second)
        elif step == "end":
            end_manual_pairing(round_, user=request.user, confirm=request.POST.get("confirm", ""))
            messages.success(request, _("Manual pairing session ended."))
        else:
            raise TournamentError(_("Unknown step."))
    except NeedsConfirmation as question:
        return confirmation_page(
            request,
            question,
            tournament=tournament,
            title=_("End the manual pairing session"),
            cancel_url=page,
        )
    except TournamentError as error:
        flash_problems(request, error)
    return redirect(f"{page}#manual-pairing")


@tournament_action_required(Action.MANAGE_PLAYERS)
@require_http_methods(["POST"])
def forbidden_pair(request: HttpRequest, tournament: Tournament, player_id: int) -> HttpResponse:
    """Add (``opponent``) or lift (``lift``) a forbidden pair from the player's card."""
    player = get_object_or_404(Player, pk=player_id, tournament=tournament)
    page = reverse("tournaments:player", args=[tournament.pk, player.pk])
    lift = _int(request, "lift")
    opponent_id = lift if lift is not None else _int(request, "opponent")
    opponent = Player.objects.filter(pk=opponent_id, tournament=tournament).first()
    try:
        if opponent is None:
            raise TournamentError(_("Choose a player of the tournament."))
        reason = request.POST.get("reason", "")[:200]
        if lift is not None:
            allow_pair(player, opponent, user=request.user, reason=reason)
            messages.success(request, _("Forbidden pair lifted."))
        else:
            forbid_pair(
                player,
                opponent,
                user=request.user,
                reason=reason,
                from_round=_round(request, "from_round") or 1,
                to_round=_round(request, "to_round"),
            )
            messages.success(request, _("Forbidden pair recorded."))
    except TournamentError as error:
        flash_problems(request, error)
    return redirect(f"{page}#forbidden-pairs")
