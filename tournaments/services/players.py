"""Registering players: entries, edits, starting ranks, withdrawals, late entries, absences."""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Iterable
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from tournaments.limits import MAX_PLAYERS
from tournaments.models import (
    Absence,
    ByeKind,
    InitialOrder,
    Player,
    RatingOrigin,
    Tournament,
    TournamentLog,
)
from tournaments.models.player import TITLE_ORDER

from .audit import last_round_number, log_event, recorded_user
from .double_swiss import second_game_bye_refusal
from .errors import TournamentError, raise_if
from .locks import lock_tournament
from .ratings import fill_from_lists
from .warnings import Caution, Level, cautions, require_confirmation

# What an arbiter types for a player: the page form and the API both edit exactly these.
PLAYER_FIELDS = (
    "name",
    "title",
    "sex",
    "federation",
    "fide_id",
    "national_id",
    "birth_date",
    "birth_year",
    "rating_standard",
    "rating_rapid",
    "rating_blitz",
    "rating_national",
    "rating_other",
    "pairing_rating",
    "k_factor",
    "club",
    "no_half_point_bye",
)


RATING_FIELDS = frozenset({"rating_standard", "rating_rapid", "rating_blitz", "rating_national"})


def player_problems(player: Player) -> list[str]:
    """Field errors of an unsaved or edited player, as 'field: message'."""
    problems = []
    try:
        player.full_clean(exclude=["tournament", "start_rank"], validate_constraints=False)
    except ValidationError as error:
        problems += [
            f"{field}: {' '.join(messages)}" for field, messages in error.message_dict.items()
        ]
    if not player.name.strip():
        problems.append(_("name: a player needs a name."))
    if any(character in player.name for character in "\r\n\v\f\x85\u2028\u2029"):
        problems.append(
            _("name: a name is one line; %(name)r holds a line break.") % {"name": player.name}
        )
    if same := same_fide_id(player):
        problems.append(
            _(
                "fide_id: FIDE id %(id)s of %(name)s is already %(other)s's (number %(rank)s); "
                "one FIDE id is one player."
            )
            % {
                "id": player.fide_id,
                "name": player.name,
                "other": same.name,
                "rank": same.start_rank or "–",
            }
        )
    return problems


def same_fide_id(player: Player) -> Player | None:
    """Another player of the tournament with ``player``'s FIDE id (an entry made twice)."""
    if not player.fide_id.strip() or player.tournament_id is None:
        return None
    return (
        Player.objects.filter(tournament_id=player.tournament_id, fide_id=player.fide_id)
        .exclude(pk=player.pk)
        .order_by("pk")
        .first()
    )


def start_rank_key(player: Player, tournament: Tournament) -> tuple[int, int, int, int, int]:
    """FIDE C.04.2 initial order: rating (an unrated player's provisional pairing rating
    when the arbiter gave one), then title, then the criterion the tournament announced
    (checklist B10: never the alphabet): the order of registration, or the FIDE id, lowest
    first, players without one after them in order of registration."""
    by_fide_id = tournament.initial_order == InitialOrder.FIDE_ID and player.fide_id.isdigit()
    return (
        -(player.rating_in_tournament().rating or player.pairing_rating or 0),
        TITLE_ORDER.get(player.title, len(TITLE_ORDER)),
        0 if by_fide_id else 1,
        int(player.fide_id) if by_fide_id else 0,
        player.pk or 0,
    )


@transaction.atomic
def add_player(
    tournament: Tournament,
    *,
    user: AbstractBaseUser | None = None,
    confirm: str = "",
    **fields: Any,
) -> Player:
    """Enter a player. Once round 1 is paired this is a late entry from the next round.

    With a FIDE id, what was left blank (ratings, title, federation, sex, birth year) is
    filled from the newest imported FIDE lists (checklist C19); typed values stay. A late
    entry that moves players already numbered asks L3 first (see :func:`add_players`)."""
    return add_players(tournament, [fields], user=user, confirm=confirm)[0]


