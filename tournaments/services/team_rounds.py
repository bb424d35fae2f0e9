"""Rounds of a team event: pairing the teams, the lineups and the boards they make, and a
match forfeited as a whole.

A round is paired team against team (:func:`pair_team_round`): by the FIDE Swiss Team
Pairing System (C.04.6) or the Berger tables of a (double) round robin (C.05 Annex 1),
each :class:`~tournaments.models.Match` at a table, team A with White on board 1. The boards
come from the lineups (:func:`set_lineup`): when both teams' lineups are in, each board of
the match is an ordinary board of the round with the colours of the event's board sequence,
so results, games, rulings and ratings are entered as in any event; a board one team left
empty is a forfeit win for the other team's player. A match is decided when its boards are
(or it is forfeited whole, :func:`forfeit_match`), the round when its matches are.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.db.models import QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.models import (
    ByeKind,
    InitialColor,
    LineupEntry,
    Match,
    MatchForfeit,
    Pairing,
    PairingSystem,
    Player,
    Round,
    Team,
    TeamAbsence,
    TeamByeKind,
    Tournament,
    TournamentLog,
)
from tournaments.pairing import PairingError
from tournaments.pairing.team_swiss import (
    ENGINE_NAME,
    RULES,
    TeamPairing,
    TeamSwissEngine,
    TeamSwissState,
)
from tournaments.pairing.teams_berger import team_berger_rounds
from tournaments.scoring.sheet import Color
from tournaments.team_sheet import BYE_KINDS, numbered_teams, team_sheet, undecided_matches
from tournaments.versions import bump_version

from .audit import last_round_number, log_event
from .errors import TournamentError
from .locks import lock_matches
from .teams import refuse_individual_event

BERGER_ENGINE = "Berger tables, FIDE C.05 Annex 1"


@transaction.atomic
def pair_team_round(tournament: Tournament, *, user: AbstractBaseUser | None = None) -> Round:
    """The next round of a team event, as a draft: its matches (and byes), no boards yet."""
    tournament = Tournament.objects.select_for_update(no_key=True).get(pk=tournament.pk)
    refuse_individual_event(tournament)
    number = last_round_number(tournament) + 1
    refuse_unready(tournament, number)
    teams = {team.number: team for team in numbered_teams(tournament)}
    if tournament.is_round_robin:
        pairing, engine, paired_by = (
            _berger_round(tournament, len(teams), number),
            BERGER_ENGINE,
            (Round.PairedBy.BERGER),
        )
    else:
        pairing = _swiss_round(tournament, number)
        engine, paired_by = f"{ENGINE_NAME}, {RULES}", Round.PairedBy.ENGINE
    round_ = Round.objects.create(
        tournament=tournament, number=number, paired_by=paired_by, engine=engine
    )
    store_matches(tournament, round_, pairing, teams)
    log_event(
        tournament,
        TournamentLog.Kind.PAIRING,
        gettext_lazy("Round %(round)s paired by %(engine)s."),
        params={"round": number, "engine": engine},
        user=user,
        round_number=number,
    )
    return round_


def refuse_unready(tournament: Tournament, number: int) -> None:
    if number > tournament.number_of_rounds:
        raise TournamentError(
            _("All %(rounds)s rounds are paired.") % {"rounds": tournament.number_of_rounds}
        )
    unnumbered = tournament.teams.filter(number__isnull=True)
    if unnumbered.exists():
        raise TournamentError(
            _("Give the teams their pairing numbers first: %(teams)s have none.")
            % {"teams": ", ".join(team.name for team in unnumbered)}
        )
    if tournament.teams.count() < 2:
        raise TournamentError(_("A team event needs at least two teams."))
    if number > 1:
        open_matches = undecided_matches(tournament, number - 1)
        if open_matches:
            raise TournamentError(
                _("Round %(round)s is not finished: %(matches)s.")
                % {
                    "round": number - 1,
                    "matches": ", ".join(f"{m.team_a} – {m.team_b}" for m in open_matches),
                }
            )


def _berger_round(tournament: Tournament, count: int, number: int) -> TeamPairing:
    table = team_berger_rounds(
        count,
        double=tournament.system == PairingSystem.DOUBLE_ROUND_ROBIN,
        swap_last_two=tournament.reverse_last_two_rounds,
    )
    if len(table) != tournament.number_of_rounds:
        raise TournamentError(
            _(
                "A round robin of %(teams)s teams has %(needed)s rounds; the event is set to "
                "%(rounds)s."
            )
            % {"teams": count, "needed": len(table), "rounds": tournament.number_of_rounds}
        )
    return table[number - 1]


def _swiss_round(tournament: Tournament, number: int) -> TeamPairing:
    if number == 1 and not tournament.initial_color:
        # C.04.6 4.1: the initial-colour is drawn by lot before round 1.
        tournament.initial_color = secrets.choice(InitialColor.values)
        tournament.save(update_fields=["initial_color"])
        log_event(
            tournament,
            TournamentLog.Kind.PAIRING,
            gettext_lazy("Initial colour drawn by lot (C.04.6 4.1): %(colour)s."),
            params={"colour": InitialColor(tournament.initial_color).label},
            round_number=1,
        )
    try:
        return TeamSwissEngine().pair(team_swiss_state(tournament, number))
    except PairingError as error:
        raise TournamentError(
            _("Round %(round)s cannot be paired: %(error)s") % {"round": number, "error": error}
        ) from None


def team_swiss_state(tournament: Tournament, number: int) -> TeamSwissState:
    """What the team Swiss engine needs to pair round ``number``: the sheet of the rounds
    before it, the byes asked for, the teams withdrawn, the pairs that must not meet, and the
    event's team Swiss options (C.04.6 1.2, 1.7, 4.2)."""
    sheet = team_sheet(tournament, after_round=number - 1)
    teams = list(numbered_teams(tournament))
    requested = {
        absence.team.number: BYE_KINDS[TeamByeKind(absence.kind)]
        for absence in _absences(tournament, number).select_related("team")
        if absence.team.number is not None
    }
    withdrawn = frozenset(
        team.number
        for team in teams
        if team.number is not None
        and team.withdrawn_after_round is not None
        and team.withdrawn_after_round < number
    )
    options = tournament.team_swiss_options
    return TeamSwissState(
        sheet=sheet,
        round=number,
        planned_rounds=tournament.number_of_rounds,
        requested_byes=requested,
        withdrawn=withdrawn,
        forbidden=_same_club_pairs(tournament, teams),
        initial_colour=Color.BLACK
        if tournament.initial_color == InitialColor.BLACK
        else Color.WHITE,
        primary=options.primary,
        preferences=options.preferences,
        secondary_for_colours=options.secondary_for_colours,
    )


