"""The login page, throttled by account and by address.

Failed logins are counted in Django's cache (shared between the server's processes when the
cache is, e.g. Redis): once an account or an address has failed too often within the
window, every login for it is refused until the window has passed, the right password
included, so that guessing cannot go on. A successful login clears its account's count.
"""

from __future__ import annotations

import hashlib
from typing import Any

from django.conf import settings
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm
from django.contrib.auth.views import LoginView
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.http import HttpRequest
from django.utils.translation import gettext as _

FAILURES_PER_ACCOUNT = 5
FAILURES_PER_ADDRESS = 20
WINDOW_SECONDS = 15 * 60


def _limits() -> tuple[int, int, int]:
    return (
        int(getattr(settings, "LOGIN_FAILURES_PER_ACCOUNT", FAILURES_PER_ACCOUNT)),
        int(getattr(settings, "LOGIN_FAILURES_PER_ADDRESS", FAILURES_PER_ADDRESS)),
        int(getattr(settings, "LOGIN_FAILURE_WINDOW", WINDOW_SECONDS)),
    )


def _account_key(username: str) -> str:
    digest = hashlib.sha256(username.strip().casefold().encode()).hexdigest()[:32]
    return f"login-failures:account:{digest}"


def _address_key(request: HttpRequest | None) -> str:
    address = request.META.get("REMOTE_ADDR", "") if request is not None else ""
    return f"login-failures:address:{address}"


def _count_failure(key: str, window: int) -> None:
    cache.add(key, 0, window)  # the window starts at the first failure
    try:
        cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.set(key, 1, window)


class Throttled:
    """For an authentication form: refuse while the account or address is over its limit;
    count each failure against both."""

    cleaned_data: dict[str, Any]
    request: HttpRequest | None

    def clean(self) -> dict[str, Any]:
        per_account, per_address, window = _limits()
        username = self.cleaned_data.get("username") or ""
        account, address = _account_key(username), _address_key(self.request)
        if cache.get(account, 0) >= per_account or cache.get(address, 0) >= per_address:
            raise ValidationError(
                _(
                    "Too many failed logins for this account or from this address. "
                    "Wait %(minutes)s minutes, then try again."
                )
                % {"minutes": window // 60},
                code="throttled",
            )
        try:
            data: dict[str, Any] = super().clean()  # type: ignore[misc]
        except ValidationError:
            _count_failure(account, window)
            _count_failure(address, window)
            raise
        cache.delete(account)
        return data


class ThrottledAuthenticationForm(Throttled, AuthenticationForm):
    """The site's login form."""


class ThrottledAdminAuthenticationForm(Throttled, AdminAuthenticationForm):
    """The admin's login form: the same limits, or the admin would be the way round them."""


login = LoginView.as_view(authentication_form=ThrottledAuthenticationForm)
