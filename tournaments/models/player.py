"""Players of a tournament and their announced absences."""

from __future__ import annotations

from collections.abc import Callable
from datetime import date

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator, RegexValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from tournaments.scoring.tournament_rating import (
    OfficialRatings,
    TournamentRating,
    sequence_for,
    single_list,
    tournament_rating,
)
from tournaments.scoring.tournament_rating import RatingMethod as ScoringRatingMethod

from .tournament import RatingType, Tournament, federation_code


class Title(models.TextChoices):
    GM = "GM", "GM"
    IM = "IM", "IM"
    WGM = "WGM", "WGM"
    FM = "FM", "FM"
    WIM = "WIM", "WIM"
    CM = "CM", "CM"
    WFM = "WFM", "WFM"
    WCM = "WCM", "WCM"


# Starting rank orders equal ratings by title (FIDE C.04.2), strongest first.
TITLE_ORDER = {title: index for index, title in enumerate(Title.values)}


digits_only = RegexValidator(r"^[0-9]+$", _("Digits only."))
MAX_RATING = 3500


def _rating_field(label: str) -> models.PositiveSmallIntegerField:
    return models.PositiveSmallIntegerField(
        label, null=True, blank=True, validators=[MaxValueValidator(MAX_RATING)]
    )


class Sex(models.TextChoices):
    MALE = "m", _("male")
    FEMALE = "w", _("female")


class RatingOrigin(models.TextChoices):
    """Where a player's official ratings were last taken from (FIDE checklist C19)."""

    TYPED = "typed", _("typed by hand")
    LIST = "list", _("FIDE rating list")
    FILE = "file", _("imported file")


