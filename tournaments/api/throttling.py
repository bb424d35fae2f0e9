"""Throttling: a rate on writes per client, and limits on failed authentications per account
and address, and per address.

Rates come from the settings ``API_WRITE_RATE``, ``API_FAILED_AUTH_RATE`` and
``API_FAILED_AUTH_ADDRESS_RATE`` (DRF's ``"number/period"`` form), counted in Django's cache.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.utils.translation import gettext as _
from rest_framework import exceptions
from rest_framework.request import Request
from rest_framework.throttling import SimpleRateThrottle

from tournaments.models import ApiToken

DEFAULT_WRITE_RATE = "300/min"
DEFAULT_FAILED_AUTH_RATE = "20/min"
DEFAULT_FAILED_AUTH_ADDRESS_RATE = "100/min"


def client_identity(request: Request) -> str | None:
    """``token:<id>`` or ``user:<id>`` for an authenticated client, else ``None``."""
    if isinstance(request.auth, ApiToken):
        return f"token:{request.auth.pk}"
    if request.user and request.user.is_authenticated:
        return f"user:{request.user.pk}"
    return None


class WriteRateThrottle(SimpleRateThrottle):
    """Limits unsafe requests (POST, PUT, PATCH, DELETE) per token, user or address."""

    scope = "api_write"

    def get_rate(self) -> str:
        return str(getattr(settings, "API_WRITE_RATE", DEFAULT_WRITE_RATE))

    def allow_request(self, request: Request, view: Any) -> bool:
        if request.method in ("GET", "HEAD", "OPTIONS"):
            return True
        return super().allow_request(request, view)

    def get_cache_key(self, request: Request, view: Any) -> str:
        ident = client_identity(request) or f"ip:{self.get_ident(request)}"
        return self.cache_format % {"scope": self.scope, "ident": ident}


class FailedAuthThrottle(SimpleRateThrottle):
    """Failed authentications of one account from one address (``API_FAILED_AUTH_RATE``), or
    from one address over any accounts (``API_FAILED_AUTH_ADDRESS_RATE``, ``account`` None).

    Over its rate an account's password is refused unchecked from that address (429), the
    right one included: guessing it stops there, and its owner elsewhere is not hindered. The
    address's count is a back-stop that only turns failures into 429s: behind one NAT address
    a guesser must not lock the whole hall out, so valid credentials from it are always let
    through (:mod:`tournaments.api.authentication`)."""

    scope = "api_failed_auth"

    def __init__(self, request: Request, account: str | None = None) -> None:
        self.account = account
        self.address = self.get_ident(request)
        super().__init__()

    def get_rate(self) -> str:
        if self.account is None:
            return str(
                getattr(settings, "API_FAILED_AUTH_ADDRESS_RATE", DEFAULT_FAILED_AUTH_ADDRESS_RATE)
            )
        return str(getattr(settings, "API_FAILED_AUTH_RATE", DEFAULT_FAILED_AUTH_RATE))

    def get_cache_key(self, request: Request | None = None, view: Any = None) -> str:
        ident = self.address if self.account is None else f"{self.account}:{self.address}"
        return self.cache_format % {"scope": self.scope, "ident": ident}

    def _history(self) -> list[float]:
        self.key = self.get_cache_key()
        self.now = self.timer()
        history: list[float] = cache.get(self.key, [])
        return [moment for moment in history if moment > self.now - self.duration]

    def exceeded(self) -> bool:
        """Whether the count is over the rate (:meth:`wait` then says for how long)."""
        self.history = self._history()
        return len(self.history) >= self.num_requests

    def refusal(self) -> exceptions.Throttled:
        if self.account is None:
            detail = _("Too many failed authentications from this address.")
        else:
            detail = _("Too many failed authentications for this account from this address.")
        return exceptions.Throttled(wait=self.wait(), detail=detail)

    def clear(self) -> None:
        cache.delete(self.get_cache_key())

    def record_failure(self) -> None:
        history = self._history()
        history.insert(0, self.now)
        cache.set(self.key, history, self.duration)
