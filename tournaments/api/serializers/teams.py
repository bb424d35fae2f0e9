"""Team events: teams and their rosters, requested team byes, the matches of a round with
their lineups and boards, a round paired by a pairing program team against team, and the
team standings."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from tournaments.api.serializers.model import ModelSerializer
from tournaments.limits import MAX_BOARDS, MAX_PLAYERS, MAX_ROUNDS, MAX_ROW_ID
from tournaments.models import MatchForfeit, Player, Team, TeamAbsence, TeamByeKind
from tournaments.models.tournament import MAX_BOARDS_PER_MATCH
from tournaments.services.teams import NUMBERING_ORDERS

from .confirm import confirm_field
from .rounds import PlayerRefSerializer
from .standings import TieBreakValueSerializer

REQUESTABLE_BYES = [c for c in TeamByeKind.choices if c[0] != TeamByeKind.PAIRING_ALLOCATED]
"""The byes a team may ask for (the schema's TeamByeRequestEnum)."""


class RosterPlayerSerializer(ModelSerializer[Player]):
    class Meta:
        model = Player
        fields = ["id", "board_order", "start_rank", "name", "rating_standard"]
        read_only_fields = fields


class TeamByeSerializer(ModelSerializer[TeamAbsence]):
    round = serializers.IntegerField(source="round_number", read_only=True)
    kind = serializers.ChoiceField(choices=REQUESTABLE_BYES, read_only=True)

    class Meta:
        model = TeamAbsence
        fields = ["round", "kind"]
        read_only_fields = fields


class TeamSerializer(ModelSerializer[Team]):
    short_name = serializers.CharField(read_only=True)
    federation = serializers.CharField(read_only=True)
    club = serializers.CharField(read_only=True)
    captain = serializers.CharField(read_only=True)
    roster = RosterPlayerSerializer(
        many=True, read_only=True, help_text="The players in board order (1 first)."
    )
    byes = TeamByeSerializer(
        source="absences", many=True, read_only=True, help_text="The byes the team asked for."
    )

    class Meta:
        model = Team
        fields = [
            "id",
            "number",
            "name",
            "short_name",
            "federation",
            "club",
            "captain",
            "strength",
            "withdrawn_after_round",
            "roster",
            "byes",
        ]
        read_only_fields = fields


def _player_ids(help_text: str, *, required: bool = True) -> serializers.ListField:
    return serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=MAX_ROW_ID),
        max_length=MAX_PLAYERS,
        required=required,
        help_text=help_text,
    )


class TeamFieldsSerializer(serializers.Serializer[Any]):
    """Types only; the model's validators run in the service."""

    name = serializers.CharField(max_length=200)
    short_name = serializers.CharField(max_length=20, required=False, allow_blank=True)
    federation = serializers.CharField(max_length=3, required=False, allow_blank=True)
    club = serializers.CharField(max_length=200, required=False, allow_blank=True)
    captain = serializers.CharField(max_length=200, required=False, allow_blank=True)
    strength = serializers.IntegerField(
        min_value=0,
        max_value=32767,
        required=False,
        allow_null=True,
        help_text="The strength the regulations set for the initial order; null: the "
        "average rating of its first boards.",
    )


class TeamCreateSerializer(TeamFieldsSerializer):
    roster = _player_ids(
        "Player ids in board order (or later, with PUT …/roster/).", required=False
    )


class RosterSerializer(serializers.Serializer[Any]):
    players = _player_ids(
        "Player ids in board order. After round 1 the players already on the roster keep "
        "their order and new ones come after them (reserves)."
    )


class TeamByeInputSerializer(serializers.Serializer[Any]):
    kind = serializers.ChoiceField(
        choices=REQUESTABLE_BYES,
        allow_blank=True,
        help_text='The bye asked for, as the regulations allow; "" withdraws the request.',
    )


class LineupSerializer(serializers.Serializer[Any]):
    players = serializers.ListField(
        child=serializers.IntegerField(min_value=1, max_value=MAX_ROW_ID, allow_null=True),
        max_length=MAX_BOARDS_PER_MATCH,
        help_text=(
            "Player ids, board 1 first, in roster order; null (or missing boards at the end) "
            "leaves a board empty, a forfeit, only below the occupied ones."
        ),
    )


