"""Manual pairing sessions (FIDE checklist D29) and forbidden pairs (D30)."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from tournaments.limits import MAX_BOARDS, MAX_PLAYERS, MAX_ROUNDS

from .confirm import confirm_field


class BoardComparisonSerializer(serializers.Serializer[Any]):
    board = serializers.IntegerField()
    current = serializers.ListField(
        child=serializers.IntegerField(allow_null=True),
        allow_null=True,
        help_text="[white, black] by starting rank; [rank, null] for the bye; null: no board.",
    )
    engine = serializers.ListField(
        child=serializers.IntegerField(allow_null=True),
        allow_null=True,
        help_text="The engine's board, kept when the session started (null: none).",
    )
    same = serializers.BooleanField()


class ManualSessionSerializer(serializers.Serializer[Any]):
    round = serializers.IntegerField()
    open = serializers.BooleanField(help_text="Whether a session is open on the round.")
    boards = BoardComparisonSerializer(many=True, help_text="Empty when no session is open.")


class ManualStepSerializer(serializers.Serializer[Any]):
    step = serializers.ChoiceField(
        choices=["start", "swap", "set_colours", "exchange", "end"],
        help_text=(
            "start; swap (board's colours); set_colours (board, white); exchange (first, "
            "second: two starting ranks change places); end (asks L3 for every rule broken "
            "and every board differing from the engine's)."
        ),
    )
    board = serializers.IntegerField(min_value=1, max_value=MAX_BOARDS, required=False)
    white = serializers.IntegerField(min_value=1, max_value=MAX_PLAYERS, required=False)
    first = serializers.IntegerField(min_value=1, max_value=MAX_PLAYERS, required=False)
    second = serializers.IntegerField(min_value=1, max_value=MAX_PLAYERS, required=False)
    confirm = confirm_field()

    def validate(self, data: dict[str, Any]) -> dict[str, Any]:
        needed = {
            "swap": ["board"],
            "set_colours": ["board", "white"],
            "exchange": ["first", "second"],
        }
        missing = [name for name in needed.get(data["step"], []) if name not in data]
        if missing:
            raise serializers.ValidationError(
                {name: [f"required for step {data['step']}"] for name in missing}
            )
        return data


class ForbiddenPairInputSerializer(serializers.Serializer[Any]):
    opponent = serializers.IntegerField(
        min_value=1, max_value=2**31 - 1, help_text="The other player's id."
    )
    reason = serializers.CharField(max_length=200, required=False, allow_blank=True)
    from_round = serializers.IntegerField(
        min_value=1,
        max_value=MAX_ROUNDS,
        required=False,
        help_text="First round it holds in (1).",
    )
    to_round = serializers.IntegerField(
        min_value=1,
        max_value=MAX_ROUNDS,
        required=False,
        allow_null=True,
        help_text="Last round it holds in (omitted or null: the last round).",
    )
