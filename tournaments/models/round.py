"""Rounds, their boards and the audit trail of every result."""

from __future__ import annotations

from django.conf import settings
from django.core.validators import MaxValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.scoring.sheet import Outcome

from .audit import AuditEntry
from .player import Player
from .tournament import Tournament


class Round(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        PUBLISHED = "published", _("Published")
        FINISHED = "finished", _("Finished")

    class PairedBy(models.TextChoices):
        BERGER = "berger", _("Berger tables")
        ENGINE = "engine", _("Built-in Swiss engine")
        MANUAL = "manual", _("Entered by hand")
        API = "api", _("Pairing software through the API")
        IMPORT = "import", _("Imported file")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField(_("number"))
    starts_at = models.DateTimeField(_("starts at"), null=True, blank=True)
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.DRAFT
    )
    paired_by = models.CharField(_("paired by"), max_length=10, choices=PairedBy.choices)
    engine = models.CharField(
        _("pairing engine"),
        max_length=100,
        blank=True,
        help_text=_("The engine and rule edition that paired the round, when one did."),
    )
    manual_session = models.JSONField(
        _("manual pairing session"),
        null=True,
        blank=True,
        help_text=_(
            "Set while the arbiter edits the draft by hand: the engine's pairing at the start, "
            "to compare with (FIDE checklist D29)."
        ),
    )
    chess960_position = models.PositiveSmallIntegerField(
        _("Chess960 starting position"),
        null=True,
        blank=True,
        validators=[MaxValueValidator(959)],
        help_text=_("Its number, 0 to 959; every board of the round plays it unless set apart."),
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["tournament", "number"]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="unique_round_number"),
            models.CheckConstraint(condition=models.Q(number__gte=1), name="round_number_gte_1"),
        ]

    def __str__(self) -> str:
        return f"{self.tournament} – {self.number}"


class Result(models.TextChoices):
    """A board's result, white's score first."""

    NOT_PLAYED = "*", _("not yet played")
    WHITE_WINS = "1-0", "1-0"
    BLACK_WINS = "0-1", "0-1"
    DRAW = "1/2-1/2", "½-½"
    WHITE_FORFEIT_WIN = "+/-", _("+/− (white wins by forfeit)")
    BLACK_FORFEIT_WIN = "-/+", _("−/+ (black wins by forfeit)")
    DOUBLE_FORFEIT = "-/-", _("−/− (double forfeit)")
    BOTH_LOSE = "0-0", _("0-0 (both lose, Art. 10.17)")
    WHITE_HALF_BLACK_ZERO = "1/2-0", "½-0"
    WHITE_ZERO_BLACK_HALF = "0-1/2", "0-½"
    ADJOURNED = "adj", _("adjourned (pending)")
    VOID = "void", _("void (online ruleset: no result)")

    def outcomes(self, *, unrated: bool = False) -> tuple[Outcome, Outcome]:
        """White's and black's outcome on the scoring sheet.

        ``unrated`` marks a game played and scored but not rated (TRF W/D/L): one of less
        than one move, or one the arbiter excludes from rating. 0-0, ½-0 and 0-½ are never
        rated (:attr:`never_rated`), whatever the flag says.
        A void game and a game not yet played give both players no points and no game.
        """
        white, black = _OUTCOMES[self]
        if unrated or self.never_rated:
            white, black = _UNRATED.get(white, white), _UNRATED.get(black, black)
        return white, black

    @property
    def is_decided(self) -> bool:
        return self not in {Result.NOT_PLAYED, Result.ADJOURNED}

    @property
    def never_rated(self) -> bool:
        """0-0, ½-0 and 0-½: scores that add up to less than a game. FIDE rates only the
        1-0, ½-½ and 0-1 of games played, so they are always written and counted as not
        rated (TRF ``L``/``L``, ``D``/``L``, ``L``/``D``)."""
        return self in NEVER_RATED

    @property
    def may_be_unrated(self) -> bool:
        """A game scored over the board, which the arbiter may mark as not rated; forfeits,
        games not played, adjourned and void ones are not rated anyway."""
        return self in _OVER_THE_BOARD

    @classmethod
    def from_outcomes(cls, white: Outcome, black: Outcome) -> tuple[Result, bool] | None:
        """The board result (and whether it is unrated) for two players' outcomes,
        ``None`` when they do not fit together (both won, …)."""
        rated_white, rated_black = _RATED.get(white, white), _RATED.get(black, black)
        unrated = (rated_white, rated_black) != (white, black)
        for result, outcomes in _OUTCOMES.items():
            if outcomes == (rated_white, rated_black):
                return Result(result), unrated
        return None


