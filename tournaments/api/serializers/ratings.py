"""FIDE rating lists and a tournament's differences with one."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from tournaments.api.serializers.model import ModelSerializer
from tournaments.models import RatingList


class RatingListSerializer(ModelSerializer[RatingList]):
    class Meta:
        model = RatingList
        fields = [
            "id",
            "kind",
            "list_date",
            "source",
            "file_format",
            "player_count",
            "imported_at",
            "url",
        ]
        read_only_fields = fields


class RatingListUploadSerializer(serializers.Serializer[Any]):
    file = serializers.FileField(help_text="The file as downloaded from FIDE: TXT, XML or zip.")
    list = serializers.ChoiceField(
        choices=["standard", "rapid", "blitz"],
        required=False,
        help_text="Which list, when neither the file nor its name says.",
    )
    list_date = serializers.DateField(
        required=False, help_text="The list's month (any day of it), when the file does not say."
    )


class DifferenceSerializer(serializers.Serializer[Any]):
    key = serializers.CharField(help_text="Names the difference in `accept`.")
    player = serializers.IntegerField(source="player.pk")
    name = serializers.CharField(source="player.name")
    field = serializers.CharField()
    current = serializers.JSONField()
    listed = serializers.JSONField()


class NotListedSerializer(serializers.Serializer[Any]):
    player = serializers.IntegerField(source="pk")
    name = serializers.CharField()
    fide_id = serializers.CharField()


class ComparisonSerializer(serializers.Serializer[Any]):
    rating_list = RatingListSerializer()
    matched = serializers.IntegerField(help_text="Players found on the list by FIDE id.")
    differences = DifferenceSerializer(many=True)
    not_listed = NotListedSerializer(many=True, help_text="FIDE ids the list does not have.")
    warnings = serializers.ListField(
        child=serializers.CharField(), help_text="The check before each round (C21)."
    )


class AcceptSerializer(serializers.Serializer[Any]):
    rating_list = serializers.IntegerField(help_text="The list compared with.")
    accept = serializers.ListField(
        child=serializers.CharField(max_length=40),
        min_length=1,
        help_text="Keys of the differences to apply; the others are left as they are.",
    )
