"""Pairing rounds: Berger tables, submitted Swiss rounds, the built-in Swiss engine."""

from __future__ import annotations

import secrets
from collections.abc import Sequence

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from tournaments.limits import round_refusal
from tournaments.models import (
    Absence,
    Acceleration,
    ByeKind,
    InitialColor,
    Pairing,
    PairingSystem,
    Player,
    Result,
    Round,
    Tournament,
    TournamentLog,
)
from tournaments.pairing import Pairing as EnginePairing
from tournaments.pairing import (
    PairingEngine,
    PairingError,
    berger_rounds,
    engine_label,
    pair_round,
    validate_round,
)
from tournaments.pairing.acceleration import ga_size
from tournaments.selectors import open_adjournments, pairing_state

from .audit import (
    last_round_number,
    log_event,
    log_round_breaking_rules,
)
from .chess960 import draw_chess960_positions
from .double_swiss import (
    check_match_pairing,
    engine_state,
    is_second_game,
    match_and_game,
    second_game_boards,
    second_game_problems,
)
from .errors import TournamentError
from .locks import lock_tournament
from .players import number_arrivals
from .ratings import stale_list_warning
from .ratings_for_pairing import refuse_unrated_for_dubov
from .results import adjourn_game, lock_boards
from .team_rounds import pair_team_round
from .warnings import Caution, Level, cautions, require_confirmation

ABSENCE_BYES = {
    Absence.Kind.HALF_POINT_BYE: ByeKind.HALF_POINT,
    Absence.Kind.ZERO_POINT_BYE: ByeKind.ZERO_POINT,
    Absence.Kind.FULL_POINT_BYE: ByeKind.FULL_POINT,
}


def players_in_round(tournament: Tournament, number: int) -> list[Player]:
    """Players taking part in round ``number``: entered, numbered, not withdrawn, in TPN order."""
    return list(
        tournament.players.filter(start_rank__isnull=False, first_round__lte=number)
        .exclude(status=Player.Status.EXPELLED)
        .exclude(withdrawn_after_round__lt=number)
        .order_by("start_rank")
    )


def announced_byes(tournament: Tournament, number: int) -> dict[int, ByeKind]:
    """Bye kind by player id for the absences announced for round ``number``."""
    absences = Absence.objects.filter(player__tournament=tournament, round_number=number)
    return {a.player_id: ABSENCE_BYES[Absence.Kind(a.kind)] for a in absences}


def _missing_boards(tournament: Tournament, number: int) -> list[int]:
    return list(
        Pairing.objects.filter(
            round__tournament=tournament,
            round__number=number,
            black__isnull=False,
            result=Result.NOT_PLAYED,
        )
        .order_by("board")
        .values_list("board", flat=True)
    )


def _next_round(tournament: Tournament) -> tuple[int, list[str], list[int]]:
    """The round to pair next, what forbids pairing it, and the boards of the last round
    still without a result (which an adjournment can settle)."""
    latest = last_round_number(tournament)
    number = latest + 1
    problems = []
    if refusal := round_refusal(number):
        problems.append(refusal)
    elif number > tournament.number_of_rounds:
        count = tournament.number_of_rounds
        problems.append(
            ngettext("The %(count)s round is paired.", "All %(count)s rounds are paired.", count)
            % {"count": count}
        )
    missing = _missing_boards(tournament, latest) if latest else []
    # The next match is paired on both games of the last one: game 1's results are entered
    # (only the last round's games can be adjourned to pair, G40).
    double_swiss = latest and latest % 2 == 0 and tournament.plays_matches
    if double_swiss and (earlier := _missing_boards(tournament, latest - 1)):
        problems.append(_missing_message(latest - 1, earlier))
    if (
        latest
        and Round.objects.filter(
            tournament=tournament, number=latest, status=Round.Status.DRAFT
        ).exists()
    ):
        problems.append(_("Round %(round)s is not published yet.") % {"round": latest})
    if number == 1 and not tournament.is_round_robin:
        problems += _unnumbered_for_round_one(tournament)
    return number, problems, missing


