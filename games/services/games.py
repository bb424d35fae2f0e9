"""Creating games, entering their moves and setting their results (with the audit trail)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

import chess
from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from games.models import Game, GameChange, Incident, Move, ResultReason
from games.rules.chess960 import PGN_VARIANT, board_from_fen
from games.rules.incidents import replay_moves
from games.rules.rulesets import get_ruleset
from games.selectors import game_headers
from tournaments.models import EntrySource, Pairing, Result, ResultChange
from tournaments.services import TournamentError, record_result
from tournaments.services.audit import recorded_user
from tournaments.services.results import lock_board
from tournaments.services.warnings import NeedsConfirmation

from .audit import log_change
from .chess960 import chess960_start
from .errors import GameError

DECIDED_SCORES = ("1-0", "0-1", "1/2-1/2", "0-0")
_FORFEITS = {
    "1-0": Result.WHITE_FORFEIT_WIN,
    "0-1": Result.BLACK_FORFEIT_WIN,
    "0-0": Result.DOUBLE_FORFEIT,
}


def board_result(score: str, *, forfeit: bool = False) -> str:
    """The board's result (tournaments ``Result``) for a game score."""
    if forfeit and score in _FORFEITS:
        return _FORFEITS[score]
    return Result(score)


@transaction.atomic
def create_game(
    *,
    pairing: Pairing | None,
    white_name: str = "",
    black_name: str = "",
    user: AbstractBaseUser | None,
    source: str = Game.Source.ENTRY,
    ruleset: str | None = None,
    time_control: str = "",
    start_fen: str = "",
) -> Game:
    """A game for a board (players, ruleset and time control from the tournament) or a
    friendly check standing alone.

    The board is locked first (with its match's lock on a team board: a lineup or a forfeit
    making the match's boards again waits, then sees the game and is refused), and read
    afresh: two games started on one board at once, the second is refused."""
    if pairing is not None:
        try:
            pairing = lock_board(pairing)
        except TournamentError as error:  # the board is gone (the match forfeited)
            raise GameError(error.problems) from None
        if pairing.is_bye:
            raise GameError(
                _("Board %(board)s is a bye: it has no game.") % {"board": pairing.board}
            )
        if Game.objects.filter(pairing=pairing).exists():
            raise GameError(
                _("Board %(board)s of round %(round)s already has a game.")
                % {"board": pairing.board, "round": pairing.round.number}
            )
        tournament = pairing.round.tournament
        white, black = pairing.white, pairing.black
        assert black is not None
        game = Game(
            pairing=pairing,
            white_name=white.name,
            black_name=black.name,
            white_fide_id=white.fide_id,
            black_fide_id=black.fide_id,
            ruleset=ruleset or tournament.ruleset,
            time_control=time_control or tournament.time_control,
        )
        if tournament.is_chess960:
            start_fen = start_fen or chess960_start(pairing)
            game.headers["Variant"] = PGN_VARIANT
        if pairing.result in DECIDED_SCORES:
            # The board's result was entered before its moves: the game starts with it.
            game.result, game.status = pairing.result, Game.Status.FINISHED
            game.result_reason = ResultReason.BOARD
    else:
        if not white_name.strip() or not black_name.strip():
            raise GameError(_("A game standing alone needs both players' names."))
        get_ruleset(ruleset or "classic")
        game = Game(
            white_name=white_name.strip(),
            black_name=black_name.strip(),
            ruleset=ruleset or "classic",
            time_control=time_control,
        )
    if start_fen:
        try:
            board_from_fen(start_fen)
        except ValueError as error:
            raise GameError(
                _("Starting position %(fen)r: %(error)s") % {"fen": start_fen, "error": error}
            ) from None
    game.start_fen = start_fen
    game.current_fen = start_fen or chess.STARTING_FEN
    game.source, game.created_by = source, recorded_user(user)
    game.save()
    log_change(game, GameChange.Field.CREATED, new=str(game), user=user)
    return game


Reading = tuple[float | None, float | None]
"""The time left on the mover's clock after a move ([%clk]) and the time it took ([%emt])."""

ClockReadings = Mapping[int, Reading]
"""Per ply: the move's reading, where known."""


def play_as_san(board: chess.Board, moves: Iterable[chess.Move]) -> list[str]:
    """Play ``moves`` on ``board`` (which is left at the final position), each written in SAN."""
    sans = []
    for move in moves:
        sans.append(board.san(move))
        board.push(move)
    return sans