@transaction.atomic
def add_players(
    tournament: Tournament,
    rows: list[dict[str, Any]],
    *,
    user: AbstractBaseUser | None = None,
    confirm: str = "",
    federation: str = "",
) -> list[Player]:
    """Enter several players at once (a CSV import): late entrants are numbered together,
    in one pass over the field, so that the import takes time in proportion to its size.
    ``federation`` is that of a player whose row and the rating lists give none (a team's,
    for the players typed on its roster).

    Late entrants who move players already numbered ask L3 (``confirm``), naming each player
    who moves and his old and new number: pairings and lists printed before show the old
    ones. Until confirmed nothing is entered.

    Under the tournament's lock (:mod:`.locks`): registrations at once are numbered one
    after the other, each seeing the numbers the one before gave."""
    lock_tournament(tournament.pk)
    refuse_more_players(tournament, len(rows))
    paired = last_round_number(tournament)
    if paired and tournament.is_round_robin and not tournament.is_team_event:
        raise TournamentError(
            _(
                "A round robin takes no late entries: its Berger tables were drawn for the "
                "players of round 1."
            )
        )
    players = []
    for fields in rows:
        player = Player(tournament=tournament, **fields)
        fill_from_lists(player)
        player.federation = (player.federation or federation).upper()
        raise_if(player_problems(player))
        if paired:
            player.first_round = max(player.first_round, paired + 1)
        player.save()
        players.append(player)
        if paired:
            log_event(
                tournament,
                TournamentLog.Kind.LATE_ENTRY,
                gettext_lazy("%(name)s enters late, from round %(round)s."),
                params={"name": player.name, "round": player.first_round},
                user=user,
                round_number=player.first_round,
            )
    if paired and tournament.is_team_event:
        # A team event's players are numbered team by team in board order: a reserve joining
        # later takes the next number, moving nobody (the teams are what is paired).
        _number_at_the_end(tournament, players)
    elif paired:
        _number_late_entrants(tournament, players, user=user, confirm=confirm)
    return players


def _number_at_the_end(tournament: Tournament, players: list[Player]) -> None:
    last = tournament.players.aggregate(last=Max("start_rank"))["last"] or 0
    for rank, player in enumerate(players, start=last + 1):
        player.start_rank = rank
        player.save(update_fields=["start_rank"])


def refuse_more_players(tournament: Tournament, adding: int) -> None:
    """The limit of players in one tournament (:data:`MAX_PLAYERS`)."""
    count = tournament.players.count()
    if count + adding > MAX_PLAYERS:
        raise TournamentError(
            _(
                "A tournament holds at most %(limit)s players; it has %(count)s and "
                "%(adding)s more were asked for."
            )
            % {"limit": f"{MAX_PLAYERS:,}", "count": count, "adding": adding}
        )


def _with_tournament(tournament: Tournament, players: Iterable[Player]) -> list[Player]:
    """The players, each handed its tournament: their tournament ratings need its settings,
    read once rather than once per player."""
    listed = list(players)
    for player in listed:
        player.tournament = tournament
    return listed


# FIDE checklist B12: no starting rank changes once round 4 is paired, in FIDE mode.
LAST_ROUND_FOR_TPN_CHANGES = 3


def _renumber(
    tournament: Tournament, players: list[Player], *, keep: list[Player] | None = None
) -> dict[int, int | None]:
    """Number ``players`` 1, 2, … in order; the old number of each, by id. Every other
    player of the tournament is left without a number (``keep``: those losing one)."""
    old = {p.pk: p.start_rank for p in [*players, *(keep or [])]}
    # Clear first: the unique (tournament, start_rank) constraint holds row by row.
    Player.objects.filter(tournament=tournament).update(start_rank=None)
    for rank, player in enumerate(players, start=1):
        player.start_rank = rank
    Player.objects.bulk_update(players, ["start_rank"])
    return old


