"""Tournaments: what is read, and what creating one takes."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from rest_framework import serializers

from tournaments.api.serializers.model import ModelSerializer
from tournaments.limits import MAX_ROUNDS
from tournaments.models import (
    Chess960Draw,
    PairingSystem,
    RatingMethod,
    RatingType,
    TeamColourPreferences,
    TeamPrimaryScore,
    Tournament,
    Variant,
)
from tournaments.models.tournament import (
    MAX_BOARDS_PER_MATCH,
    MAX_DEFAULT_MINUTES,
    ruleset_choices,
)
from tournaments.services.configuration import TOURNAMENT_FIELDS, time_control_problems

from .confirm import confirm_field


class TournamentSerializer(ModelSerializer[Tournament]):
    class Meta:
        model = Tournament
        fields = [
            "id",
            "slug",
            *TOURNAMENT_FIELDS,
            "fide_mode",
        ]
        read_only_fields = fields


def _match_points(help_text: str, *, allow_null: bool = False) -> serializers.DecimalField:
    return serializers.DecimalField(
        max_digits=4,
        decimal_places=2,
        min_value=Decimal(0),
        required=False,
        allow_null=allow_null,
        help_text=help_text,
    )


class TournamentCreateSerializer(serializers.Serializer[Any]):
    """Types only; the rules (points, tie-breaks, dates) are the service's to check."""

    name = serializers.CharField(max_length=200)
    system = serializers.ChoiceField(choices=PairingSystem.choices)
    number_of_rounds = serializers.IntegerField(min_value=1, max_value=MAX_ROUNDS)
    slug = serializers.SlugField(max_length=200, required=False, allow_unicode=True)
    place = serializers.CharField(max_length=200, required=False, allow_blank=True)
    federation = serializers.CharField(max_length=3, required=False, allow_blank=True)
    start_date = serializers.DateField(required=False, allow_null=True)
    end_date = serializers.DateField(required=False, allow_null=True)
    chief_arbiter = serializers.CharField(max_length=200, required=False, allow_blank=True)
    ruleset = serializers.ChoiceField(
        choices=ruleset_choices(),
        required=False,
        help_text=(
            "Omitted: the Laws in force on the start date (fide2023, the 2023 Laws, from "
            "2023-01-01; classic before), today's without a start date. The tournament "
            "returned names the ruleset that applies."
        ),
    )
    time_control = serializers.CharField(max_length=100, required=False, allow_blank=True)
    default_time_minutes = serializers.IntegerField(
        min_value=0, max_value=MAX_DEFAULT_MINUTES, required=False, allow_null=True
    )
    fifty_move_positions = serializers.CharField(max_length=500, required=False, allow_blank=True)
    reverse_last_two_rounds = serializers.BooleanField(required=False)
    variant = serializers.ChoiceField(choices=Variant.choices, required=False, allow_blank=True)
    chess960_draw = serializers.ChoiceField(choices=Chess960Draw.choices, required=False)
    tiebreaks = serializers.ListField(
        child=serializers.CharField(max_length=20), required=False, max_length=20
    )
    rating_type = serializers.ChoiceField(choices=RatingType.choices, required=False)
    rating_sequence = serializers.ListField(
        child=serializers.CharField(max_length=20), required=False, max_length=5
    )
    rating_method = serializers.ChoiceField(choices=RatingMethod.choices, required=False)
    rating_check = serializers.BooleanField(required=False)
    unrated_left_out = serializers.BooleanField(required=False)
    round_ratings_in_tiebreaks = serializers.BooleanField(required=False)
    unrated_rating = serializers.IntegerField(
        min_value=0, max_value=3500, required=False, allow_null=True
    )
    public = serializers.BooleanField(required=False)
    boards_per_match = serializers.IntegerField(
        min_value=1,
        max_value=MAX_BOARDS_PER_MATCH,
        required=False,
        allow_null=True,
        help_text="Set for a team event (team Swiss, or a round robin of teams).",
    )
    match_points_win = _match_points("A won match (team events; default 2).")
    match_points_draw = _match_points("A drawn match (default 1).")
    match_points_loss = _match_points("A lost match (default 0).")
    team_bye_match_points = _match_points(
        "Match points of the pairing-allocated bye; null: a drawn match.", allow_null=True
    )
    team_bye_game_points = serializers.DecimalField(
        max_digits=5,
        decimal_places=2,
        min_value=Decimal(0),
        required=False,
        allow_null=True,
        help_text="Game points of the pairing-allocated bye; null: a win on every board.",
    )
    board_colors = serializers.RegexField(
        r"^[WB]*$",
        max_length=MAX_BOARDS_PER_MATCH,
        required=False,
        allow_blank=True,
        help_text='Team A\'s colour on each board, e.g. "WBWB"; empty: White on odd boards.',
    )
    team_primary_score = serializers.ChoiceField(choices=TeamPrimaryScore.choices, required=False)
    team_colour_preferences = serializers.ChoiceField(
        choices=TeamColourPreferences.choices,
        required=False,
        help_text="A team Swiss's colour preference type (C.04.6 1.7): A (the default), B or none.",
    )
    team_colours_by_other_score = serializers.BooleanField(
        required=False,
        help_text=(
            "A team Swiss: the other score decides which of two teams level on the primary "
            "score is the first team for colours (C.04.6 4.2); true by default."
        ),
    )
    same_club_teams_apart = serializers.BooleanField(required=False)
    board_prize_min_games = serializers.IntegerField(
        min_value=1,
        max_value=1000,
        required=False,
        allow_null=True,
        help_text="Board prizes: the games a player needs on a board to be ranked.",
    )
    board_prize_min_share = serializers.IntegerField(
        min_value=1,
        max_value=100,
        required=False,
        allow_null=True,
        help_text=(
            "Board prizes: or the share of the rounds played (percent, rounded up); not both. "
            "Neither: the number of games most players of the boards have."
        ),
    )

    def validate_time_control(self, value: str) -> str:
        problems = time_control_problems(value)
        if problems:
            raise serializers.ValidationError(problems)
        return value


class LeaveFideModeSerializer(serializers.Serializer[Any]):
    reason = serializers.CharField(max_length=500, help_text="Kept in the log and the TRF.")
    confirm = confirm_field()
