"""API access: per-tournament tokens with a scope, and the replies kept for retried requests."""

from __future__ import annotations

import hashlib
import hmac
import secrets

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from .tournament import Tournament

TOKEN_PREFIX = "arb"


def token_digest(secret: str) -> str:
    """SHA-256 of a token's secret. The secret is 32 random bytes, so a fast hash is enough:
    a slow password hash only helps against guessable secrets."""
    return hashlib.sha256(secret.encode()).hexdigest()


class ApiToken(models.Model):
    """A key a program presents as ``Authorization: Token arb_<lookup>_<secret>``.

    Only the SHA-256 digest of the secret is stored; the full key is shown once, at creation.
    """

    class Scope(models.TextChoices):
        READ = "read", _("Read only")
        RESULTS = "results", _("Read and enter results")
        PAIRING = "pairing", _("Read, register players, pair rounds and enter results")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(
        _("name"), max_length=100, help_text=_("Who uses it, e.g. Swiss-Manager.")
    )
    scope = models.CharField(_("scope"), max_length=10, choices=Scope.choices)
    lookup = models.CharField(_("lookup key"), max_length=16, unique=True, editable=False)
    digest = models.CharField(_("digest"), max_length=64, editable=False)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    last_used_at = models.DateTimeField(_("last used"), null=True, blank=True)
    revoked_at = models.DateTimeField(_("revoked"), null=True, blank=True)

    class Meta:
        ordering = ["tournament", "-created_at"]
        verbose_name = _("API token")
        verbose_name_plural = _("API tokens")

    def __str__(self) -> str:
        return f"{self.name} ({self.get_scope_display()})"

    @classmethod
    def issue(cls, **fields: object) -> tuple[ApiToken, str]:
        """A new token and its full key (the only time the key is known)."""
        lookup, secret = secrets.token_hex(8), secrets.token_urlsafe(32)
        token = cls.objects.create(lookup=lookup, digest=token_digest(secret), **fields)
        return token, f"{TOKEN_PREFIX}_{lookup}_{secret}"

    @property
    def active(self) -> bool:
        return self.revoked_at is None

    def matches(self, secret: str) -> bool:
        return hmac.compare_digest(self.digest, token_digest(secret))

    def revoke(self) -> None:
        if self.revoked_at is None:
            self.revoked_at = timezone.now()
            self.save(update_fields=["revoked_at"])


class IdempotentRequest(models.Model):
    """A write made with an ``Idempotency-Key``: a retry with the same key and body gets the
    stored reply instead of writing twice.

    The row is the key's claim, committed before the write begins (state in progress), so
    that the same key sent twice at once cannot write twice; the write's own transaction
    then stores its reply in it (state done).
    """

    class State(models.TextChoices):
        IN_PROGRESS = "in_progress", _("in progress")
        DONE = "done", _("done")

    client = models.CharField(_("client"), max_length=40)
    """``token:<id>`` or ``user:<id>``: keys are private to whoever sent them."""
    key = models.CharField(_("key"), max_length=255)
    method = models.CharField(_("method"), max_length=10)
    path = models.CharField(_("path"), max_length=500)
    body_digest = models.CharField(_("body digest"), max_length=64)
    state = models.CharField(
        _("state"), max_length=12, choices=State.choices, default=State.IN_PROGRESS
    )
    claimed_at = models.DateTimeField(_("claimed"), default=timezone.now)
    """When the request now writing took the key: a claim older than the lease was left by
    a process that died, and the next request with the key takes it over."""
    status = models.PositiveSmallIntegerField(_("status"), null=True)
    response = models.JSONField(_("response"), null=True)
    headers = models.JSONField(_("response headers"), default=dict)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("idempotent request")
        verbose_name_plural = _("idempotent requests")
        constraints = [
            models.UniqueConstraint(fields=["client", "key"], name="one_reply_per_client_key"),
        ]

    def __str__(self) -> str:
        return f"{self.client} {self.key}: {self.method} {self.path} → {self.status or self.state}"
