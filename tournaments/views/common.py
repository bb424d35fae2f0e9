"""What the arbiters' views share: service errors onto forms, the warning levels' question
page, htmx detection."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.rules.text import ENCODINGS
from tournaments.models import Tournament
from tournaments.services import Level, NeedsConfirmation, TournamentError


def add_problems(form: forms.BaseForm, error: TournamentError) -> None:
    """Show every problem a service found as a form error (not only the first)."""
    for problem in error.problems:
        form.add_error(None, problem)


def flash_problems(request: HttpRequest, error: TournamentError) -> None:
    for problem in error.problems:
        messages.error(request, problem)


def warn_if_not_utf8(request: HttpRequest, file_name: str, read_as: str) -> None:
    """Say which encoding an uploaded file that is not UTF-8 was read in, so an arbiter
    who sees garbled names knows why and can upload it again in its own encoding."""
    if read_as != "utf-8":
        messages.warning(
            request,
            _(
                "%(file)s is not UTF-8: it was read as %(encoding)s. If the names look "
                "garbled, upload it again choosing its encoding."
            )
            % {"file": file_name, "encoding": ENCODINGS[read_as]},
        )


def is_htmx(request: HttpRequest) -> bool:
    return request.headers.get("HX-Request") == "true"


_BUTTONS = {
    Level.ACKNOWLEDGE: gettext_lazy("I acknowledge this; go on"),
    Level.CONFIRM: gettext_lazy("Confirm"),
}


def confirmation_page(
    request: HttpRequest,
    question: NeedsConfirmation,
    *,
    tournament: Tournament,
    title: str,
    cancel_url: str,
    data: Mapping[str, Any] | None = None,
) -> HttpResponse:
    """The warning a service raised, with the button that repeats the request with the
    level's answer (FIDE checklist L55) and a way to cancel. The request's fields (or
    ``data``) are sent again unchanged; an L4 question takes two such pages."""
    fields = data if data is not None else request.POST
    hidden = [
        (name, value)
        for name in fields
        if name not in {"csrfmiddlewaretoken", "confirm"}
        for value in (fields.getlist(name) if hasattr(fields, "getlist") else [fields[name]])
    ]
    if question.level < Level.CONSEQUENCES:
        button = str(_BUTTONS[question.level])
    elif question.step == 1:
        button = _("I understand the consequences; continue")
    else:
        button = _("Yes, do it: this is final")
    return render(
        request,
        "tournaments/confirm.html",
        {
            "tournament": tournament,
            "title": title,
            "question": question,
            "level": question.level,
            "hidden": hidden,
            "button": button,
            "cancel_url": cancel_url,
        },
        status=409,
    )