_OUTCOMES: dict[str, tuple[Outcome, Outcome]] = {
    Result.NOT_PLAYED: (Outcome.NOT_PAIRED, Outcome.NOT_PAIRED),
    Result.WHITE_WINS: (Outcome.WIN, Outcome.LOSS),
    Result.BLACK_WINS: (Outcome.LOSS, Outcome.WIN),
    Result.DRAW: (Outcome.DRAW, Outcome.DRAW),
    Result.WHITE_FORFEIT_WIN: (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS),
    Result.BLACK_FORFEIT_WIN: (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_WIN),
    Result.DOUBLE_FORFEIT: (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_LOSS),
    Result.BOTH_LOSE: (Outcome.LOSS, Outcome.LOSS),
    Result.WHITE_HALF_BLACK_ZERO: (Outcome.DRAW, Outcome.LOSS),
    Result.WHITE_ZERO_BLACK_HALF: (Outcome.LOSS, Outcome.DRAW),
    Result.ADJOURNED: (Outcome.ADJOURNED, Outcome.ADJOURNED),
    Result.VOID: (Outcome.NOT_PAIRED, Outcome.NOT_PAIRED),
}

NEVER_RATED = frozenset(
    {Result.BOTH_LOSE, Result.WHITE_HALF_BLACK_ZERO, Result.WHITE_ZERO_BLACK_HALF}
)
_OVER_THE_BOARD = frozenset({Result.WHITE_WINS, Result.BLACK_WINS, Result.DRAW, *NEVER_RATED})

_UNRATED = {
    Outcome.WIN: Outcome.UNRATED_WIN,
    Outcome.DRAW: Outcome.UNRATED_DRAW,
    Outcome.LOSS: Outcome.UNRATED_LOSS,
}
_RATED = {unrated: rated for rated, unrated in _UNRATED.items()}


class ByeKind(models.TextChoices):
    PAIRING_ALLOCATED = "pab", _("Pairing-allocated bye")
    HALF_POINT = "half", _("Half-point bye")
    FULL_POINT = "full", _("Full-point bye")
    ZERO_POINT = "zero", _("Zero-point bye")
    ABSENT = "absent", _("Absent without notice (forfeit loss, unpaired)")
    UNOPPOSED_WIN = "win", _("Forfeit win without an opponent")
    """Older TRF files write a bye as ``0000 - +``; kept so that standings match the file."""

    @property
    def outcome(self) -> Outcome:
        return _BYE_OUTCOMES[self]

    @classmethod
    def for_outcome(cls, outcome: Outcome) -> ByeKind:
        """The bye kind of a round without an opponent; a scored game code (TRF ``1``, ``=``,
        ``0`` without opponent) becomes the bye worth the same points."""
        return _BYE_BY_OUTCOME[outcome]


_BYE_OUTCOMES = {
    ByeKind.PAIRING_ALLOCATED: Outcome.PAIRING_BYE,
    ByeKind.HALF_POINT: Outcome.HALF_BYE,
    ByeKind.FULL_POINT: Outcome.FULL_BYE,
    ByeKind.ZERO_POINT: Outcome.ZERO_BYE,
    ByeKind.ABSENT: Outcome.FORFEIT_LOSS,
    ByeKind.UNOPPOSED_WIN: Outcome.FORFEIT_WIN,
}
_BYE_BY_OUTCOME = {
    **{outcome: kind for kind, outcome in _BYE_OUTCOMES.items()},
    Outcome.WIN: ByeKind.FULL_POINT,
    Outcome.UNRATED_WIN: ByeKind.FULL_POINT,
    Outcome.DRAW: ByeKind.HALF_POINT,
    Outcome.UNRATED_DRAW: ByeKind.HALF_POINT,
    Outcome.LOSS: ByeKind.ZERO_POINT,
    Outcome.UNRATED_LOSS: ByeKind.ZERO_POINT,
}


class EntrySource(models.TextChoices):
    HAND = "hand", _("Entered by hand")
    PGN = "pgn", _("PGN import")
    RULING = "ruling", _("Arbiter's ruling")
    API = "api", _("API")
    IMPORT = "import", _("File import")