class Player(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", _("Active")
        WITHDRAWN = "withdrawn", _("Withdrawn")
        EXPELLED = "expelled", _("Expelled")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(_("name"), max_length=200, help_text=_("Surname, first name."))
    title = models.CharField(_("title"), max_length=3, choices=Title.choices, blank=True)
    sex = models.CharField(_("sex"), max_length=1, choices=Sex.choices, blank=True)
    federation = models.CharField(
        _("federation"), max_length=3, blank=True, validators=[federation_code]
    )
    fide_id = models.CharField(_("FIDE id"), max_length=12, blank=True, validators=[digits_only])
    national_id = models.CharField(_("national id"), max_length=20, blank=True)
    birth_date = models.DateField(_("birth date"), null=True, blank=True)
    birth_year = models.PositiveSmallIntegerField(
        _("birth year"), null=True, blank=True, help_text=_("When only the year is known.")
    )
    rating_standard = _rating_field(_("FIDE standard"))
    rating_rapid = _rating_field(_("FIDE rapid"))
    rating_blitz = _rating_field(_("FIDE blitz"))
    rating_national = _rating_field(_("national rating"))
    rating_origin = models.CharField(
        _("ratings from"), max_length=5, choices=RatingOrigin.choices, default=RatingOrigin.TYPED
    )
    rating_list = models.ForeignKey(
        "RatingList",
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("rating list"),
    )
    rating_other = _rating_field(_("tournament rating set by the arbiter"))
    pairing_rating = models.PositiveSmallIntegerField(
        _("provisional pairing rating"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(MAX_RATING)],
        help_text=_(
            "An unrated player's rating for pairing only (the Dubov system, C.04.4.1 1.1, "
            "and the initial order), given by the arbiter: never rated, reported or exported "
            "as a rating. Ignored once the player has a rating."
        ),
    )
    k_factor = models.PositiveSmallIntegerField(
        _("K factor"),
        null=True,
        blank=True,
        validators=[MaxValueValidator(40)],
        help_text=_("As in the FIDE rating list; empty: 10 from 2400, 40 for juniors, else 20."),
    )
    club = models.CharField(_("club"), max_length=200, blank=True)
    start_rank = models.PositiveIntegerField(
        _("starting rank"), null=True, blank=True, help_text=_("Tournament pairing number (TPN).")
    )
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.ACTIVE
    )
    withdrawn_after_round = models.PositiveSmallIntegerField(
        _("withdrawn after round"),
        null=True,
        blank=True,
        help_text=_("The last round the player took part in."),
    )
    first_round = models.PositiveSmallIntegerField(
        _("first round"), default=1, help_text=_("Later than 1 for a late entry.")
    )
    no_half_point_bye = models.BooleanField(_("no half-point bye"), default=False)
    external_tiebreak = models.DecimalField(
        _("external tie-break value"),
        max_digits=7,
        decimal_places=2,
        null=True,
        blank=True,
        help_text=_("A value from outside the games (a play-off, …): the tie-break EXT."),
    )
    team = models.ForeignKey(
        "tournaments.Team",
        on_delete=models.RESTRICT,
        null=True,
        blank=True,
        related_name="roster",
        verbose_name=_("team"),
    )
    board_order = models.PositiveSmallIntegerField(
        _("board order"),
        null=True,
        blank=True,
        help_text=_("The player's place in his team's roster, fixed before round 1."),
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["tournament", "start_rank", "name"]
        verbose_name = _("player")
        verbose_name_plural = _("players")
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "start_rank"],
                condition=models.Q(start_rank__isnull=False),
                name="unique_start_rank",
            ),
            models.CheckConstraint(
                condition=models.Q(first_round__gte=1), name="first_round_gte_1"
            ),
            models.UniqueConstraint(
                fields=["team", "board_order"],
                condition=models.Q(team__isnull=False),
                name="unique_board_order",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def rating(self, rating_type: str) -> int | None:
        """The FIDE rating of the tournament's rate of play (``None`` when unrated)."""
        rating: int | None = getattr(self, RATING_FIELDS[RatingType(rating_type)])
        return rating

    def official_ratings(self) -> OfficialRatings:
        return OfficialRatings(
            standard=self.rating_standard,
            rapid=self.rating_rapid,
            blitz=self.rating_blitz,
            national=self.rating_national,
        )

    def rating_in_tournament(self) -> TournamentRating:
        """The tournament rating (kept apart from the official ratings, checklist C15): by
        the tournament's lists in order and its rating method."""
        return tournament_rater(self.tournament)(self.official_ratings(), self.rating_other)

    @property
    def birth(self) -> str:
        """The birth date as TRF writes it: ``YYYY/MM/DD``, or the year alone."""
        return birth_text(self.birth_date, self.birth_year)


def tournament_rater(
    tournament: Tournament,
) -> Callable[[OfficialRatings, int | None], TournamentRating]:
    """The tournament's rating rule (its lists in order and its rating method), read once
    for many players: official ratings and the "other" rating to the tournament rating."""
    sequence = sequence_for(tournament.rating_type, tournament.rating_sequence)
    method = ScoringRatingMethod(tournament.rating_method)

    def rate(official: OfficialRatings, other: int | None) -> TournamentRating:
        return tournament_rating(official, sequence=sequence, method=method, other=other)

    return rate


def tournament_rating_field(tournament: Tournament) -> str | None:
    """The player's field that is his tournament rating, when the tournament's rule reads
    one list alone (:func:`~tournaments.scoring.tournament_rating.single_list`)."""
    sequence = sequence_for(tournament.rating_type, tournament.rating_sequence)
    source = single_list(sequence, ScoringRatingMethod(tournament.rating_method))
    return None if source is None else f"rating_{source.value}"


RATING_FIELDS = {
    RatingType.STANDARD: "rating_standard",
    RatingType.RAPID: "rating_rapid",
    RatingType.BLITZ: "rating_blitz",
}
"""The player's field holding the FIDE rating of each rate of play."""


def birth_text(birth_date: date | None, birth_year: int | None) -> str:
    """A birth date as TRF writes it: ``YYYY/MM/DD``, or the year alone ("" unknown)."""
    if birth_date:
        return birth_date.strftime("%Y/%m/%d")
    return str(birth_year) if birth_year else ""


class Absence(models.Model):
    """A player's request, before the round is paired, not to be paired in it."""

    class Kind(models.TextChoices):
        HALF_POINT_BYE = "half", _("Half-point bye")
        ZERO_POINT_BYE = "zero", _("Zero-point bye (absent by notice)")
        FULL_POINT_BYE = "full", _("Full-point bye")

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="absences")
    round_number = models.PositiveSmallIntegerField(_("round"))
    kind = models.CharField(_("kind"), max_length=4, choices=Kind.choices)
    reason = models.CharField(_("reason"), max_length=200, blank=True)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["round_number", "player"]
        verbose_name = _("absence")
        verbose_name_plural = _("absences")
        constraints = [
            models.UniqueConstraint(
                fields=["player", "round_number"], name="one_absence_per_round"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} – {self.round_number}: {self.get_kind_display()}"


class RoundRating(models.Model):
    """A player's rating from a round on, in an event over 30 days that spans rating lists
    (FIDE checklist C23): his first rating holds until the first of these. Games from that
    round are rated with it, and the rating tie-breaks use it when the tournament says so."""

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="round_ratings")
    from_round = models.PositiveSmallIntegerField(_("from round"))
    rating = models.PositiveSmallIntegerField(
        _("rating"), validators=[MinValueValidator(1), MaxValueValidator(MAX_RATING)]
    )
    source = models.CharField(
        _("source"), max_length=200, blank=True, help_text=_("E.g. the rating list it is from.")
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["player", "from_round"]
        verbose_name = _("rating from a round on")
        verbose_name_plural = _("ratings from a round on")
        constraints = [
            models.UniqueConstraint(
                fields=["player", "from_round"], name="one_rating_per_player_round"
            ),
            models.CheckConstraint(
                condition=models.Q(from_round__gte=2), name="round_rating_from_round_2"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player} – {self.from_round}: {self.rating}"


class ForbiddenPair(models.Model):
    """Two players who must not be paired with each other (FIDE checklist D30; TRF ``XXP``),
    e.g. members of one family or club. In FIDE mode set only before round 1 is paired."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="forbidden_pairs"
    )
    first = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    second = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="+")
    reason = models.CharField(_("reason"), max_length=200, blank=True)
    from_round = models.PositiveSmallIntegerField(_("from round"), default=1)
    to_round = models.PositiveSmallIntegerField(
        _("to round"), null=True, blank=True, help_text=_("Blank: to the last round.")
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["tournament", "created_at", "id"]
        verbose_name = _("forbidden pair")
        verbose_name_plural = _("forbidden pairs")
        constraints = [
            models.UniqueConstraint(fields=["first", "second"], name="forbidden_pair_once"),
            models.CheckConstraint(
                condition=models.Q(first__lt=models.F("second")), name="forbidden_pair_ordered"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.first} – {self.second}"

    def holds_in(self, round_number: int) -> bool:
        return self.from_round <= round_number and (
            self.to_round is None or round_number <= self.to_round
        )

    @property
    def rounds_label(self) -> str:
        """Which rounds the pair is forbidden in; empty when in every round (TRF-2026's
        record 260 may limit it to some)."""
        if self.to_round is None:
            return (
                ""
                if self.from_round <= 1
                else _("from round %(first)s") % {"first": self.from_round}
            )
        if self.to_round == self.from_round:
            return _("round %(first)s") % {"first": self.from_round}
        return _("rounds %(first)s–%(last)s") % {"first": self.from_round, "last": self.to_round}