def _unnumbered_for_round_one(tournament: Tournament) -> list[str]:
    """Round 1 pairs the numbered players; one without a starting rank who is not announced
    absent (checklist B11) would be left out of it without a word."""
    left_out = list(
        tournament.players.filter(
            start_rank__isnull=True, first_round__lte=1, status=Player.Status.ACTIVE
        )
        .exclude(absences__round_number=1)
        .order_by("name")
        .values_list("name", flat=True)
    )
    if not left_out:
        return []
    names = ", ".join(left_out[:10]) + ("…" if len(left_out) > 10 else "")
    return [
        ngettext(
            "%(count)s player has no starting rank (%(names)s): number the players, or record "
            "an absence from round 1, before pairing round 1.",
            "%(count)s players have no starting rank (%(names)s): number the players, or "
            "record their absence from round 1, before pairing round 1.",
            len(left_out),
        )
        % {"count": len(left_out), "names": names}
    ]


def _missing_message(number: int, boards: list[int]) -> str:
    return _(
        "Round %(round)s has no result on board %(boards)s; enter the results, or confirm "
        "that these games are adjourned."
    ) % {"round": number, "boards": ", ".join(map(str, boards))}


def next_round_problems(tournament: Tournament) -> tuple[int, list[str]]:
    """The number of the round to pair next, and why it cannot be paired yet."""
    number, problems, missing = _next_round(tournament)
    if missing:
        problems.append(_missing_message(number - 1, missing))
    return number, problems


def store_round(
    tournament: Tournament,
    number: int,
    games: Sequence[tuple[Player, Player]],
    byes: Sequence[tuple[Player, str]],
    *,
    paired_by: str,
    status: str = Round.Status.DRAFT,
    engine: str = "",
) -> Round:
    """Write a round's boards: games in the given order, then the byes. Call inside atomic.
    ``engine`` names the pairing engine and its rule edition when one paired the round."""
    round_ = Round.objects.create(
        tournament=tournament, number=number, paired_by=paired_by, status=status, engine=engine
    )
    boards = [
        Pairing(round=round_, board=board, white=white, black=black)
        for board, (white, black) in enumerate(games, start=1)
    ]
    boards += [
        Pairing(round=round_, board=board, white=player, bye=kind)
        for board, (player, kind) in enumerate(byes, start=len(games) + 1)
    ]
    Pairing.objects.bulk_create(boards)
    draw_chess960_positions(round_)
    return round_


@transaction.atomic
def publish_round(round_: Round, *, user: AbstractBaseUser | None = None) -> Round:
    """Make a drafted round official: results may be entered from now on.

    Players without a number who play the next round (absent from round 1, checklist B11)
    take theirs now, so that pairing software reading the tournament before pairing it
    sees them numbered, as the built-in engine does when it pairs.

    A round without a date takes the moment it is published as its date, so that the TRF
    report's record 132 gives every round's date (checklist J52)."""
    locked = _lock_round(round_)
    if locked.status != Round.Status.DRAFT:
        raise TournamentError(_("Round %(round)s is already published.") % {"round": round_.number})
    if locked.manual_session is not None:
        raise TournamentError(
            _("End the manual pairing session of round %(round)s before publishing it.")
            % {"round": round_.number}
        )
    round_.status = Round.Status.PUBLISHED
    round_.starts_at = locked.starts_at or timezone.now()
    round_.save(update_fields=["status", "starts_at"])
    log_event(
        round_.tournament,
        TournamentLog.Kind.PAIRING,
        gettext_lazy("Round %(round)s published."),
        params={"round": round_.number},
        user=user,
        round_number=round_.number,
    )
    if round_.number < round_.tournament.number_of_rounds:
        number_arrivals(round_.tournament, round_.number + 1, user=user)
    return round_


