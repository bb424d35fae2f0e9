"""Incidents at the board with the ruling given, and the sealed-move envelope."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.rules.rulesets import Ruleset

from .game import Game


class IncidentKind(models.TextChoices):
    """The incident kinds of the rules engine's incident files, plus draw claims.

    The labels carry no article numbers: those depend on the game's ruleset (see
    :func:`incident_kind_label`).
    """

    DRAW_CLAIM = "draw_claim", _("Draw claim")
    LATENESS = "lateness", _("Lateness and default")
    SEAL = "seal", _("Sealed move (adjournment)")
    RESUMPTION = "resumption", _("Resumption of an adjourned game")
    ILLEGAL_MOVE = "illegal_move", _("Illegal move found")
    DISPLACED_PIECES = "displaced_pieces", _("Pieces displaced")
    KNOCKED_OVER = "knocked_over", _("Pieces knocked over")
    WRONG_INITIAL_POSITION = "wrong_initial_position", _("Wrong initial position")
    COLOURS_REVERSED = "colours_reversed", _("Colours reversed")
    BOARD_MISPLACED = "board_misplaced", _("Board placed wrongly")
    TOUCH_MOVE = "touch_move", _("Touch-move claim")
    DRAW_OFFER = "draw_offer", _("Draw offer")
    SCORESHEET_CHECK = "scoresheet_check", _("Scoresheet checked")
    SCORESHEET_COMPLETION = "scoresheet_completion", _("Scoresheet completion")
    SCORESHEET_BORROWING = "scoresheet_borrowing", _("Borrowing a scoresheet")
    REFUSAL_TO_RECORD = "refusal_to_record", _("Refusal to keep score")
    ARBITER_KEEPS_SCORE = (
        "arbiter_keeps_score",
        _("Neither player records: the arbiter keeps score"),
    )
    FLAG_FALL = "flag_fall", _("Flag fall")
    PERIOD_END = "period_end", _("End of a period")
    RESIGNATION = "resignation", _("Resignation")
    AUTOMATIC_DRAW = "automatic_draw", _("Automatic draw (online)")
    KING_INTO_CHECK = "king_into_check", _("King moved into check (online)")
    ABANDONMENT = "abandonment", _("Abandonment (online)")


class Incident(models.Model):
    """What the arbiter saw, the ruling the rules engine gave, and whether it was applied."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="incidents")
    kind = models.CharField(_("kind"), max_length=24, choices=IncidentKind.choices)
    facts = models.JSONField(
        _("facts"), default=dict, help_text=_("The incident as entered (incident-file format).")
    )
    ruling = models.JSONField(_("ruling"), help_text=_("The rules engine's ruling, as given."))
    article = models.CharField(_("article"), max_length=40)
    decision = models.CharField(_("decision"), max_length=12)
    score = models.CharField(_("score"), max_length=8, blank=True)
    plies = models.PositiveIntegerField(
        _("moves recorded"), default=0, help_text=_("Plies of the record when it was ruled on.")
    )
    applied = models.BooleanField(_("applied"), default=False)
    applied_at = models.DateTimeField(_("applied at"), null=True, blank=True)
    applied_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    entered_at = models.DateTimeField(_("entered at"), auto_now_add=True)

    class Meta:
        ordering = ["entered_at", "id"]
        verbose_name = _("incident")
        verbose_name_plural = _("incidents")

    def __str__(self) -> str:
        return f"{self.game}: {self.get_kind_display()} → {self.article}"


