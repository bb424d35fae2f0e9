"""Every API error as JSON: a stable ``code``, a human ``detail`` and the ``field`` it concerns.

A request refused for several reasons (a round's pairings, a batch of results) lists each in
``errors``; the top-level ``code``, ``detail`` and ``field`` repeat the first one.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponseBase
from django.utils.translation import gettext_lazy as _
from rest_framework import exceptions, serializers, status
from rest_framework.response import Response
from rest_framework.views import exception_handler

from arbiter.errors import DATABASE_ERRORS, database_unavailable
from tournaments.scoring.standings import StandingsNotFinalError
from tournaments.scoring.tiebreaks import TieBreakError
from tournaments.services import NeedsConfirmation, TournamentError

# Service problems are written "field: message" when they concern one field.
_FIELD_PREFIX = re.compile(r"^([a-z_]+): (.+)$", re.DOTALL)


class PreconditionFailed(exceptions.APIException):
    status_code = status.HTTP_412_PRECONDITION_FAILED
    default_detail = _("The resource changed since you read it; read it again.")
    default_code = "precondition_failed"


class PreconditionRequired(exceptions.APIException):
    status_code = status.HTTP_428_PRECONDITION_REQUIRED
    default_detail = _("Send If-Match with the ETag you read: this would change a result.")
    default_code = "precondition_required"


class IdempotencyKeyReused(exceptions.APIException):
    status_code = status.HTTP_422_UNPROCESSABLE_ENTITY
    default_detail = _("This Idempotency-Key was used for a different request.")
    default_code = "idempotency_key_reused"


class IdempotencyConflict(exceptions.APIException):
    status_code = status.HTTP_409_CONFLICT
    default_detail = _("A request with this Idempotency-Key is being processed; retry later.")
    default_code = "idempotency_conflict"
    wait = 1  # seconds, sent as Retry-After: the first request's reply is kept by then


class ErrorItemSerializer(serializers.Serializer[Any]):
    code = serializers.CharField(help_text="Stable, for programs: e.g. refused, not_found.")
    detail = serializers.CharField(help_text="For people.")
    field = serializers.CharField(allow_null=True, help_text="The field concerned, or null.")


class ErrorSerializer(ErrorItemSerializer):
    errors = ErrorItemSerializer(many=True, help_text="Every problem found (at least one).")
    level = serializers.IntegerField(
        required=False, help_text="409 needs_confirmation only: the warning level, 2 to 4."
    )
    step = serializers.IntegerField(
        required=False, help_text="409 only: 1, or 2 for the second step of a level-4 question."
    )
    consequences = serializers.ListField(
        child=serializers.CharField(), required=False, help_text="409 only: what follows."
    )
    confirm = serializers.CharField(
        required=False, help_text="409 only: send the request again with this in confirm."
    )


def error_item(code: str, detail: str, field: str | None = None) -> dict[str, Any]:
    return {"code": code, "detail": str(detail), "field": field}


def error_body(items: list[dict[str, Any]]) -> dict[str, Any]:
    return {**items[0], "errors": items}


def _validation_items(detail: Any, field: str | None = None) -> Iterator[dict[str, Any]]:
    """Flatten DRF's nested validation errors into items; the field is a dotted path."""
    if isinstance(detail, dict):
        for key, value in detail.items():
            name = None if key == "non_field_errors" else key
            path = ".".join(str(p) for p in (field, name) if p is not None) or None
            yield from _validation_items(value, path)
    elif isinstance(detail, list):
        nested = any(isinstance(item, dict | list) for item in detail)
        for index, item in enumerate(detail):
            path = f"{field}.{index}" if nested and field else field
            yield from _validation_items(item, path)
    else:
        yield error_item(getattr(detail, "code", None) or "invalid", str(detail), field)


def _refusal_items(error: TournamentError, code: str) -> list[dict[str, Any]]:
    items = []
    for problem in error.problems or [str(error)]:
        match = _FIELD_PREFIX.match(problem)
        field, detail = (match[1], problem) if match else (None, problem)
        items.append(error_item(code, detail, field))
    return items


def confirmation_body(question: NeedsConfirmation) -> dict[str, Any]:
    """A warning's question (FIDE checklist L55): the error body plus the level, what
    follows if confirmed, and ``confirm``, the answer to send again with the request."""
    return {
        **error_body(_refusal_items(question, "needs_confirmation")),
        "level": int(question.level),
        "step": question.step,
        "consequences": question.consequences,
        "confirm": question.answer,
    }


def api_exception_handler(exc: Exception, context: dict[str, Any]) -> HttpResponseBase | None:
    """DRF's handler, with the domain errors mapped and every body in one shape."""
    if isinstance(exc, NeedsConfirmation):
        return Response(confirmation_body(exc), status=status.HTTP_409_CONFLICT)
    if isinstance(exc, TournamentError):
        body = error_body(_refusal_items(exc, "refused"))
        return Response(body, status=status.HTTP_422_UNPROCESSABLE_ENTITY)
    if isinstance(exc, DATABASE_ERRORS):
        return database_unavailable(context["request"], exc)
    if isinstance(exc, TieBreakError | StandingsNotFinalError):
        body = error_body([error_item("refused", str(exc))])
        return Response(body, status=status.HTTP_422_UNPROCESSABLE_ENTITY)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied()
    response = exception_handler(exc, context)
    if response is None or not isinstance(exc, exceptions.APIException):
        return response
    if isinstance(exc, exceptions.ValidationError):
        items = list(_validation_items(exc.detail)) or [error_item("invalid", str(exc))]
    else:
        code = exc.get_codes()
        items = [error_item(code if isinstance(code, str) else exc.default_code, str(exc.detail))]
    response.data = error_body(items)
    return response


def error_responses(*codes: int) -> dict[int, type[ErrorSerializer]]:
    """The error statuses a view documents, all with the one error body."""
    return dict.fromkeys(codes, ErrorSerializer)