@transaction.atomic
def delete_draft_round(round_: Round, *, user: AbstractBaseUser | None = None) -> None:
    """Withdraw the pairings of a round not yet published (the last one only)."""
    # The lock order: the tournament, the boards deleted with the round, then the round.
    round_.tournament = lock_tournament(round_.tournament_id)
    lock_boards(round_)
    round_ = _lock_round(round_)
    if round_.status != Round.Status.DRAFT:
        raise TournamentError(
            _("Round %(round)s is published; its pairings stay.") % {"round": round_.number}
        )
    if round_.number != last_round_number(round_.tournament):
        raise TournamentError(_("Only the last round's pairings can be withdrawn."))
    log_event(
        round_.tournament,
        TournamentLog.Kind.PAIRING,
        gettext_lazy("Draft pairings of round %(round)s withdrawn."),
        params={"round": round_.number},
        user=user,
        round_number=round_.number,
    )
    round_.delete()


def _lock_round(round_: Round) -> Round:
    """The round, read afresh under its tournament's lock and its own (the lock order of
    :mod:`.locks`): publishing it and withdrawing its pairings at once, the second sees
    what the first did."""
    tournament = lock_tournament(round_.tournament_id)
    locked = Round.objects.select_for_update(no_key=True).filter(pk=round_.pk).first()
    if locked is None:
        raise TournamentError(
            _("Round %(round)s is no longer paired: its pairings were withdrawn.")
            % {"round": round_.number}
        )
    locked.tournament = tournament
    return locked


def opponents_met(tournament: Tournament) -> set[frozenset[int]]:
    """Pairs of player ids that have already played each other (games, not byes)."""
    games = Pairing.objects.filter(round__tournament=tournament, black__isnull=False).exclude(
        Q(result=Result.VOID)
    )
    return {frozenset(pair) for pair in games.values_list("white_id", "black_id")}


def _store_pairing(
    tournament: Tournament,
    number: int,
    pairing: EnginePairing,
    *,
    paired_by: str,
    pab: str = ByeKind.PAIRING_ALLOCATED,
    engine: str = "",
) -> Round:
    """Store an engine-style pairing (starting ranks) with the byes announced for the round."""
    players = {p.start_rank: p for p in tournament.players.filter(start_rank__isnull=False)}
    games = [(players[white], players[black]) for white, black in pairing.pairs]
    byes: list[tuple[Player, str]] = [(players[rank], pab) for rank in pairing.byes]
    announced = announced_byes(tournament, number)
    # A Berger table pairs every player, absent or not: one with an announced bye keeps
    # his board (the arbiter enters the forfeit) rather than also getting a bye board,
    # which broke the one-board-per-player constraint (a 500 on rounds/next). A player
    # absent from round 1 has no number yet (checklist B11): his bye comes last.
    on_a_board = {player.pk for game in games for player in game}
    absent = Player.objects.filter(pk__in=announced).exclude(pk__in=on_a_board)
    byes += [
        (player, announced[player.pk])
        for player in sorted(absent, key=lambda p: (p.start_rank is None, p.start_rank, p.pk))
    ]
    return store_round(tournament, number, games, byes, paired_by=paired_by, engine=engine)


def _store_generated_pairing(
    tournament: Tournament,
    number: int,
    pairing: EnginePairing,
    *,
    paired_by: str,
    message: Promise,
    user: AbstractBaseUser | None,
    warnings: list[str],
    pab: str = ByeKind.PAIRING_ALLOCATED,
    engine: str = "",
) -> Round:
    """Store a round the program paired itself, log it with its warnings as the reason, and
    hand the warnings back on the round for the caller to show."""
    round_ = _store_pairing(
        tournament, number, pairing, paired_by=paired_by, pab=pab, engine=engine
    )
    log_event(
        tournament,
        TournamentLog.Kind.PAIRING,
        message,
        params={"round": number, "engine": engine},
        user=user,
        round_number=number,
        reason="\n".join(warnings),
    )
    round_.warnings = warnings
    return round_


