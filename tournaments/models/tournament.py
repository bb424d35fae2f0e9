"""The event itself, who may arbitrate it, and its log of configuration changes."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Any

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator, RegexValidator
from django.db import models
from django.utils.functional import lazy
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _

from games.rules.material import NamedPositionError, parse_named_positions
from games.rules.rulesets import RULESETS, Ruleset, get_ruleset
from tournaments.pairing.systems import SwissSystem, system_named
from tournaments.pairing.team_swiss.state import ColourPreferences, PrimaryScore
from tournaments.pairing.team_swiss.system_code import TeamSwissOptions
from tournaments.scoring.sheet import PointSystem
from tournaments.scoring.teams.sheet import MatchPointSystem

from .audit import AuditEntry


def _title_in_active_language(name: str) -> str:
    return RULESETS[name].title(get_language() or "en")


_lazy_title = lazy(_title_in_active_language, str)


# 10.15 and 2023 6.7.1 speak of an hour at most; an organiser's tolerance may be longer,
# but not beyond a whole session.
MAX_DEFAULT_MINUTES = 360


def validate_named_positions(text: str) -> None:
    """The organiser's list of positions with a higher fifty-move count must be readable."""
    try:
        parse_named_positions(text)
    except NamedPositionError as error:
        problems = {
            "unreadable": gettext(
                "“%(entry)s”: expected the two sides' pieces and a move count, e.g. KRB v KR: 100."
            ),
            "below_fifty": gettext("“%(entry)s”: the count may be raised, not below 50."),
            "named_twice": gettext("“%(entry)s”: that position is named twice."),
        }
        raise ValidationError(problems[error.problem] % {"entry": error.entry}) from None


def ruleset_choices() -> list[tuple[str, str]]:
    # A callable, so that a new ruleset does not need a migration; the titles follow the
    # page's language.
    return [(name, _lazy_title(name)) for name in RULESETS]


LONG_EVENT_DAYS = 30


class PairingSystem(models.TextChoices):
    ROUND_ROBIN = "round_robin", _("Round robin")
    DOUBLE_ROUND_ROBIN = "double_round_robin", _("Double round robin")
    SWISS = "swiss", _("Swiss (FIDE Dutch)")
    DUBOV = "dubov", _("Swiss (FIDE Dubov)")
    BURSTEIN = "burstein", _("Swiss (FIDE Burstein)")
    DOUBLE_SWISS = "double_swiss", _("Double-Swiss (FIDE)")
    TEAM_SWISS = "team_swiss", _("Team Swiss (FIDE C.04.6)")


SWISS_SYSTEM_CODES = {
    PairingSystem.SWISS: "dutch",
    PairingSystem.DUBOV: "dubov",
    PairingSystem.BURSTEIN: "burstein",
    PairingSystem.DOUBLE_SWISS: "double_swiss",
}
"""The pairing package's code (:mod:`tournaments.pairing.systems`) of each Swiss choice."""


class Acceleration(models.TextChoices):
    NONE = "", _("None")
    BAKU = "baku", _("Baku acceleration (FIDE C.04.5.1)")
    FILE = "file", _("Virtual points as the imported file gives them (XXA / record 250)")


class Variant(models.TextChoices):
    STANDARD = "", _("Standard chess")
    CHESS960 = "chess960", _("Chess960 (Laws of Chess, Guidelines II)")


class Chess960Draw(models.TextChoices):
    """Which games share a Chess960 starting position."""

    PER_ROUND = "round", _("One position per round: every board of a round plays it")
    PER_GAME = "game", _("One position per game")


class RatingType(models.TextChoices):
    STANDARD = "standard", _("Standard")
    RAPID = "rapid", _("Rapid")
    BLITZ = "blitz", _("Blitz")


class RatingMethod(models.TextChoices):
    """How the tournament rating combines FIDE and national ratings (TRF-2026 record 172)."""

    FIDE = "FIDE", _("FIDE rating only")
    NRO = "NRO", _("National rating only")
    FIDON = "FIDON", _("FIDE rating if any, else national rating")
    NIDOF = "NIDOF", _("National rating if any, else FIDE rating")
    HBFN = "HBFN", _("Higher of FIDE and national rating")
    LBFN = "LBFN", _("Lower of FIDE and national rating")
    OTHER = "OTHER", _("Another rule: the rating the arbiter sets for each player")


