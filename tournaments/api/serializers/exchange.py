"""The whole tournament state in one document, for pairing software."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from tournaments.api.serializers.model import ModelSerializer
from tournaments.models import Absence

from .players import PlayerSerializer
from .rounds import RoundDetailSerializer
from .tournaments import TournamentSerializer


class StateAbsenceSerializer(ModelSerializer[Absence]):
    player = serializers.IntegerField(source="player.start_rank", allow_null=True)

    class Meta:
        model = Absence
        fields = ["player", "round_number", "kind"]
        read_only_fields = fields


class NextRoundSerializer(serializers.Serializer[Any]):
    number = serializers.IntegerField()
    problems = serializers.ListField(
        child=serializers.CharField(), help_text="Why it cannot be paired yet (empty: it can)."
    )


class TournamentStateSerializer(serializers.Serializer[Any]):
    tournament = TournamentSerializer()
    players = PlayerSerializer(many=True)
    rounds = RoundDetailSerializer(many=True)
    absences = StateAbsenceSerializer(many=True)
    next_round = NextRoundSerializer()
