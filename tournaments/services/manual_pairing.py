"""Manual pairing as a session (FIDE checklist D29).

The arbiter starts a session on a draft round; the program keeps the engine's pairing of that
round to compare with. Boards are then edited one at a time (swap a board's colours, exchange
two players wherever they sit, the pairing-allocated bye included). Ending the session checks
the round: what no confirmation overrides (a player left out or twice) is refused; every rule
broken (rematch, forbidden pair, a PAB to an ineligible player, a third colour in a row, a
colour difference above 2, both players of a board given the colour they do not
prefer) and every board that differs from the engine's asks an L3
confirmation, and each differing board is written as ``### MPA @ Round n``. A draft in a
session cannot be published.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.base_user import AbstractBaseUser
from django.db import transaction
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.models import ByeKind, Pairing, PairingSystem, Player, Round, TournamentLog
from tournaments.pairing import Pairing as EnginePairing
from tournaments.pairing import PairingError, berger_rounds, pair_round, validate_round
from tournaments.pairing.validate import both_wrong_colours
from tournaments.selectors import pairing_state

from .audit import last_round_number, log_event
from .double_swiss import check_match_pairing, engine_state, is_second_game
from .errors import TournamentError
from .warnings import Level, cautions, require_confirmation


@dataclass(frozen=True)
class BoardComparison:
    """One board of the draft beside the engine's (starting ranks; ``None`` for no board)."""

    board: int
    current: tuple[int, int | None] | None
    engine: tuple[int, int | None] | None

    @property
    def same(self) -> bool:
        return self.current == self.engine


def _locked_draft(round_: Round) -> Round:
    round_ = Round.objects.select_for_update().select_related("tournament").get(pk=round_.pk)
    if round_.status != Round.Status.DRAFT:
        raise TournamentError(
            _("Round %(round)s is published; only a draft is paired by hand.")
            % {"round": round_.number}
        )
    return round_


def _open_session(round_: Round) -> Round:
    round_ = _locked_draft(round_)
    if round_.manual_session is None:
        raise TournamentError(
            _("Start a manual pairing session on round %(round)s first.") % {"round": round_.number}
        )
    return round_


def _boards(round_: Round) -> list[Pairing]:
    """The boards the arbiter pairs: games and the pairing-allocated bye (other byes were
    asked for and stay as they are)."""
    return list(
        round_.pairings.select_related("white", "black")
        .filter(bye__in=["", ByeKind.PAIRING_ALLOCATED])
        .order_by("board")
    )


def current_pairing(round_: Round) -> EnginePairing:
    boards = _boards(round_)
    return EnginePairing(
        pairs=tuple((b.white.start_rank or 0, b.black.start_rank or 0) for b in boards if b.black),
        byes=tuple(b.white.start_rank or 0 for b in boards if b.black is None),
    )


def _engine_pairing(round_: Round) -> EnginePairing | None:
    tournament = round_.tournament
    if tournament.is_round_robin:
        count = tournament.players.filter(start_rank__isnull=False).count()
        double = tournament.system == PairingSystem.DOUBLE_ROUND_ROBIN
        try:
            table = berger_rounds(
                count, double=double, swap_last_two=tournament.reverse_last_two_rounds
            )
            return table[round_.number - 1]
        except (PairingError, IndexError):
            return None
    system = tournament.swiss_system
    number = round_.number
    state = engine_state(tournament, number)
    try:
        return pair_round(state, system and system.engine())
    except PairingError:
        return None


def _as_json(pairing: EnginePairing) -> dict[str, Any]:
    return {"pairs": [list(pair) for pair in pairing.pairs], "byes": list(pairing.byes)}


def _rows(pairing: EnginePairing) -> list[tuple[int, int | None]]:
    return [*((w, b) for w, b in pairing.pairs), *((rank, None) for rank in pairing.byes)]


def comparison(round_: Round) -> list[BoardComparison]:
    """The draft board by board beside the engine's pairing kept when the session started
    (the engine's column is empty when it could not pair the round)."""
    current = _rows(current_pairing(round_))
    engine_json = (round_.manual_session or {}).get("engine")
    engine: list[tuple[int, int | None]] = []
    if engine_json:
        engine = _rows(
            EnginePairing(
                pairs=tuple((w, b) for w, b in engine_json["pairs"]),
                byes=tuple(engine_json["byes"]),
            )
        )
    return [
        BoardComparison(
            board=index,
            current=current[index - 1] if index <= len(current) else None,
            engine=engine[index - 1] if index <= len(engine) else None,
        )
        for index in range(1, max(len(current), len(engine)) + 1)
    ]


@transaction.atomic
def start_manual_pairing(round_: Round, *, user: AbstractBaseUser | None = None) -> Round:
    """Open a session on the draft ``round_``, keeping the engine's pairing to compare with."""
    round_ = _locked_draft(round_)
    if round_.manual_session is not None:
        raise TournamentError(
            _("A manual pairing session is already open on round %(round)s.")
            % {"round": round_.number}
        )
    if round_.number != last_round_number(round_.tournament):
        raise TournamentError(_("Only the last round is paired by hand."))
    if is_second_game(round_.tournament, round_.number):
        raise TournamentError(
            _(
                "Round %(round)s is game 2 of a match: it is game 1 with the colours reversed "
                "(C.04.5, Preface); pair game 1 by hand instead."
            )
            % {"round": round_.number}
        )
    if round_.pairings.filter(game__isnull=False).exists():
        raise TournamentError(_("A board of this draft already has a game; withdraw it first."))
    engine = _engine_pairing(round_)
    round_.manual_session = {"engine": _as_json(engine) if engine else None}
    round_.save(update_fields=["manual_session"])
    return round_


