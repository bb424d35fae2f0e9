"""Incidents at the board: the rules engine rules, the arbiter reads the ruling, then applies it.

:func:`rule_on_incident` stores what the arbiter saw with the ruling (not yet applied);
:func:`apply_incident` carries it out: the result through the board's ``record_result``,
clock adjustments and restored positions in the game's audit trail, annulment as a status.
Sealed moves go into an envelope (:func:`seal_game`) opened only at resumption
(:func:`resume_game`).
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

import chess
from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.utils import timezone
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games.models import (
    Game,
    GameChange,
    Incident,
    IncidentKind,
    Move,
    ResultReason,
    SealedEnvelope,
)
from games.models.incident import offered_under
from games.rules.claims import ClaimClock, ClaimKind, DrawClaim, decide_claim
from games.rules.clocks import TimeControlError, parse_time_control
from games.rules.incidents import IncidentError, ReplayedGame, rule_incident, seal_move
from games.rules.incidents.files import IncidentFileError, load_incident
from games.rules.notation import MoveTextError, parse_move
from games.rules.rulings import Decision, Ruling
from games.selectors import game_ruleset, open_envelope_of, replayed_game
from tournaments.models import EntrySource, Result
from tournaments.services import TournamentError, record_result
from tournaments.services.audit import recorded_user

from .audit import log_change
from .errors import GameError
from .games import readings_at_risk, save_moves, set_result

RECORD_AS_WRITTEN = "moves"
"""A fact some kinds carry beside the incident: the record as written, illegal move included."""

_COLOURS = {"white": chess.WHITE, "black": chess.BLACK}


def ruling_for(game: Game, kind: str, facts: dict[str, Any]) -> Ruling:
    """The rules engine's ruling on ``facts`` (incident-file form) in ``game``."""
    facts = dict(facts)
    written = facts.pop(RECORD_AS_WRITTEN, None)
    record = replayed_game(game, sans=written)
    ruleset = game_ruleset(game)
    try:
        if kind == IncidentKind.DRAW_CLAIM:
            return _draw_claim(game, record, facts)
        if kind == IncidentKind.RESUMPTION:
            facts["envelope"] = _envelope_facts(game)
        if kind == IncidentKind.DRAW_OFFER and "earlier_offers" not in facts:
            facts["earlier_offers"] = _earlier_offers(game)
        incident = load_incident(json.dumps({"kind": kind, **facts}))
        return rule_incident(record, incident, ruleset)
    except (IncidentFileError, IncidentError) as error:
        raise GameError(str(error)) from None


def _draw_claim(game: Game, record: ReplayedGame, facts: dict[str, Any]) -> Ruling:
    claimant = _COLOURS.get(facts.get("claimant", ""))
    if claimant is None:
        raise GameError(_('claimant: expected "white" or "black"'))
    try:
        kind = ClaimKind(facts.get("claim"))
    except ValueError:
        raise GameError(_("claim: expected threefold or fifty_moves")) from None
    if record.broken is not None:
        raise GameError(
            _("move %(ply)s of the record (%(text)s) does not play; rule on it first (Art. 8)")
            % {"ply": record.broken.ply, "text": record.broken.text}
        )
    clock = None
    used = facts.get("claimant_used")
    if used is not None and game.time_control:
        try:
            control = parse_time_control(game.time_control)
        except TimeControlError as error:
            raise GameError(str(error)) from None
        clock = ClaimClock(control, float(used))
    claim = DrawClaim(
        claimant=claimant,
        kind=kind,
        written_move=facts.get("written_move") or None,
        move_count=facts.get("move_count") or None,
    )
    return decide_claim(record.board(), claim, game_ruleset(game), clock=clock)


def _earlier_offers(game: Game) -> list[dict[str, Any]]:
    """The game's earlier draw offers, in order, for the online limits on offering."""
    return [
        {"by": offer.facts["by"], "rejected": offer.facts.get("response") in ("rejected", "moved")}
        for offer in game.incidents.filter(kind=IncidentKind.DRAW_OFFER, applied=True)
    ]