class ForfeitSerializer(serializers.Serializer[Any]):
    forfeit = serializers.ChoiceField(
        choices=MatchForfeit.choices,
        allow_blank=True,
        help_text='"+-" team A wins, "-+" team B wins, "--" both lose; "" withdraws it.',
    )
    reason = serializers.CharField(
        max_length=1000, required=False, allow_blank=True, default="", help_text="Logged."
    )


class TeamRoundSubmitSerializer(serializers.Serializer[Any]):
    number = serializers.IntegerField(
        min_value=1,
        max_value=MAX_ROUNDS,
        required=False,
        help_text="The round paired; refused unless it is the next.",
    )
    matches = serializers.ListField(
        child=serializers.ListField(
            child=serializers.IntegerField(min_value=1, max_value=MAX_PLAYERS),
            min_length=2,
            max_length=2,
        ),
        max_length=MAX_BOARDS,
        help_text=(
            "Team events: [team A, team B] by team pairing number in table order; team A "
            "has White on board 1."
        ),
    )
    bye = serializers.IntegerField(
        min_value=1,
        max_value=MAX_PLAYERS,
        required=False,
        allow_null=True,
        help_text="The team pairing number of the pairing-allocated bye, if any. Requested "
        "byes are added.",
    )
    confirm = confirm_field()


class TeamRefSerializer(serializers.Serializer[Any]):
    id = serializers.IntegerField()
    number = serializers.IntegerField(allow_null=True)
    name = serializers.CharField()


class MatchTeamSerializer(TeamRefSerializer):
    match_points = serializers.CharField(help_text="The team's match points after this round.")
    game_points = serializers.CharField(help_text="The team's game points after this round.")


class SidesSerializer(serializers.Serializer[Any]):
    a = serializers.CharField()
    b = serializers.CharField(allow_null=True, help_text="null for a bye.")


class LineupsSerializer(serializers.Serializer[Any]):
    a = serializers.ListField(
        child=PlayerRefSerializer(allow_null=True),
        help_text="Team A's players, board 1 first (null: the board left empty); [] until "
        "its lineup is in.",
    )
    b = serializers.ListField(child=PlayerRefSerializer(allow_null=True))


class MatchBoardSerializer(serializers.Serializer[Any]):
    board = serializers.IntegerField(help_text="The round's board number (for results).")
    match_board = serializers.IntegerField(help_text="The board of the match, 1 first.")
    white = PlayerRefSerializer()
    black = PlayerRefSerializer(allow_null=True, help_text="null: the other team left it empty.")
    team_a_color = serializers.CharField(
        allow_null=True, help_text='Team A\'s colour, "w" or "b"; null for an empty board.'
    )
    unopposed = serializers.BooleanField(help_text="A board one team left empty.")
    result = serializers.CharField()


class MatchSerializer(serializers.Serializer[Any]):
    table = serializers.IntegerField()
    team_a = MatchTeamSerializer(help_text="White on board 1 (or the team with the bye).")
    team_b = MatchTeamSerializer(allow_null=True)
    team_bye = serializers.ChoiceField(
        choices=TeamByeKind.choices,
        allow_blank=True,
        help_text='The kind of team A\'s round without a match; "" for a match.',
    )
    forfeit = serializers.ChoiceField(choices=MatchForfeit.choices, allow_blank=True)
    decided = serializers.BooleanField()
    game_points = SidesSerializer(help_text="This match's game points so far.")
    match_points = SidesSerializer(allow_null=True, help_text="null until the match is decided.")
    lineups = LineupsSerializer()
    boards = MatchBoardSerializer(many=True)


class TeamStandingSerializer(serializers.Serializer[Any]):
    place = serializers.CharField(help_text='"3", or "3–5" when shared.')
    rank = serializers.IntegerField()
    rank_to = serializers.IntegerField()
    team = TeamRefSerializer()
    match_points = serializers.CharField()
    game_points = serializers.CharField()
    tiebreaks = TieBreakValueSerializer(many=True)


class TeamStandingsSerializer(serializers.Serializer[Any]):
    after_round = serializers.IntegerField()
    primary = serializers.ChoiceField(choices=["MP", "GP"])
    tiebreaks = serializers.ListField(child=serializers.CharField())
    rows = TeamStandingSerializer(many=True)


class TeamNumberingSerializer(serializers.Serializer[Any]):
    by = serializers.ChoiceField(
        choices=NUMBERING_ORDERS,
        default="strength",
        help_text="strength (equal strengths by lot) or lot (the whole order by lot).",
    )