class WithdrawalRule(models.TextChoices):
    """How a round robin scores a player who withdraws or is expelled (applied by
    ``selectors.standings_exclusions`` through the scoring package's ``early_withdrawals``)."""

    FIDE = "fide", _("FIDE (C.05): under half the games completed, his results do not count")
    COUNT_ALL = "count_all", _("Every result counts, as played or forfeited")


class InitialOrder(models.TextChoices):
    """What orders players of equal rating and title in the initial ranking (FIDE checklist
    B10: an announced criterion, never the alphabet)."""

    REGISTRATION = "registration", _("Order of registration")
    FIDE_ID = "fide_id", _("FIDE id, lowest first (players without one last)")


class InitialColor(models.TextChoices):
    """The colour of the top seed in round 1 (TRF ``XXC white1``/``black1``, record 152).

    Blank until fixed: the built-in engine then draws it by lot when it pairs round 1; a round
    1 submitted by pairing software fixes it from its first board."""

    WHITE = "white", _("White")
    BLACK = "black", _("Black")


class TeamPrimaryScore(models.TextChoices):
    """The score a team event ranks and pairs on first (C.04.6 1.2)."""

    MATCH_POINTS = "MP", _("Match points")
    GAME_POINTS = "GP", _("Game points")


class TeamColourPreferences(models.TextChoices):
    """How a team Swiss grades the teams' colour preferences (C.04.6 1.7)."""

    TYPE_A = "A", _("Type A: simple colour preferences")
    TYPE_B = "B", _("Type B: strong and mild colour preferences")
    NONE = "none", _("No colour preferences")


ENGINE_COLOUR_PREFERENCES = {
    TeamColourPreferences.TYPE_A: ColourPreferences.TYPE_A,
    TeamColourPreferences.TYPE_B: ColourPreferences.TYPE_B,
    TeamColourPreferences.NONE: ColourPreferences.NONE,
}
"""The setting as the team Swiss engine and record 192 (``TYPEA``, ``TYPEB``, absent) name it."""


MAX_BOARDS_PER_MATCH = 20


federation_code = RegexValidator(r"^[A-Z]{3}$", _("Three capital letters, e.g. CHN."))


def _fraction_or_none(value: Decimal | None) -> Fraction | None:
    return None if value is None else Fraction(value)


def _points_field(default: str, label: Any) -> models.DecimalField:
    # Decimals, not floats: a half is stored exactly and converts exactly to Fraction.
    return models.DecimalField(label, max_digits=4, decimal_places=2, default=Decimal(default))


