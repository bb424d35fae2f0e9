"""Rounds and their boards (pairings), and a whole round posted by pairing software."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from tournaments.api.serializers.model import ModelSerializer
from tournaments.limits import MAX_BOARDS, MAX_PLAYERS, MAX_ROUNDS
from tournaments.models import ByeKind, Pairing, Player, Round

from .confirm import confirm_field


class PlayerRefSerializer(ModelSerializer[Player]):
    class Meta:
        model = Player
        fields = ["id", "start_rank", "name"]
        read_only_fields = fields


class PairingSerializer(ModelSerializer[Pairing]):
    white = PlayerRefSerializer(help_text="The player (for a bye: the player with the bye).")
    black = PlayerRefSerializer(allow_null=True)
    # Read-only fields lose the model's blank=True: declared so the schema says "" too.
    bye = serializers.ChoiceField(choices=ByeKind.choices, allow_blank=True, read_only=True)
    rating_report_result = serializers.SerializerMethodField(
        help_text=(
            "The result the rating report takes when it was corrected for the rating report "
            "only (FIDE C.04.2 4.3); null when the report takes the board's result."
        )
    )
    chess960_position = serializers.IntegerField(
        source="starting_position",
        read_only=True,
        allow_null=True,
        help_text=(
            "Chess960 events: the number (0-959) of the starting position the game plays, its "
            "own or its round's; null in a standard event."
        ),
    )

    class Meta:
        model = Pairing
        fields = [
            "board",
            "white",
            "black",
            "bye",
            "result",
            "unrated",
            "entered_at",
            "rating_report_result",
            "chess960_position",
        ]
        read_only_fields = fields

    def get_rating_report_result(self, pairing: Pairing) -> str | None:
        correction = getattr(pairing, "rating_correction", None)
        return correction.result if correction is not None else None


class RoundSerializer(ModelSerializer[Round]):
    class Meta:
        model = Round
        fields = ["number", "status", "paired_by", "engine", "starts_at", "chess960_position"]
        read_only_fields = fields


class RoundDetailSerializer(RoundSerializer):
    pairings = PairingSerializer(many=True, read_only=True)

    class Meta(RoundSerializer.Meta):
        fields = [*RoundSerializer.Meta.fields, "pairings"]
        read_only_fields = fields


class PositionField(serializers.CharField):
    """A Chess960 position as the schema says, a string: DRF's ``CharField`` turned a JSON
    number into its digits, so that ``518`` and ``5.18e2`` were taken where a client's
    serialiser had typed the field wrong."""

    default_error_messages = {
        "not_a_string": _(
            'Not a string: send the position\'s number in quotes ("518") or its FEN.'
        ),
    }

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            self.fail("not_a_string")
        return str(super().to_internal_value(data))


class Chess960PositionSerializer(serializers.Serializer[Any]):
    position = PositionField(
        max_length=100,
        required=False,
        help_text="The position's number, 0-959 (518 is the standard one), or its FEN.",
    )
    board = serializers.IntegerField(
        min_value=1,
        required=False,
        allow_null=True,
        help_text="Positions per game only: this board's; absent, the round's.",
    )
    draw = serializers.BooleanField(
        default=False, help_text="Draw the position by lot instead of giving it."
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if not attrs.get("draw") and not attrs.get("position", "").strip():
            raise serializers.ValidationError(
                {"position": "Give the position's number or FEN, or draw=true."}
            )
        return attrs


class BoardInputSerializer(serializers.Serializer[Any]):
    white = serializers.IntegerField(
        min_value=1, max_value=MAX_PLAYERS, help_text="White's starting rank."
    )
    black = serializers.IntegerField(
        min_value=1, max_value=MAX_PLAYERS, help_text="Black's starting rank."
    )


class RoundSubmitSerializer(serializers.Serializer[Any]):
    number = serializers.IntegerField(
        min_value=1,
        max_value=MAX_ROUNDS,
        required=False,
        help_text="The round paired; refused unless it is the next.",
    )
    pairs = BoardInputSerializer(
        many=True, max_length=MAX_BOARDS, help_text="Boards in order, by starting rank."
    )
    byes = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=MAX_PLAYERS),
        required=False,
        max_length=MAX_PLAYERS,
        help_text="Starting rank of the pairing-allocated bye, if any. Requested byes are added.",
    )
    confirm = confirm_field()


class PairRoundSerializer(serializers.Serializer[Any]):
    """The next round is paired by the tournament's own system; ``confirm`` acknowledges
    missing results (adjourned by the pairing) and open adjourned games (L2)."""

    confirm = confirm_field()