def _envelope_facts(game: Game) -> dict[str, Any]:
    envelope = open_envelope_of(game)
    if envelope is None:
        raise GameError(_("The game has no sealed envelope to open."))
    return {
        "white": game.white_name,
        "black": game.black_name,
        "fen": envelope.fen,
        "white_used": envelope.white_used,
        "black_used": envelope.black_used,
        "moves_made": envelope.moves_made,
        "sealer": envelope.sealer,
        # In the event's time zone: the ruling writes the times as the arbiter reads them.
        "adjourned_at": timezone.localtime(envelope.adjourned_at).isoformat(),
        "resumes_at": timezone.localtime(envelope.resumes_at).isoformat(),
        "time_control": game.time_control or None,
        "adjournment": envelope.adjournment,
        "sealed_move": envelope.sealed_move,
    }


@transaction.atomic
def rule_on_incident(
    game: Game, kind: str, facts: dict[str, Any], *, user: AbstractBaseUser | None
) -> Incident:
    """Rule on an incident and keep it, not yet applied."""
    if kind not in IncidentKind.values or kind == IncidentKind.SEAL:
        raise GameError(_("%(kind)s is not an incident entered on this form.") % {"kind": kind})
    if game.status in (Game.Status.ANNULLED,):
        raise GameError(_("The game was annulled."))
    _refuse_unless_offered(game, kind)
    ruling = ruling_for(game, kind, facts)
    if kind == IncidentKind.ILLEGAL_MOVE and ruling.details.get("offender"):
        ruling = _with_earlier_illegal_moves(game, facts, ruling)
    if kind == IncidentKind.RESUMPTION:
        envelope = open_envelope_of(game)
        assert envelope is not None
        envelope.opened_at, envelope.opened_by = timezone.now(), recorded_user(user)
        envelope.save(update_fields=["opened_at", "opened_by"])
        log_change(
            game,
            GameChange.Field.ENVELOPE,
            new={"opened": envelope.adjournment},
            reason=_("Envelope opened at the resumption"),
            user=user,
        )
    return Incident.objects.create(
        game=game,
        kind=kind,
        facts=facts,
        ruling=ruling.as_dict(),
        article=ruling.article,
        decision=ruling.decision.value,
        score=ruling.score.value if ruling.score else "",
        plies=game.moves.count(),
        entered_by=recorded_user(user),
    )


def _refuse_unless_offered(game: Game, kind: str) -> None:
    """A clear error, naming the ruleset by its title, for a kind the ruleset does not know."""
    if not offered_under(kind, game_ruleset(game)):
        raise GameError(
            _("%(kind)s is not an incident under the game's ruleset (%(ruleset)s).")
            % {
                "kind": IncidentKind(kind).label,
                "ruleset": game_ruleset(game).title(get_language() or "en"),
            }
        )


def _with_earlier_illegal_moves(game: Game, facts: dict[str, Any], ruling: Ruling) -> Ruling:
    """The modern Laws count the offender's earlier illegal moves in this game."""
    offender = ruling.details["offender"]
    earlier = sum(
        1
        for incident in game.incidents.filter(kind=IncidentKind.ILLEGAL_MOVE, applied=True)
        if incident.ruling.get("details", {}).get("offender") == offender
    )
    if not earlier or facts.get("earlier_illegal_moves"):
        return ruling
    return ruling_for(game, IncidentKind.ILLEGAL_MOVE, {**facts, "earlier_illegal_moves": earlier})


