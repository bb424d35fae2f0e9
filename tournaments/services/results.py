"""Entering, correcting and adjourning results; every change leaves a ResultChange row.

Lock order: every write locks rows in one order — the tournament, then an incident, then
its game, then a team round's matches by table, then a round's boards by board number, then
the round — and only the rows it names (``of=self``: a joined row is read, not locked) with
``FOR NO KEY UPDATE`` (rows that refer to a locked row can still be added). A result write
locks its board and touches its round only to update the round's status, after; a round's
batch locks all its boards first. So a batch and a single board wait for each other instead
of deadlocking (the round was locked before its boards by one path and after by the other),
and the later one finds the version it read gone. A board of a team match is written under
its match's lock, which a lineup or a forfeit takes to make the match's boards again
(:mod:`.locks`).
"""

from __future__ import annotations

import re
from functools import partial

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.db.models import Case, Exists, OuterRef, QuerySet, Value, When
from django.utils import timezone
from django.utils.functional import Promise, lazy
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games.rules.rulesets import get_ruleset
from tournaments.models import (
    EntrySource,
    Match,
    Pairing,
    Result,
    ResultChange,
    Round,
    TournamentLog,
)
from tournaments.signals import board_result_recorded
from tournaments.team_sheet import awaiting_lineups
from tournaments.versions import bump_version

from .audit import last_round_number, log_event, recorded_user
from .errors import TournamentError
from .locks import lock_matches
from .versions import board_version
from .warnings import Level, cautions, require_confirmation

_SPELLINGS = str.maketrans({"½": "1/2", "−": "-", "–": "-", " ": None})
_SCORES = re.compile(r"(1/2|1|0)-(1/2|1|0)")
_FORFEITS = re.compile(r"([+=-])/([+=-])")


def parse_result(text: str) -> Result:
    """A board result as typed (``1-0``, ``½-½``, ``−/+`` …), or a :class:`TournamentError`
    saying why it is not one (FIDE checklist F36: 1-1, 1-½, drawn and mixed forfeits)."""
    normal = text.strip().translate(_SPELLINGS)
    if normal in Result.values:
        return Result(normal)
    forfeits = _FORFEITS.fullmatch(normal)
    if _SCORES.fullmatch(normal):  # every legal pair of scores is a Result: a 1 is left
        why = _("a player who wins leaves his opponent 0")
    elif forfeits and forfeits.groups() == ("+", "+"):
        why = _("only one player can win by forfeit")
    elif forfeits:
        why = _("a forfeit is +/−, −/+ or −/− and is never drawn")
    else:
        why = _("expected one of %(known)s") % {"known": ", ".join(Result.values)}
    raise TournamentError(
        _("%(result)s is not a result: %(why)s.") % {"result": text.strip() or '""', "why": why}
    )


def _reason_kind(old: Result, new: Result, source: str, ruling_ref: str | None) -> str:
    if ruling_ref or source == EntrySource.RULING:
        return ResultChange.Reason.RULING
    if source == EntrySource.IMPORT:
        return ResultChange.Reason.IMPORT
    if new == Result.ADJOURNED or old == Result.ADJOURNED:
        return ResultChange.Reason.ADJOURNMENT
    if old.is_decided:
        return ResultChange.Reason.CORRECTION
    return ResultChange.Reason.ENTRY


def _refusal(pairing: Pairing, old: Result, new: Result, reason: str) -> str | None:
    """Why this change is not allowed, or ``None``."""
    tournament = pairing.round.tournament
    if pairing.is_bye:
        return _("Board %(board)s is a bye; it has no result to enter.") % {"board": pairing.board}
    if pairing.round.status == Round.Status.DRAFT:
        return _("Round %(round)s is not published yet.") % {"round": pairing.round.number}
    if new == Result.VOID and not get_ruleset(tournament.ruleset).voids_games:
        return _("Only the online ruleset voids games.")
    if old.is_decided and not reason.strip():
        return _("Changing a result already entered needs a reason.")
    if not (tournament.fide_mode and old.is_decided):
        return None
    # FIDE mode (checklist F37): a decided result may be corrected in the last two rounds
    # only; missing and adjourned results may be entered at any time (G41).
    latest = last_round_number(tournament)
    if pairing.round.number < latest - 1:
        return _(
            "In FIDE mode only the results of rounds %(previous)s and %(latest)s may be corrected."
        ) % {"previous": max(latest - 1, 1), "latest": latest}
    return None


_RESULT_FIELDS = ["result", "unrated", "entry_source", "entered_at", "entered_by", "ruling_ref"]
"""What entering a result writes on the board's row."""


class StaleResult(TournamentError):
    """The board changed since the writer read it; nothing was stored."""


