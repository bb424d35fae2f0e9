"""The tournament log: every pairing-integrity event, and undoing one (FIDE checklist K54)."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST

from tournaments.models import Tournament, TournamentLog
from tournaments.permissions import Action, can, tournament_action_required
from tournaments.services import NeedsConfirmation, TournamentError
from tournaments.services.undo import UNDOABLE_KINDS, undo_event, undo_refusal

from .common import confirmation_page, flash_problems


@tournament_action_required(Action.FOLLOW)
@require_http_methods(["GET"])
def log(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Newest first. The chief arbiter sees, beside each integrity event, a form to undo it
    or why it cannot be undone."""
    entries = list(tournament.log.select_related("user").order_by("-created_at", "-id"))
    may_undo = can(request.user, Action.CONFIGURE, tournament)
    for entry in entries:
        entry.undoable = may_undo and entry.kind in UNDOABLE_KINDS
        entry.refusal = undo_refusal(entry) if entry.undoable else None
    return render(request, "tournaments/log.html", {"tournament": tournament, "entries": entries})


@tournament_action_required(Action.CONFIGURE)
@require_POST
def undo(request: HttpRequest, tournament: Tournament, entry_id: int) -> HttpResponse:
    entry = get_object_or_404(TournamentLog, pk=entry_id, tournament=tournament)
    page = reverse("tournaments:log", args=[tournament.pk])
    reason = request.POST.get("reason", "")[:500]
    try:
        undo_event(entry, user=request.user, reason=reason, confirm=request.POST.get("confirm", ""))
    except NeedsConfirmation as question:
        return confirmation_page(
            request,
            question,
            tournament=tournament,
            title=_("Undo a change"),
            cancel_url=f"{page}#entry-{entry.pk}",
            data={"reason": reason},
        )
    except TournamentError as error:
        flash_problems(request, error)
    else:
        messages.success(request, _("Undone; the undo is in the log."))
    return redirect(f"{page}#entry-{entry.pk}")