class Tournament(models.Model):
    name = models.CharField(_("name"), max_length=200)
    slug = models.SlugField(_("slug"), max_length=200, unique=True, allow_unicode=True)
    place = models.CharField(_("place"), max_length=200, blank=True)
    federation = models.CharField(
        _("federation"),
        max_length=3,
        blank=True,
        validators=[federation_code],
    )
    start_date = models.DateField(_("start date"), null=True, blank=True)
    end_date = models.DateField(_("end date"), null=True, blank=True)
    chief_arbiter = models.CharField(_("chief arbiter"), max_length=200, blank=True)
    deputy_arbiters = models.CharField(
        _("deputy arbiters"), max_length=400, blank=True, help_text=_("As printed on reports.")
    )
    ruleset = models.CharField(
        _("ruleset"), max_length=20, choices=ruleset_choices, default="classic"
    )
    time_control = models.CharField(
        _("time control"),
        max_length=100,
        blank=True,
        help_text=_("As in the PGN TimeControl tag (40/7200:3600) or as FIDE writes it."),
    )
    default_time_minutes = models.PositiveSmallIntegerField(
        _("default time (minutes)"),
        null=True,
        blank=True,
        validators=[MaxValueValidator(MAX_DEFAULT_MINUTES)],
        help_text=_(
            "A player who reaches the board later than this after the start of the session "
            "loses. Empty: the ruleset's (60 in the classic Laws, 0 in the 2023 Laws)."
        ),
    )
    fifty_move_positions = models.CharField(
        _("positions with a higher fifty-move count"),
        max_length=500,
        blank=True,
        validators=[validate_named_positions],
        help_text=_(
            "Announced before the event: each position by the two sides' pieces, with the "
            "moves each side must make without a pawn move or capture, e.g. KRB v KR: 100, "
            "KNN v KP: 100."
        ),
    )
    variant = models.CharField(
        _("variant"),
        max_length=10,
        choices=Variant.choices,
        default=Variant.STANDARD,
        blank=True,
        help_text=_(
            "Chess960: each round's or game's starting position is drawn by lot when the round "
            "is paired (the arbiter may set another before play), and castling follows "
            "Chess960's rules."
        ),
    )
    chess960_draw = models.CharField(
        _("Chess960 positions"),
        max_length=5,
        choices=Chess960Draw.choices,
        default=Chess960Draw.PER_ROUND,
    )
    system = models.CharField(_("pairing system"), max_length=20, choices=PairingSystem.choices)
    number_of_rounds = models.PositiveSmallIntegerField(_("number of rounds"))
    acceleration = models.CharField(
        _("acceleration"),
        max_length=10,
        choices=Acceleration.choices,
        default=Acceleration.NONE,
        blank=True,
        help_text=_(
            "Swiss only: virtual points for the first half of the players in the first half "
            "of the rounds, for pairing only."
        ),
    )
    virtual_points = models.JSONField(
        _("virtual points"),
        default=dict,
        blank=True,
        help_text=_(
            "An imported file's acceleration: virtual points by starting rank, one per round "
            "(TRF XXA / record 250)."
        ),
    )
    reverse_last_two_rounds = models.BooleanField(
        _("reverse the last two rounds of the first cycle"),
        default=False,
        help_text=_("Double round robin only (FIDE C.05 Annex 1), to avoid three same colours."),
    )
    baku_last_ga = models.ForeignKey(
        "tournaments.Player",
        verbose_name=_("last player of group GA"),
        null=True,
        blank=True,
        editable=False,
        on_delete=models.SET_NULL,
        related_name="+",
        help_text=_(
            "Baku acceleration (C.04.5.1): fixed when round 1 is paired; late entrants ranked "
            "above this player join GA."
        ),
    )
    initial_color = models.CharField(
        _("colour of the top seed in round 1"),
        max_length=5,
        choices=InitialColor.choices,
        blank=True,
        help_text=_(
            "Empty: drawn by lot when round 1 is paired. Swiss systems only; the Berger "
            "tables fix a round robin's colours by pairing number."
        ),
    )
    round_robin_withdrawals = models.CharField(
        _("withdrawals in a round robin"),
        max_length=10,
        choices=WithdrawalRule.choices,
        default=WithdrawalRule.FIDE,
        help_text=_(
            "FIDE: a player who leaves having completed fewer than half of his games stays in "
            "the crosstable, but the points scored by him or against him are not counted in "
            "the standings."
        ),
    )
    tiebreaks = models.JSONField(
        _("tie-breaks"),
        default=list,
        blank=True,
        help_text=_('Ordered FIDE acronyms with modifiers, e.g. ["BH/C1", "BH", "SB"].'),
    )
    rating_type = models.CharField(
        _("rating type"), max_length=10, choices=RatingType.choices, default=RatingType.STANDARD
    )
    tie_order = models.JSONField(
        _("order of tied players"),
        default=list,
        blank=True,
        help_text=_(
            "Starting ranks of players the tie-breaks leave level, in the order the arbiter "
            "ranks them (before any drawing of lots)."
        ),
    )
    lots_seed = models.CharField(
        _("drawing of lots"),
        max_length=32,
        blank=True,
        help_text=_("The recorded draw that breaks any tie left; the same draw, the same order."),
    )
    rating_sequence = models.JSONField(
        _("rating lists, in order"),
        default=list,
        blank=True,
        help_text=_(
            "The FIDE lists the tournament rating is taken from, the first that rates the "
            "player winning; empty: the default for the rate of play."
        ),
    )
    rating_method = models.CharField(
        _("rating method"),
        max_length=5,
        choices=RatingMethod.choices,
        default=RatingMethod.FIDE,
        help_text=_("How FIDE and national ratings make the tournament rating."),
    )
    rating_check = models.BooleanField(
        _("check ratings before each round"),
        default=True,
        help_text=_("Compare the players with the newest imported FIDE list before pairing."),
    )
    initial_order = models.CharField(
        _("equal rating and title ordered by"),
        max_length=12,
        choices=InitialOrder.choices,
        default=InitialOrder.REGISTRATION,
        help_text=_("Announced with the event: how the initial ranking breaks its last ties."),
    )
    unrated_rating = models.PositiveSmallIntegerField(
        _("rating of unrated players"),
        null=True,
        blank=True,
        help_text=_("Used for unrated opponents in rating-based tie-breaks (FIDE C.07)."),
    )
    unrated_left_out = models.BooleanField(
        _("leave unrated opponents out of rating averages"),
        default=False,
        help_text=_(
            "When no rating is set for unrated players: their games are left out of ARO, TPR "
            "and the like, instead of making those tie-breaks undefined."
        ),
    )
    round_ratings_in_tiebreaks = models.BooleanField(
        _("rating tie-breaks use each round's rating"),
        default=False,
        help_text=_(
            "Events over 30 days with ratings from a round on: each opponent's rating as it "
            "was in the round of the game. Unticked (the default): every player's first rating."
        ),
    )
    points_win = _points_field("1", _("points for a win"))
    points_draw = _points_field("0.5", _("points for a draw"))
    points_loss = _points_field("0", _("points for a loss"))
    points_pairing_bye = _points_field("1", _("points for a pairing-allocated bye"))
    points_half_bye = _points_field("0.5", _("points for a half-point bye"))
    points_full_bye = _points_field("1", _("points for a full-point bye"))
    points_zero_bye = _points_field("0", _("points for a zero-point bye"))
    points_forfeit_win = _points_field("1", _("points for a forfeit win"))
    points_forfeit_loss = _points_field("0", _("points for a forfeit loss"))
    fide_mode = models.BooleanField(
        _("FIDE mode"),
        default=True,
        help_text=_("Strict mode: only the previous round's results may be corrected."),
    )
    boards_per_match = models.PositiveSmallIntegerField(
        _("boards per match"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(MAX_BOARDS_PER_MATCH)],
        help_text=_("Set for a team event: the boards each match is played on."),
    )
    match_points_win = _points_field("2", _("match points for a won match"))
    match_points_draw = _points_field("1", _("match points for a drawn match"))
    match_points_loss = _points_field("0", _("match points for a lost match"))
    team_bye_match_points = models.DecimalField(
        _("match points of the pairing-allocated bye"),
        max_digits=4,
        decimal_places=2,
        null=True,
        blank=True,
        help_text=_("Empty: a drawn match."),
    )
    team_bye_game_points = models.DecimalField(
        _("game points of the pairing-allocated bye"),
        max_digits=5,
        decimal_places=2,
        null=True,
        blank=True,
        help_text=_("Empty: a win on every board."),
    )
    board_colors = models.CharField(
        _("team A's colours by board"),
        max_length=MAX_BOARDS_PER_MATCH,
        blank=True,
        validators=[RegexValidator(r"^[WB]+$", _("W and B only, e.g. WBWB."))],
        help_text=_(
            "W or B for each board, the team named first's colour; empty: White on odd boards."
        ),
    )
    team_primary_score = models.CharField(
        _("primary score"),
        max_length=2,
        choices=TeamPrimaryScore.choices,
        default=TeamPrimaryScore.MATCH_POINTS,
        help_text=_("What teams are ranked and paired on first (C.04.6 1.2, C.07)."),
    )
    team_colour_preferences = models.CharField(
        _("colour preferences"),
        max_length=4,
        choices=TeamColourPreferences.choices,
        default=TeamColourPreferences.TYPE_A,
        help_text=_(
            "C.04.6 1.7. Type A (the default): a team prefers a colour when it has played "
            "the other one at least twice more, or in both its last two matches without being "
            "ahead with the colour it prefers. Type B: those preferences are strong, and a "
            "team whose colours are one apart, or even before the last round, has a mild one. "
            "None: no team has a colour preference."
        ),
    )
    team_colours_by_other_score = models.BooleanField(
        _("the other score decides the first team"),
        default=True,
        help_text=_(
            "C.04.6 4.2: of two teams with the same primary score, the one with more of the "
            "other score (game points when match points come first, and the reverse) is the "
            "first team, whose colour the later colour rules decide; off, the smaller team "
            "pairing number. Record 192 names the other score after the primary one when on."
        ),
    )
    same_club_teams_apart = models.BooleanField(
        _("teams of the same club do not meet"), default=False
    )
    board_prize_min_games = models.PositiveSmallIntegerField(
        _("board prizes: games to be ranked"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1)],
        help_text=_(
            "As the regulations say: a player needs at least this many games on a board to "
            "be ranked for its prize. Empty, with no share either: the number of games most "
            "players of the boards have."
        ),
    )
    board_prize_min_share = models.PositiveSmallIntegerField(
        _("board prizes: share of the rounds to be ranked (%)"),
        null=True,
        blank=True,
        validators=[MinValueValidator(1), MaxValueValidator(100)],
        help_text=_(
            "Or as a share of the rounds played, in per cent: 80, at least 80 per cent of "
            "them, rounded up. Set the number of games or the share, not both."
        ),
    )
    public = models.BooleanField(_("public"), default=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)
    version = models.PositiveBigIntegerField(_("version"), default=0, editable=False)
    """Bumped after every change to what the tournament's pages show (tournaments.versions):
    cached pages and API reads are keyed by it."""

    class Meta:
        ordering = ["-start_date", "name"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(number_of_rounds__gte=1), name="tournament_has_rounds"
            ),
            models.CheckConstraint(
                condition=models.Q(end_date__isnull=True)
                | models.Q(start_date__isnull=True)
                | models.Q(end_date__gte=models.F("start_date")),
                name="tournament_ends_after_start",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def save(self, *args: Any, **kwargs: Any) -> None:
        # The version only ever goes up, in the database (tournaments.versions): saving a
        # tournament read before a bump must not write the older number back.
        if not self._state.adding and kwargs.get("update_fields") is None:
            kwargs["update_fields"] = [
                field.name
                for field in self._meta.concrete_fields
                if not field.primary_key and field.name != "version"
            ]
        super().save(*args, **kwargs)

    @property
    def lasts_over_30_days(self) -> bool:
        """FIDE checklist C23: an event this long spans rating lists, so ratings change
        during it (flagged; rating tie-breaks are advised against)."""
        if self.start_date is None or self.end_date is None:
            return False
        return (self.end_date - self.start_date).days > LONG_EVENT_DAYS

    @property
    def is_chess960(self) -> bool:
        return self.variant == Variant.CHESS960

    @property
    def is_round_robin(self) -> bool:
        return self.system in {PairingSystem.ROUND_ROBIN, PairingSystem.DOUBLE_ROUND_ROBIN}

    @property
    def is_team_event(self) -> bool:
        """Teams play matches on :attr:`boards_per_match` boards (C.04.6, C.05)."""
        return self.boards_per_match is not None

    @property
    def player_tiebreaks(self) -> list[str]:
        """The tie-breaks that rank the players: a team event's list ranks its teams (C.07's
        team tie-breaks), its players are ranked by points alone (the board prizes rank
        them board by board)."""
        return [] if self.is_team_event else list(self.tiebreaks)

    @property
    def team_swiss_options(self) -> TeamSwissOptions:
        """The team settings that shape a team Swiss's pairing (C.04.6 1.2, 1.7, 4.2), as the
        engine takes them and record 192 names them."""
        return TeamSwissOptions(
            primary=PrimaryScore(self.team_primary_score),
            secondary_for_colours=self.team_colours_by_other_score,
            preferences=ENGINE_COLOUR_PREFERENCES[
                TeamColourPreferences(self.team_colour_preferences)
            ],
        )

    @property
    def plays_matches(self) -> bool:
        """Every pairing is a two-game match (the Double-Swiss system, C.04.5)."""
        system = self.swiss_system
        return system is not None and system.matches

    @property
    def swiss_system(self) -> SwissSystem | None:
        """The FIDE Swiss system that pairs this event (``None`` for a round robin)."""
        code = SWISS_SYSTEM_CODES.get(PairingSystem(self.system)) if self.system else None
        return system_named(code) if code else None

    def clean(self) -> None:
        ruleset = RULESETS.get(self.ruleset)
        if self.default_time_minutes is not None and ruleset and ruleset.default_time is None:
            raise ValidationError(
                {
                    "default_time_minutes": gettext(
                        "Under the %(ruleset)s nobody loses by lateness: leave the default "
                        "time empty."
                    )
                    % {"ruleset": ruleset.title(get_language() or "en")}
                }
            )
        rounds = self.number_of_rounds
        if self.system == PairingSystem.DOUBLE_SWISS and isinstance(rounds, int) and rounds % 2:
            # C.04.5, Preface: every pairing is a match of two games, each game a round here.
            raise ValidationError(
                {
                    "number_of_rounds": gettext(
                        "A Double-Swiss event counts its rounds in games, two to a match "
                        "(C.04.5): give an even number of rounds, not %(rounds)s."
                    )
                    % {"rounds": self.number_of_rounds}
                }
            )

        self._clean_team_event()

    def _clean_team_event(self) -> None:
        """A team Swiss has boards; the individual Swiss systems have none (a team round
        robin is a round robin with boards)."""
        if self.system == PairingSystem.TEAM_SWISS and self.boards_per_match is None:
            raise ValidationError(
                {"boards_per_match": gettext("A team Swiss needs the number of boards per match.")}
            )
        if self.boards_per_match is not None and self.swiss_system is not None:
            raise ValidationError(
                {
                    "boards_per_match": gettext(
                        "Teams are paired by the team Swiss system or a round robin: leave "
                        "the boards per match empty for an individual event."
                    )
                }
            )
        if self.board_prize_min_games is not None and self.board_prize_min_share is not None:
            raise ValidationError(
                {
                    "board_prize_min_share": gettext(
                        "Set the board prizes' minimum as a number of games or a share of the "
                        "rounds, not both."
                    )
                }
            )
        colors = self.board_colors
        if colors and self.boards_per_match and len(colors) != self.boards_per_match:
            raise ValidationError(
                {
                    "board_colors": gettext(
                        "Give one colour for each of the %(boards)s boards, not %(given)s."
                    )
                    % {"boards": self.boards_per_match, "given": len(colors)}
                }
            )

    def board_prize_minimum(self, rounds: int) -> int | None:
        """The games a player needs on a board to be ranked for its prize after ``rounds``
        rounds: the number set, else the share of the rounds set, rounded up; ``None`` when
        neither is (the board prizes then take the number most players have)."""
        if self.board_prize_min_games is not None:
            return int(self.board_prize_min_games)
        if self.board_prize_min_share is not None:
            return -(-int(self.board_prize_min_share) * rounds // 100)
        return None

    def rules(self, ruleset: str | None = None) -> Ruleset:
        """The tournament's ruleset (or ``ruleset``, a game's own) with the numbers the
        organiser set for the event: the default time (10.15) and the higher fifty-move
        counts of named positions (10.12)."""
        base = get_ruleset(ruleset or self.ruleset)
        overrides: dict[str, Any] = {}
        if self.default_time_minutes is not None and base.default_time is not None:
            overrides["default_time"] = self.default_time_minutes * 60
        if self.fifty_move_positions:
            overrides["fifty_move_named_positions"] = parse_named_positions(
                self.fifty_move_positions
            )
        return base.with_overrides(**overrides) if overrides else base

    def match_point_system(self) -> MatchPointSystem:
        """The team scoring package's match points and team byes for this event."""
        return MatchPointSystem(
            win=Fraction(self.match_points_win),
            draw=Fraction(self.match_points_draw),
            loss=Fraction(self.match_points_loss),
            pairing_bye=_fraction_or_none(self.team_bye_match_points),
            pairing_bye_game_points=_fraction_or_none(self.team_bye_game_points),
        )

    def point_system(self) -> PointSystem:
        """The scoring package's exact point system for this event."""
        return PointSystem(
            win=Fraction(self.points_win),
            draw=Fraction(self.points_draw),
            loss=Fraction(self.points_loss),
            pairing_bye=Fraction(self.points_pairing_bye),
            half_bye=Fraction(self.points_half_bye),
            full_bye=Fraction(self.points_full_bye),
            zero_bye=Fraction(self.points_zero_bye),
            forfeit_win=Fraction(self.points_forfeit_win),
            forfeit_loss=Fraction(self.points_forfeit_loss),
        )


class TournamentRole(models.Model):
    class Role(models.TextChoices):
        CHIEF_ARBITER = "chief_arbiter", _("Chief arbiter")
        DEPUTY_ARBITER = "deputy_arbiter", _("Deputy arbiter")
        VIEWER = "viewer", _("Viewer")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="roles")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tournament_roles"
    )
    role = models.CharField(_("role"), max_length=20, choices=Role.choices)

    class Meta:
        verbose_name = _("tournament role")
        verbose_name_plural = _("tournament roles")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user"], name="one_role_per_user"),
        ]

    def __str__(self) -> str:
        return f"{self.user} – {self.get_role_display()} – {self.tournament}"