def _same_club_pairs(tournament: Tournament, teams: Sequence[Team]) -> tuple[tuple[int, int], ...]:
    if not tournament.same_club_teams_apart:
        return ()
    return tuple(
        (a.number, b.number)
        for i, a in enumerate(teams)
        for b in teams[i + 1 :]
        if a.club and a.club == b.club and a.number and b.number
    )


def store_matches(
    tournament: Tournament, round_: Round, pairing: TeamPairing, teams: dict[int | None, Team]
) -> None:
    table = 0
    for table, (first, second) in enumerate(pairing.matches, start=1):
        Match.objects.create(round=round_, table=table, team_a=teams[first], team_b=teams[second])
    if pairing.bye is not None:
        table += 1
        kind = (
            TeamByeKind.ZERO_POINT if tournament.is_round_robin else TeamByeKind.PAIRING_ALLOCATED
        )
        Match.objects.create(round=round_, table=table, team_a=teams[pairing.bye], bye=kind)
    # A round robin pairs every team, absent or not (the arbiter forfeits its match); a
    # Swiss leaves a team that asked for a bye out of the pairing, and gives it the bye.
    paired = {team for match in pairing.matches for team in match}
    for absence in _absences(tournament, round_.number).select_related("team"):
        if absence.team.number not in paired and absence.team.number != pairing.bye:
            table += 1
            Match.objects.create(round=round_, table=table, team_a=absence.team, bye=absence.kind)


