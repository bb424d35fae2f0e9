"""Idempotent writes: a request sent again with the same ``Idempotency-Key`` (a retry after a
lost reply) gets the first reply again instead of writing twice.

The key belongs to the client (token or user) that sent it. The same key with another method,
path or body is refused (422). Only successful replies are kept: after a refusal the client
may fix the cause and retry with the same key.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from datetime import timedelta
from functools import wraps
from typing import Any

from django.core.serializers.json import DjangoJSONEncoder
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter
from rest_framework import exceptions
from rest_framework.request import Request
from rest_framework.response import Response

from tournaments.models import IdempotentRequest

from .errors import IdempotencyConflict, IdempotencyKeyReused
from .throttling import client_identity

HEADER = "Idempotency-Key"
KEPT_HEADERS = ("ETag", "Location")
DEFAULT_RETENTION = timedelta(hours=48)
"""How long a stored reply is kept: far longer than any client's retries last."""

IDEMPOTENCY_PARAMETER = OpenApiParameter(
    HEADER,
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    description=(
        "Any unique string (a UUID) per intended write. A retry with the same key and body "
        "returns the first reply (header Idempotent-Replayed: true) and writes nothing; the "
        "same key with a different body is refused with 422 idempotency_key_reused; a key "
        "that is not 1 to 255 printable characters with 400."
    ),
)

View = Callable[..., Response]


def _body_digest(request: Request) -> str:
    text = json.dumps(request.data, sort_keys=True, cls=DjangoJSONEncoder)
    return hashlib.sha256(text.encode()).hexdigest()


def idempotent(method: View) -> View:
    """Decorate a view method that writes; it then honours ``Idempotency-Key``."""

    @wraps(method)
    def wrapper(view: Any, request: Request, *args: Any, **kwargs: Any) -> Response:
        key = request.headers.get(HEADER)
        client = client_identity(request)
        if key is None or client is None:
            return method(view, request, *args, **kwargs)
        if not 1 <= len(key) <= 255 or not key.isprintable():
            raise exceptions.ValidationError({HEADER: [_("Use 1 to 255 printable characters.")]})
        digest = _body_digest(request)
        try:
            with transaction.atomic():
                stored = IdempotentRequest.objects.filter(client=client, key=key).first()
                if stored is not None:
                    if (stored.method, stored.path, stored.body_digest) != (
                        request.method,
                        request.path,
                        digest,
                    ):
                        raise IdempotencyKeyReused()
                    return _replay(stored)
                response = method(view, request, *args, **kwargs)
                if 200 <= response.status_code < 300:
                    IdempotentRequest.objects.create(
                        client=client,
                        key=key,
                        method=request.method,
                        path=request.path,
                        body_digest=digest,
                        status=response.status_code,
                        response=json.loads(json.dumps(response.data, cls=DjangoJSONEncoder)),
                        headers={h: response[h] for h in KEPT_HEADERS if response.has_header(h)},
                    )
                return response
        except IntegrityError:
            # The same key arrived twice at once; the other request's write stands.
            raise IdempotencyConflict() from None

    return wrapper


def _replay(stored: IdempotentRequest) -> Response:
    response = Response(stored.response, status=stored.status, headers=stored.headers)
    response["Idempotent-Replayed"] = "true"
    return response


def purge_idempotent_requests(*, older_than: timedelta = DEFAULT_RETENTION) -> int:
    """Delete the stored replies older than ``older_than``; returns how many were deleted.

    A key sent again after its reply is gone is treated as a new request.
    """
    deleted, _per_model = IdempotentRequest.objects.filter(
        created_at__lt=timezone.now() - older_than
    ).delete()
    return deleted
