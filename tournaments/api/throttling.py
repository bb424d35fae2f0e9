"""Throttling: a rate on writes per client, and a limit on failed logins per address.

Rates come from the settings ``API_WRITE_RATE`` and ``API_FAILED_AUTH_RATE`` (DRF's
``"number/period"`` form), counted in Django's cache.
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
    """Counts failed authentications per address; once over the rate, every attempt from that
    address is refused (429) until the window has passed, valid credentials included."""

    scope = "api_failed_auth"

    def get_rate(self) -> str:
        return str(getattr(settings, "API_FAILED_AUTH_RATE", DEFAULT_FAILED_AUTH_RATE))

    def get_cache_key(self, request: Request, view: Any) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}

    def _history(self, request: Request) -> list[float]:
        self.key = self.get_cache_key(request, None)
        self.now = self.timer()
        history: list[float] = cache.get(self.key, [])
        return [moment for moment in history if moment > self.now - self.duration]

    def check(self, request: Request) -> None:
        """Refuse an address that failed too often."""
        self.history = self._history(request)
        if len(self.history) >= self.num_requests:
            raise exceptions.Throttled(
                wait=self.wait(), detail=_("Too many failed authentications from this address.")
            )

    def record_failure(self, request: Request) -> None:
        history = self._history(request)
        history.insert(0, self.now)
        cache.set(self.key, history, self.duration)
