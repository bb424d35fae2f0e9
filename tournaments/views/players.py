"""Players: add, edit, import from CSV, withdraw."""

from __future__ import annotations

import secrets

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_http_methods

from tournaments.models import Absence, Player, Tournament
from tournaments.permissions import Action, tournament_action_required
from tournaments.services import (
    NeedsConfirmation,
    TournamentError,
    add_player,
    assign_start_ranks,
    exchange_start_ranks,
    expel_player,
    remove_round_rating,
    request_absence,
    set_round_rating,
    set_start_ranks,
    update_player,
    withdraw_player,
)
from tournaments.services.audit import last_round_number
from tournaments.services.csv_players import import_players_csv

from . import public
from .common import add_problems, confirmation_page, flash_problems, warn_if_not_utf8
from .forms import (
    AbsenceForm,
    ExchangeStartRanksForm,
    PlayerForm,
    PlayersUploadForm,
    RoundRatingForm,
    WithdrawForm,
)


def _late_entry_question(
    request: HttpRequest,
    tournament: Tournament,
    question: NeedsConfirmation,
    *,
    title: str,
    data: dict[str, str] | None = None,
) -> HttpResponse:
    """The question of a late entry that moves players already numbered (L3): who moves,
    from which number to which; cancelling enters nobody."""
    return confirmation_page(
        request,
        question,
        tournament=tournament,
        title=title,
        cancel_url=reverse("tournaments:dashboard", args=[tournament.pk]),
        data=data,
    )


