"""A round's boards in one table, and entering their results (keyboard first, htmx-saved)."""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.html import format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from games.rules.rulesets import get_ruleset
from tournaments.models import EntrySource, Pairing, Result, Round, Tournament, TournamentLog
from tournaments.permissions import Action, actions_for, can, tournament_action_required
from tournaments.services import NeedsConfirmation, TournamentError, record_result
from tournaments.services.manual_pairing import comparison
from tournaments.services.rating_report import (
    correct_for_rating_report,
    withdraw_rating_report_correction,
)
from tournaments.services.results import result_label
from tournaments.services.versions import board_version

from .common import add_problems, confirmation_page, is_htmx
from .forms import RatingCorrectionForm, ResultForm
from .team_rounds import match_row, match_rows

KEYS = [
    ("1", Result.WHITE_WINS),
    ("0", Result.BLACK_WINS),
    ("=", Result.DRAW),
    ("+", Result.WHITE_FORFEIT_WIN),
    ("-", Result.BLACK_FORFEIT_WIN),
]
"""The keys of the result table, and the result each one enters."""


def _options(selected: str, tournament: Tournament) -> str:
    """The results the tournament's ruleset knows (a void game only online), and the
    board's own result whatever it is."""
    voids = get_ruleset(tournament.ruleset).voids_games
    return "".join(
        format_html(
            '<option value="{}"{}>{}</option>',
            value,
            mark_safe(" selected") if value == selected else "",
            label,
        )
        for value, label in Result.choices
        if value != Result.VOID or voids or value == selected
    )


def _with_entry(pairing: Pairing, tournament: Tournament, options: dict[str, str]) -> Pairing:
    """Attach what the row's result form needs, computed here rather than per row in the
    template: a 500-board round renders in a third of the time (bench/ui_pages.py)."""
    pairing.result_url = reverse(  # type: ignore[attr-defined]
        "tournaments:result",
        kwargs={
            "tournament_id": tournament.pk,
            "number": pairing.round.number,
            "board": pairing.board,
        },
    )
    pairing.version = board_version(pairing)  # type: ignore[attr-defined]
    if pairing.result not in options:
        options[pairing.result] = _options(pairing.result, tournament)
    pairing.options_html = mark_safe(options[pairing.result])  # type: ignore[attr-defined]
    return pairing


def _boards(round_: Round, tournament: Tournament) -> list[Pairing]:
    boards = round_.pairings.select_related(
        "round", "white", "black", "game", "rating_correction"
    ).order_by("board")
    options: dict[str, str] = {}
    return [_with_entry(pairing, tournament, options) for pairing in boards]


@tournament_action_required(Action.FOLLOW)
def round_detail(request: HttpRequest, tournament: Tournament, number: int) -> HttpResponse:
    round_ = get_object_or_404(Round, tournament=tournament, number=number)
    return render_round(request, tournament, round_)


def render_round(
    request: HttpRequest,
    tournament: Tournament,
    round_: Round,
    *,
    bound: dict[str, Any] | None = None,
    status: int = 200,
) -> HttpResponse:
    """The round page; a team event's with its matches (``bound``: a team form sent back
    with its errors, see :mod:`.team_rounds`)."""
    actions = actions_for(request.user, tournament)
    boards = _boards(round_, tournament)
    matches = (
        match_rows(
            tournament,
            round_,
            boards,
            editable=Action.MANAGE_ROUNDS in actions,
            bound=bound,
        )
        if tournament.is_team_event
        else None
    )
    return render(
        request,
        "tournaments/round.html",
        {
            "tournament": tournament,
            "round": round_,
            "boards": boards,
            "matches": matches,
            "actions": actions,
            "may_enter": Action.ENTER_RESULTS in actions and round_.status != Round.Status.DRAFT,
            "may_enter_games": Action.ENTER_GAMES in actions,
            "keys": KEYS,
            "rounds": tournament.rounds.order_by("number").values_list("number", flat=True),
            "session": comparison(round_) if round_.manual_session is not None else None,
            "changed_by": _changed_by_hand(round_),
        },
        status=status,
    )


def _changed_by_hand(round_: Round) -> str:
    """Who changed the engine's pairing of ``round_`` in a manual pairing session (names
    joined), empty when nobody did or the log names nobody."""
    if round_.paired_by != Round.PairedBy.MANUAL or not round_.engine:
        return ""
    users = (
        round_.tournament.log.filter(
            kind=TournamentLog.Kind.MANUAL_PAIRING,
            round_number=round_.number,
            user__isnull=False,
        )
        .select_related("user")
        .order_by("pk")
    )
    return ", ".join(dict.fromkeys(str(entry.user) for entry in users))


