"""Incidents at the board and the rulings given on them (article, decision, score)."""

from __future__ import annotations

from rest_framework import serializers

from games.models import Incident, IncidentKind
from tournaments.api.serializers.model import ModelSerializer


class IncidentSerializer(ModelSerializer[Incident]):
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


class IncidentInputSerializer(serializers.Serializer[dict[str, object]]):
    """An incident as an incident file writes it: ``kind`` and the kind's own fields (see
    the incident files of docs/rules.md), e.g. ``{"kind": "draw_claim", "claimant": "white",
    "claim": "threefold"}``. Sealing has its own page; the other fields are checked by the
    rules engine, which names any it cannot read."""

    kind = serializers.ChoiceField(
        choices=[(k, label) for k, label in IncidentKind.choices if k != IncidentKind.SEAL]
    )