@tournament_action_required(Action.MANAGE_PLAYERS)
@require_http_methods(["GET", "POST"])
def add(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = PlayerForm(request.POST or None, instance=Player(tournament=tournament))
    if request.method == "POST" and form.is_valid():
        try:
            player = add_player(
                tournament,
                user=request.user,
                confirm=request.POST.get("confirm", ""),
                **form.cleaned_data,
            )
        except NeedsConfirmation as question:
            return _late_entry_question(request, tournament, question, title=_("Add a player"))
        except TournamentError as error:
            add_problems(form, error)
        else:
            messages.success(request, _("%(name)s added.") % {"name": player.name})
            if "another" in request.POST:
                return redirect("tournaments:player_add", tournament_id=tournament.pk)
            return redirect("tournaments:dashboard", tournament_id=tournament.pk)
    return render(request, "tournaments/player_form.html", {"form": form, "tournament": tournament})


@tournament_action_required(Action.MANAGE_PLAYERS)
@require_http_methods(["GET", "POST"])
def edit(request: HttpRequest, tournament: Tournament, player_id: int) -> HttpResponse:
    player = get_object_or_404(Player, pk=player_id, tournament=tournament)
    form = PlayerForm(request.POST or None, instance=player)
    if request.method == "POST" and form.is_valid():
        try:
            update_player(Player.objects.get(pk=player.pk), user=request.user, **form.cleaned_data)
        except TournamentError as error:
            add_problems(form, error)
        else:
            messages.success(request, _("%(name)s saved.") % {"name": player.name})
            return redirect("tournaments:player", tournament_id=tournament.pk, player_id=player.pk)
    return render(
        request,
        "tournaments/player_form.html",
        {"form": form, "tournament": tournament, "player": player},
    )


@tournament_action_required(Action.MANAGE_PLAYERS)
@require_http_methods(["GET", "POST"])
def withdraw(request: HttpRequest, tournament: Tournament, player_id: int) -> HttpResponse:
    player = get_object_or_404(Player, pk=player_id, tournament=tournament)
    form = WithdrawForm(
        request.POST or None, initial={"after_round": last_round_number(tournament)}
    )
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        expelled = data["how"] == WithdrawForm.EXPELLED
        leave = expel_player if expelled else withdraw_player
        try:
            leave(player, after_round=data["after_round"], user=request.user, reason=data["reason"])
        except TournamentError as error:
            add_problems(form, error)
        else:
            done = _("%(name)s expelled.") if expelled else _("%(name)s withdrawn.")
            messages.success(request, done % {"name": player.name})
            return redirect("tournaments:dashboard", tournament_id=tournament.pk)
    return render(
        request,
        "tournaments/withdraw.html",
        {"form": form, "tournament": tournament, "player": player},
    )


@tournament_action_required(Action.MANAGE_PLAYERS)
@require_http_methods(["GET", "POST"])
def import_csv(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    form = PlayersUploadForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        uploaded = form.cleaned_data["file"]
        try:
            players = import_players_csv(
                tournament, form.text(), user=request.user, confirm=form.cleaned_data["confirm"]
            )
        except NeedsConfirmation as question:
            if uploaded:
                warn_if_not_utf8(request, uploaded.name, form.read_as)
            return _late_entry_question(
                request,
                tournament,
                question,
                title=_("Import players from CSV"),
                data={"csv": form.text()},
            )
        except TournamentError as error:
            add_problems(form, error)
        else:
            count = len(players)
            messages.success(
                request,
                ngettext("%(count)s player imported.", "%(count)s players imported.", count)
                % {"count": count},
            )
            if uploaded:
                warn_if_not_utf8(request, uploaded.name, form.read_as)
            return redirect("tournaments:dashboard", tournament_id=tournament.pk)
    return render(
        request,
        "tournaments/upload.html",
        {
            "form": form,
            "tournament": tournament,
            "title": _("Import players from CSV"),
            "help": _(
                "One player per row with a header row: name, title, sex, federation, fide_id, "
                "rating_standard, birth, club … Every row is checked; nothing is imported "
                "while one is wrong."
            ),
        },
    )


def _starting_ranks_question(
    request: HttpRequest, tournament: Tournament, question: NeedsConfirmation
) -> HttpResponse:
    """The question page of a numbering or an exchange, back to the dashboard on cancel."""
    return confirmation_page(
        request,
        question,
        tournament=tournament,
        title=_("Starting ranks"),
        cancel_url=reverse("tournaments:dashboard", args=[tournament.pk]),
    )


@tournament_action_required(Action.MANAGE_PLAYERS)
@require_http_methods(["POST"])
def number(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Give every player a starting rank: by rating, title and the announced criterion, or by
    lot (round robin). Regenerating moves numbers only once confirmed (L3, L4 once a round
    is paired; checklist B12)."""
    try:
        if request.POST.get("order") == "lot":
            order = list(tournament.players.all())
            secrets.SystemRandom().shuffle(order)
            set_start_ranks(tournament, order, user=request.user)
            messages.success(request, _("Starting ranks drawn by lot."))
        else:
            assign_start_ranks(
                tournament, user=request.user, confirm=request.POST.get("confirm", "")
            )
            messages.success(request, _("Players numbered by rating."))
    except NeedsConfirmation as question:
        return _starting_ranks_question(request, tournament, question)
    except TournamentError as error:
        flash_problems(request, error)
    return redirect("tournaments:dashboard", tournament_id=tournament.pk)


@tournament_action_required(Action.MANAGE_PLAYERS)
@require_http_methods(["POST"])
def exchange(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    """Two players exchange starting ranks (checklist B12: L3, equal ratings in FIDE mode)."""
    form = ExchangeStartRanksForm(request.POST)
    if not form.is_valid():
        problems = [
            f"{form[name].label}: {' '.join(errors)}"
            for name, errors in form.errors.items()
            if name in form.fields
        ]
        messages.error(request, " ".join([_("Name two starting ranks."), *problems]))
        return redirect("tournaments:dashboard", tournament_id=tournament.pk)
    data = form.cleaned_data
    players = {
        p.start_rank: p
        for p in tournament.players.filter(start_rank__in=[data["first"], data["second"]])
    }
    try:
        if len(players) != 2:
            raise TournamentError(_("Name two starting ranks of the tournament."))
        exchange_start_ranks(
            players[data["first"]],
            players[data["second"]],
            user=request.user,
            reason=data["reason"],
            confirm=data["confirm"],
        )
        messages.success(request, _("Starting ranks exchanged."))
    except NeedsConfirmation as question:
        return _starting_ranks_question(request, tournament, question)
    except TournamentError as error:
        flash_problems(request, error)
    return redirect("tournaments:dashboard", tournament_id=tournament.pk)


@tournament_action_required(Action.MANAGE_PLAYERS)
@require_http_methods(["POST"])
def absence(request: HttpRequest, tournament: Tournament, player_id: int) -> HttpResponse:
    """Record a bye the player asked for, from the form on the player's card. A further
    half-point bye is recorded once confirmed on the question page (L3)."""
    player = get_object_or_404(Player, pk=player_id, tournament=tournament)
    form = AbsenceForm(request.POST)
    if form.is_valid():
        try:
            request_absence(player, user=request.user, **form.cleaned_data)
        except NeedsConfirmation as question:
            return confirmation_page(
                request,
                question,
                tournament=tournament,
                title=player.name,
                cancel_url=reverse("tournaments:player", args=[tournament.pk, player.pk]),
            )
        except TournamentError as error:
            add_problems(form, error)
            return public.render_player(request, tournament, player, form)
        messages.success(
            request,
            _("%(name)s: %(kind)s in round %(round)s recorded.")
            % {
                "name": player.name,
                "kind": Absence.Kind(form.cleaned_data["kind"]).label,
                "round": form.cleaned_data["round_number"],
            },
        )
        return redirect("tournaments:player", tournament_id=tournament.pk, player_id=player.pk)
    return public.render_player(request, tournament, player, form)


@tournament_action_required(Action.MANAGE_PLAYERS)
@require_http_methods(["POST"])
def round_rating(request: HttpRequest, tournament: Tournament, player_id: int) -> HttpResponse:
    """Set (the form) or remove (``remove``: the round) a player's rating from a round on,
    from his card; a round already paired is confirmed on the question page (L3)."""
    player = get_object_or_404(Player, pk=player_id, tournament=tournament)
    page = reverse("tournaments:player", args=[tournament.pk, player.pk])
    remove = request.POST.get("remove", "").strip()
    confirm = request.POST.get("confirm", "")
    try:
        if remove:
            if not (remove.isascii() and remove.isdigit() and len(remove) <= 3):
                raise TournamentError(_("Name the round."))
            remove_round_rating(player, int(remove), user=request.user, confirm=confirm)
            messages.success(request, _("Rating removed."))
        else:
            form = RoundRatingForm(request.POST)
            if not form.is_valid():
                raise TournamentError(
                    [
                        f"{form.fields[name].label}: {' '.join(errors)}"
                        for name, errors in form.errors.items()
                    ]
                )
            data = form.cleaned_data
            set_round_rating(
                player,
                data["from_round"],
                data["rating"],
                source=data["source"],
                user=request.user,
                confirm=confirm,
            )
            messages.success(request, _("Rating recorded."))
    except NeedsConfirmation as question:
        return confirmation_page(
            request, question, tournament=tournament, title=player.name, cancel_url=page
        )
    except TournamentError as error:
        flash_problems(request, error)
    return redirect(f"{page}#round-ratings")
