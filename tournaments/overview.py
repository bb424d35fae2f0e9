"""Reads for the arbiters' pages: the status at a glance and a player's card.

Like ``selectors``, each function runs a fixed number of queries whatever the field size.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from django.db.models import Count, F, Q, QuerySet
from django.utils.translation import gettext_lazy as _

from tournaments.models import Pairing, Player, Result, Round, Tournament
from tournaments.scoring.sheet import Color, Outcome
from tournaments.selectors import rating_changes, tournament_sheet


@dataclass(frozen=True)
class RoundSummary:
    round: Round
    boards: int
    decided: int
    adjourned: int


@dataclass(frozen=True)
class Status:
    """What the chief arbiter looks at first: rounds, games still on, adjourned games."""

    players: int
    active_players: int
    rounds: list[RoundSummary]
    running: QuerySet[Pairing]
    adjourned: QuerySet[Pairing]
    pending_incidents: QuerySet[Any]
    """Incidents recorded whose ruling has not been applied yet."""

    @property
    def next_round(self) -> int:
        return self.rounds[-1].round.number + 1 if self.rounds else 1


def _boards() -> QuerySet[Pairing]:
    return Pairing.objects.select_related("round", "white", "black").order_by(
        "round__number", "board"
    )


def tournament_status(tournament: Tournament) -> Status:
    """Rounds with their result counts, games being played, adjourned games and incidents
    waiting for their ruling to be applied. Five queries."""
    decided = [result for result in Result if result.is_decided]
    rounds = tournament.rounds.annotate(
        games=Count("pairings", filter=Q(pairings__black__isnull=False)),
        decided_games=Count(
            "pairings", filter=Q(pairings__black__isnull=False, pairings__result__in=decided)
        ),
        adjourned_games=Count("pairings", filter=Q(pairings__result=Result.ADJOURNED)),
    ).order_by("number")
    games = _boards().filter(round__tournament=tournament, black__isnull=False)
    counts = Player.objects.filter(tournament=tournament).aggregate(
        players=Count("pk"), active=Count("pk", filter=Q(status=Player.Status.ACTIVE))
    )
    return Status(
        players=counts["players"],
        active_players=counts["active"],
        rounds=[
            RoundSummary(round_, round_.games, round_.decided_games, round_.adjourned_games)
            for round_ in rounds
        ],
        running=games.filter(round__status=Round.Status.PUBLISHED, result=Result.NOT_PLAYED),
        adjourned=games.filter(result=Result.ADJOURNED),
        pending_incidents=_pending_incidents(tournament),
    )


def _pending_incidents(tournament: Tournament) -> QuerySet[Any]:
    # Imported here: the games app builds on this one, not the other way round.
    from games.models import Incident

    return Incident.objects.filter(
        game__pairing__round__tournament=tournament, applied=False
    ).select_related("game")


OUTCOME_LABELS = {
    Outcome.WIN: "1",
    Outcome.DRAW: "½",
    Outcome.LOSS: "0",
    Outcome.FORFEIT_WIN: "+",
    Outcome.FORFEIT_LOSS: "−",
    Outcome.UNRATED_WIN: _("1 (unrated)"),
    Outcome.UNRATED_DRAW: _("½ (unrated)"),
    Outcome.UNRATED_LOSS: _("0 (unrated)"),
    Outcome.HALF_BYE: _("half-point bye"),
    Outcome.FULL_BYE: _("full-point bye"),
    Outcome.ZERO_BYE: _("zero-point bye"),
    Outcome.PAIRING_BYE: _("pairing-allocated bye"),
    Outcome.ADJOURNED: _("adjourned"),
    Outcome.NOT_PAIRED: _("not played"),
}
"""How a player's card writes each outcome: the crosstable's symbol, or words."""


@dataclass(frozen=True)
class CardRow:
    """One round on a player's card."""

    round: int
    outcome: Outcome
    color: Color | None
    opponent: Player | None
    opponent_rating: int | None
    score: Fraction
    running_total: Fraction
    game_id: int | None = None
    """The game record of the board, when the games app has one."""

    @property
    def label(self) -> str:
        return str(OUTCOME_LABELS[self.outcome])


@dataclass(frozen=True)
class PlayerCard:
    player: Player
    rating: int | None
    rows: list[CardRow]
    points: Fraction
    rating_change: Fraction | None
    """``None`` when the player has no rated game (or is unrated)."""


def player_card(tournament: Tournament, player: Player) -> PlayerCard:
    """Every round of the player: opponent, colour, result, running score; the rating change.

    Five queries: the sheet (two), the opponents, the games, the K factors.
    """
    sheet = tournament_sheet(tournament)
    entry = next((p for p in sheet.players if p.start_rank == player.start_rank), None)
    if entry is None:
        return PlayerCard(player, player.rating(tournament.rating_type), [], Fraction(0), None)
    opponents = {
        p.start_rank: p
        for p in Player.objects.filter(
            tournament=tournament,
            start_rank__in=[r.opponent for r in entry.rounds if r.opponent is not None],
        )
    }
    games = dict(
        Pairing.objects.filter(Q(white=player) | Q(black=player), game__isnull=False).values_list(
            "round__number", "game__id"
        )
    )
    rows, total = [], Fraction(0)
    for item in entry.rounds:
        score = sheet.points.points(item.outcome)
        opponent = opponents.get(item.opponent) if item.opponent is not None else None
        total += score
        rows.append(
            CardRow(
                round=item.round,
                outcome=item.outcome,
                color=item.color,
                opponent=opponent,
                opponent_rating=opponent.rating(tournament.rating_type) if opponent else None,
                score=score,
                running_total=total,
                game_id=games.get(item.round),
            )
        )
    change = rating_changes(tournament, sheet).get(entry.start_rank)
    return PlayerCard(player, player.rating(tournament.rating_type), rows, total, change)


def players_by_start_rank(tournament: Tournament) -> list[Player]:
    """The field in starting-rank order (unnumbered players last), each with
    ``tournament_rating``: the rating it is ranked by (lists and method of the tournament)."""
    players = list(tournament.players.order_by(F("start_rank").asc(nulls_last=True), "name"))
    for player in players:
        player.tournament = tournament  # one query for the settings, not one per player
        player.tournament_rating = player.rating_in_tournament().rating  # type: ignore[attr-defined]
    return players
