"""FIDE rating lists imported from the files arbiters download, one row per listed player."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class RatingListKind(models.TextChoices):
    STANDARD = "standard", _("Standard")
    RAPID = "rapid", _("Rapid")
    BLITZ = "blitz", _("Blitz")
    COMBINED = "combined", _("Standard, rapid and blitz")


class RatingList(models.Model):
    """One monthly FIDE list as imported: which list, of when, from which file, by whom."""

    kind = models.CharField(_("list"), max_length=10, choices=RatingListKind.choices)
    list_date = models.DateField(_("list date"), help_text=_("The first day of its month."))
    source = models.CharField(_("source file"), max_length=200)
    url = models.CharField(
        _("address"),
        max_length=500,
        blank=True,
        help_text=_("Where the list was fetched from: Update fetches it from there again."),
    )
    file_format = models.CharField(_("format"), max_length=3)
    player_count = models.PositiveIntegerField(_("players"), default=0)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    imported_at = models.DateTimeField(_("imported"), auto_now_add=True)

    class Meta:
        ordering = ["-list_date", "-imported_at"]
        verbose_name = _("rating list")
        verbose_name_plural = _("rating lists")

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.list_date:%Y-%m} ({self.source})"

    def covers(self, rate_of_play: str) -> bool:
        """Whether the list gives ratings of this rate of play."""
        return self.kind in (RatingListKind.COMBINED, rate_of_play)


class ListedRating(models.Model):
    """A player as one rating list gives him; ratings the list does not give are empty."""

    rating_list = models.ForeignKey(RatingList, on_delete=models.CASCADE, related_name="entries")
    fide_id = models.PositiveBigIntegerField(_("FIDE id"))
    name = models.CharField(_("name"), max_length=200)
    federation = models.CharField(_("federation"), max_length=3, blank=True)
    sex = models.CharField(_("sex"), max_length=1, blank=True)
    title = models.CharField(_("title"), max_length=3, blank=True)
    birth_year = models.PositiveSmallIntegerField(_("birth year"), null=True, blank=True)
    flag = models.CharField(_("flag"), max_length=4, blank=True)
    standard = models.PositiveSmallIntegerField(_("standard"), null=True, blank=True)
    rapid = models.PositiveSmallIntegerField(_("rapid"), null=True, blank=True)
    blitz = models.PositiveSmallIntegerField(_("blitz"), null=True, blank=True)

    class Meta:
        ordering = ["rating_list", "fide_id"]
        verbose_name = _("listed rating")
        verbose_name_plural = _("listed ratings")
        constraints = [
            models.UniqueConstraint(
                fields=["rating_list", "fide_id"], name="one_entry_per_fide_id"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.fide_id} {self.name}"