def _renumbering_caution(entrants: list[Player], order: list[Player]) -> Caution | None:
    """The L3 question of late entrants placed above players already numbered: who moves,
    from which number to which (``order`` is the new order; its players still hold their
    old numbers). None when nobody moves."""
    ids = {p.pk for p in entrants}
    moves = [
        (player, rank)
        for rank, player in enumerate(order, start=1)
        if player.pk not in ids and player.start_rank != rank
    ]
    if not moves:
        return None
    count = len(moves)
    question = ngettext(
        "Entering %(names)s moves %(count)s player to a new starting rank; pairings and "
        "lists printed before show the old number.",
        "Entering %(names)s moves %(count)s players to new starting ranks; pairings and "
        "lists printed before show the old numbers.",
        count,
    ) % {"names": ", ".join(p.name for p in entrants), "count": count}
    places = {p.pk: rank for rank, p in enumerate(order, start=1)}
    takes = [
        _("%(name)s takes starting rank %(rank)s.") % {"name": p.name, "rank": places[p.pk]}
        for p in entrants
    ]
    moved = [
        _("%(name)s: %(old)s → %(new)s") % {"name": p.name, "old": p.start_rank, "new": rank}
        for p, rank in moves
    ]
    return Caution(Level.CONFIRM, question, (*takes, *moved))


def _number_late_entrants(
    tournament: Tournament,
    entrants: list[Player],
    *,
    user: AbstractBaseUser | None,
    confirm: str | None = None,
) -> None:
    """Each late entrant takes the starting rank his rating earns, ahead of the first
    player he outranks; the others keep their order, moving down one for each entrant
    placed above them (C.04.2 B11, even after round 4).

    ``confirm``: the answer to the L3 question asked when players already numbered move
    (:func:`_renumbering_caution`); None asks nothing (players arriving for the round
    being paired, :func:`number_arrivals`).

    One pass: "the first player he outranks" is the first place where the running
    maximum of the numbered players' keys exceeds his key, found by bisection, so that
    numbering many entrants does not renumber the field once per entrant (quadratic)."""
    ids = {p.pk for p in entrants}
    numbered = _with_tournament(
        tournament,
        (
            p
            for p in Player.objects.select_for_update(no_key=True)
            .filter(tournament=tournament, start_rank__isnull=False)
            .order_by("start_rank")
            if p.pk not in ids
        ),
    )
    running_max = list(itertools.accumulate((start_rank_key(p, tournament) for p in numbered), max))
    places: dict[int, list[Player]] = {}
    for entrant in sorted(entrants, key=lambda p: start_rank_key(p, tournament)):
        place = bisect.bisect_right(running_max, start_rank_key(entrant, tournament))
        places.setdefault(place, []).append(entrant)
    order: list[Player] = []
    for index in range(len(numbered) + 1):
        order += places.get(index, [])
        if index < len(numbered):
            order.append(numbered[index])
    caution = _renumbering_caution(entrants, order) if confirm is not None else None
    if caution and confirm is not None:
        require_confirmation([caution], confirm, action=f"late-entry:{tournament.pk}")
    old = _renumber(tournament, order)
    moved = [p for p in order if p.pk not in ids and old[p.pk] != p.start_rank]
    changes = {
        "old": {str(p.pk): old[p.pk] for p in moved},
        "new": {str(p.pk): p.start_rank for p in moved},
    }
    round_number = last_round_number(tournament) or None
    if len(entrants) == 1:
        log_event(
            tournament,
            TournamentLog.Kind.START_RANKS,
            gettext_lazy("%(name)s takes starting rank %(rank)s; %(count)s players move down one."),
            params={"name": entrants[0].name, "rank": entrants[0].start_rank, "count": len(moved)},
            user=user,
            round_number=round_number,
            **changes,
        )
        return
    for entrant in entrants:
        log_event(
            tournament,
            TournamentLog.Kind.START_RANKS,
            gettext_lazy("%(name)s takes starting rank %(rank)s."),
            params={"name": entrant.name, "rank": entrant.start_rank},
            user=user,
            round_number=round_number,
        )
    log_event(
        tournament,
        TournamentLog.Kind.START_RANKS,
        gettext_lazy("%(count)s players move down for the late entrants."),
        params={"count": len(moved)},
        user=user,
        round_number=round_number,
        **changes,
    )