def _absences(tournament: Tournament, number: int) -> QuerySet[TeamAbsence]:
    return TeamAbsence.objects.filter(team__tournament=tournament, round_number=number)


@transaction.atomic
def set_lineup(
    match: Match,
    team: Team,
    players: Sequence[Player | None],
    *,
    user: AbstractBaseUser | None = None,
) -> list[LineupEntry]:
    """``team``'s players on the boards of ``match``, board 1 first (``None``: the board is
    left empty; missing boards at the end are empty too).

    The players must be on the team's roster, each once, in roster order (a reserve may
    replace a player, never play above him), and a board may be left empty only below the
    occupied ones. Once both lineups are in, the match's boards are made; a lineup may be
    changed until a result is entered on one of them."""
    match = _lock_match(match)
    tournament = match.round.tournament
    boards = tournament.boards_per_match or 0
    if match.is_bye or match.forfeit:
        raise TournamentError(
            _("%(match)s is not played over the board: it has no lineups.") % {"match": match}
        )
    if team.pk not in (match.team_a_id, match.team_b_id):
        raise TournamentError(
            _("%(team)s does not play in %(match)s.") % {"team": team, "match": _label(match)}
        )
    lineup = list(players) + [None] * (boards - len(players))
    _refuse_bad_lineup(team, lineup, boards, match)
    _refuse_boards_in_play(match)
    match.boards.all().delete()
    match.lineup.filter(team=team).delete()
    entries = LineupEntry.objects.bulk_create(
        LineupEntry(match=match, team=team, board=board, player=player)
        for board, player in enumerate(lineup, start=1)
    )
    _make_boards(match, boards)
    bump_version(tournament.pk)  # the boards and lineup entries are written in bulk
    log_event(
        tournament,
        TournamentLog.Kind.TEAMS,
        gettext_lazy("Round %(round)s, %(match)s: lineup of %(team)s: %(players)s."),
        params={
            "round": match.round.number,
            "match": _label(match),
            "team": team.name,
            "players": ", ".join(p.name if p else "—" for p in lineup),
        },
        user=user,
        round_number=match.round.number,
    )
    return entries


def _lock_match(match: Match) -> Match:
    """The match and its boards locked (the lock order of :mod:`.locks`), read afresh: a
    result written on one of its boards waits for the boards made again, or is seen by
    :func:`_refuse_boards_in_play`."""
    lock_matches(Match.objects.filter(pk=match.pk))
    list(match.boards.select_for_update(of=("self",)).order_by("board").only("pk"))
    locked = Match.objects.select_related("round__tournament").filter(pk=match.pk).first()
    if locked is None:  # its round's pairings were withdrawn meanwhile
        raise TournamentError(_("This match is no longer in the pairings."))
    return locked


def _label(match: Match) -> str:
    return f"{match.team_a} – {match.team_b}"


def _refuse_bad_lineup(team: Team, lineup: list[Player | None], boards: int, match: Match) -> None:
    if len(lineup) > boards:
        raise TournamentError(
            _("A match is played on %(boards)s boards; %(given)s players given.")
            % {"boards": boards, "given": len(lineup)}
        )
    present = [p for p in lineup if p is not None]
    for player in present:
        if player.team_id != team.pk:
            raise TournamentError(
                _("%(player)s is not on the roster of %(team)s.")
                % {"player": player.name, "team": team.name}
            )
        if player.withdrawn_after_round is not None and (
            player.withdrawn_after_round < match.round.number
        ):
            raise TournamentError(
                _("%(player)s has withdrawn from the event.") % {"player": player.name}
            )
    if len({p.pk for p in present}) != len(present):
        raise TournamentError(_("A player can play on one board only."))
    orders = [p.board_order or 0 for p in present]
    if orders != sorted(orders):
        above = next(i for i in range(1, len(present)) if orders[i] < orders[i - 1])
        raise TournamentError(
            _(
                "%(team)s must play in roster order: %(player)s (roster %(order)s) cannot play "
                "below %(other)s (roster %(other_order)s)."
            )
            % {
                "team": team.name,
                "player": present[above].name,
                "order": orders[above],
                "other": present[above - 1].name,
                "other_order": orders[above - 1],
            }
        )
    occupied = [p is not None for p in lineup]
    if True in occupied and False in occupied[: len(occupied) - occupied[::-1].index(True)]:
        raise TournamentError(
            _(
                "%(team)s leaves a board empty above an occupied one: the empty boards are "
                "the last ones."
            )
            % {"team": team.name}
        )