def store_moves(game: Game, sans: Sequence[str], clocks: ClockReadings) -> None:
    """Write the game's move rows, ply by ply, with each ply's clock reading where known."""
    Move.objects.bulk_create(
        Move(
            game=game,
            ply=ply,
            san=san,
            clock=clocks.get(ply, (None, None))[0],
            elapsed=clocks.get(ply, (None, None))[1],
        )
        for ply, san in enumerate(sans, start=1)
    )


class ReadingsWouldBeLost(GameError):
    """Saving the moves would discard clock readings the arbiter has not agreed to lose."""

    def __init__(self, readings: list[Move]) -> None:
        self.readings = readings
        super().__init__(
            ngettext(
                "Saving these moves discards the clock reading of %(count)s move whose "
                "move changes or goes: confirm to discard it.",
                "Saving these moves discards the clock readings of %(count)s moves whose "
                "moves change or go: confirm to discard them.",
                len(readings),
            )
            % {"count": len(readings)}
        )


def readings_kept(
    recorded: Sequence[Move], sans: Sequence[str]
) -> tuple[dict[int, Reading], list[Move]]:
    """The clock readings that stay with a new move record, and the ones it discards.

    A reading belongs to the move it was taken after: it stays where the same move is still
    written at the same ply (an earlier correction does not change the time the clock showed),
    and goes with a move that is changed or removed.
    """
    kept: dict[int, Reading] = {}
    discarded = []
    for move in recorded:
        if move.clock is None and move.elapsed is None:
            continue
        if move.ply <= len(sans) and sans[move.ply - 1] == move.san:
            kept[move.ply] = (move.clock, move.elapsed)
        else:
            discarded.append(move)
    return kept, discarded


def readings_at_risk(game: Game, sans: Sequence[str]) -> list[Move]:
    """The clock readings that saving ``sans`` as the game's moves would discard."""
    return readings_kept(list(game.moves.all()), sans)[1]


@transaction.atomic
def save_moves(
    game: Game,
    sans: list[str],
    *,
    user: AbstractBaseUser | None,
    reason: str = "",
    clocks: ClockReadings | None = None,
    incident: Incident | None = None,
    discard_readings: bool = False,
) -> Game:
    """Replace the game's move record by ``sans`` (any notation the rules engine reads),
    refusing it whole if a move does not play. Stored moves are in SAN. ``incident``: the
    ruling that changes the moves, whose explanation the audit trail shows in the reader's
    language.

    Clock readings already recorded stay with every move that is still written at its ply;
    ``clocks`` adds or replaces readings ply by ply. A reading of a move that changes or goes
    is discarded only with ``discard_readings`` (else :class:`ReadingsWouldBeLost`), and the
    audit trail keeps what it was.
    """
    game = Game.objects.select_for_update(no_key=True).get(pk=game.pk)
    record = replay_moves(sans, starting_fen=game.initial_fen, headers=game_headers(game))
    if record.broken is not None:
        broken = record.broken
        raise GameError(
            _("Move %(ply)s (%(text)s) cannot be played: %(reason)s")
            % {"ply": broken.ply, "text": broken.text, "reason": broken.reason}
        )
    board = record.board(0)
    written = play_as_san(board, record.moves)
    recorded = list(game.moves.all())
    old = [move.san for move in recorded]
    if old == written and not clocks:
        return game
    appended = written[: len(old)] == old  # moves added after the recorded ones change none
    if not appended and not reason.strip():
        raise GameError(_("Changing moves already recorded needs a reason."))
    readings, discarded = readings_kept(recorded, written)
    if discarded and not discard_readings:
        raise ReadingsWouldBeLost(discarded)
    readings.update(clocks or {})
    game.moves.all().delete()
    store_moves(game, written, readings)
    game.current_fen = board.fen()
    if game.status in (Game.Status.SCHEDULED,) and written:
        game.status = Game.Status.IN_PROGRESS
    game.save()
    log_change(
        game,
        GameChange.Field.MOVES,
        old=old,
        new=written,
        reason=reason,
        user=user,
        incident=incident,
    )
    if discarded:
        log_change(
            game,
            GameChange.Field.READINGS,
            old=[[move.ply, move.san, move.clock, move.elapsed] for move in discarded],
            reason=reason,
            user=user,
            incident=incident,
        )
    return game


