"""What an imported TRF file said, kept so that the export can write it back."""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from .tournament import Tournament


class TrfSource(models.Model):
    """The file a tournament was imported from, and how the application wrote it then.

    ``text`` is the file as read (its lines, ``\\n``-separated): every header record,
    repeated and unknown ones, comments, extension records and player lines, exactly as
    written. ``rendering`` holds, per TRF version, each record and player field as the
    application wrote it right after the import; ``players`` maps the file's starting ranks
    to player ids. At export a record or field is written as the file had it while the
    application would still write it as it did then; once the arbiter changed what it
    depends on, the application's value is written (and a ``###`` comment says so).
    """

    tournament = models.OneToOneField(
        Tournament,
        on_delete=models.CASCADE,
        related_name="trf_source",
        verbose_name=_("tournament"),
    )
    filename = models.CharField(_("file name"), max_length=255, blank=True)
    text = models.TextField(_("file"))
    rendering = models.JSONField(_("rendering at import"), default=dict)
    players = models.JSONField(_("players by starting rank in the file"), default=dict)
    imported_at = models.DateTimeField(_("imported"), auto_now_add=True)

    class Meta:
        verbose_name = _("imported TRF file")
        verbose_name_plural = _("imported TRF files")

    def __str__(self) -> str:
        return self.filename or str(self.tournament)
