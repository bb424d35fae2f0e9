"""Results corrected for the rating report only (FIDE C.04.2 4.3, checklist F38).

A result found wrong once later rounds were paired on it (or outside the two-round window
of FIDE mode) is put right for the rating report without touching the board's result:
pairings, standings and tie-breaks keep the result the rounds were paired on, the rating
changes and the TRF-2026 report's ``### Rating correction`` lines take the corrected one.
"""

from __future__ import annotations

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.models import Pairing, RatingReportCorrection, Result, Round, TournamentLog

from .audit import log_event, recorded_user
from .errors import TournamentError
from .results import lock_board, parse_result

NOT_FOR_THE_REPORT = frozenset({Result.NOT_PLAYED, Result.ADJOURNED, Result.VOID})
"""Results a rating report cannot take: no game, or none decided."""


def _board_refusal(pairing: Pairing) -> str | None:
    if pairing.is_bye:
        return _("Board %(board)s is a bye; it has no result to correct.") % {
            "board": pairing.board
        }
    if pairing.round.status == Round.Status.DRAFT:
        return _("Round %(round)s is not published yet.") % {"round": pairing.round.number}
    if Result(pairing.result) in NOT_FOR_THE_REPORT:
        return _(
            "Board %(board)s has no decided result yet; enter it first, then correct it for "
            "the rating report if needed."
        ) % {"board": pairing.board}
    return None


def _params(pairing: Pairing, **more: object) -> dict[str, object]:
    return {
        "board": pairing.board,
        "white": pairing.white.name,
        "black": pairing.black.name if pairing.black else "",
        "kept": Result(pairing.result).label,
        **more,
    }


@transaction.atomic
def correct_for_rating_report(
    pairing: Pairing, result: str, *, user: AbstractBaseUser | None, reason: str
) -> RatingReportCorrection:
    """Set (or change) the result the rating report takes for a board; the board's own
    result, which pairings and standings use, stays as it is. Needs a reason; logged."""
    pairing = lock_board(pairing)
    new = parse_result(result)
    problems = [problem for problem in [_board_refusal(pairing)] if problem]
    if new in NOT_FOR_THE_REPORT:
        problems.append(
            _("%(result)s cannot go to the rating report; give the result the game had.")
            % {"result": new.label}
        )
    elif new == pairing.result:
        problems.append(
            _(
                "%(result)s is already the board's result; to let the report take it again, "
                "withdraw the correction."
            )
            % {"result": new.label}
        )
    if not reason.strip():
        problems.append(_("A correction for the rating report needs a reason."))
    if problems:
        raise TournamentError(problems)
    correction = RatingReportCorrection.objects.filter(pairing=pairing).first()
    if correction is not None and correction.result == new:
        raise TournamentError(
            _("The rating report already takes %(result)s for board %(board)s.")
            % {"result": new.label, "board": pairing.board}
        )
    old = correction.result if correction else pairing.result
    correction = correction or RatingReportCorrection(pairing=pairing)
    correction.result, correction.reason, correction.user = new, reason, recorded_user(user)
    correction.save()
    log_event(
        pairing.round.tournament,
        TournamentLog.Kind.RATING_REPORT,
        gettext_lazy(
            "Board %(board)s (%(white)s – %(black)s): %(result)s for the rating report only; "
            "pairings and standings keep %(kept)s."
        ),
        params=_params(pairing, result=new.label),
        user=user,
        round_number=pairing.round.number,
        reason=reason,
        old=str(old),
        new=str(new),
    )
    return correction


@transaction.atomic
def withdraw_rating_report_correction(
    pairing: Pairing, *, user: AbstractBaseUser | None, reason: str
) -> None:
    """Let the rating report take the board's own result again. Needs a reason; logged."""
    pairing = lock_board(pairing)
    correction = RatingReportCorrection.objects.filter(pairing=pairing).first()
    if correction is None:
        raise TournamentError(
            _("Board %(board)s has no correction for the rating report.") % {"board": pairing.board}
        )
    if not reason.strip():
        raise TournamentError(_("Withdrawing a correction for the rating report needs a reason."))
    withdrawn = Result(correction.result)
    correction.delete()
    log_event(
        pairing.round.tournament,
        TournamentLog.Kind.RATING_REPORT,
        gettext_lazy(
            "Board %(board)s (%(white)s – %(black)s): the correction to %(result)s for the "
            "rating report is withdrawn; the report takes %(kept)s again."
        ),
        params=_params(pairing, result=withdrawn.label),
        user=user,
        round_number=pairing.round.number,
        reason=reason,
        old=str(withdrawn),
        new=str(pairing.result),
    )