@transaction.atomic
def update_player(
    player: Player, *, user: AbstractBaseUser | None = None, **changes: Any
) -> Player:
    """Correct a player's entry: ``changes`` only, on the row read afresh under its lock, so
    that a roster, a numbering or a withdrawal written meanwhile is not put back."""
    player = Player.objects.select_for_update(no_key=True).get(pk=player.pk)
    typed = {
        field
        for field, value in changes.items()
        if field in RATING_FIELDS and getattr(player, field) != value
    }
    for field, value in changes.items():
        setattr(player, field, value)
    if typed:
        # A rating typed over a listed one is flagged as typed by hand (checklist C19).
        player.rating_origin, player.rating_list = RatingOrigin.TYPED, None
    player.federation = player.federation.upper()
    raise_if(player_problems(player))
    written = {*changes, "federation"} | ({"rating_origin", "rating_list"} if typed else set())
    player.save(update_fields=written)
    return player


@transaction.atomic
def assign_start_ranks(
    tournament: Tournament, *, user: AbstractBaseUser | None = None, confirm: str = ""
) -> list[Player]:
    """Number every player by rating, title and the announced criterion (B10); returns them
    in that order.

    Checklist B12: in FIDE mode the numbers are regenerated only until round 4 is paired;
    moving two or more numbers asks L3, and once a round is paired L4 (the printed pairings
    and the report then show the new numbers).
    """
    lock_tournament(tournament.pk)  # numbers are given one writer at a time
    _refuse_tpn_change_after_round_4(tournament)
    paired = last_round_number(tournament)
    candidates = Player.objects.select_for_update(no_key=True).filter(tournament=tournament)
    if not tournament.is_round_robin:
        # Checklist B11: a player absent from round 1 has no number until he arrives
        # (number_arrivals); once play started, those still without one keep waiting.
        if paired:
            candidates = candidates.filter(start_rank__isnull=False)
        else:
            candidates = candidates.exclude(absences__round_number=1)
    waiting = Player.objects.filter(tournament=tournament).exclude(pk__in=candidates.values("pk"))
    players = _with_tournament(tournament, candidates)
    players.sort(key=lambda p: start_rank_key(p, tournament))
    moving = [
        p
        for rank, p in enumerate(players, start=1)
        if p.start_rank is not None and p.start_rank != rank
    ]
    if len(moving) >= 2:
        question = _("Regenerating the starting ranks moves %(count)s players: %(names)s.") % {
            "count": len(moving),
            "names": ", ".join(p.name for p in moving),
        }
        if paired:
            caution = Caution(
                Level.CONSEQUENCES,
                question,
                (
                    _(
                        "Rounds 1 to %(round)s were paired with the old numbers; their boards "
                        "stay, but every page, report and the TRF file show the new ones."
                    )
                    % {"round": paired},
                    _("The change is written to the TRF report as a ### line."),
                ),
            )
        else:
            caution = Caution(Level.CONFIRM, question)
        require_confirmation([caution], confirm, action=f"renumber:{tournament.pk}")
    old = _renumber(tournament, players, keep=list(waiting.filter(start_rank__isnull=False)))
    moved = [p for p in players if old[p.pk] is not None and old[p.pk] != p.start_rank]
    if moved:
        log_event(
            tournament,
            TournamentLog.Kind.START_RANKS,
            gettext_lazy("Starting ranks renumbered; %(count)s players moved."),
            params={"count": len(moved)},
            user=user,
            round_number=paired or None,
            old={str(p.pk): old[p.pk] for p in moved},
            new={str(p.pk): p.start_rank for p in moved},
        )
    return players