def setup_problems(tournament: Tournament) -> list[str]:
    """Why the event as set up cannot be paired to its last round legally (FIDE checklist
    D28, Q62): asked before round 1 is paired, an L2 acknowledgement; hand pairing can still
    finish what the rules cannot (Q63). Players with a round-1 absence count: they play later.

    A round robin needs every player to meet every other: a forbidden pair cannot be kept
    (a wrong number of rounds is refused when the round robin is paired). A Swiss pairs no
    two players twice and gives the pairing-allocated bye once, so a player meets at most the
    players he may meet (a pair forbidden in some rounds only may meet), plus one bye when the
    field is odd.
    """
    players = list(tournament.players.exclude(status=Player.Status.EXPELLED))
    count = len(players)
    # A Double-Swiss event meets an opponent once per match, two rounds (C.04.5).
    rounds = tournament.number_of_rounds // (2 if tournament.plays_matches else 1)
    if count < 2:
        return []  # nothing to pair: the pairing itself says so
    forbidden = list(tournament.forbidden_pairs.values_list("first_id", "second_id"))
    if tournament.is_round_robin:
        # The number of rounds a field needs is refused when it is wrong (round robins).
        if not forbidden:
            return []
        return [
            _(
                "In a round robin every player meets every other: the %(count)s forbidden "
                "pairs cannot be kept."
            )
            % {"count": len(forbidden)}
        ]
    bye = 1 if count % 2 else 0
    most = count - 1 + bye
    if rounds > most and tournament.plays_matches:
        return [
            ngettext(
                "%(players)s players cannot play %(rounds)s matches of a Double-Swiss without "
                "meeting twice: at most %(most)s match (%(games)s rounds).",
                "%(players)s players cannot play %(rounds)s matches of a Double-Swiss without "
                "meeting twice: at most %(most)s matches (%(games)s rounds).",
                most,
            )
            % {"players": count, "rounds": rounds, "most": most, "games": 2 * most}
        ]
    if rounds > most:
        return [
            ngettext(
                "%(players)s players cannot play %(rounds)s rounds of a Swiss without meeting "
                "twice: at most %(most)s round.",
                "%(players)s players cannot play %(rounds)s rounds of a Swiss without meeting "
                "twice: at most %(most)s rounds.",
                most,
            )
            % {"players": count, "rounds": rounds, "most": most}
        ]
    barred: dict[int, int] = {}
    # A pair forbidden in some rounds only may still meet in the others.
    always = tournament.forbidden_pairs.filter(from_round__lte=1, to_round__isnull=True)
    for first, second in always.values_list("first_id", "second_id"):
        barred[first] = barred.get(first, 0) + 1
        barred[second] = barred.get(second, 0) + 1
    return [
        _(
            "%(name)s may meet only %(opponents)s players (forbidden pairs): %(rounds)s rounds "
            "cannot be paired without a rematch or a forbidden pair."
        )
        % {"name": player.name, "opponents": count - 1 - barred[player.pk], "rounds": rounds}
        for player in players
        if player.pk in barred and rounds > count - 1 - barred[player.pk] + bye
    ]


def _pairing_questions(tournament: Tournament) -> tuple[int, list[Caution], list[int]]:
    """The round to pair, what must be acknowledged first, and the last round's boards
    without a result; refuses what forbids pairing.

    FIDE checklist G40, level L2: games of the last round still without a result are
    adjourned (a draw for pairing, each logged) once the arbiter acknowledges it, and
    pairing while an older adjourned game is open is acknowledged too. Before round 1, a
    set-up that cannot be paired to its end legally is acknowledged (D28,
    :func:`setup_problems`).
    """
    number, problems, missing = _next_round(tournament)
    if problems:
        if missing:
            problems.append(_missing_message(number - 1, missing))
        raise TournamentError(problems)
    asked = []
    if missing:
        asked.append(
            _(
                "Round %(round)s has no result on board %(boards)s: pairing round %(next)s "
                "adjourns these games (a draw for pairing until their result is entered)."
            )
            % {"round": number - 1, "boards": ", ".join(map(str, missing)), "next": number}
        )
    asked += [
        _("Round %(round)s, board %(board)s: the adjourned game is still open.")
        % {"round": round_number, "board": board}
        for round_number, board in open_adjournments(tournament)
    ]
    if number == 1:
        asked += setup_problems(tournament)
    stale = stale_list_warning(tournament)  # C20: lists at most a day old while it runs
    if stale:
        asked.append(stale)
    return number, cautions(Level.ACKNOWLEDGE, asked), missing