def lock_boards(round_: Round) -> dict[int, Pairing]:
    """The round's boards, locked in board order, by board number (a batch's lock); a team
    round's matches first."""
    if round_.tournament.is_team_event:
        lock_matches(Match.objects.filter(round=round_))
    boards = (
        round_.pairings.select_for_update(no_key=True, of=("self",))
        .select_related("white", "black")
        .order_by("board")
    )
    locked = {pairing.board: pairing for pairing in boards}
    for pairing in locked.values():
        pairing.round = round_
    return locked


def lock_board(pairing: Pairing) -> Pairing:
    """One board, locked, with its round and tournament read (not locked) in one query.

    A board of a team match is locked after its match: a lineup may have made the match's
    boards again meanwhile, and the board of that number is then the one written."""
    boards = Pairing.objects.select_related("round__tournament", "white", "black")
    if pairing.match_id is None:
        return locked_for_result(boards).get(pk=pairing.pk)
    lock_matches(Match.objects.filter(pk=pairing.match_id))
    board = locked_for_result(boards.filter(round=pairing.round_id, board=pairing.board)).first()
    if board is None:
        raise TournamentError(
            _("Board %(board)s is no longer in the pairings of round %(round)s.")
            % {"board": pairing.board, "round": pairing.round.number}
        )
    return board


def locked_for_result(boards: QuerySet[Pairing]) -> QuerySet[Pairing]:
    """The boards as a single result's write reads them: each board's row locked (the lock
    order above; what is joined is read, not locked), with its game, which follows the
    board's result (``board_result_recorded``), and the round's progress
    (:func:`with_round_progress`), so that neither costs a query of its own."""
    locked = boards.select_for_update(no_key=True, of=("self",)).select_related("game")
    return with_round_progress(locked)


def _stale_refusal(pairing: Pairing, tried: Result) -> str:
    held = Result(pairing.result)
    who = pairing.entered_by.get_username() if pairing.entered_by else _("someone")
    return _(
        "Not saved: board %(board)s was changed by %(user)s while you were looking at it. "
        "It now holds %(held)s; you chose %(tried)s. Check, then enter it again if needed."
    ) % {"board": pairing.board, "user": who, "held": held.label, "tried": tried.label}


def _undecided(boards: QuerySet[Pairing]) -> QuerySet[Pairing]:
    return boards.filter(black__isnull=False).exclude(
        result__in=[r for r in Result if r.is_decided]
    )


def with_round_progress(boards: QuerySet[Pairing]) -> QuerySet[Pairing]:
    """The boards, each read with whether another board of its round still awaits a result
    (``undecided_elsewhere``): a single result's write then knows the round's status
    without a query of its own."""
    others = _undecided(Pairing.objects.filter(round=OuterRef("round")).exclude(pk=OuterRef("pk")))
    lineups = awaiting_lineups(Match.objects.filter(round=OuterRef("round")))
    return boards.annotate(undecided_elsewhere=Exists(others) | Exists(lineups))


def _update_round_status(pairing: Pairing) -> None:
    """The round is published while a game has no decided result, finished once all have.

    With the board read by :func:`with_round_progress` it is written only when its status
    changes; otherwise (a batch, whose boards change one after another) one UPDATE counts
    the undecided boards itself (:func:`_recompute_round_status`). The tournament's version
    is bumped by the board's save either way.

    A single board's write decides from what it read before the others committed: two
    writes of a round's last two boards at once each saw the other undecided, and the round
    stayed published. Where writers can overlap (a server database; SQLite runs one write
    transaction at a time), the status is settled again once the write commits: the write
    that commits last then sees every board.
    """
    round_ = pairing.round
    elsewhere: bool | None = getattr(pairing, "undecided_elsewhere", None)
    if elsewhere is None:
        if _recompute_round_status(round_.pk):
            round_.refresh_from_db(fields=["status"])
        return
    undecided = elsewhere or (
        pairing.black_id is not None and not Result(pairing.result).is_decided
    )
    status = Round.Status.PUBLISHED if undecided else Round.Status.FINISHED
    if round_.status != status:
        round_.status = status
        round_.save(update_fields=["status"])
    if transaction.get_connection().features.has_select_for_update:
        # Robust: the result is stored by then; a failure here is logged, not an error page
        # for a result that was saved (the next write of the round settles it again).
        settle = partial(_settle_round_status, round_.pk, round_.tournament_id)
        transaction.on_commit(settle, robust=True)


def _recompute_round_status(round_id: int) -> int:
    """Set a published round's status from its boards in one UPDATE, which writes (locks)
    the row only when the status changes; the number of rows changed."""
    # A team event's match whose lineups are not in yet has no boards: still to be played.
    recomputed = Case(
        When(
            Exists(_undecided(Pairing.objects.filter(round=round_id)))
            | Exists(awaiting_lineups(Match.objects.filter(round=round_id))),
            then=Value(Round.Status.PUBLISHED),
        ),
        default=Value(Round.Status.FINISHED),
    )
    rows = Round.objects.filter(pk=round_id).exclude(status=Round.Status.DRAFT)
    return rows.exclude(status=recomputed).update(status=recomputed)