@transaction.atomic
def apply_incident(incident: Incident, *, user: AbstractBaseUser | None) -> Game:
    """Carry out the ruling: result, clocks, position, annulment — each in the audit trail."""
    incident = (
        Incident.objects.select_for_update(no_key=True, of=("self",))
        .select_related("game")
        .get(pk=incident.pk)
    )
    if incident.applied:
        raise GameError(_("This ruling has already been applied."))
    game = Game.objects.select_for_update(no_key=True).get(pk=incident.game_id)
    if game.moves.count() != incident.plies and incident.kind != IncidentKind.ILLEGAL_MOVE:
        raise GameError(_("Moves were entered since this ruling was given; rule on it again."))
    ruling = incident.ruling
    reason = ruling["explanation"]["en"]
    _restore(game, incident, ruling, user)
    for adjustment in ruling["clock_adjustments"]:
        log_change(
            game,
            GameChange.Field.CLOCK,
            new=adjustment,
            reason=reason,
            user=user,
            incident=incident,
        )
    decision = Decision(ruling["decision"])
    if decision is Decision.GAME_OVER:
        set_result(
            game,
            ruling["score"],
            reached_by=ResultReason.FORFEIT if ruling["forfeit"] else ResultReason.RULING,
            user=user,
            reason=reason,
            article=ruling["article"],
            forfeit=ruling["forfeit"],
            incident=incident,
            entry_source=EntrySource.RULING,
        )
    elif decision in (Decision.ANNUL, Decision.RESTART, Decision.VOID):
        _annul(game, incident, decision, reason, user)
    elif game.status in (Game.Status.SCHEDULED, Game.Status.ADJOURNED):
        _set_status(game, Game.Status.IN_PROGRESS, reason, user, incident)
        _board_back_in_play(game, incident, reason, user)
    incident.applied = True
    incident.applied_at = timezone.now()
    incident.applied_by = recorded_user(user)
    incident.save(update_fields=["applied", "applied_at", "applied_by"])
    return game


def _board_back_in_play(
    game: Game, incident: Incident, reason: str, user: AbstractBaseUser | None
) -> None:
    """A resumed game is played again: its board is no longer an adjourned one pending
    (on the round page, the dashboard's count and the crosstable's "A")."""
    if game.pairing is None or game.pairing.result != Result.ADJOURNED:
        return
    _record_on_board(game, incident, Result.NOT_PLAYED, reason, user)


def _record_on_board(
    game: Game, incident: Incident, result: Result, reason: str, user: AbstractBaseUser | None
) -> None:
    """The ruling's result on the game's board, citing the incident."""
    assert game.pairing is not None
    try:
        record_result(
            game.pairing,
            result,
            source=EntrySource.RULING,
            user=user,
            reason=reason,
            ruling_ref=f"{incident.article} (incident {incident.pk})",
        )
    except TournamentError as error:
        raise GameError(error.problems) from None


def moves_kept_by(incident: Incident, sans: list[str]) -> list[str] | None:
    """The moves a ruling that voids plies leaves of the record ``sans``; None if it voids
    none. The record as written (illegal move included) is the authority on the moves before
    the first void one."""
    void = incident.ruling.get("void_plies")
    if not void:
        return None
    written: list[str] = incident.facts.get(RECORD_AS_WRITTEN, sans)
    return written[: min(void) - 1]


def readings_the_ruling_discards(incident: Incident) -> list[Move]:
    """The clock readings that applying ``incident``'s ruling would discard with its moves."""
    game = incident.game
    kept = moves_kept_by(incident, game.sans())
    return [] if kept is None else readings_at_risk(game, kept)


def _restore(
    game: Game, incident: Incident, ruling: dict[str, Any], user: AbstractBaseUser | None
) -> None:
    reason = ruling["explanation"]["en"]
    sans = game.sans()
    kept = moves_kept_by(incident, sans)
    if kept is not None and kept != sans:
        # The ruling voids these moves: their clock readings go with them (the incident page
        # said so before it was applied), kept in the audit trail.
        save_moves(game, kept, user=user, reason=reason, incident=incident, discard_readings=True)
        sans = kept
    if incident.kind == IncidentKind.RESUMPTION and ruling["move_to_play"]:
        save_moves(
            game, [*sans, ruling["move_to_play"]], user=user, reason=reason, incident=incident
        )
    game.refresh_from_db()
    fen = ruling["restore_fen"]
    if (
        fen
        and kept is None
        and incident.kind != IncidentKind.RESUMPTION
        and fen != game.current_fen
    ):
        log_change(
            game,
            GameChange.Field.POSITION,
            old=game.current_fen,
            new=fen,
            reason=reason,
            user=user,
            incident=incident,
        )
        game.current_fen = fen
        game.save(update_fields=["current_fen", "updated_at"])


def _annul(
    game: Game, incident: Incident, decision: Decision, reason: str, user: AbstractBaseUser | None
) -> None:
    _set_status(game, Game.Status.ANNULLED, reason, user, incident)
    game.result_reason = ResultReason.ANNULLED
    game.result_article = incident.article
    game.save(update_fields=["result_reason", "result_article", "updated_at"])
    if decision is Decision.VOID and game.pairing is not None:
        _record_on_board(game, incident, Result.VOID, reason, user)


