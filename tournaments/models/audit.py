"""What every audit row has: who made the change and when, oldest first.

Audit rows are only ever added, never updated: the result history of a board
(:class:`~tournaments.models.ResultChange`), the tournament log
(:class:`~tournaments.models.TournamentLog`) and a game's changes (``games.GameChange``).
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class AuditEntry(models.Model):
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(_("time"), auto_now_add=True)

    class Meta:
        abstract = True
        ordering = ["created_at", "id"]