def _adjourn_missing(
    tournament: Tournament, number: int, boards: list[int], user: AbstractBaseUser | None
) -> None:
    """Adjourn the boards of round ``number - 1`` left without a result (each logged)."""
    for pairing in Pairing.objects.filter(
        round__tournament=tournament, round__number=number - 1, board__in=boards
    ):
        adjourn_game(
            pairing,
            user=user,
            reason=_("adjourned to pair round %(round)s") % {"round": number},
        )


def _prepare_pairing(
    tournament: Tournament, *, confirm: str, user: AbstractBaseUser | None
) -> tuple[int, list[str]]:
    """The round to pair once what needs acknowledging is acknowledged, and the warnings
    acknowledged (to show again with the round)."""
    number, asked, missing = _pairing_questions(tournament)
    require_confirmation(asked, confirm, action=f"pair:{tournament.pk}:{number}")
    _adjourn_missing(tournament, number, missing, user)
    return number, [c.message for c in asked]


@transaction.atomic
def generate_round_robin_round(
    tournament: Tournament, *, user: AbstractBaseUser | None = None, confirm: str = ""
) -> Round:
    """The next round of a (double) round robin from the FIDE Berger tables, as a draft.

    The odd player out of a round robin with an odd number of players has a free round,
    stored as a zero-point bye. ``confirm``: see :func:`pair_swiss_round`.
    """
    tournament = Tournament.objects.select_for_update(no_key=True).get(pk=tournament.pk)
    if tournament.is_team_event:
        return pair_team_round(tournament, user=user)
    if not tournament.is_round_robin:
        raise TournamentError(_("This tournament is a Swiss; pair it with the Swiss engine."))
    number, warnings = _prepare_pairing(tournament, confirm=confirm, user=user)
    ranks = set(tournament.players.values_list("start_rank", flat=True))
    count = len(ranks)
    if ranks != set(range(1, count + 1)):
        raise TournamentError(_("Number the players 1 to %(count)s first.") % {"count": count})
    double = tournament.system == PairingSystem.DOUBLE_ROUND_ROBIN
    try:
        table = berger_rounds(
            count, double=double, swap_last_two=tournament.reverse_last_two_rounds
        )
    except PairingError as error:
        raise TournamentError(str(error)) from None
    if len(table) != tournament.number_of_rounds:
        raise TournamentError(
            _(
                "A round robin of %(players)s players has %(needed)s rounds; the tournament is set "
                "to %(rounds)s."
            )
            % {"players": count, "needed": len(table), "rounds": tournament.number_of_rounds}
        )
    return _store_generated_pairing(
        tournament,
        number,
        table[number - 1],
        paired_by=Round.PairedBy.BERGER,
        pab=ByeKind.ZERO_POINT,
        message=gettext_lazy("Round %(round)s paired from the Berger tables."),
        user=user,
        warnings=warnings,
    )


