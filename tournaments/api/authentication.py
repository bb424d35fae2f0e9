"""Authentication: per-tournament API tokens, HTTP Basic for scripts of a user, the session
for the browser. Every failed attempt counts towards its address's failed-auth limit, and a
password's towards its account's from that address too (:class:`FailedAuthThrottle`)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.contrib.auth.models import AnonymousUser
from django.utils import timezone
from django.utils.translation import gettext as _
from drf_spectacular.authentication import SessionScheme
from drf_spectacular.extensions import OpenApiAuthenticationExtension
from rest_framework import authentication, exceptions
from rest_framework.exceptions import APIException
from rest_framework.request import Request

from arbiter.login import account_digest
from tournaments.models import ApiToken
from tournaments.models.tokens import TOKEN_PREFIX
from tournaments.permissions import role_subquery

from .throttling import FailedAuthThrottle


def failed(
    request: Request, failure: exceptions.AuthenticationFailed, account: str | None = None
) -> APIException:
    """Count a failed authentication against its address (and its account from there); the
    error to answer: the failure, or 429 once a count is over its rate."""
    guards = [FailedAuthThrottle(request)]
    if account is not None:
        guards.insert(0, FailedAuthThrottle(request, account))
    for guard in guards:
        if guard.exceeded():
            return guard.refusal()
    for guard in guards:
        guard.record_failure()
    return failure


class ApiTokenAuthentication(authentication.BaseAuthentication):
    """``Authorization: Token arb_<lookup>_<secret>``.

    The request's user is the token's creator (for the audit trail); what it may do is the
    token's scope on the token's tournament only (see :mod:`tournaments.api.permissions`).
    A key is always checked, from an address over its failure limit too (its secret cannot be
    guessed, and a valid key must get through from behind a NAT address someone else guesses
    from); a wrong one then gets 429.
    """

    keyword = "Token"

    def authenticate(self, request: Request) -> tuple[Any, ApiToken] | None:
        header = authentication.get_authorization_header(request).split()
        if not header or header[0].lower() != self.keyword.lower().encode():
            return None
        try:
            return self._check(header)
        except exceptions.AuthenticationFailed as failure:
            raise failed(request, failure) from None

    def _check(self, header: list[bytes]) -> tuple[Any, ApiToken]:
        if len(header) != 2:
            raise exceptions.AuthenticationFailed(_("Send the token as: Token <key>."))
        try:
            prefix, lookup, secret = header[1].decode().split("_", 2)
        except (UnicodeDecodeError, ValueError):
            raise exceptions.AuthenticationFailed(_("Malformed API token.")) from None
        token = (
            ApiToken.objects.select_related("tournament", "created_by")
            .annotate(creator_role=role_subquery("tournament", "created_by"))
            .filter(lookup=lookup, revoked_at__isnull=True)
            .first()
        )
        if prefix != TOKEN_PREFIX or token is None or not token.matches(secret):
            raise exceptions.AuthenticationFailed(_("Invalid or revoked API token."))
        _record_use(token)
        return token.created_by or AnonymousUser(), token

    def authenticate_header(self, request: Request) -> str:
        return self.keyword


TOKEN_USE_PRECISION = timedelta(minutes=1)
"""How stale a token's ``last_used_at`` may be: a read must not write on every request."""


def _record_use(token: ApiToken) -> None:
    """Note when the token was used, at most once a minute (a write per request would make
    every GET a write, serialised on the token's row)."""
    now = timezone.now()
    if token.last_used_at is not None and now - token.last_used_at < TOKEN_USE_PRECISION:
        return
    # The filter keeps concurrent requests from writing the same minute twice.
    ApiToken.objects.filter(pk=token.pk).exclude(last_used_at__gt=now - TOKEN_USE_PRECISION).update(
        last_used_at=now
    )
    token.last_used_at = now


class GuardedBasicAuthentication(authentication.BasicAuthentication):
    """HTTP Basic with a user's name and password (scripts of the chief arbiter).

    An account that failed too often from an address is refused there unchecked (429), the
    right password included: guessing it stops. Valid credentials of any other account get
    through from that address, over its limit or not."""

    account: str | None = None
    """The account the request names (``None`` until its header is read)."""

    def authenticate(self, request: Request) -> tuple[Any, None] | None:
        if not authentication.get_authorization_header(request).lower().startswith(b"basic"):
            return None
        try:
            return super().authenticate(request)
        except exceptions.AuthenticationFailed as failure:
            raise failed(request, failure, self.account) from None

    def authenticate_credentials(
        self, userid: str, password: str, request: Request | None = None
    ) -> tuple[Any, None]:
        assert request is not None  # always given by authenticate()
        self.account = f"user:{account_digest(userid)}"
        guard = FailedAuthThrottle(request, self.account)
        if guard.exceeded():
            raise guard.refusal()
        user, _none = super().authenticate_credentials(userid, password, request)
        guard.clear()  # as a login: the owner's own slips are forgiven
        return user, None


class CsrfCheckedSessionAuthentication(authentication.SessionAuthentication):
    """The browser's session. Its CSRF check reads the token from Django's own request: DRF's
    request would first parse the body with the view's parsers, so that a body the view does
    not take was refused 415 before the permission check had said whether the client may."""

    def enforce_csrf(self, request: Request) -> None:
        super().enforce_csrf(request._request)


class ApiTokenScheme(OpenApiAuthenticationExtension):
    target_class = "tournaments.api.authentication.ApiTokenAuthentication"
    name = "apiToken"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {
            "type": "apiKey",
            "in": "header",
            "name": "Authorization",
            "description": _(
                "A per-tournament token, created by the chief arbiter: "
                "'Token arb_<lookup>_<secret>'. Scopes: read, results, pairing."
            ),
        }


class GuardedBasicScheme(OpenApiAuthenticationExtension):
    target_class = "tournaments.api.authentication.GuardedBasicAuthentication"
    name = "basicAuth"

    def get_security_definition(self, auto_schema: Any) -> dict[str, str]:
        return {"type": "http", "scheme": "basic"}


class CsrfCheckedSessionScheme(SessionScheme):
    """The session is documented as DRF's (cookie ``sessionid``)."""

    target_class = "tournaments.api.authentication.CsrfCheckedSessionAuthentication"
