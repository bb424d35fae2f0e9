"""Teams of a team event: the teams, their rosters (board order) and the team pairing numbers.

The roster's board order is fixed before round 1 (C.04.6 1.4's "fixed board order"): once a
round is paired, players may only be added at the end of a roster, as reserves. Team pairing
numbers follow the regulations' initial order (:func:`number_teams`): the teams' strength,
the average rating of their first boards unless a strength is set, highest first; equal
strengths by lot, the draw recorded in the log. Every change is in the tournament log.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from fractions import Fraction

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.models import Player, Team, TeamAbsence, TeamByeKind, Tournament, TournamentLog
from tournaments.models.player import tournament_rater
from tournaments.team_sheet import rosters
from tournaments.versions import bump_version

from .audit import last_round_number, log_event
from .errors import TournamentError
from .locks import lock_tournament

TEAM_FIELDS = ("name", "short_name", "federation", "club", "captain", "strength")


def refuse_individual_event(tournament: Tournament) -> None:
    if not tournament.is_team_event:
        raise TournamentError(
            _("%(tournament)s is an individual event: it has no teams.")
            % {"tournament": tournament.name}
        )


def _refuse_after_pairing(tournament: Tournament, what: str) -> None:
    if last_round_number(tournament):
        raise TournamentError(
            _("Round 1 is paired: %(what)s can no longer change.") % {"what": what}
        )


@transaction.atomic
def create_team(
    tournament: Tournament, *, user: AbstractBaseUser | None = None, **fields: object
) -> Team:
    """A new team (name required; ``short_name``, ``federation``, ``club``, ``captain``,
    ``strength``). A team joining after round 1 is paired from the next round on."""
    lock_tournament(tournament.pk)  # teams registered at once take numbers one after the other
    refuse_individual_event(tournament)
    unknown = set(fields) - set(TEAM_FIELDS)
    if unknown:
        raise TournamentError(_("Unknown team fields: %(fields)s") % {"fields": sorted(unknown)})
    team = Team(tournament=tournament, **fields)
    _validate(team)
    if last_round_number(tournament):
        team.number = _next_number(tournament)
    team.save()
    log_event(
        tournament,
        TournamentLog.Kind.TEAMS,
        gettext_lazy("Team %(team)s registered."),
        params={"team": team.name},
        user=user,
    )
    return team


@transaction.atomic
def update_team(team: Team, *, user: AbstractBaseUser | None = None, **fields: object) -> Team:
    """Correct a team's ``fields`` only, on its row read afresh under the tournament's lock
    (a numbering written meanwhile is not put back)."""
    unknown = set(fields) - set(TEAM_FIELDS)
    if unknown:
        raise TournamentError(_("Unknown team fields: %(fields)s") % {"fields": sorted(unknown)})
    team = _locked_team(team)
    old = {name: getattr(team, name) for name in fields}
    for name, value in fields.items():
        setattr(team, name, value)
    _validate(team)
    team.save(update_fields=list(fields))
    changed = {name: getattr(team, name) for name in fields if getattr(team, name) != old[name]}
    if changed:
        log_event(
            team.tournament,
            TournamentLog.Kind.TEAMS,
            gettext_lazy("Team %(team)s changed."),
            params={"team": team.name},
            user=user,
            old={name: old[name] for name in changed},
            new=changed,
        )
    return team


@transaction.atomic
def delete_team(team: Team, *, user: AbstractBaseUser | None = None) -> None:
    """Remove a team that has played no round; its players stay, off any roster."""
    team = _locked_team(team)
    if team.matches_as_a.exists() or team.matches_as_b.exists():
        raise TournamentError(
            _("%(team)s is in the pairings of a round: withdraw it instead.") % {"team": team}
        )
    team.roster.update(team=None, board_order=None)
    bump_version(team.tournament_id)
    log_event(
        team.tournament,
        TournamentLog.Kind.TEAMS,
        gettext_lazy("Team %(team)s removed."),
        params={"team": team.name},
        user=user,
    )
    team.delete()


def _locked_team(team: Team) -> Team:
    """The team read afresh under its tournament's lock (:mod:`.locks`), or a refusal when
    it was removed meanwhile."""
    tournament = lock_tournament(team.tournament_id)
    locked = Team.objects.filter(pk=team.pk).first()
    if locked is None:
        raise TournamentError(_("%(team)s is no longer a team of this event.") % {"team": team})
    locked.tournament = tournament
    return locked


def _validate(team: Team) -> None:
    from django.core.exceptions import ValidationError

    try:
        team.full_clean(exclude=["tournament", "number"])
    except ValidationError as error:
        messages = [f"{field}: {' '.join(errors)}" for field, errors in error.message_dict.items()]
        raise TournamentError("; ".join(messages)) from None


@transaction.atomic
def set_roster(
    team: Team, players: Sequence[Player], *, user: AbstractBaseUser | None = None
) -> list[Player]:
    """The team's roster in board order. Before round 1 any order; after, the players
    already on it keep their order and new ones come after them (reserves).

    Under the tournament's lock (:mod:`.locks`), the players read afresh: two rosters
    taking the same player at once, the second finds him on the first."""
    team = _locked_team(team)
    tournament = team.tournament
    players = _locked(players)
    _refuse_foreign_players(team, players)
    current = list(team.roster.order_by("board_order"))
    if last_round_number(tournament) and [p.pk for p in players[: len(current)]] != [
        p.pk for p in current
    ]:
        raise TournamentError(
            _(
                "The board order of %(team)s is fixed since round 1 was paired: keep "
                "%(players)s first, in this order, and add new players after them."
            )
            % {"team": team.name, "players": ", ".join(p.name for p in current)}
        )
    kept = {p.pk for p in players}
    team.roster.exclude(pk__in=kept).update(team=None, board_order=None)
    # Two passes: the board orders are unique per team, and a reorder swaps them.
    Player.objects.filter(pk__in=kept).update(team=None, board_order=None)
    paired = bool(last_round_number(tournament))
    next_rank = (tournament.players.aggregate(Max("start_rank"))["start_rank__max"] or 0) + 1
    for order, player in enumerate(players, start=1):
        player.team, player.board_order = team, order
        if paired and player.start_rank is None:
            # A reserve added after the numbering takes the next starting rank, as a late
            # entrant does, so that he has a number in the TRF's player section.
            player.start_rank, next_rank = next_rank, next_rank + 1
        player.save(update_fields=["team", "board_order", "start_rank"])
    bump_version(tournament.pk)  # players taken off the roster in bulk
    log_event(
        tournament,
        TournamentLog.Kind.TEAMS,
        gettext_lazy("Roster of %(team)s: %(players)s."),
        params={"team": team.name, "players": ", ".join(p.name for p in players)},
        user=user,
        old=[p.name for p in current],
        new=[p.name for p in players],
    )
    return list(players)


def _locked(players: Sequence[Player]) -> list[Player]:
    """The players as they are now, in the same order, their rows locked."""
    rows = Player.objects.select_for_update(no_key=True, of=("self",)).select_related("team")
    fresh = {player.pk: player for player in rows.filter(pk__in={p.pk for p in players})}
    gone = [player.name for player in players if player.pk not in fresh]
    if gone:
        raise TournamentError(
            _("No longer a player of this event: %(players)s.") % {"players": ", ".join(gone)}
        )
    return [fresh[player.pk] for player in players]


def _refuse_foreign_players(team: Team, players: Sequence[Player]) -> None:
    seen: set[int] = set()
    for player in players:
        if player.tournament_id != team.tournament_id:
            raise TournamentError(
                _("%(player)s does not play in this event.") % {"player": player.name}
            )
        if player.team_id not in (None, team.pk):
            raise TournamentError(
                _("%(player)s is on the roster of %(team)s.")
                % {"player": player.name, "team": player.team}
            )
        if player.pk in seen:
            raise TournamentError(_("%(player)s is twice on the roster.") % {"player": player.name})
        seen.add(player.pk)


def team_strengths(tournament: Tournament) -> dict[int, Fraction | None]:
    """Each team's strength by team id: its set strength, else the average tournament rating
    of the first rated players of its roster, as many as the boards (``None``: none rated)."""
    boards = tournament.boards_per_match or 1
    rate = tournament_rater(tournament)
    roster = rosters(tournament)
    strengths: dict[int, Fraction | None] = {}
    for team in tournament.teams.all():
        if team.strength is not None:
            strengths[team.pk] = Fraction(team.strength)
            continue
        ratings = [
            rating
            for rating in (
                rate(p.official_ratings(), p.rating_other).rating for p in roster.get(team.pk, [])
            )
            if rating
        ][:boards]
        strengths[team.pk] = Fraction(sum(ratings), len(ratings)) if ratings else None
    return strengths


NUMBERING_ORDERS = ("strength", "lot")
"""How the regulations order the teams for their pairing numbers: by strength (equal
strengths by lot), or the whole order by lot."""


@transaction.atomic
def number_teams(
    tournament: Tournament, *, by: str = "strength", user: AbstractBaseUser | None = None
) -> list[Team]:
    """Give the teams their pairing numbers, ``by`` strength (highest first, equal strengths
    in a recorded draw of lots) or ``by`` lot alone, as the event's regulations say; then the
    players their starting ranks, team by team in board order, as the TRF's player section
    lists them. Refused once round 1 is paired."""
    lock_tournament(tournament.pk)  # numbers are given one writer at a time
    refuse_individual_event(tournament)
    _refuse_after_pairing(tournament, _("the team pairing numbers"))
    if by not in NUMBERING_ORDERS:
        raise TournamentError(
            _("Teams are numbered by strength or by lot, not %(by)s.") % {"by": by}
        )
    strengths = team_strengths(tournament) if by == "strength" else {}
    draw = {team.pk: secrets.randbelow(1_000_000) for team in tournament.teams.all()}
    teams = sorted(
        tournament.teams.all(),
        key=lambda team: (-(strengths.get(team.pk) or 0), draw[team.pk]),
    )
    tournament.teams.update(number=None)
    bump_version(tournament.pk)
    for number, team in enumerate(teams, start=1):
        team.number = number
        team.save(update_fields=["number"])
    _number_players(tournament, teams)
    message = (
        gettext_lazy("Team pairing numbers given by strength: %(order)s.")
        if by == "strength"
        else gettext_lazy("Team pairing numbers drawn by lot: %(order)s.")
    )
    log_event(
        tournament,
        TournamentLog.Kind.START_RANKS,
        message,
        params={"order": ", ".join(f"{team.number} {team.name}" for team in teams)},
        user=user,
    )
    return teams


def _number_players(tournament: Tournament, teams: Sequence[Team]) -> None:
    roster = rosters(tournament)
    ordered = [player for team in teams for player in roster.get(team.pk, [])]
    others = list(tournament.players.filter(team__isnull=True).order_by("start_rank", "pk"))
    tournament.players.update(start_rank=None)
    for rank, player in enumerate([*ordered, *others], start=1):
        player.start_rank = rank
        player.save(update_fields=["start_rank"])


def _next_number(tournament: Tournament) -> int:
    numbers = tournament.teams.exclude(number=None).values_list("number", flat=True)
    return max(numbers, default=0) + 1


@transaction.atomic
def request_team_bye(
    team: Team, round_number: int, kind: str, *, user: AbstractBaseUser | None = None
) -> TeamAbsence | None:
    """A bye ``team`` asks for in a round not yet paired (full, half or zero points, as the
    regulations allow; ``""`` withdraws the request)."""
    if round_number <= last_round_number(team.tournament):
        raise TournamentError(
            _("Round %(round)s is already paired: a bye is asked for before the pairing.")
            % {"round": round_number}
        )
    if not 1 <= round_number <= team.tournament.number_of_rounds:
        raise TournamentError(
            _("The event has rounds 1 to %(rounds)s.")
            % {"rounds": team.tournament.number_of_rounds}
        )
    TeamAbsence.objects.filter(team=team, round_number=round_number).delete()
    absence = None
    if kind:
        if kind not in TeamByeKind.values or kind == TeamByeKind.PAIRING_ALLOCATED:
            raise TournamentError(
                _("%(kind)s is not a bye a team can ask for (full, half or zero).") % {"kind": kind}
            )
        absence = TeamAbsence.objects.create(team=team, round_number=round_number, kind=kind)
    log_event(
        team.tournament,
        TournamentLog.Kind.TEAMS,
        gettext_lazy("Round %(round)s: %(team)s asks for %(bye)s."),
        params={
            "round": round_number,
            "team": team.name,
            "bye": TeamByeKind(kind).label if kind else "—",
        },
        user=user,
        round_number=round_number,
    )
    return absence