@transaction.atomic
def pair_swiss_round(
    tournament: Tournament,
    *,
    user: AbstractBaseUser | None = None,
    engine: PairingEngine | None = None,
    confirm: str = "",
) -> Round:
    """The next Swiss round from the built-in engine of the event's FIDE system (or
    ``engine``), as a draft.

    Games of the last round still without a result, and older adjourned games still open,
    ask an L2 acknowledgement (``confirm``, see :mod:`.warnings`); once given, the missing
    games are adjourned (a draw for pairing, each logged). The returned round's
    ``warnings`` (not stored) repeat what was acknowledged (FIDE checklist G40).
    """
    tournament = Tournament.objects.select_for_update(no_key=True).get(pk=tournament.pk)
    if tournament.is_team_event:
        return pair_team_round(tournament, user=user)
    if tournament.is_round_robin:
        raise TournamentError(_("This tournament is a round robin; use the Berger tables."))
    if is_second_game(tournament, last_round_number(tournament) + 1):
        return _pair_second_game(tournament, paired_by=Round.PairedBy.ENGINE, user=user)
    number, warnings = _prepare_pairing(tournament, confirm=confirm, user=user)
    number_arrivals(tournament, number, user=user)
    _fix_baku_groups(tournament, number)
    if number == 1 and not tournament.initial_color:
        _fix_initial_color(
            tournament,
            secrets.choice(InitialColor.values),
            gettext_lazy("Colour of the top seed in round 1 drawn by lot: %(colour)s."),
            user,
        )
    if engine is None and tournament.swiss_system is not None:
        engine = tournament.swiss_system.engine()
    state = engine_state(tournament, number)
    refuse_unrated_for_dubov(tournament, state)
    try:
        pairing = pair_round(state, engine)
    except PairingError as error:
        raise TournamentError(
            _("Round %(round)s cannot be paired: %(error)s") % {"round": number, "error": error}
        ) from None
    return _store_generated_pairing(
        tournament,
        number,
        pairing,
        paired_by=Round.PairedBy.ENGINE,
        message=gettext_lazy("Round %(round)s paired by %(engine)s."),
        user=user,
        warnings=warnings,
        engine=engine_label(engine),
    )


def _pair_second_game(
    tournament: Tournament, *, paired_by: str, user: AbstractBaseUser | None
) -> Round:
    """Game 2 of a Double-Swiss match: game 1's boards with the colours reversed and its byes
    (C.04.5, Preface). Game 1 must be published; its results are not needed."""
    number, problems, _missing = _next_round(tournament)
    if problems:
        raise TournamentError(problems)
    games, byes = second_game_boards(tournament, number)
    first = Round.objects.get(tournament=tournament, number=number - 1)
    round_ = store_round(tournament, number, games, byes, paired_by=paired_by, engine=first.engine)
    log_event(
        tournament,
        TournamentLog.Kind.PAIRING,
        gettext_lazy(
            "Round %(round)s paired: game 2 of match %(match)s, game 1 with the colours reversed."
        ),
        params={"round": number, "match": match_and_game(number)[0]},
        user=user,
        round_number=number,
    )
    round_.warnings = []
    return round_


def _submit_second_game(
    tournament: Tournament,
    pairing: EnginePairing,
    *,
    source: str,
    user: AbstractBaseUser | None,
    round_number: int | None,
) -> Round:
    """A submitted game 2 of a match: accepted only as game 1 reversed (then stored as the
    program pairs it, byes included), refused otherwise."""
    number = last_round_number(tournament) + 1
    if round_number is not None and round_number != number:
        raise TournamentError(
            _("Round %(given)s cannot be paired now; the next round is %(next)s.")
            % {"given": round_number, "next": number}
        )
    if problems := second_game_problems(tournament, number, pairing):
        raise TournamentError(problems)
    return _pair_second_game(tournament, paired_by=source, user=user)


def _fix_baku_groups(tournament: Tournament, number: int) -> None:
    """C.04.5.1: GA is drawn up before round 1, and its last player stays the same when
    late entrants are numbered later (those ranked above him join GA)."""
    if number != 1 or tournament.acceleration != Acceleration.BAKU:
        return
    numbered = tournament.players.filter(start_rank__isnull=False)
    tournament.baku_last_ga = numbered.filter(start_rank=ga_size(numbered.count())).first()
    tournament.save(update_fields=["baku_last_ga"])


def _fix_initial_color(
    tournament: Tournament, colour: str, message: Promise, user: AbstractBaseUser | None
) -> None:
    """Record the top seed's round-1 colour, which every later round's colours follow."""
    tournament.initial_color = colour
    tournament.save(update_fields=["initial_color"])
    log_event(
        tournament,
        TournamentLog.Kind.PAIRING,
        message,
        params={"colour": InitialColor(colour).label},
        user=user,
        round_number=1,
    )