class TournamentLog(AuditEntry):
    """A pairing-integrity event, written to TRF-2026 as a ``###`` comment."""

    class Kind(models.TextChoices):
        CONFIGURATION = "configuration", _("Configuration")
        IMPORT = "import", _("Import")
        CORRECTION = "correction", _("Correction")
        TIEBREAKS = "tiebreaks", _("Tie-break change")
        ADJOURNMENT = "adjournment", _("Adjournment")
        MANUAL_PAIRING = "manual_pairing", _("Manual pairing alteration")
        PAIRING = "pairing", _("Pairing")
        START_RANKS = "start_ranks", _("Starting ranks")
        WITHDRAWAL = "withdrawal", _("Withdrawal")
        LATE_ENTRY = "late_entry", _("Late entry")
        FULL_POINT_BYE = "full_point_bye", _("Full-point bye")
        FIDE_MODE_EXIT = "fide_mode_exit", _("FIDE mode exit")
        RATING_CORRECTION = "rating_correction", _("Rating correction")
        RATING_REPORT = "rating_report", _("Result corrected for the rating report")
        TIES = "ties", _("Ties broken by hand or by lot")
        CHESS960 = "chess960", _("Chess960")
        TEAMS = "teams", _("Teams, rosters and lineups")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="log")
    kind = models.CharField(_("kind"), max_length=20, choices=Kind.choices)
    round_number = models.PositiveSmallIntegerField(_("round"), null=True, blank=True)
    message = models.TextField(_("message"))
    """In the site's language: the official record (TRF ``###`` comments)."""
    message_id = models.TextField(blank=True)
    """The message before its values went in (the catalogue's msgid), to show it again in
    the reader's language; empty for entries without one."""
    message_params = models.JSONField(default=dict, blank=True)
    reason = models.TextField(_("reason"), blank=True)
    old_value = models.JSONField(_("old value"), null=True, blank=True)
    new_value = models.JSONField(_("new value"), null=True, blank=True)

    class Meta(AuditEntry.Meta):
        verbose_name = _("tournament log entry")
        verbose_name_plural = _("tournament log")

    def __str__(self) -> str:
        return f"{self.get_kind_display()}: {self.message}"

    @property
    def text(self) -> str:
        """The message in the active language. Values that are themselves catalogue
        strings (a result's label, a role) are translated too; names are left as written."""
        if not self.message_id:
            return self.message
        params = {
            key: gettext(value) if isinstance(value, str) and value else value
            for key, value in self.message_params.items()
        }
        try:
            return gettext(self.message_id) % params if params else gettext(self.message_id)
        except (KeyError, TypeError, ValueError):
            return self.message