def number_arrivals(
    tournament: Tournament, number: int, *, user: AbstractBaseUser | None = None
) -> list[Player]:
    """Players without a number (absent from round 1, checklist B11) who take part in round
    ``number`` take the starting rank their rating earns, as a late entrant does (C.04.2,
    even after round 4). Swiss only: a round robin numbers everyone before round 1."""
    if tournament.is_round_robin or number < 2:
        return []
    arriving = _with_tournament(
        tournament,
        tournament.players.filter(
            start_rank__isnull=True, first_round__lte=number, status=Player.Status.ACTIVE
        ).exclude(absences__round_number=number),
    )
    arriving.sort(key=lambda p: start_rank_key(p, tournament))
    if arriving:
        _number_late_entrants(tournament, arriving, user=user)
    return arriving


def _refuse_tpn_change_after_round_4(tournament: Tournament) -> None:
    paired = last_round_number(tournament)
    if tournament.fide_mode and paired > LAST_ROUND_FOR_TPN_CHANGES:
        raise TournamentError(
            _(
                "In FIDE mode starting ranks do not change once round %(round)s is paired "
                "(round %(paired)s is)."
            )
            % {"round": LAST_ROUND_FOR_TPN_CHANGES + 1, "paired": paired}
        )


@transaction.atomic
def exchange_start_ranks(
    first: Player,
    second: Player,
    *,
    user: AbstractBaseUser | None = None,
    reason: str = "",
    confirm: str = "",
) -> tuple[Player, Player]:
    """Swap two players' starting ranks (a TPN exchange, checklist B12), logged.

    In FIDE mode only players of equal rating exchange, and not once round 4 is paired; each
    exchange asks L3. A round robin's numbers, drawn by lot or set by hand, are exchanged
    freely until round 1 is paired.
    """
    lock_tournament(first.tournament_id)  # numbers are given one writer at a time
    first, second = (
        Player.objects.select_for_update(no_key=True).get(pk=first.pk),
        Player.objects.select_for_update(no_key=True).get(pk=second.pk),
    )
    tournament = first.tournament
    problems = []
    if first.tournament_id != second.tournament_id or first.pk == second.pk:
        problems.append(_("Name two different players of the same tournament."))
    if first.start_rank is None or second.start_rank is None:
        problems.append(_("Both players need a starting rank first."))
    ratings = (first.rating_in_tournament().rating, second.rating_in_tournament().rating)
    # A round robin's numbers are drawn by lot or set by hand before round 1 (checklist D13):
    # ratings do not decide them, so any two players may exchange until then.
    numbers_by_hand = tournament.is_round_robin and not last_round_number(tournament)
    if tournament.fide_mode and ratings[0] != ratings[1] and not numbers_by_hand:
        problems.append(
            _(
                "In FIDE mode only players of equal rating exchange starting ranks: "
                "%(first)s is rated %(first_rating)s, %(second)s %(second_rating)s."
            )
            % {
                "first": first.name,
                "first_rating": ratings[0] or _("unrated"),
                "second": second.name,
                "second_rating": ratings[1] or _("unrated"),
            }
        )
    raise_if(problems)
    _refuse_tpn_change_after_round_4(tournament)
    question = _("%(first)s (%(old)s) and %(second)s (%(new)s) exchange starting ranks.") % {
        "first": first.name,
        "second": second.name,
        "old": first.start_rank,
        "new": second.start_rank,
    }
    require_confirmation(
        [Caution(Level.CONFIRM, question)], confirm, action=f"exchange:{first.pk}:{second.pk}"
    )
    ranks = first.start_rank, second.start_rank
    Player.objects.filter(pk__in=[first.pk, second.pk]).update(start_rank=None)
    first.start_rank, second.start_rank = ranks[1], ranks[0]
    Player.objects.bulk_update([first, second], ["start_rank"])
    log_event(
        tournament,
        TournamentLog.Kind.START_RANKS,
        gettext_lazy("%(first)s (%(old)s) and %(second)s (%(new)s) exchange starting ranks."),
        params={"first": first.name, "second": second.name, "old": ranks[0], "new": ranks[1]},
        user=user,
        round_number=last_round_number(tournament) or None,
        reason=reason,
        old={str(first.pk): ranks[0], str(second.pk): ranks[1]},
        new={str(first.pk): ranks[1], str(second.pk): ranks[0]},
    )
    return first, second


