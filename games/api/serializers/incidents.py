"""Incidents at the board and the rulings given on them (article, decision, score)."""

from __future__ import annotations

from rest_framework import serializers

from games.models import Incident


class IncidentSerializer(serializers.ModelSerializer[Incident]):
    ruling = serializers.JSONField(help_text="The rules engine's ruling, as given.")
    facts = serializers.JSONField(help_text="The incident as entered.")

    class Meta:
        model = Incident
        fields = [
            "id",
            "kind",
            "facts",
            "ruling",
            "article",
            "decision",
            "score",
            "plies",
            "applied",
            "applied_at",
            "entered_at",
        ]
        read_only_fields = fields
