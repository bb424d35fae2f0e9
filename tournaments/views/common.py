"""What the arbiters' views share: service errors onto forms, htmx detection."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.http import HttpRequest

from tournaments.services import TournamentError


def add_problems(form: forms.BaseForm, error: TournamentError) -> None:
    """Show every problem a service found as a form error (not only the first)."""
    for problem in error.problems:
        form.add_error(None, problem)


def flash_problems(request: HttpRequest, error: TournamentError) -> None:
    for problem in error.problems:
        messages.error(request, problem)


def is_htmx(request: HttpRequest) -> bool:
    return request.headers.get("HX-Request") == "true"
