"""A PGN file uploaded for checking, kept until the arbiter has decided what to import."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.models import Tournament


class PgnUpload(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="pgn_uploads")
    round_number = models.PositiveSmallIntegerField(
        _("round"), null=True, blank=True, help_text=_("Empty: the Round tag of each game.")
    )
    file_name = models.CharField(_("file name"), max_length=255)
    text = models.TextField(_("PGN text"), help_text=_("Decoded to Unicode."))
    games = models.PositiveIntegerField(_("games"), default=0)
    checks = models.JSONField(
        _("check results"),
        default=list,
        blank=True,
        help_text=_("What the rules engine found in each game, kept for the import."),
    )
    checked_digest = models.CharField(
        _("checked digest"),
        max_length=64,
        blank=True,
        help_text=_("SHA-256 of the text and ruleset the check results belong to."),
    )
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    uploaded_at = models.DateTimeField(_("uploaded"), auto_now_add=True)

    class Meta:
        ordering = ["-uploaded_at"]
        verbose_name = _("PGN upload")
        verbose_name_plural = _("PGN uploads")

    def __str__(self) -> str:
        return f"{self.file_name} ({self.tournament})"