def set_result(
    game: Game,
    score: str,
    *,
    reached_by: str,
    user: AbstractBaseUser | None,
    reason: str = "",
    article: str = "",
    forfeit: bool = False,
    incident: Incident | None = None,
    entry_source: str = EntrySource.HAND,
    confirm: str = "",
) -> Game:
    """Set the game's result and pass it on to its board through ``record_result``.

    Call inside a transaction: a board that refuses the result refuses the whole change. A
    board that asks a question first (a correction of an earlier round, L3) raises it as
    :class:`NeedsConfirmation`, to be asked and the request repeated with ``confirm``.
    """
    if score not in (*DECIDED_SCORES, "*"):
        raise GameError(_("%(score)s is not a game result.") % {"score": score})
    old = {"result": game.result, "status": game.status}
    game.result = score
    game.result_reason = reached_by if score != "*" else ResultReason.UNDECIDED
    game.result_article = article
    if score == "*":
        game.status = Game.Status.IN_PROGRESS if game.moves.exists() else Game.Status.SCHEDULED
    else:
        game.status = Game.Status.FORFEITED if forfeit else Game.Status.FINISHED
    game.save()
    log_change(
        game,
        GameChange.Field.RESULT,
        old=old,
        new={"result": game.result, "status": game.status},
        reason=reason,
        user=user,
        incident=incident,
    )
    if game.pairing is not None and score != "*":
        record_on_board(
            game,
            board_result(score, forfeit=forfeit),
            user,
            reason,
            entry_source,
            f"{article} (incident {incident.pk})" if incident else None,
            confirm=confirm,
        )
    return game


def record_on_board(
    game: Game,
    result: str,
    user: AbstractBaseUser | None,
    reason: str,
    source: str,
    ruling_ref: str | None,
    *,
    confirm: str = "",
) -> None:
    pairing = game.pairing
    assert pairing is not None
    try:
        record_result(
            pairing,
            result,
            source=source,
            user=user,
            reason=reason,
            ruling_ref=ruling_ref,
            confirm=confirm,
        )
    except NeedsConfirmation:
        raise  # a question for the arbiter, not a refusal
    except TournamentError as error:
        raise GameError(error.problems) from None


# A board's result as its game records it: the score and whether it was forfeited. Results
# a game score cannot say (½-0, void, adjourned) leave the game as it is.
_GAME_SCORES: dict[str, tuple[str, bool]] = {
    Result.WHITE_WINS: ("1-0", False),
    Result.BLACK_WINS: ("0-1", False),
    Result.DRAW: ("1/2-1/2", False),
    Result.BOTH_LOSE: ("0-0", False),
    Result.WHITE_FORFEIT_WIN: ("1-0", True),
    Result.BLACK_FORFEIT_WIN: ("0-1", True),
    Result.DOUBLE_FORFEIT: ("0-0", True),
    Result.NOT_PLAYED: ("*", False),
}


def follow_the_board(
    pairing: Pairing, change: ResultChange, user: AbstractBaseUser | None, **_: object
) -> None:
    """A result entered for a board (round page, API, import) is its game's result too, so
    the game page, the games list and the PGN never say "in progress" beside a decided board.
    A result the game itself passed on (:func:`set_result`) is already there."""
    game = _board_game(pairing)
    if game is None or pairing.result not in _GAME_SCORES:
        return
    score, forfeit = _GAME_SCORES[pairing.result]
    if score == "*":
        if game.result == "*" and game.status != Game.Status.FINISHED:
            return
    elif game.result == score and (game.status == Game.Status.FORFEITED) == forfeit:
        return
    set_result(
        game,
        score,
        reached_by=ResultReason.FORFEIT if forfeit else ResultReason.BOARD,
        user=user,
        reason=change.explanation,
        forfeit=forfeit,
        entry_source=change.source,
    )


def _board_game(pairing: Pairing) -> Game | None:
    """The board's game unless annulled: read with the board when the result's write locked
    it (no query then), else looked up."""
    try:
        game = pairing.game
    except Game.DoesNotExist:
        return None
    return None if game.status == Game.Status.ANNULLED else game


@transaction.atomic
def correct_result(
    game: Game, score: str, *, user: AbstractBaseUser | None, reason: str, confirm: str = ""
) -> Game:
    """An arbiter's correction of a game's result; the reason is required. Its board may ask
    a question first (:class:`NeedsConfirmation`), answered with ``confirm``."""
    if not reason.strip():
        raise GameError(_("A correction needs a reason."))
    game = Game.objects.select_for_update(no_key=True).get(pk=game.pk)
    return set_result(
        game, score, reached_by=ResultReason.BOARD, user=user, reason=reason, confirm=confirm
    )
