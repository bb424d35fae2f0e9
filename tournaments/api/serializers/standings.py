"""Standings with tie-breaks after any round, and the crosstable."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers


class TieBreakValueSerializer(serializers.Serializer[Any]):
    name = serializers.CharField(help_text="FIDE acronym with modifiers, e.g. BH/C1.")
    value = serializers.CharField(allow_null=True, help_text="Exact (a fraction when needed).")
    display = serializers.CharField()


class StandingSerializer(serializers.Serializer[Any]):
    place = serializers.CharField(help_text='"3", or "3–5" when shared.')
    rank = serializers.IntegerField()
    rank_to = serializers.IntegerField()
    start_rank = serializers.IntegerField()
    name = serializers.CharField()
    left_after_round = serializers.IntegerField(
        allow_null=True,
        help_text="The last round of a player who withdrew or was expelled; null otherwise.",
    )
    excluded = serializers.ChoiceField(
        choices=["expelled", "annulled"],
        allow_null=True,
        help_text=(
            'Why the player has no place (place "-"): "expelled" from a Swiss (FIDE C.07, '
            'his games stand for his opponents), or "annulled" (left a round robin having '
            "played fewer than half of his games); null for a ranked player."
        ),
    )
    points = serializers.CharField()
    tiebreaks = TieBreakValueSerializer(many=True)


class StandingsSerializer(serializers.Serializer[Any]):
    after_round = serializers.IntegerField()
    final = serializers.BooleanField()
    tiebreaks = serializers.ListField(child=serializers.CharField())
    pending = serializers.ListField(
        child=serializers.ListField(child=serializers.IntegerField()),
        help_text="[round, starting rank] of adjourned games.",
    )
    rows = StandingSerializer(many=True)


class CrosstableCellSerializer(serializers.Serializer[Any]):
    round = serializers.IntegerField()
    opponent = serializers.IntegerField(allow_null=True)
    color = serializers.ChoiceField(choices=["w", "b"], allow_null=True)
    outcome = serializers.CharField(help_text="TRF16 result code.")


class CrosstableRowSerializer(StandingSerializer):
    title = serializers.CharField()
    federation = serializers.CharField()
    rating = serializers.IntegerField()
    rounds = CrosstableCellSerializer(many=True)


class CrosstableSerializer(serializers.Serializer[Any]):
    tournament = serializers.CharField()
    after_round = serializers.IntegerField()
    tiebreaks = serializers.ListField(child=serializers.CharField())
    rows = CrosstableRowSerializer(many=True)