class Pairing(models.Model):
    """A board of a round, or a bye (no black player).

    A player with a board cannot be deleted (RESTRICT), except with his whole tournament.
    """

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="pairings")
    board = models.PositiveSmallIntegerField(_("board"))
    white = models.ForeignKey(
        Player, on_delete=models.RESTRICT, related_name="pairings_as_white", verbose_name=_("white")
    )
    black = models.ForeignKey(
        Player,
        on_delete=models.RESTRICT,
        related_name="pairings_as_black",
        null=True,
        blank=True,
        verbose_name=_("black"),
    )
    bye = models.CharField(_("bye"), max_length=8, choices=ByeKind.choices, blank=True)
    match = models.ForeignKey(
        "tournaments.Match",
        on_delete=models.CASCADE,
        null=True,
        blank=True,
        related_name="boards",
        verbose_name=_("match"),
    )
    match_board = models.PositiveSmallIntegerField(
        _("board of the match"),
        null=True,
        blank=True,
        help_text=_("In a team event: the board of the match this game is played on."),
    )
    result = models.CharField(
        _("result"), max_length=8, choices=Result.choices, default=Result.NOT_PLAYED
    )
    unrated = models.BooleanField(
        _("unrated"),
        default=False,
        help_text=_(
            "Scored but not rated: the game lasted less than one move, or the arbiter "
            "excludes it from rating. Always set for 0-0, ½-0 and 0-½."
        ),
    )
    entry_source = models.CharField(
        _("entered through"), max_length=10, choices=EntrySource.choices, blank=True
    )
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    entered_at = models.DateTimeField(_("entered at"), null=True, blank=True)
    ruling_ref = models.CharField(
        _("ruling"), max_length=100, blank=True, help_text=_("The ruling that decided the result.")
    )
    chess960_position = models.PositiveSmallIntegerField(
        _("Chess960 starting position"),
        null=True,
        blank=True,
        validators=[MaxValueValidator(959)],
        help_text=_("This game's own position, drawn when positions are drawn per game."),
    )

    class Meta:
        ordering = ["round", "board"]
        verbose_name = _("pairing")
        verbose_name_plural = _("pairings")
        constraints = [
            models.UniqueConstraint(fields=["round", "board"], name="unique_board"),
            models.UniqueConstraint(fields=["round", "white"], name="white_once_per_round"),
            models.UniqueConstraint(fields=["round", "black"], name="black_once_per_round"),
            models.CheckConstraint(
                condition=~models.Q(white=models.F("black")), name="not_paired_with_self"
            ),
            models.UniqueConstraint(
                fields=["match", "match_board"],
                condition=models.Q(match__isnull=False),
                name="one_game_a_match_board",
            ),
            # A bye has no opponent and a game has no bye kind.
            models.CheckConstraint(
                condition=(models.Q(black__isnull=True) & ~models.Q(bye=""))
                | (models.Q(black__isnull=False) & models.Q(bye="")),
                name="bye_xor_black",
            ),
        ]

    def __str__(self) -> str:
        if self.black_id is None:
            return f"{self.round} #{self.board}: {self.white} – {self.get_bye_display()}"
        return f"{self.round} #{self.board}: {self.white} – {self.black} {self.result}"

    @property
    def is_bye(self) -> bool:
        return self.black_id is None

    @property
    def starting_position(self) -> int | None:
        """The Chess960 position this board plays: its own, else its round's."""
        if self.chess960_position is not None:
            return self.chess960_position
        return self.round.chess960_position

    def outcomes(self) -> tuple[Outcome, Outcome | None]:
        """White's (or the bye's player's) outcome, and black's (``None`` for a bye)."""
        if self.is_bye:
            return ByeKind(self.bye).outcome, None
        return Result(self.result).outcomes(unrated=self.unrated)


class ResultChange(AuditEntry):
    """One change of a board's result. Results are never overwritten without one."""

    class Reason(models.TextChoices):
        ENTRY = "entry", _("Result entered")
        CORRECTION = "correction", _("Correction")
        RULING = "ruling", _("Arbiter's ruling")
        IMPORT = "import", _("Import")
        ADJOURNMENT = "adjournment", _("Adjournment")

    pairing = models.ForeignKey(Pairing, on_delete=models.CASCADE, related_name="result_changes")
    old_result = models.CharField(_("old result"), max_length=8, choices=Result.choices)
    new_result = models.CharField(_("new result"), max_length=8, choices=Result.choices)
    old_unrated = models.BooleanField(_("not rated before"), default=False)
    new_unrated = models.BooleanField(_("not rated"), default=False)
    reason = models.CharField(_("reason"), max_length=12, choices=Reason.choices)
    explanation = models.TextField(_("explanation"), blank=True)
    source = models.CharField(_("entered through"), max_length=10, choices=EntrySource.choices)
    ruling_ref = models.CharField(_("ruling"), max_length=100, blank=True)

    class Meta(AuditEntry.Meta):
        verbose_name = _("result change")
        verbose_name_plural = _("result changes")

    def __str__(self) -> str:
        old = self.old_result + (" (unrated)" if self.old_unrated else "")
        new = self.new_result + (" (unrated)" if self.new_unrated else "")
        return f"{self.pairing}: {old} → {new} ({self.reason})"


RATING_REPORT_RESULTS = [
    (value, label)
    for value, label in Result.choices
    if value not in (Result.NOT_PLAYED, Result.ADJOURNED, Result.VOID)
]
"""The results a rating report can take: a game, decided (not pending, not void)."""


class RatingReportCorrection(models.Model):
    """A board's result for the rating report only (FIDE C.04.2 4.3, checklist F38).

    Kept apart from the board's own result, which pairings and standings go on using: a
    result found wrong after later rounds were paired on it is put right for the rating
    report without changing a pairing already made. One per board, the one in force; each
    change and its withdrawal is in the tournament log (and the TRF-2026 ``###`` lines).
    """

    pairing = models.OneToOneField(
        Pairing,
        on_delete=models.CASCADE,
        related_name="rating_correction",
        verbose_name=_("board"),
    )
    result = models.CharField(
        _("result for the rating report"), max_length=8, choices=RATING_REPORT_RESULTS
    )
    reason = models.TextField(_("reason"))
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    changed_at = models.DateTimeField(_("changed"), auto_now=True)

    class Meta:
        verbose_name = _("rating-report correction")
        verbose_name_plural = _("rating-report corrections")

    def __str__(self) -> str:
        return f"{self.pairing}: {self.result} for the rating report"
