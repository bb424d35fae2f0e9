"""Results: one board, or a batch of a round's boards."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from tournaments.limits import MAX_BOARDS
from tournaments.models import Result

from .confirm import confirm_field


class ResultInputSerializer(serializers.Serializer[Any]):
    result = serializers.ChoiceField(choices=Result.choices)
    unrated = serializers.BooleanField(
        required=False, allow_null=True, default=None, help_text="A game of less than one move."
    )
    reason = serializers.CharField(
        required=False,
        allow_blank=True,
        max_length=1000,
        help_text="Required to change a result already entered.",
    )
    confirm = confirm_field()


class BatchResultSerializer(ResultInputSerializer):
    board = serializers.IntegerField(min_value=1, max_value=MAX_BOARDS)


class ResultBatchSerializer(serializers.Serializer[Any]):
    results = BatchResultSerializer(many=True, allow_empty=False, max_length=MAX_BOARDS)


class RatingCorrectionInputSerializer(serializers.Serializer[Any]):
    result = serializers.ChoiceField(
        choices=Result.choices,
        help_text=(
            "The result the rating report takes (a decided game: not *, adj or void); the "
            "board keeps its own."
        ),
    )
    reason = serializers.CharField(max_length=1000, help_text="Why the report differs.")


class RatingCorrectionWithdrawSerializer(serializers.Serializer[Any]):
    reason = serializers.CharField(max_length=1000, help_text="Why the correction goes.")