def _set_status(
    game: Game,
    status: str,
    reason: str,
    user: AbstractBaseUser | None,
    incident: Incident | None = None,
) -> None:
    log_change(
        game,
        GameChange.Field.STATUS,
        old=game.status,
        new=status,
        reason=reason,
        user=user,
        incident=incident,
    )
    game.status = status
    game.save(update_fields=["status", "updated_at"])


@transaction.atomic
def seal_game(
    game: Game,
    *,
    sealer: str,
    sealed_move: str,
    white_used: int,
    black_used: int,
    adjourned_at: datetime,
    resumes_at: datetime,
    user: AbstractBaseUser | None,
) -> SealedEnvelope:
    """Adjourn the game: the rules engine checks the sealing, the envelope keeps the move."""
    game = Game.objects.select_for_update(no_key=True).get(pk=game.pk)
    _refuse_unless_offered(game, IncidentKind.SEAL)
    if open_envelope_of(game) is not None:
        raise GameError(_("The game already has a sealed envelope that has not been opened."))
    if sealer not in _COLOURS:
        raise GameError(_('sealer: expected "white" or "black"'))
    adjournment = game.envelopes.count() + 1
    facts = {
        "sealer": sealer,
        "sealed_move": sealed_move,
        "white_used": white_used,
        "black_used": black_used,
        "adjourned_at": timezone.localtime(adjourned_at).isoformat(),
        "resumes_at": timezone.localtime(resumes_at).isoformat(),
        "adjournment": adjournment,
    }
    record = replayed_game(game)
    ruleset = game_ruleset(game)
    try:
        sealing = load_incident(json.dumps({"kind": "seal", **facts}))
        envelope = seal_move(record, sealing, ruleset)
        ruling = rule_incident(record, sealing, ruleset)
    except (IncidentFileError, IncidentError) as error:
        raise GameError(str(error)) from None
    sealed = SealedEnvelope.objects.create(
        game=game,
        adjournment=adjournment,
        fen=envelope.fen,
        sealer=sealer,
        sealed_move=sealed_move.strip(),
        white_used=white_used,
        black_used=black_used,
        moves_made=envelope.moves_made,
        adjourned_at=adjourned_at,
        resumes_at=resumes_at,
        sealed_by=recorded_user(user),
    )
    public = {key: value for key, value in facts.items() if key != "sealed_move"}
    incident = Incident.objects.create(
        game=game,
        kind=IncidentKind.SEAL,
        facts=public,
        ruling=ruling.as_dict(),
        article=ruling.article,
        decision=ruling.decision.value,
        plies=game.moves.count(),
        applied=True,
        applied_at=timezone.now(),
        applied_by=recorded_user(user),
        entered_by=recorded_user(user),
    )
    log_change(
        game,
        GameChange.Field.ENVELOPE,
        new={"sealed": adjournment, **public},
        reason=ruling.explanation.en,
        user=user,
        incident=incident,
    )
    _set_status(game, Game.Status.ADJOURNED, ruling.explanation.en, user, incident)
    if game.pairing is not None and game.pairing.result != Result.ADJOURNED:
        try:
            record_result(
                game.pairing,
                Result.ADJOURNED,
                source=EntrySource.RULING,
                user=user,
                reason=ruling.explanation.en,
                ruling_ref=f"{ruling.article} (incident {incident.pk})",
            )
        except TournamentError as error:
            raise GameError(error.problems) from None
    return sealed


def sealed_move_is_legible(envelope: SealedEnvelope) -> bool:
    """Whether the sealed move names one legal move (for the chief arbiter's check only)."""
    try:
        parse_move(chess.Board(envelope.fen), envelope.sealed_move)
    except MoveTextError:
        return False
    return True


def resume_game(
    game: Game,
    attendance: dict[str, Any],
    *,
    user: AbstractBaseUser | None,
    position_on_board: str | None = None,
) -> Incident:
    """Open the envelope at the resumption and rule on it (10.15, 10.16, 8.4)."""
    facts: dict[str, Any] = {"attendance": attendance}
    if position_on_board:
        facts["position_on_board"] = position_on_board
    return rule_on_incident(game, IncidentKind.RESUMPTION, facts, user=user)