@tournament_action_required(Action.ENTER_RESULTS)
@require_http_methods(["POST"])
def save_result(
    request: HttpRequest, tournament: Tournament, number: int, board: int
) -> HttpResponse:
    """Save one board's result. htmx gets the table row back (with the confirmation or the
    refusal); a plain form post goes back to the round page."""
    boards = Pairing.objects.select_related("round", "white", "black")
    pairing = get_object_or_404(
        boards, round__tournament=tournament, round__number=number, board=board
    )
    form = ResultForm(request.POST)
    error, saved, question = "", False, None
    if not form.is_valid():
        error = " ".join(str(e) for errors in form.errors.values() for e in errors)
    else:
        try:
            pairing = record_result(
                pairing,
                form.cleaned_data["result"],
                source=EntrySource.HAND,
                user=request.user,
                unrated=form.cleaned_data["unrated"],
                reason=form.cleaned_data["reason"],
                confirm=form.cleaned_data["confirm"],
                version=form.cleaned_data["version"] or None,
            )
        except NeedsConfirmation as asked:
            if not is_htmx(request):
                url = reverse("tournaments:round", args=[tournament.pk, number])
                return confirmation_page(
                    request,
                    asked,
                    tournament=tournament,
                    title=_("Board %(board)s") % {"board": board},
                    cancel_url=f"{url}#board-{board}",
                )
            question = asked
            error = " ".join(asked.problems)
        except TournamentError as refusal:
            error = " ".join(refusal.problems)
            pairing = boards.get(pk=pairing.pk)  # the row shows what the board holds now
        else:
            saved = True
    if is_htmx(request):
        context = {
            "tournament": tournament,
            "round": pairing.round,
            "pairing": _with_entry(pairing, tournament, {}),
            "may_enter": True,
            "may_enter_games": can(request.user, Action.ENTER_GAMES, tournament),
            "saved": saved,
            "error": error,
            "question": question,
            "asked": form.cleaned_data if question else {},
        }
        row = render_to_string("tournaments/_result_row.html", context, request)
        return HttpResponse(row + _match_rows_out_of_band(request, tournament, pairing))
    if error:
        messages.error(request, _("Board %(board)s: %(error)s") % {"board": board, "error": error})
    else:
        messages.success(
            request,
            _("Board %(board)s saved: %(result)s.")
            % {"board": board, "result": result_label(Result(pairing.result), pairing.unrated)},
        )
    url = reverse("tournaments:round", kwargs={"tournament_id": tournament.pk, "number": number})
    return redirect(f"{url}#board-{board}")


def _match_rows_out_of_band(request: HttpRequest, tournament: Tournament, pairing: Pairing) -> str:
    """In a team event, the board's match as it now stands (the matches table's row and
    the match's heading above its boards), for htmx to swap in beside the board's row
    (``hx-swap-oob``): the match's score follows each result typed, without a reload."""
    row = match_row(tournament, pairing)
    if row is None:
        return ""
    context = {"row": row, "oob": True}
    return "".join(
        render_to_string(template, context, request)
        for template in ("tournaments/_match_row.html", "tournaments/_match_head.html")
    )


@tournament_action_required(Action.ENTER_RESULTS)
@require_http_methods(["GET", "POST"])
def rating_correction(
    request: HttpRequest, tournament: Tournament, number: int, board: int
) -> HttpResponse:
    """A board's result for the rating report only (FIDE C.04.2 4.3): set, changed or
    withdrawn with a reason; the board's result, which pairings and standings use, stays."""
    boards = Pairing.objects.select_related("round", "white", "black", "rating_correction")
    pairing = get_object_or_404(
        boards, round__tournament=tournament, round__number=number, board=board
    )
    current = getattr(pairing, "rating_correction", None)
    form = RatingCorrectionForm(
        request.POST or None, initial={"result": current.result if current else ""}
    )
    withdraw = request.POST.get("withdraw") is not None
    posted = request.method == "POST" and form.is_valid()
    if posted and not withdraw and not form.cleaned_data["result"]:
        form.add_error("result", _("Choose the result the rating report takes."))
    if posted and form.is_valid():
        try:
            if withdraw:
                withdraw_rating_report_correction(
                    pairing, user=request.user, reason=form.cleaned_data["reason"]
                )
                messages.success(
                    request,
                    _("Board %(board)s: the rating report takes the board's result again.")
                    % {"board": board},
                )
            else:
                saved = correct_for_rating_report(
                    pairing,
                    form.cleaned_data["result"],
                    user=request.user,
                    reason=form.cleaned_data["reason"],
                )
                messages.success(
                    request,
                    _("Board %(board)s: the rating report takes %(result)s.")
                    % {"board": board, "result": saved.get_result_display()},
                )
        except TournamentError as error:
            add_problems(form, error)
        else:
            url = reverse("tournaments:round", args=[tournament.pk, number])
            return redirect(f"{url}#board-{board}")
    return render(
        request,
        "tournaments/rating_correction.html",
        {"form": form, "tournament": tournament, "pairing": pairing, "current": current},
    )