def _refuse_boards_in_play(match: Match) -> None:
    """The match's boards are made again (a lineup changed, a forfeit set or withdrawn)
    only while none has a result or a game: deleting a board deletes its game, moves and
    all."""
    decided = match.boards.exclude(result="*").exclude(black__isnull=True)
    if decided.exists():
        raise TournamentError(
            _(
                "A result is already entered in %(match)s: the lineups stay. Correct the "
                "results instead."
            )
            % {"match": _label(match)}
        )
    played = sorted(match.boards.filter(game__isnull=False).values_list("match_board", flat=True))
    if played:
        raise TournamentError(
            _(
                "%(match)s: the game of board %(boards)s is already entered; the lineups "
                "stay while it is. Delete the game first if the lineup was wrong."
            )
            % {"match": _label(match), "boards": ", ".join(map(str, played))}
        )


def _make_boards(match: Match, boards: int) -> None:
    """The match's boards once both lineups are in, team A's colour on each board by the
    event's sequence (White on odd boards unless set)."""
    entries = {(e.team_id, e.board): e.player for e in match.lineup.select_related("player")}
    if not any(key[0] == match.team_b_id for key in entries) or not any(
        key[0] == match.team_a_id for key in entries
    ):
        return
    sheet_colors = (match.round.tournament.board_colors or "WB").upper()
    games = []
    for board in range(1, boards + 1):
        player_a = entries.get((match.team_a_id, board))
        player_b = entries.get((match.team_b_id, board))
        number = (match.table - 1) * boards + board
        common = {"round": match.round, "board": number, "match": match, "match_board": board}
        if player_a is None and player_b is None:
            continue
        if player_a is None or player_b is None:
            present = player_a or player_b
            games.append(Pairing(white=present, bye=ByeKind.UNOPPOSED_WIN, **common))
            continue
        a_white = sheet_colors[(board - 1) % len(sheet_colors)] == "W"
        white, black = (player_a, player_b) if a_white else (player_b, player_a)
        games.append(Pairing(white=white, black=black, **common))
    Pairing.objects.bulk_create(games)


@transaction.atomic
def forfeit_match(
    match: Match, forfeit: str, *, reason: str = "", user: AbstractBaseUser | None = None
) -> Match:
    """A match forfeited as a whole (``+-``, ``-+``, ``--``; ``""`` withdraws it): its boards
    are no games. Refused once a board of the match has a result."""
    match = _lock_match(match)
    if match.is_bye:
        raise TournamentError(_("A bye is not a match that can be forfeited."))
    if forfeit not in MatchForfeit.values:
        raise TournamentError(
            _("%(forfeit)s is not a match forfeit: +-, -+, -- or nothing.") % {"forfeit": forfeit}
        )
    _refuse_boards_in_play(match)
    old = match.forfeit
    match.forfeit = forfeit
    match.save(update_fields=["forfeit"])
    match.boards.all().delete()
    if not forfeit:
        _make_boards(match, match.round.tournament.boards_per_match or 0)
        bump_version(match.round.tournament_id)  # boards written in bulk
    log_event(
        match.round.tournament,
        TournamentLog.Kind.TEAMS,
        gettext_lazy("Round %(round)s, %(match)s: forfeit %(forfeit)s."),
        params={
            "round": match.round.number,
            "match": _label(match),
            "forfeit": forfeit or "—",
        },
        user=user,
        round_number=match.round.number,
        reason=reason,
        old=old,
        new=forfeit,
    )
    return match
