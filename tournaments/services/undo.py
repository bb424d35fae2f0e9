"""Undoing a pairing-integrity event from the tournament log (FIDE checklist K54, Q114).

An entry is undone by the service that made it, run again with the values the entry kept
(``old_value``, ``new_value``): a result correction or an adjournment gives the board its
result back, a configuration change the settings their old values, a starting-rank exchange
or regeneration the players their old numbers, a round sent by pairing software or read from
a file that broke the rules is withdrawn while it is still the last round's draft. Each undo
asks L3, is itself logged (and written to the TRF report as ``###``), and is refused, with
the reason, where the state it would restore no longer fits: the value changed since, or a
round was paired after the event, on what it set.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.contrib.auth.base_user import AbstractBaseUser
from django.core.exceptions import FieldDoesNotExist, ValidationError
from django.db import transaction
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.models import Pairing, Player, Result, Round, Tournament, TournamentLog

from .audit import IMPORTED_ROUND_BREAKS_RULES, last_round_number, log_event
from .configuration import update_tournament
from .errors import TournamentError
from .players import LAST_ROUND_FOR_TPN_CHANGES
from .results import record_result
from .rounds import delete_draft_round
from .warnings import Caution, Level, require_confirmation

UNDOABLE_KINDS = frozenset(
    {
        TournamentLog.Kind.CORRECTION,
        TournamentLog.Kind.ADJOURNMENT,
        TournamentLog.Kind.CONFIGURATION,
        TournamentLog.Kind.START_RANKS,
        TournamentLog.Kind.IMPORT,
        TournamentLog.Kind.MANUAL_PAIRING,
    }
)
"""The integrity events (K54) the log page offers to undo, or says why it cannot."""


def undo_refusal(entry: TournamentLog) -> str | None:
    """Why ``entry`` cannot be undone now, or ``None`` when it can."""
    try:
        _plan(entry)
    except TournamentError as error:
        return " ".join(error.problems)
    return None


@transaction.atomic
def undo_event(
    entry: TournamentLog,
    *,
    user: AbstractBaseUser | None,
    reason: str,
    confirm: str = "",
) -> None:
    """Put back the state before ``entry`` (L3 first); the undo is logged like the change."""
    if not reason.strip():
        raise TournamentError(_("Undoing a change needs a reason."))
    Tournament.objects.select_for_update(no_key=True).get(pk=entry.tournament_id)
    question, apply = _plan(entry)
    require_confirmation([Caution(Level.CONFIRM, question)], confirm, action=f"undo:{entry.pk}")
    apply(user, _undo_reason(entry, reason), confirm)


def _undo_reason(entry: TournamentLog, reason: str) -> str:
    """The reason written with the undo: which entry it undoes, in the log's language (the
    TRF ``###`` comments are read by the rating office)."""
    with translation.override(settings.LANGUAGE_CODE):
        return _("undoes the change logged at %(time)s: %(reason)s") % {
            "time": entry.created_at.strftime("%Y-%m-%d %H:%M"),
            "reason": reason.strip(),
        }


def _plan(entry: TournamentLog) -> tuple[str, Any]:
    """The L3 question and the function that undoes ``entry``, or a refusal."""
    kind = entry.kind
    if kind in (TournamentLog.Kind.CORRECTION, TournamentLog.Kind.ADJOURNMENT):
        return _result_plan(entry)
    if kind == TournamentLog.Kind.CONFIGURATION:
        return _configuration_plan(entry)
    if kind == TournamentLog.Kind.START_RANKS:
        return _start_ranks_plan(entry)
    if kind == TournamentLog.Kind.IMPORT:
        return _imported_round_plan(entry)
    if kind == TournamentLog.Kind.MANUAL_PAIRING:
        raise TournamentError(
            _(
                "A pairing changed by hand is undone by withdrawing the round's draft "
                "pairings (the last round, before it is published) and pairing it again."
            )
        )
    if kind == TournamentLog.Kind.FIDE_MODE_EXIT:
        raise TournamentError(_("Leaving FIDE mode is for good; it cannot be undone."))
    raise TournamentError(_("This kind of entry is not undone from the log."))


def _paired_since(entry: TournamentLog) -> Round | None:
    """The first round paired after ``entry``: paired on what the entry set."""
    return (
        Round.objects.filter(tournament_id=entry.tournament_id, created_at__gt=entry.created_at)
        .order_by("number")
        .first()
    )


def _refuse_if_paired_since(entry: TournamentLog) -> None:
    later = _paired_since(entry)
    if later is not None:
        raise TournamentError(
            _(
                "Round %(round)s was paired after this change, on what it set; undoing it "
                "would leave that pairing on a state that no longer holds."
            )
            % {"round": later.number}
        )


def _result_plan(entry: TournamentLog) -> tuple[str, Any]:
    board = entry.message_params.get("board") if isinstance(entry.message_params, dict) else None
    old, new = entry.old_value, entry.new_value
    if (
        not isinstance(board, int)
        or entry.round_number is None
        or old not in Result.values
        or new not in Result.values
    ):
        raise TournamentError(_("This entry does not name the board and both results."))
    pairing = (
        Pairing.objects.select_related("round", "white", "black")
        .filter(round__tournament_id=entry.tournament_id, round__number=entry.round_number)
        .filter(board=board)
        .first()
    )
    if pairing is None:
        raise TournamentError(
            _("Round %(round)s has no board %(board)s any more.")
            % {"round": entry.round_number, "board": board}
        )
    if pairing.result != new:
        raise TournamentError(
            _(
                "Board %(board)s of round %(round)s holds %(held)s now, not %(new)s: it changed "
                "since; correct it instead."
            )
            % {
                "board": board,
                "round": entry.round_number,
                "held": Result(pairing.result).label,
                "new": Result(new).label,
            }
        )
    _refuse_if_paired_since(entry)
    question = _(
        "Undo: round %(round)s, board %(board)s (%(white)s – %(black)s) goes back from %(new)s "
        "to %(old)s."
    ) % {
        "round": entry.round_number,
        "board": board,
        "white": pairing.white.name,
        "black": pairing.black.name if pairing.black else "",
        "new": Result(new).label,
        "old": Result(old).label,
    }

    def apply(user: AbstractBaseUser | None, reason: str, confirm: str) -> None:
        record_result(pairing, old, source="hand", user=user, reason=reason, confirm=confirm)

    return question, apply


