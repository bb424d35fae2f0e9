"""The login page, throttled by address and by account-and-address, never locking the owner out.

Failed logins are counted in Django's cache (shared between the server's processes when the
cache is, e.g. Redis), within a window of ``LOGIN_FAILURE_WINDOW`` seconds (15 minutes):

* per account and address: the first ``LOGIN_FREE_FAILURES`` (5) cost nothing; after each
  further one that address must wait before its next try for that account, ``LOGIN_DELAY``
  seconds (1), doubled at each failure, up to ``LOGIN_MAX_DELAY`` (15 minutes). While it
  waits its tries are refused unchecked, the right password included.
* per address, over any accounts: after ``LOGIN_FAILURES_PER_ADDRESS`` (20) each further
  failure from the address is answered "too many failed logins from this address" for the
  rest of the window. The right password of any account not waiting there is still
  accepted: one address may be a whole playing hall behind NAT, where one guesser must not
  lock everyone out.
* per account, over any addresses: once it has more than ``LOGIN_FAILURES_PER_ACCOUNT`` (5)
  from other addresses than the one failing, it is being guessed at from several addresses,
  and that address pays the delay from its first failure. The account itself is never
  locked: the right password from an address that has not failed is accepted, so whoever
  guesses cannot lock the chief arbiter out.

A successful login clears its address's failures for that account.
"""

from __future__ import annotations

import hashlib
import math
import time
from dataclasses import dataclass, fields
from typing import Any

from django.conf import settings
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.forms import AuthenticationForm
from django.contrib.auth.views import LoginView
from django.core.cache import cache
from django.core.exceptions import ValidationError
from django.http import HttpRequest
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from rest_framework.throttling import BaseThrottle


@dataclass(frozen=True)
class Limits:
    """The numbers, from the settings ``LOGIN_FREE_FAILURES``, ``LOGIN_DELAY``, … (the same
    names in capitals, with ``LOGIN_`` before them)."""

    free_failures: int
    delay: float
    max_delay: float
    failures_per_address: int
    failures_per_account: int
    failure_window: int

    @classmethod
    def from_settings(cls) -> Limits:
        return cls(
            **{
                field.name: getattr(settings, f"LOGIN_{field.name.upper()}")
                for field in fields(cls)
            }
        )

    def delay_after(self, failures: int, free: int) -> float:
        """Seconds to wait after the ``failures``-th failure, ``free`` of them free."""
        if failures <= free:
            return 0.0
        return float(min(self.delay * 2 ** (failures - free - 1), self.max_delay))


def _now() -> float:
    return time.time()


def account_digest(username: str) -> str:
    """What the throttles (these and the API's) call an account: its name as typed, case and
    surrounding spaces aside, digested (whether such an account exists is not asked, so that
    the limits say nothing of it)."""
    return hashlib.sha256(username.strip().casefold().encode()).hexdigest()[:32]


def _address(request: HttpRequest | None) -> str:
    """The client's address: the API throttles' (``NUM_PROXIES`` entries from the end of
    X-Forwarded-For behind a reverse proxy, else the connection's)."""
    return (BaseThrottle().get_ident(request) or "") if request is not None else ""


def _count_failure(key: str, window: int) -> int:
    cache.add(key, 0, window)  # the window starts at the first failure
    try:
        return int(cache.incr(key))
    except ValueError:  # expired between add and incr
        cache.set(key, 1, window)
        return 1


class Throttled:
    """For an authentication form: refuse an address over its limits; count each failure."""

    cleaned_data: dict[str, Any]
    request: HttpRequest | None

    def clean(self) -> dict[str, Any]:
        limits = Limits.from_settings()
        account = account_digest(self.cleaned_data.get("username") or "")
        address = _address(self.request)
        keys = {
            "address": f"login-failures:address:{address}",
            "account": f"login-failures:account:{account}",
            "pair": f"login-failures:pair:{account}:{address}",
            "wait": f"login-wait:{account}:{address}",
        }
        self._refuse_if_waiting(keys)
        try:
            data: dict[str, Any] = super().clean()  # type: ignore[misc]
        except ValidationError:
            crowded = cache.get(keys["address"], 0) >= limits.failures_per_address
            self._count(limits, keys)
            if crowded:
                raise ValidationError(
                    _(
                        "Too many failed logins from this address. "
                        "Wait %(minutes)s minutes, then try again."
                    )
                    % {"minutes": limits.failure_window // 60},
                    code="throttled",
                ) from None
            raise
        cache.delete_many([keys["pair"], keys["wait"]])
        return data

    @staticmethod
    def _refuse_if_waiting(keys: dict[str, str]) -> None:
        """Refuse, unchecked, an account that failed too often from this address."""
        wait = math.ceil(cache.get(keys["wait"], 0) - _now())
        if wait > 0:
            raise ValidationError(
                ngettext(
                    "Too many failed logins for this account from this address. "
                    "Wait %(seconds)s second, then try again.",
                    "Too many failed logins for this account from this address. "
                    "Wait %(seconds)s seconds, then try again.",
                    wait,
                )
                % {"seconds": wait},
                code="throttled",
            )

    @staticmethod
    def _count(limits: Limits, keys: dict[str, str]) -> None:
        window = limits.failure_window
        _count_failure(keys["address"], window)
        on_account = _count_failure(keys["account"], window)
        failures = _count_failure(keys["pair"], window)
        guessed_at = on_account - failures > limits.failures_per_account  # from elsewhere
        delay = limits.delay_after(failures, 0 if guessed_at else limits.free_failures)
        if delay:
            kept = int(max(window, delay)) + 1
            cache.set(keys["pair"], failures, kept)
            cache.set(keys["wait"], _now() + delay, kept)


class ThrottledAuthenticationForm(Throttled, AuthenticationForm):
    """The site's login form."""


class ThrottledAdminAuthenticationForm(Throttled, AdminAuthenticationForm):
    """The admin's login form: the same limits, or the admin would be the way round them."""


login = LoginView.as_view(authentication_form=ThrottledAuthenticationForm)