class SealedEnvelope(models.Model):
    """The arbiter's envelope at an adjournment. ``sealed_move`` is shown to nobody but the
    chief arbiter until the envelope is opened at the resumption."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="envelopes")
    adjournment = models.PositiveSmallIntegerField(_("adjournment"), default=1)
    fen = models.CharField(_("position before the sealed move"), max_length=100)
    sealer = models.CharField(
        _("sealed by"), max_length=5, choices=[("white", _("White")), ("black", _("Black"))]
    )
    sealed_move = models.CharField(_("sealed move"), max_length=20)
    white_used = models.PositiveIntegerField(_("white's used time (s)"))
    black_used = models.PositiveIntegerField(_("black's used time (s)"))
    moves_made = models.PositiveIntegerField(_("moves made"))
    adjourned_at = models.DateTimeField(_("adjourned at"))
    resumes_at = models.DateTimeField(_("resumes at"))
    sealed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    opened_at = models.DateTimeField(_("opened at"), null=True, blank=True)
    opened_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["game", "adjournment"]
        verbose_name = _("sealed-move envelope")
        verbose_name_plural = _("sealed-move envelopes")
        constraints = [
            models.UniqueConstraint(
                fields=["game", "adjournment"], name="one_envelope_per_adjournment"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.game}: {self.get_sealer_display()} sealed (adjournment {self.adjournment})"

    @property
    def is_open(self) -> bool:
        return self.opened_at is not None


# The articles an arbiter looks up for each kind, as the ruleset's concepts (games.rules.articles).
KIND_CONCEPTS: dict[str, tuple[str, ...]] = {
    IncidentKind.DRAW_CLAIM: ("claim.threefold", "claim.fifty_moves", "claim.penalty"),
    IncidentKind.LATENESS: ("default.late", "default.both_late"),
    IncidentKind.ILLEGAL_MOVE: ("illegal.move", "illegal.move.penalty"),
    IncidentKind.DISPLACED_PIECES: ("illegal.displaced_pieces",),
    IncidentKind.KNOCKED_OVER: ("illegal.knocked_over",),
    IncidentKind.WRONG_INITIAL_POSITION: ("illegal.initial_position",),
    IncidentKind.COLOURS_REVERSED: ("illegal.colours_reversed",),
    IncidentKind.BOARD_MISPLACED: ("illegal.board_misplaced",),
    IncidentKind.TOUCH_MOVE: ("touch.own_piece", "touch.claim_too_late"),
    IncidentKind.DRAW_OFFER: ("offer.after_move", "offer.opponent_time", "offer.own_time"),
    IncidentKind.SCORESHEET_CHECK: ("scoresheet.record",),
    IncidentKind.SCORESHEET_COMPLETION: (
        "scoresheet.complete_one",
        "scoresheet.complete_both",
        "scoresheet.not_reconstructible",
    ),
    IncidentKind.SCORESHEET_BORROWING: ("scoresheet.borrowing",),
    IncidentKind.REFUSAL_TO_RECORD: ("scoresheet.duty_refused",),
    IncidentKind.ARBITER_KEEPS_SCORE: ("scoresheet.arbiter_keeps_score",),
    IncidentKind.FLAG_FALL: ("flag.fall",),
    IncidentKind.PERIOD_END: ("period.standing",),
}


def offered_under(kind: str, ruleset: Ruleset) -> bool:
    """Whether the ruleset knows the incident: sealing and resumption only with
    adjournments, the online room's house rules only where they are switched on."""
    if kind in (IncidentKind.SEAL, IncidentKind.RESUMPTION):
        return ruleset.adjournment
    if kind == IncidentKind.AUTOMATIC_DRAW:
        return ruleset.auto_draw_quiet_moves is not None or (
            ruleset.auto_draw_consecutive_checks is not None
        )
    if kind == IncidentKind.KING_INTO_CHECK:
        return ruleset.king_into_check_fouls_to_lose is not None
    if kind == IncidentKind.ABANDONMENT:
        return ruleset.abandonment_loss_multiplier > 1 or (
            ruleset.abandonment_draw_after_moves is not None
        )
    return True


def incident_kind_label(kind: str, ruleset: Ruleset) -> str:
    """``Draw claim (9.2, 9.3, 9.5.3)`` under fide2023, ``(10.10, 10.12, 10.13(2))`` classic."""
    label = str(IncidentKind(kind).label)
    articles = dict.fromkeys(ruleset.article(c) for c in KIND_CONCEPTS.get(kind, ()))
    return f"{label} ({', '.join(articles)})" if articles else label
