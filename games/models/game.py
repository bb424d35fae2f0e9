"""A game, its moves as recorded, and the audit trail of every change to it."""

from __future__ import annotations

import chess
from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.rules.chess960 import is_chess960_variant
from tournaments.models import Pairing, Tournament
from tournaments.models.audit import AuditEntry
from tournaments.models.tournament import ruleset_choices


class ResultReason(models.TextChoices):
    """How the result was reached."""

    UNDECIDED = "", _("not decided")
    BOARD = "board", _("on the board (mate, resignation, agreement)")
    DECLARED = "declared", _("as declared in the game record")
    RULING = "ruling", _("arbiter's ruling")
    FORFEIT = "forfeit", _("forfeit (unplayed)")
    ANNULLED = "annulled", _("annulled")


class Game(models.Model):
    """A game of a board of a round, or a game standing alone (a friendly check)."""

    class Status(models.TextChoices):
        SCHEDULED = "scheduled", _("Scheduled")
        IN_PROGRESS = "in_progress", _("In progress")
        ADJOURNED = "adjourned", _("Adjourned")
        FINISHED = "finished", _("Finished")
        ANNULLED = "annulled", _("Annulled")
        FORFEITED = "forfeited", _("Forfeited")

    class Source(models.TextChoices):
        PGN = "pgn", _("PGN upload")
        ENTRY = "entry", _("Entered move by move")

    pairing = models.OneToOneField(
        Pairing,
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="game",
        verbose_name=_("board"),
    )
    white_name = models.CharField(_("white"), max_length=200)
    black_name = models.CharField(_("black"), max_length=200)
    white_fide_id = models.CharField(_("white FIDE id"), max_length=12, blank=True)
    black_fide_id = models.CharField(_("black FIDE id"), max_length=12, blank=True)
    ruleset = models.CharField(
        _("ruleset"), max_length=20, choices=ruleset_choices, default="classic"
    )
    time_control = models.CharField(_("time control"), max_length=100, blank=True)
    start_fen = models.CharField(
        _("starting position"),
        max_length=100,
        blank=True,
        help_text=_("FEN; empty for the standard starting position."),
    )
    current_fen = models.CharField(
        _("current position"), max_length=100, default=chess.STARTING_FEN
    )
    headers = models.JSONField(
        _("other PGN tags"), default=dict, blank=True, help_text=_("Event, Site, Date, …")
    )
    status = models.CharField(
        _("status"), max_length=12, choices=Status.choices, default=Status.SCHEDULED
    )
    result = models.CharField(_("result"), max_length=8, default="*")
    result_reason = models.CharField(
        _("result reached by"), max_length=10, choices=ResultReason.choices, blank=True
    )
    result_article = models.CharField(
        _("article"), max_length=40, blank=True, help_text=_("The article a ruling applied.")
    )
    source = models.CharField(_("source"), max_length=10, choices=Source.choices)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)

    class Meta:
        ordering = ["-created_at", "id"]
        verbose_name = _("game")
        verbose_name_plural = _("games")

    def __str__(self) -> str:
        return f"{self.white_name} – {self.black_name} {self.result}"

    @property
    def tournament(self) -> Tournament | None:
        return self.pairing.round.tournament if self.pairing_id else None

    @property
    def initial_fen(self) -> str:
        return self.start_fen or chess.STARTING_FEN

    @property
    def chess960(self) -> bool:
        """Played under Chess960's rules: its ``Variant`` tag says so."""
        return is_chess960_variant(str(self.headers.get("Variant", "")))

    def sans(self) -> list[str]:
        return [move.san for move in self.moves.all()]


class Move(models.Model):
    """One half-move of the game record, in SAN, with the clock where known."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="moves")
    ply = models.PositiveIntegerField(_("ply"))
    san = models.CharField(_("move"), max_length=12)
    clock = models.FloatField(
        _("clock"), null=True, blank=True, help_text=_("Seconds left after the move ([%clk]).")
    )
    elapsed = models.FloatField(
        _("time spent"), null=True, blank=True, help_text=_("Seconds spent on it ([%emt]).")
    )

    class Meta:
        ordering = ["game", "ply"]
        verbose_name = _("move")
        verbose_name_plural = _("moves")
        constraints = [
            models.UniqueConstraint(fields=["game", "ply"], name="one_move_per_ply"),
            models.CheckConstraint(condition=models.Q(ply__gte=1), name="ply_gte_1"),
        ]

    def __str__(self) -> str:
        return f"{self.ply}: {self.san}"

    @property
    def move_number(self) -> int:
        return (self.ply + 1) // 2


class GameChange(AuditEntry):
    """One change to a game: a new row each time, never an update."""

    class Field(models.TextChoices):
        CREATED = "created", _("Game created")
        MOVES = "moves", _("Moves")
        RESULT = "result", _("Result")
        STATUS = "status", _("Status")
        POSITION = "position", _("Position")
        CLOCK = "clock", _("Clock adjustment")
        READINGS = "readings", _("Clock readings discarded")
        PAIRING = "pairing", _("Board")
        ENVELOPE = "envelope", _("Sealed move")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="changes")
    field = models.CharField(_("what"), max_length=10, choices=Field.choices)
    old_value = models.JSONField(_("old value"), null=True, blank=True)
    new_value = models.JSONField(_("new value"), null=True, blank=True)
    reason = models.TextField(_("reason"), blank=True)
    incident = models.ForeignKey(
        "games.Incident",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="changes",
        verbose_name=_("incident"),
    )

    class Meta(AuditEntry.Meta):
        verbose_name = _("game change")
        verbose_name_plural = _("game changes")

    def __str__(self) -> str:
        return f"{self.game}: {self.get_field_display()}"
