"""Players: their entry, starting rank, ratings, FIDE id and status; and what Swiss pairing
needs of each: colours, floats and opponents."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from tournaments.api.serializers.model import ModelSerializer
from tournaments.limits import MAX_PLAYERS, MAX_ROUNDS, MAX_ROW_ID
from tournaments.models import Absence, Player, Sex, Title
from tournaments.services.players import PLAYER_FIELDS

from .confirm import confirm_field


class PlayerSerializer(ModelSerializer[Player]):
    # Read-only fields lose the model's blank=True: declared so the schema says "" too.
    title = serializers.ChoiceField(
        choices=Player._meta.get_field("title").choices, allow_blank=True, read_only=True
    )
    sex = serializers.ChoiceField(
        choices=Player._meta.get_field("sex").choices, allow_blank=True, read_only=True
    )
    tournament_rating = serializers.SerializerMethodField(
        help_text="The rating the player is ranked by here (the tournament's lists and method)."
    )
    tournament_rating_source = serializers.SerializerMethodField(
        help_text="Where it came from: standard, rapid, blitz, national or other."
    )

    class Meta:
        model = Player
        fields = [
            "id",
            "start_rank",
            *PLAYER_FIELDS,
            "rating_origin",
            "rating_list",
            "tournament_rating",
            "tournament_rating_source",
            "status",
            "first_round",
            "withdrawn_after_round",
        ]
        read_only_fields = fields

    def get_tournament_rating(self, player: Player) -> int | None:
        return player.rating_in_tournament().rating

    def get_tournament_rating_source(self, player: Player) -> str | None:
        return player.rating_in_tournament().source


class PlayerFieldsSerializer(serializers.Serializer[Any]):
    """Types only; the model's validators run in the service."""

    name = serializers.CharField(max_length=200)
    title = serializers.ChoiceField(choices=Title.choices, required=False, allow_blank=True)
    sex = serializers.ChoiceField(choices=Sex.choices, required=False, allow_blank=True)
    federation = serializers.CharField(max_length=3, required=False, allow_blank=True)
    fide_id = serializers.CharField(max_length=12, required=False, allow_blank=True)
    national_id = serializers.CharField(max_length=20, required=False, allow_blank=True)
    birth_date = serializers.DateField(required=False, allow_null=True)
    birth_year = serializers.IntegerField(
        min_value=1850, max_value=2100, required=False, allow_null=True
    )
    rating_standard = serializers.IntegerField(
        min_value=0, max_value=3500, required=False, allow_null=True
    )
    rating_rapid = serializers.IntegerField(
        min_value=0, max_value=3500, required=False, allow_null=True
    )
    rating_blitz = serializers.IntegerField(
        min_value=0, max_value=3500, required=False, allow_null=True
    )
    rating_national = serializers.IntegerField(
        min_value=0, max_value=3500, required=False, allow_null=True
    )
    rating_other = serializers.IntegerField(
        min_value=0, max_value=3500, required=False, allow_null=True
    )
    pairing_rating = serializers.IntegerField(
        min_value=1,
        max_value=3500,
        required=False,
        allow_null=True,
        help_text=(
            "An unrated player's provisional rating for pairing only (the Dubov system, the "
            "initial order): never rated, reported or exported as a rating."
        ),
    )
    k_factor = serializers.IntegerField(min_value=1, max_value=40, required=False, allow_null=True)
    club = serializers.CharField(max_length=200, required=False, allow_blank=True)
    no_half_point_bye = serializers.BooleanField(required=False)


class PlayerCreateSerializer(PlayerFieldsSerializer):
    confirm = confirm_field(
        "A late entry that moves players already numbered is refused with 409 "
        "needs_confirmation, naming each player who moves (old → new number) in "
        "consequences, until sent again with confirm: confirm."
    )


class PlayerUpdateSerializer(PlayerFieldsSerializer):
    """Only the fields sent change."""

    name = serializers.CharField(max_length=200, required=False)


class AbsenceInputSerializer(serializers.Serializer[Any]):
    round_number = serializers.IntegerField(min_value=1, max_value=MAX_ROUNDS)
    kind = serializers.ChoiceField(choices=Absence.Kind.choices)
    reason = serializers.CharField(required=False, allow_blank=True, max_length=200)
    confirm = confirm_field()


class AbsenceSerializer(ModelSerializer[Absence]):
    class Meta:
        model = Absence
        fields = ["round_number", "kind", "reason"]
        read_only_fields = fields


class StartRanksSerializer(serializers.Serializer[Any]):
    order = serializers.ListField(
        # Player ids, which grow with every player the database ever held: bounded as the
        # API's paths bound a number (nine digits), not by the players of one tournament.
        child=serializers.IntegerField(min_value=1, max_value=MAX_ROW_ID),
        max_length=MAX_PLAYERS,
        required=False,
        help_text=(
            "Player ids in starting-rank order (a drawing of lots). Without it the players are "
            "numbered by rating, title and the tournament's announced criterion (FIDE C.04.2)."
        ),
    )
    confirm = confirm_field()


class ExchangeSerializer(serializers.Serializer[Any]):
    first = serializers.IntegerField(
        min_value=1, max_value=MAX_PLAYERS, help_text="A starting rank."
    )
    second = serializers.IntegerField(
        min_value=1, max_value=MAX_PLAYERS, help_text="The starting rank it exchanges with."
    )
    reason = serializers.CharField(required=False, allow_blank=True, max_length=500)
    confirm = confirm_field()


class WithdrawSerializer(serializers.Serializer[Any]):
    after_round = serializers.IntegerField(
        min_value=0, max_value=MAX_ROUNDS, help_text="The last round the player took part in."
    )
    reason = serializers.CharField(required=False, allow_blank=True, max_length=1000)


class ExpelSerializer(serializers.Serializer[Any]):
    after_round = serializers.IntegerField(
        min_value=0, max_value=MAX_ROUNDS, help_text="The last round the player took part in."
    )
    reason = serializers.CharField(
        max_length=1000, help_text="Why the arbiter expels him; kept in the tournament log."
    )


class HistoryRoundSerializer(serializers.Serializer[Any]):
    round = serializers.IntegerField()
    outcome = serializers.CharField(help_text="TRF16 result code: 1 = 0 + - W D L H F Z U X.")
    opponent = serializers.IntegerField(allow_null=True, help_text="Starting rank.")
    color = serializers.ChoiceField(choices=["w", "b"], allow_null=True)
    float = serializers.ChoiceField(
        choices=["up", "down"],
        allow_null=True,
        help_text="Against a higher (up) or lower (down) score before the round; a bye or a "
        "forfeit win without a game is a downfloat.",
    )
    points_before = serializers.CharField()


class PlayerHistorySerializer(serializers.Serializer[Any]):
    start_rank = serializers.IntegerField()
    name = serializers.CharField()
    points = serializers.CharField()
    colors = serializers.CharField(help_text="One letter per played game: w, b.")
    floats = serializers.CharField(help_text="One letter per round: u, d, or - (none).")
    opponents = serializers.ListField(child=serializers.IntegerField())
    rounds = HistoryRoundSerializer(many=True)