def _settle_round_status(round_id: int, tournament_id: int) -> None:
    """After a board's write commits: the round's status from every board committed by now.
    The version was bumped before this ran; a status changed here bumps it again, so that no
    page is kept with the old status."""
    if _recompute_round_status(round_id):
        bump_version(tournament_id)


@transaction.atomic
def record_result(
    pairing: Pairing,
    result: str,
    *,
    source: str,
    user: AbstractBaseUser | None,
    reason: str = "",
    ruling_ref: str | None = None,
    unrated: bool | None = None,
    locked: bool = False,
    confirm: str = "",
    version: str | None = None,
) -> Pairing:
    """Set a board's result, keeping the old one in the audit trail.

    The games app calls this for a ruling (``source="ruling"`` and its ``ruling_ref``).
    ``reason`` explains a correction (required once a result has been entered).
    ``unrated`` marks a game of less than one move (``None`` keeps the board's flag).
    ``version`` is the board's version the writer read (:func:`board_version`): when the
    board changed since, :class:`StaleResult` refuses the write and says what it holds now.
    ``locked``: the caller has locked ``pairing`` (:func:`lock_board`, :func:`lock_boards`)
    in the current transaction, with its round and tournament, so it is not read again.
    An adjourned game decided other than by a draw asks an L3 confirmation (``confirm``,
    FIDE checklist G41): pairing counted it as a draw. So does a correction of a round before
    the last one paired, typed or sent (F37, K54): that round was paired on the old result.
    """
    if not locked:
        pairing = lock_board(pairing)
    new = parse_result(result)
    if source not in EntrySource.values:
        raise TournamentError(_("Unknown entry source %(source)s.") % {"source": source})
    old = Result(pairing.result)
    unrated = rated_flag(new, pairing.unrated if unrated is None else unrated)
    if old == new and unrated == pairing.unrated:
        return pairing
    if version is not None and version != board_version(pairing):
        raise StaleResult(_stale_refusal(pairing, new))
    refusal = _refusal(pairing, old, new, reason)
    if refusal:
        raise TournamentError(refusal)
    kind = _reason_kind(old, new, source, ruling_ref)
    if kind == ResultChange.Reason.ADJOURNMENT and old == Result.ADJOURNED and new != Result.DRAW:
        _confirm_adjournment_decided(pairing, new, confirm)
    if (
        kind == ResultChange.Reason.CORRECTION
        and source in (EntrySource.HAND, EntrySource.API)
        and old != new  # marking a game (not) rated leaves the scores paired on alone
    ):
        _confirm_earlier_round_corrected(pairing, old, new, confirm)
    was_unrated = pairing.unrated
    pairing.result, pairing.unrated = new, unrated
    pairing.entry_source, pairing.entered_at = source, timezone.now()
    pairing.entered_by = recorded_user(user)
    pairing.ruling_ref = ruling_ref or ""
    pairing.save(update_fields=_RESULT_FIELDS)
    change = ResultChange.objects.create(
        pairing=pairing,
        old_result=old,
        new_result=new,
        old_unrated=was_unrated,
        new_unrated=unrated,
        reason=kind,
        explanation=reason,
        source=source,
        ruling_ref=ruling_ref or "",
        user=pairing.entered_by,
    )
    board_result_recorded.send(sender=Pairing, pairing=pairing, change=change, user=user)
    _log_integrity_event(pairing, (old, was_unrated), (new, unrated), kind, user, reason)
    _update_round_status(pairing)
    return pairing


def _confirm_adjournment_decided(pairing: Pairing, new: Result, confirm: str) -> None:
    """FIDE checklist G41, L3: later rounds were paired as if this game were drawn; a
    ruling is confirmed on its own page, so this asks only for results typed or sent."""
    question = _(
        "Round %(round)s, board %(board)s (%(white)s – %(black)s) was adjourned and counted as "
        "a draw for pairing; %(result)s changes the scores later rounds were paired on and is "
        "written to the report as an adjournment."
    ) % {
        "round": pairing.round.number,
        "board": pairing.board,
        "white": pairing.white.name,
        "black": pairing.black.name if pairing.black else "",
        "result": new.label,
    }
    require_confirmation(
        cautions(Level.CONFIRM, [question]), confirm, action=f"adjourned:{pairing.pk}"
    )