@transaction.atomic
def set_start_ranks(
    tournament: Tournament, order: list[Player], *, user: AbstractBaseUser | None = None
) -> list[Player]:
    """Number the players in the given order (a round robin's drawing of lots, or by hand)."""
    lock_tournament(tournament.pk)  # numbers are given one writer at a time
    players = {
        p.pk: p for p in Player.objects.select_for_update(no_key=True).filter(tournament=tournament)
    }
    if sorted(p.pk for p in order) != sorted(players):
        raise TournamentError(_("The order must name every player of the tournament once."))
    if last_round_number(tournament):
        raise TournamentError(_("Starting ranks are drawn before round 1 is paired."))
    if tournament.fide_mode and not tournament.is_round_robin:
        # A Swiss ranks its players by rating, title and the announced criterion (B10).
        raise TournamentError(
            _(
                "In FIDE mode a Swiss numbers its players by rating, title and the announced "
                "criterion, not in an order given by lot or by hand; leaving FIDE mode (for "
                "good) allows it."
            )
        )
    Player.objects.filter(tournament=tournament).update(start_rank=None)
    numbered = [players[p.pk] for p in order]
    for rank, player in enumerate(numbered, start=1):
        player.start_rank = rank
    Player.objects.bulk_update(numbered, ["start_rank"])
    log_event(
        tournament,
        TournamentLog.Kind.START_RANKS,
        gettext_lazy("Starting ranks set by hand or by lot."),
        user=user,
        new=[p.name for p in numbered],
    )
    return numbered


def _leave(
    player: Player,
    status: str,
    *,
    after_round: int,
    user: AbstractBaseUser | None,
    reason: str,
) -> Player:
    if player.status != Player.Status.ACTIVE:
        raise TournamentError(
            _("%(name)s has already left the tournament.") % {"name": player.name}
        )
    later = sorted(
        {
            *player.pairings_as_white.filter(round__number__gt=after_round).values_list(
                "round__number", flat=True
            ),
            *player.pairings_as_black.filter(round__number__gt=after_round).values_list(
                "round__number", flat=True
            ),
        }
    )
    if later:
        raise TournamentError(
            _("%(name)s is already paired in round %(rounds)s; delete that pairing first.")
            % {"name": player.name, "rounds": ", ".join(map(str, later))}
        )
    player.status = status
    player.withdrawn_after_round = after_round
    player.save(update_fields=["status", "withdrawn_after_round"])
    message = (
        gettext_lazy("%(name)s is expelled after round %(round)s.")
        if status == Player.Status.EXPELLED
        else gettext_lazy("%(name)s withdraws after round %(round)s.")
    )
    log_event(
        player.tournament,
        TournamentLog.Kind.WITHDRAWAL,
        message,
        params={"name": player.name, "round": after_round},
        user=user,
        round_number=after_round or None,
        reason=reason,
    )
    return player


@transaction.atomic
def withdraw_player(
    player: Player, *, after_round: int, user: AbstractBaseUser | None = None, reason: str = ""
) -> Player:
    """The player takes no part after ``after_round`` (0: before round 1).

    He stays in the standings, marked; in a round robin, if he completed fewer than half of
    his games, his results count for nobody (FIDE C.05, the tournament's withdrawal rule).
    """
    return _leave(
        player, Player.Status.WITHDRAWN, after_round=after_round, user=user, reason=reason
    )


@transaction.atomic
def expel_player(
    player: Player, *, after_round: int, user: AbstractBaseUser | None = None, reason: str
) -> Player:
    """The arbiter expels the player after ``after_round``: never paired again, and listed
    without a place in a Swiss's standings (FIDE checklist I48). Needs a reason."""
    if not reason.strip():
        raise TournamentError(_("Expelling a player needs a reason."))
    return _leave(player, Player.Status.EXPELLED, after_round=after_round, user=user, reason=reason)


