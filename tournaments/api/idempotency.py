"""Idempotent writes: a request sent again with the same ``Idempotency-Key`` (a retry after a
lost reply) gets the first reply again instead of writing twice.

The key belongs to the client (token or user) that sent it. The same key with another method,
path or body is refused (422). The same key sent again while the first request still writes
waits for its reply, or is answered 409 with ``Retry-After``. Only successful replies are
kept: after a refusal the client may fix the cause and retry with the same key.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable
from datetime import timedelta
from functools import wraps
from typing import Any

from django.conf import settings
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
DEFAULT_WAIT = 5.0
"""Seconds a request whose key is being written by another waits for that reply
(setting ``IDEMPOTENCY_WAIT``) before answering 409 with ``Retry-After``."""
DEFAULT_LEASE = timedelta(minutes=2)
"""How long a claim in progress holds its key (setting ``IDEMPOTENCY_LEASE``, seconds): a
claim older than this was left by a process that died, and the key is taken over."""
POLL_SECONDS = 0.1

IDEMPOTENCY_PARAMETER = OpenApiParameter(
    HEADER,
    OpenApiTypes.STR,
    OpenApiParameter.HEADER,
    description=(
        "Any unique string (a UUID) per intended write. A retry with the same key and body "
        "returns the first reply (header Idempotent-Replayed: true) and writes nothing; the "
        "same key with a different body is refused with 422 idempotency_key_reused; sent "
        "while the first request with it is still writing, the retry waits a few seconds "
        "for its reply, else is answered 409 idempotency_conflict with Retry-After; a key "
        "that is not 1 to 255 printable characters with 400."
    ),
)

View = Callable[..., Response]


def _body_digest(request: Request) -> str:
    text = json.dumps(request.data, sort_keys=True, cls=DjangoJSONEncoder)
    return hashlib.sha256(text.encode()).hexdigest()


def _seconds(name: str, default: float) -> float:
    return float(getattr(settings, name, default))


def idempotent(method: View) -> View:
    """Decorate a view method that writes; it then honours ``Idempotency-Key``.

    The key is claimed in a transaction of its own, committed before the write begins: the
    same key sent again while the first request writes finds the claim, waits up to
    ``IDEMPOTENCY_WAIT`` seconds for the first reply and replays it, or answers 409
    idempotency_conflict with ``Retry-After``. Never a second write.
    """

    @wraps(method)
    def wrapper(view: Any, request: Request, *args: Any, **kwargs: Any) -> Response:
        key = request.headers.get(HEADER)
        client = client_identity(request)
        if key is None or client is None:
            return method(view, request, *args, **kwargs)
        if not 1 <= len(key) <= 255 or not key.isprintable():
            raise exceptions.ValidationError({HEADER: [_("Use 1 to 255 printable characters.")]})
        sent = {
            "method": request.method,
            "path": request.path,
            "body_digest": _body_digest(request),
        }
        outcome = _claim(client, key, sent)
        if isinstance(outcome, Response):
            return outcome
        return _write_once(outcome, lambda: method(view, request, *args, **kwargs))

    return wrapper


def _claim(client: str, key: str, sent: dict[str, str]) -> IdempotentRequest | Response:
    """The key's claim, now this request's; or the reply to give instead of writing."""
    deadline = time.monotonic() + _seconds("IDEMPOTENCY_WAIT", DEFAULT_WAIT)
    while True:
        # Read before inserting: on SQLite an insert waits for the write lock, which the
        # request holding the claim keeps for as long as it writes.
        stored = IdempotentRequest.objects.filter(client=client, key=key).first()
        if stored is None:
            try:
                with transaction.atomic():
                    return IdempotentRequest.objects.create(client=client, key=key, **sent)
            except IntegrityError:
                continue  # claimed by another request between the read and the insert
        if {field: getattr(stored, field) for field in sent} != sent:
            raise IdempotencyKeyReused()
        if stored.state == IdempotentRequest.State.DONE:
            return _replay(stored)
        if _take_over_abandoned(stored):
            return stored
        if time.monotonic() >= deadline:
            raise IdempotencyConflict()
        time.sleep(POLL_SECONDS)


def _take_over_abandoned(stored: IdempotentRequest) -> bool:
    """Take a claim left in progress for longer than the lease (its process died)."""
    lease = timedelta(seconds=_seconds("IDEMPOTENCY_LEASE", DEFAULT_LEASE.total_seconds()))
    now = timezone.now()
    if stored.claimed_at > now - lease:
        return False
    taken = IdempotentRequest.objects.filter(
        pk=stored.pk, state=IdempotentRequest.State.IN_PROGRESS, claimed_at=stored.claimed_at
    ).update(claimed_at=now)
    stored.claimed_at = now
    return taken == 1


def _write_once(claim: IdempotentRequest, write: Callable[[], Response]) -> Response:
    """Write, and store the reply with the write (one transaction); a refusal or an error
    gives the key back, so that the client may fix the cause and retry with it."""
    try:
        with transaction.atomic():
            response = write()
            if not 200 <= response.status_code < 300:
                raise _NotKept(response)
            kept = IdempotentRequest.objects.filter(
                pk=claim.pk, state=IdempotentRequest.State.IN_PROGRESS, claimed_at=claim.claimed_at
            ).update(
                state=IdempotentRequest.State.DONE,
                status=response.status_code,
                response=json.loads(json.dumps(response.data, cls=DjangoJSONEncoder)),
                headers={h: response[h] for h in KEPT_HEADERS if response.has_header(h)},
            )
            if not kept:
                # This request outlived its lease and another took the key over: its write
                # is the one that stands, this one is rolled back.
                raise IdempotencyConflict()
            return response
    except _NotKept as refused:
        _release(claim)
        return refused.response
    except BaseException:
        _release(claim)
        raise


class _NotKept(Exception):
    """A reply other than a success: the write is rolled back and the reply not stored."""

    def __init__(self, response: Response) -> None:
        self.response = response


def _release(claim: IdempotentRequest) -> None:
    IdempotentRequest.objects.filter(
        pk=claim.pk, state=IdempotentRequest.State.IN_PROGRESS, claimed_at=claim.claimed_at
    ).delete()


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
