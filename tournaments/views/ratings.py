"""FIDE rating lists: the import page, and a tournament's ratings compared with a list."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_http_methods

from tournaments.jobs import start_rating_list_import, start_rating_list_update
from tournaments.models import RatingList, Tournament
from tournaments.overview import players_by_start_rank
from tournaments.permissions import Action, can, can_import_rating_list, tournament_action_required
from tournaments.services import TournamentError
from tournaments.services.ratings import (
    apply_list_differences,
    compare_with_list,
    newest_list,
    rating_check,
)

from .common import add_problems, flash_problems


class RatingListForm(forms.Form):
    file = forms.FileField(
        label=gettext_lazy("File"),
        help_text=gettext_lazy("As downloaded from FIDE: TXT, XML, or the zip file holding it."),
    )
    list = forms.ChoiceField(
        label=gettext_lazy("List"),
        required=False,
        choices=[
            ("", gettext_lazy("as the file says")),
            ("standard", gettext_lazy("Standard")),
            ("rapid", gettext_lazy("Rapid")),
            ("blitz", gettext_lazy("Blitz")),
        ],
    )
    list_date = forms.DateField(
        label=gettext_lazy("List date"),
        required=False,
        widget=forms.DateInput(attrs={"type": "date"}),
        help_text=gettext_lazy("Any day of the list's month, when the file does not say it."),
    )


class RatingListAddressForm(forms.Form):
    """A list fetched from an address, kept for the one-click update (checklist C20)."""

    url = forms.CharField(
        label=gettext_lazy("Address of the list file"),
        max_length=500,
        help_text=gettext_lazy(
            "An http://, https:// or (staff only) file:// address, e.g. of a copy of FIDE's "
            "list on your network; Update fetches it from there again."
        ),
    )
    list = forms.ChoiceField(
        label=gettext_lazy("List"),
        required=False,
        choices=RatingListForm.base_fields["list"].choices,
    )


def _fetch_or_update(request: HttpRequest, address: RatingListAddressForm) -> HttpResponse | None:
    """The address form (``url``) or an *Update* button (``update``: a list id) was sent:
    the import job's page; ``None`` when the form has problems to show."""
    back = request.path
    try:
        if "update" in request.POST:
            old = get_object_or_404(RatingList, pk=_list_id(request.POST["update"]))
            job = start_rating_list_update(old, user=request.user, back=back)
        elif address.is_valid():
            job = start_rating_list_import(
                user=request.user,
                url=address.cleaned_data["url"],
                kind=address.cleaned_data["list"] or None,
                back=back,
            )
        else:
            return None
    except TournamentError as error:
        if "update" in request.POST:
            flash_problems(request, error)
            return redirect("tournaments:rating_lists")
        add_problems(address, error)
        return None
    return redirect("jobs:detail", job_id=job.pk)


def _list_id(text: str) -> int:
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 9 else 0


@login_required
@require_http_methods(["GET", "POST"])
def rating_lists(request: HttpRequest) -> HttpResponse:
    if not can_import_rating_list(request.user):
        raise PermissionDenied
    fetching = request.method == "POST" and ("url" in request.POST or "update" in request.POST)
    address = RatingListAddressForm(request.POST if "url" in request.POST else None)
    if fetching:
        done = _fetch_or_update(request, address)
        if done is not None:
            return done
    form = RatingListForm(None if fetching else request.POST or None, request.FILES or None)
    if request.method == "POST" and not fetching and form.is_valid():
        job = start_rating_list_import(
            user=request.user,
            upload=form.cleaned_data["file"],
            kind=form.cleaned_data["list"] or None,
            list_date=form.cleaned_data["list_date"],
            back=request.path,
        )
        return redirect("jobs:detail", job_id=job.pk)
    return render(
        request,
        "tournaments/rating_lists.html",
        {"form": form, "address": address, "lists": RatingList.objects.all()[:50]},
    )


@tournament_action_required(Action.FOLLOW)
@require_http_methods(["GET", "POST"])
def tournament_ratings(request: HttpRequest, tournament: Tournament) -> HttpResponse:
    lists = [
        rating_list
        for rating_list in RatingList.objects.all()[:50]
        if rating_list.covers(tournament.rating_type)
    ]
    chosen = request.POST.get("rating_list") or request.GET.get("list")
    rating_list = (
        get_object_or_404(RatingList, pk=int(chosen))
        if chosen and chosen.isdigit()
        else newest_list(tournament.rating_type)
    )
    if request.method == "POST":
        if not can(request.user, Action.MANAGE_PLAYERS, tournament):
            raise PermissionDenied
        if rating_list is None:
            # Nothing to compare with yet: the page says so, with the link to import a list.
            messages.error(
                request,
                _("No FIDE list of the tournament's rate of play is imported: import one first."),
            )
            return redirect(request.path)
        try:
            applied = apply_list_differences(
                tournament, rating_list, request.POST.getlist("accept"), user=request.user
            )
        except TournamentError as error:
            flash_problems(request, error)
        else:
            count = len(applied)
            messages.success(
                request,
                ngettext(
                    "%(count)s change applied from the list.",
                    "%(count)s changes applied from the list.",
                    count,
                )
                % {"count": count},
            )
        return redirect(
            f"{request.path}?list={rating_list.pk}",
        )
    comparison = compare_with_list(tournament, rating_list) if rating_list else None
    players = players_by_start_rank(tournament)
    for player in players:
        player.rated = player.rating_in_tournament()  # type: ignore[attr-defined]
    return render(
        request,
        "tournaments/ratings.html",
        {
            "tournament": tournament,
            "players": players,
            "lists": lists,
            "rating_list": rating_list,
            "comparison": comparison,
            "warnings": rating_check(tournament),
            "may_apply": can(request.user, Action.MANAGE_PLAYERS, tournament),
        },
    )