def half_point_bye_rounds(player: Player) -> list[int]:
    """The rounds of the player's half-point byes, taken or requested."""
    taken = player.pairings_as_white.filter(bye=ByeKind.HALF_POINT).values_list(
        "round__number", flat=True
    )
    requested = player.absences.filter(kind=Absence.Kind.HALF_POINT_BYE).values_list(
        "round_number", flat=True
    )
    return sorted({*taken, *requested})


FULL_POINT_BYE_NOTICE = gettext_lazy(
    "FIDE deprecates full-point byes; this one is written to the tournament report."
)


@transaction.atomic
def request_absence(
    player: Player,
    round_number: int,
    kind: str,
    *,
    user: AbstractBaseUser | None = None,
    reason: str = "",
    confirm: str = "",
) -> Absence:
    """A bye asked for before the round is paired (half-, zero- or full-point).

    FIDE checklist E33–E34: a half-point bye is refused to a player flagged "no half-point
    bye"; a player's second and later half-point byes ask an L3 confirmation (``confirm``,
    see :mod:`.warnings`); a full-point bye asks the arbiter to acknowledge FIDE's notice that
    full-point byes are deprecated (L2), is logged (``### FPB``), and the returned absence's
    ``warnings`` (not stored) repeat the notice.
    """
    tournament = player.tournament
    problems = []
    if kind not in Absence.Kind.values:
        problems.append(
            _("%(kind)s is not a kind of bye; expected one of %(known)s.")
            % {"kind": kind, "known": ", ".join(Absence.Kind.values)}
        )
    if round_number < 1:
        problems.append(_("Rounds are numbered from 1."))
    if round_number <= last_round_number(tournament):
        problems.append(_("Round %(round)s is already paired.") % {"round": round_number})
    if round_number > tournament.number_of_rounds:
        count = tournament.number_of_rounds
        problems.append(
            ngettext(
                "The tournament has only %(count)s round.",
                "The tournament has only %(count)s rounds.",
                count,
            )
            % {"count": count}
        )
    if kind == Absence.Kind.HALF_POINT_BYE and player.no_half_point_bye:
        problems.append(_("%(name)s may not take a half-point bye.") % {"name": player.name})
    if refusal := second_game_bye_refusal(tournament, round_number):
        problems.append(refusal)
    if player.absences.filter(round_number=round_number).exists():
        problems.append(
            _("%(name)s already has an absence in round %(round)s.")
            % {"name": player.name, "round": round_number}
        )
    raise_if(problems)
    earlier = half_point_bye_rounds(player) if kind == Absence.Kind.HALF_POINT_BYE else []
    if earlier:
        question = _(
            "%(name)s already has a half-point bye in round %(rounds)s; confirm a further one."
        ) % {"name": player.name, "rounds": ", ".join(map(str, earlier))}
        require_confirmation(
            cautions(Level.CONFIRM, [question]), confirm, action=f"half-bye:{player.pk}"
        )
    if kind == Absence.Kind.FULL_POINT_BYE:
        # FIDE checklist E34: the arbiter acknowledges the deprecation before it is given (L2).
        require_confirmation(
            cautions(Level.ACKNOWLEDGE, [FULL_POINT_BYE_NOTICE]),
            confirm,
            action=f"full-bye:{player.pk}",
        )
    absence = Absence.objects.create(
        player=player,
        round_number=round_number,
        kind=kind,
        reason=reason,
        user=recorded_user(user),
    )
    absence.warnings = []
    if kind == Absence.Kind.FULL_POINT_BYE:
        absence.warnings.append(str(FULL_POINT_BYE_NOTICE))
        log_event(
            tournament,
            TournamentLog.Kind.FULL_POINT_BYE,
            gettext_lazy("Full-point bye for %(name)s."),
            params={"name": player.name},
            user=user,
            round_number=round_number,
            reason=reason,
        )
    return absence