def _confirm_earlier_round_corrected(
    pairing: Pairing, old: Result, new: Result, confirm: str
) -> None:
    """FIDE checklist F37, K54, L3: a later round was paired on the result being corrected;
    the correction is a pairing-integrity event (``### Correction @ Round n``). A ruling is
    confirmed on its own page, so this asks only for results typed or sent."""
    latest = last_round_number(pairing.round.tournament)
    if pairing.round.number >= latest:
        return
    question = _(
        "Round %(round)s, board %(board)s (%(white)s – %(black)s): %(old)s → %(new)s. Round "
        "%(latest)s was paired on the result entered before; the correction is written to the "
        "report as a ### Correction line."
    ) % {
        "round": pairing.round.number,
        "board": pairing.board,
        "white": pairing.white.name,
        "black": pairing.black.name if pairing.black else "",
        "old": old.label,
        "new": new.label,
        "latest": latest,
    }
    require_confirmation(
        cautions(Level.CONFIRM, [question]), confirm, action=f"correction:{pairing.pk}"
    )


def rated_flag(result: Result, unrated: bool) -> bool:
    """The board's *not rated* flag as stored with ``result``: always set for 0-0, ½-0 and
    0-½ (never rated, TRF ``L``/``D``), kept as asked for a game scored over the board,
    cleared for the rest (forfeits, pending, void: not rated anyway)."""
    return result.never_rated or (unrated and result.may_be_unrated)


_NOT_RATED = gettext_lazy("%(result)s (not rated)")


def _not_rated(result: Result) -> str:
    return str(_NOT_RATED) % {"result": result.label}


def result_label(result: Result, unrated: bool) -> str | Promise:
    """A board's result as the log and the pages say it, ``1-0`` or ``1-0 (not rated)``:
    lazy, so that the log writes it in its own language."""
    if unrated and result.may_be_unrated:
        return lazy(_not_rated, str)(result)
    return result.label


def _log_integrity_event(
    pairing: Pairing,
    before: tuple[Result, bool],
    after: tuple[Result, bool],
    kind: str,
    user: AbstractBaseUser | None,
    reason: str,
) -> None:
    """Corrections and adjournments are pairing-integrity events (FIDE checklist K54); a
    game marked rated or not rated afterwards is logged as a correction too.

    An adjourned game resolved as a draw is not: pairing already counted it as one (G41).
    """
    (old, old_unrated), (new, new_unrated) = before, after
    if kind == ResultChange.Reason.ENTRY or kind == ResultChange.Reason.IMPORT:
        return
    if kind == ResultChange.Reason.RULING and not old.is_decided:
        return
    if old == Result.ADJOURNED and new == Result.DRAW:
        return
    log_kind = (
        TournamentLog.Kind.ADJOURNMENT
        if kind == ResultChange.Reason.ADJOURNMENT
        else TournamentLog.Kind.CORRECTION
    )
    log_event(
        pairing.round.tournament,
        log_kind,
        gettext_lazy("Board %(board)s (%(white)s – %(black)s): %(old)s → %(new)s."),
        params={
            "board": pairing.board,
            "white": pairing.white.name,
            "black": pairing.black.name if pairing.black else "",
            "old": result_label(old, old_unrated),
            "new": result_label(new, new_unrated),
        },
        user=user,
        round_number=pairing.round.number,
        reason=reason,
        old=str(old),
        new=str(new),
    )


def correct_result(
    pairing: Pairing,
    result: str,
    *,
    user: AbstractBaseUser | None,
    reason: str,
    confirm: str = "",
) -> Pairing:
    """Change an entered result; the reason is required and the change logged. A round
    before the last paired one asks L3 (``confirm``)."""
    if not reason.strip():
        raise TournamentError(_("A correction needs a reason."))
    return record_result(
        pairing, result, source=EntrySource.HAND, user=user, reason=reason, confirm=confirm
    )


def adjourn_game(pairing: Pairing, *, user: AbstractBaseUser | None, reason: str = "") -> Pairing:
    """Mark a game adjourned: pending, and a draw for pairing purposes."""
    return record_result(
        pairing, Result.ADJOURNED, source=EntrySource.HAND, user=user, reason=reason or "adjourned"
    )


def resolve_adjournment(
    pairing: Pairing,
    result: str,
    *,
    user: AbstractBaseUser | None,
    reason: str = "",
    confirm: str = "",
) -> Pairing:
    """Enter the final result of an adjourned game."""
    if pairing.result != Result.ADJOURNED:
        raise TournamentError(_("Board %(board)s is not adjourned.") % {"board": pairing.board})
    if result == Result.ADJOURNED:
        raise TournamentError(_("An adjourned game is resolved with its final result."))
    return record_result(
        pairing,
        result,
        source=EntrySource.HAND,
        user=user,
        reason=reason or "resumed",
        confirm=confirm,
    )
