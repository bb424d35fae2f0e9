"""Games of a tournament: the board they belong to, the moves as recorded, and the PGN."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from games.models import Game, Move
from tournaments.api.serializers.model import ModelSerializer


class MoveSerializer(ModelSerializer[Move]):
    class Meta:
        model = Move
        fields = ["ply", "san", "clock", "elapsed"]
        read_only_fields = fields


class GameSerializer(ModelSerializer[Game]):
    round = serializers.IntegerField(source="pairing.round.number")
    board = serializers.IntegerField(source="pairing.board")
    plies = serializers.IntegerField(help_text="Half-moves recorded.")

    class Meta:
        model = Game
        fields = [
            "id",
            "round",
            "board",
            "white_name",
            "black_name",
            "white_fide_id",
            "black_fide_id",
            "ruleset",
            "time_control",
            "status",
            "result",
            "result_reason",
            "result_article",
            "plies",
            "updated_at",
        ]
        read_only_fields = fields


class GameDetailSerializer(GameSerializer):
    start_fen = serializers.CharField(source="initial_fen")
    current_fen = serializers.CharField()
    moves = MoveSerializer(many=True)
    pgn = serializers.SerializerMethodField(help_text="The game as PGN (python-chess export).")

    class Meta(GameSerializer.Meta):
        fields = [*GameSerializer.Meta.fields, "start_fen", "current_fen", "moves", "pgn"]
        read_only_fields = fields

    def get_pgn(self, game: Game) -> str:
        return str(self.context["pgn"])


class GameListQuerySerializer(serializers.Serializer[Any]):
    round = serializers.IntegerField(min_value=1, max_value=99, required=False)
