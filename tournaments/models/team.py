"""Team events: teams and their rosters, the matches of each round and the lineups.

A team event is a tournament with a number of boards per match
(:attr:`Tournament.boards_per_match`). Its players are the individual players of the event,
each on one team's roster; every board of a match is an ordinary board of the round
(:class:`~tournaments.models.round.Pairing`), so a board's game, its rulings, its result
history and its rating are those of any game. A :class:`Match` groups a round's boards by
table, and a :class:`LineupEntry` is a team's player on a board of a match, entered before
the boards are made. The match and game points, the team standings and the team pairings are
computed by the framework-free :mod:`tournaments.scoring.teams` and
:mod:`tournaments.pairing.team_swiss` from the sheet :mod:`tournaments.team_sheet` builds.
"""

from __future__ import annotations

from django.db import models
from django.utils.translation import gettext_lazy as _

from .player import Player
from .round import Round
from .tournament import Tournament, federation_code


class Team(models.Model):
    """A team of an event: its name, roster (the players whose ``team`` it is, in
    ``board_order``) and team pairing number (TPN), drawn before round 1."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(_("name"), max_length=200)
    short_name = models.CharField(
        _("short name"),
        max_length=20,
        blank=True,
        help_text=_("For narrow tables and the TRF team record (its nickname)."),
    )
    federation = models.CharField(
        _("federation"), max_length=3, blank=True, validators=[federation_code]
    )
    club = models.CharField(
        _("club"),
        max_length=200,
        blank=True,
        help_text=_("Teams of the same club do not meet when the event forbids it."),
    )
    captain = models.CharField(_("captain"), max_length=200, blank=True)
    number = models.PositiveSmallIntegerField(
        _("team pairing number"),
        null=True,
        blank=True,
        help_text=_("The team's number in the pairings (TPN), given before round 1."),
    )
    strength = models.PositiveSmallIntegerField(
        _("set strength"),
        null=True,
        blank=True,
        help_text=_(
            "The strength the regulations give the team for the initial order; empty: the "
            "average rating of its first boards."
        ),
    )
    withdrawn_after_round = models.PositiveSmallIntegerField(
        _("withdrawn after round"),
        null=True,
        blank=True,
        help_text=_("The team is not paired after this round."),
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        ordering = ["tournament", "number", "name"]
        verbose_name = _("team")
        verbose_name_plural = _("teams")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "name"], name="unique_team_name"),
            models.UniqueConstraint(
                fields=["tournament", "number"],
                condition=models.Q(number__isnull=False),
                name="unique_team_number",
            ),
            models.CheckConstraint(
                condition=models.Q(number__gte=1) | models.Q(number__isnull=True),
                name="team_number_gte_1",
            ),
        ]

    def __str__(self) -> str:
        return self.name

    @property
    def label(self) -> str:
        return self.short_name or self.name


class TeamByeKind(models.TextChoices):
    """A team's round without a match (TRF-2026 records 320 and 240)."""

    PAIRING_ALLOCATED = "pab", _("Pairing-allocated bye")
    FULL_POINT = "full", _("Full-point bye")
    HALF_POINT = "half", _("Half-point bye")
    ZERO_POINT = "zero", _("Zero-point bye")


class MatchForfeit(models.TextChoices):
    """A match forfeited as a whole (TRF-2026 record 330), team A's side first."""

    NONE = "", _("Played")
    A_WINS = "+-", _("Team A wins by forfeit")
    B_WINS = "-+", _("Team B wins by forfeit")
    BOTH_LOSE = "--", _("Both teams forfeit")


class Match(models.Model):
    """Team A against team B at a table of a round (A has White on board 1), or a team's bye
    (no team B)."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="matches")
    table = models.PositiveSmallIntegerField(_("table"))
    team_a = models.ForeignKey(
        Team, on_delete=models.RESTRICT, related_name="matches_as_a", verbose_name=_("team A")
    )
    team_b = models.ForeignKey(
        Team,
        on_delete=models.RESTRICT,
        related_name="matches_as_b",
        null=True,
        blank=True,
        verbose_name=_("team B"),
    )
    bye = models.CharField(_("bye"), max_length=8, choices=TeamByeKind.choices, blank=True)
    forfeit = models.CharField(
        _("match forfeit"), max_length=2, choices=MatchForfeit.choices, blank=True
    )

    class Meta:
        ordering = ["round", "table"]
        verbose_name = _("match")
        verbose_name_plural = _("matches")
        constraints = [
            models.UniqueConstraint(fields=["round", "table"], name="unique_match_table"),
            models.UniqueConstraint(fields=["round", "team_a"], name="team_a_once_per_round"),
            models.UniqueConstraint(fields=["round", "team_b"], name="team_b_once_per_round"),
            models.CheckConstraint(
                condition=~models.Q(team_a=models.F("team_b")), name="team_not_against_itself"
            ),
            models.CheckConstraint(
                condition=(models.Q(team_b__isnull=True) & ~models.Q(bye=""))
                | (models.Q(team_b__isnull=False) & models.Q(bye="")),
                name="match_bye_xor_team_b",
            ),
        ]

    def __str__(self) -> str:
        if self.team_b_id is None:
            return f"{self.round} T{self.table}: {self.team_a} – {self.get_bye_display()}"
        return f"{self.round} T{self.table}: {self.team_a} – {self.team_b}"

    @property
    def is_bye(self) -> bool:
        return self.team_b_id is None


class LineupEntry(models.Model):
    """A team's player on a board of a match (``None``: the board left empty, a forfeit)."""

    match = models.ForeignKey(Match, on_delete=models.CASCADE, related_name="lineup")
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="+")
    board = models.PositiveSmallIntegerField(_("board"))
    player = models.ForeignKey(
        Player, on_delete=models.RESTRICT, null=True, blank=True, related_name="lineups"
    )

    class Meta:
        ordering = ["match", "team", "board"]
        verbose_name = _("lineup entry")
        verbose_name_plural = _("lineup entries")
        constraints = [
            models.UniqueConstraint(fields=["match", "team", "board"], name="one_player_a_board"),
            models.UniqueConstraint(fields=["match", "player"], name="one_board_a_player"),
            models.CheckConstraint(condition=models.Q(board__gte=1), name="lineup_board_gte_1"),
        ]

    def __str__(self) -> str:
        return f"{self.match} {self.team} #{self.board}: {self.player or '—'}"


class TeamAbsence(models.Model):
    """A bye a team asked for before a round was paired (TRF-2026 record 240)."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="absences")
    round_number = models.PositiveSmallIntegerField(_("round"))
    kind = models.CharField(
        _("kind"),
        max_length=8,
        choices=[c for c in TeamByeKind.choices if c[0] != TeamByeKind.PAIRING_ALLOCATED],
    )

    class Meta:
        ordering = ["team", "round_number"]
        verbose_name = _("team bye request")
        verbose_name_plural = _("team bye requests")
        constraints = [
            models.UniqueConstraint(fields=["team", "round_number"], name="one_team_bye_a_round")
        ]

    def __str__(self) -> str:
        return f"{self.team} {self.round_number}: {self.get_kind_display()}"