def _rewrite(round_: Round, rows: list[tuple[Player, Player | None]]) -> None:
    """Store the edited boards in the board numbers they had (a draft has no results)."""
    boards = _boards(round_)
    numbers = [b.board for b in boards]
    Pairing.objects.filter(pk__in=[b.pk for b in boards]).delete()
    Pairing.objects.bulk_create(
        Pairing(
            round=round_,
            board=number,
            white=white,
            black=black,
            bye="" if black else ByeKind.PAIRING_ALLOCATED,
        )
        for number, (white, black) in zip(numbers, rows, strict=True)
    )


def _player_rows(round_: Round) -> list[tuple[Player, Player | None]]:
    return [(b.white, b.black) for b in _boards(round_)]


@transaction.atomic
def swap_colours(round_: Round, board: int) -> Round:
    """Give white to black and black to white on ``board``."""
    round_ = _open_session(round_)
    rows = _player_rows(round_)
    numbers = [b.board for b in _boards(round_)]
    if board not in numbers or rows[numbers.index(board)][1] is None:
        raise TournamentError(
            _("Round %(round)s has no game on board %(board)s.")
            % {
                "round": round_.number,
                "board": board,
            }
        )
    index = numbers.index(board)
    white, black = rows[index]
    assert black is not None
    rows[index] = (black, white)
    _rewrite(round_, rows)
    return round_


@transaction.atomic
def set_colours(round_: Round, board: int, white_rank: int) -> Round:
    """Give white on ``board`` to the player with starting rank ``white_rank``."""
    round_ = _open_session(round_)
    for pairing in _boards(round_):
        if pairing.board == board and pairing.black is not None:
            if pairing.white.start_rank == white_rank:
                return round_
            if pairing.black.start_rank == white_rank:
                return swap_colours(round_, board)
    raise TournamentError(
        _("Player %(rank)s does not play on board %(board)s.")
        % {"rank": white_rank, "board": board}
    )


@transaction.atomic
def exchange_players(round_: Round, first_rank: int, second_rank: int) -> Round:
    """Put the player with starting rank ``first_rank`` where ``second_rank`` sits and the
    other way round (moving a player to another board, or to or from the bye)."""
    round_ = _open_session(round_)
    rows = [list(row) for row in _player_rows(round_)]
    places = {}
    for index, row in enumerate(rows):
        for side, player in enumerate(row):
            if player is not None and player.start_rank in (first_rank, second_rank):
                places[player.start_rank] = (index, side, player)
    missing = [rank for rank in (first_rank, second_rank) if rank not in places]
    if missing or first_rank == second_rank:
        raise TournamentError(
            _("Name two different players on the boards of round %(round)s.")
            % {"round": round_.number}
        )
    (i, s, a), (j, t, b) = places[first_rank], places[second_rank]
    rows[i][s], rows[j][t] = b, a
    _rewrite(round_, [(row[0], row[1]) for row in rows if row[0] is not None])
    return round_


def _board_text(row: tuple[int, int | None] | None, *, log: bool = False) -> str:
    """``12 – 7``, ``5 bye`` or ``-``; for the log always in English (the TRF's language)."""
    if row is None:
        return "-"
    white, black = row
    if black is not None:
        return f"{white} – {black}"
    return f"{white} bye" if log else _("%(rank)s bye") % {"rank": white}


@transaction.atomic
def end_manual_pairing(
    round_: Round, *, user: AbstractBaseUser | None = None, confirm: str = ""
) -> Round:
    """Close the session: refuse a round no confirmation saves, ask L3 for every rule broken
    and every board that differs from the engine's, then log each such board (``### MPA``)."""
    round_ = _open_session(round_)
    tournament = round_.tournament
    meetings = 2 if tournament.system == PairingSystem.DOUBLE_ROUND_ROBIN else 1
    state = pairing_state(tournament, round_.number)
    if tournament.plays_matches:  # a match: every player has each colour once
        check = check_match_pairing(tournament, round_.number, current_pairing(round_))
    else:
        check = validate_round(state, current_pairing(round_), meetings_allowed=meetings)
    if not tournament.is_round_robin and not tournament.plays_matches:
        # Berger tables fix a round robin's colours
        check.warnings.extend(both_wrong_colours(state, current_pairing(round_)))
    if check.structural_errors:
        raise TournamentError(check.structural_errors)
    boards = comparison(round_)
    differing = [b for b in boards if not b.same]
    engine_known = (round_.manual_session or {}).get("engine") is not None
    questions = [*check.rule_breaks, *check.warnings]
    if not engine_known:
        questions.append(_("The engine could not pair this round; nothing to compare with."))
    questions += [
        _("Board %(board)s: %(current)s; the engine pairs %(engine)s.")
        % {"board": b.board, "current": _board_text(b.current), "engine": _board_text(b.engine)}
        for b in differing
    ]
    require_confirmation(
        cautions(Level.CONFIRM, questions), confirm, action=f"manual-end:{round_.pk}"
    )
    for board in differing if engine_known else boards:
        log_event(
            tournament,
            TournamentLog.Kind.MANUAL_PAIRING,
            gettext_lazy("Board %(board)s paired by hand: %(current)s (engine: %(engine)s)."),
            params={
                "board": board.board,
                "current": _board_text(board.current, log=True),
                "engine": _board_text(board.engine, log=True),
            },
            user=user,
            round_number=round_.number,
            reason="; ".join([*check.rule_breaks, *check.warnings]),
        )
    round_.manual_session = None
    fields = ["manual_session"]
    if differing:
        round_.paired_by = Round.PairedBy.MANUAL
        fields.append("paired_by")
    round_.save(update_fields=fields)
    return round_