def _configuration_plan(entry: TournamentLog) -> tuple[str, Any]:
    old, new = entry.old_value, entry.new_value
    if not isinstance(old, dict) or not isinstance(new, dict) or not old or set(old) != set(new):
        raise TournamentError(_("This entry does not keep the settings' old values."))
    tournament = Tournament.objects.get(pk=entry.tournament_id)
    values = {}
    for name, value in old.items():
        try:
            field = Tournament._meta.get_field(name)
            values[name] = field.to_python(value)
            current = field.to_python(new[name])
        except (FieldDoesNotExist, ValidationError):
            raise TournamentError(
                _("The old value of %(field)s was not kept in a form that can be restored.")
                % {"field": name}
            ) from None
        if getattr(tournament, name) != current:
            raise TournamentError(
                _("%(field)s changed again since; change it on the tournament's page.")
                % {"field": field.verbose_name}
            )
    labels = ", ".join(
        f"{Tournament._meta.get_field(name).verbose_name}: {new[name]} → {old[name]}"
        for name in sorted(old)
    )
    question = _("Undo: the settings go back (%(changes)s).") % {"changes": labels}

    def apply(user: AbstractBaseUser | None, reason: str, confirm: str) -> None:
        update_tournament(tournament, user=user, reason=reason, **values)

    return question, apply


def _start_ranks_plan(entry: TournamentLog) -> tuple[str, Any]:
    old, new = entry.old_value, entry.new_value
    if not isinstance(old, dict) or not isinstance(new, dict) or not old:
        raise TournamentError(_("This entry does not keep the players' old numbers."))
    if sorted(old.values(), key=str) != sorted(new.values(), key=str) or None in old.values():
        raise TournamentError(
            _(
                "The numbers of late entrants cannot be undone: they moved the other players "
                "to make room."
            )
        )
    _refuse_if_paired_since(entry)
    tournament = Tournament.objects.get(pk=entry.tournament_id)
    paired = last_round_number(tournament)
    if tournament.fide_mode and paired > LAST_ROUND_FOR_TPN_CHANGES:
        raise TournamentError(
            _("In FIDE mode starting ranks do not change once round %(round)s is paired.")
            % {"round": LAST_ROUND_FOR_TPN_CHANGES + 1}
        )
    players = {str(p.pk): p for p in Player.objects.filter(tournament=tournament, pk__in=list(old))}
    moved = [key for key in old if key in players and players[key].start_rank == new[key]]
    if len(moved) != len(old):
        raise TournamentError(_("Starting ranks changed again since; number the players anew."))
    question = _("Undo: %(names)s get their old starting ranks back.") % {
        "names": ", ".join(
            f"{players[key].name} ({new[key]} → {old[key]})" for key in sorted(old, key=old.get)
        )
    }

    def apply(user: AbstractBaseUser | None, reason: str, confirm: str) -> None:
        listed = [players[key] for key in old]
        Player.objects.filter(pk__in=[p.pk for p in listed]).update(start_rank=None)
        for player in listed:
            player.start_rank = old[str(player.pk)]
        Player.objects.bulk_update(listed, ["start_rank"])
        log_event(
            tournament,
            TournamentLog.Kind.START_RANKS,
            gettext_lazy("Starting ranks of %(count)s players given back."),
            params={"count": len(listed)},
            user=user,
            round_number=paired or None,
            reason=reason,
            old=new,
            new=old,
        )

    return question, apply


def _imported_round_plan(entry: TournamentLog) -> tuple[str, Any]:
    with translation.override(None):
        finding = str(IMPORTED_ROUND_BREAKS_RULES)
    if entry.message_id != finding or entry.round_number is None:
        raise TournamentError(
            _("A tournament imported from a file is undone by deleting the tournament.")
        )
    round_ = Round.objects.filter(
        tournament_id=entry.tournament_id, number=entry.round_number
    ).first()
    if round_ is None or round_.created_at > entry.created_at:
        raise TournamentError(
            _("Round %(round)s as imported is no longer there.") % {"round": entry.round_number}
        )
    if round_.paired_by not in (Round.PairedBy.API, Round.PairedBy.IMPORT):
        raise TournamentError(
            _("The rounds of an imported file are undone by deleting the tournament.")
        )
    if round_.status != Round.Status.DRAFT or round_.number != last_round_number(round_.tournament):
        raise TournamentError(
            _(
                "Round %(round)s is published; its pairings stay (a round is withdrawn while it "
                "is the last round's draft)."
            )
            % {"round": round_.number}
        )
    question = _("Undo: the draft pairings of round %(round)s, as imported, are withdrawn.") % {
        "round": round_.number
    }

    def apply(user: AbstractBaseUser | None, reason: str, confirm: str) -> None:
        delete_draft_round(round_, user=user)

    return question, apply