@transaction.atomic
def submit_pairings(
    tournament: Tournament,
    pairs: Sequence[tuple[int, int]],
    byes: Sequence[int] = (),
    *,
    source: str,
    user: AbstractBaseUser | None = None,
    round_number: int | None = None,
    confirm: str = "",
) -> Round:
    """Store a whole round given by starting ranks: ``pairs`` (white, black) in board order,
    ``byes`` the pairing-allocated bye(s). Byes announced for the round are added.

    ``source`` is ``manual`` (typed in), ``api`` (pairing software) or ``import``. The round is
    checked as a whole: every error is listed and nothing is stored; warnings (a third colour
    in a row, …) ask an L3 confirmation, and missing results an L2 acknowledgement
    (``confirm``; the highest level present is asked, see :mod:`.warnings`).

    A round from pairing software or a file (FIDE checklist J51) that breaks a pairing rule
    a confirmation may override (a rematch, a forbidden pair, a second pairing-allocated bye)
    asks L3 naming each broken rule, instead of being refused; stored, it is logged as
    ``### Import @ Round n`` with every rule it breaks.
    """
    tournament = Tournament.objects.select_for_update(no_key=True).get(pk=tournament.pk)
    if source not in Round.PairedBy.values:
        raise TournamentError(_("Unknown pairing source %(source)s.") % {"source": source})
    pairing = EnginePairing(pairs=tuple(map(tuple, pairs)), byes=tuple(byes))
    if is_second_game(tournament, last_round_number(tournament) + 1):
        return _submit_second_game(
            tournament, pairing, source=source, user=user, round_number=round_number
        )
    number, asked, missing = _pairing_questions(tournament)
    if round_number is not None and round_number != number:
        raise TournamentError(
            _("Round %(given)s cannot be paired now; the next round is %(next)s.")
            % {"given": round_number, "next": number}
        )
    # Adjourned first, so that the check sees those games as draws; refusing below rolls
    # the adjournments back with everything else. Players arriving for this round (B11)
    # are numbered, and so must be paired: the check names any left out.
    _adjourn_missing(tournament, number, missing, user)
    number_arrivals(tournament, number, user=user)
    _fix_baku_groups(tournament, number)
    meetings = 2 if tournament.system == PairingSystem.DOUBLE_ROUND_ROBIN else 1
    if tournament.plays_matches:
        check = check_match_pairing(tournament, number, pairing)
    else:
        check = validate_round(
            pairing_state(tournament, number), pairing, meetings_allowed=meetings
        )
    imported = source in (Round.PairedBy.API, Round.PairedBy.IMPORT)
    breaks = [*check.rule_breaks, *check.warnings] if imported else check.warnings
    refused = check.structural_errors if imported else check.errors
    if refused:
        raise TournamentError(refused)
    asked += cautions(Level.CONFIRM, breaks)
    require_confirmation(asked, confirm, action=f"pair:{tournament.pk}:{number}")
    adjourned = [c.message for c in asked if c.level == Level.ACKNOWLEDGE]
    if number == 1 and not tournament.initial_color and pairing.pairs:
        white, black = pairing.pairs[0]
        _fix_initial_color(
            tournament,
            InitialColor.WHITE if white < black else InitialColor.BLACK,
            gettext_lazy("Colour of the top seed in round 1, from the first board: %(colour)s."),
            user,
        )
    round_ = _store_pairing(tournament, number, pairing, paired_by=source)
    kind = (
        TournamentLog.Kind.MANUAL_PAIRING
        if source == Round.PairedBy.MANUAL
        else TournamentLog.Kind.PAIRING
    )
    log_event(
        tournament,
        kind,
        gettext_lazy("Round %(round)s pairings submitted (%(source)s)."),
        params={"round": number, "source": Round.PairedBy(source).label},
        user=user,
        round_number=number,
        reason="\n".join([*check.warnings, *adjourned]),
    )
    if imported and breaks:
        log_round_breaking_rules(
            tournament, number, Round.PairedBy(source).label, breaks, user=user
        )
    round_.warnings = adjourned
    return round_
