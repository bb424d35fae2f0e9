"""A TRF file's players: their lines stored as the event's players, and what is wrong with
them."""

from __future__ import annotations

from collections.abc import Iterable

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from tournaments.models import (
    Absence,
    Player,
    Tournament,
)
from tournaments.scoring.sheet import (
    Outcome,
    PlayerSheet,
)
from tournaments.trf import TrfDocument
from tournaments.trf.document import parse_birth

from ..errors import raise_if
from .rounds import UNSTORED_WITHOUT_OPPONENT, _unstored_cell


def _player(tournament: Tournament, sheet: PlayerSheet, warnings: list[str]) -> Player:
    birth_date, birth_year = parse_birth(sheet.birth)
    if sheet.birth.strip() and birth_date is None and birth_year is None:
        warnings.append(
            _("player %(rank)s: birth date %(birth)r not understood; kept in the file only")
            % {"rank": sheet.start_rank, "birth": sheet.birth}
        )
    first = min((entry.round for entry in sheet.rounds), default=1)
    player = Player(
        tournament=tournament,
        name=sheet.name,
        title=sheet.title,
        sex={"f": "w"}.get(sheet.sex.lower(), sheet.sex.lower()),
        federation=sheet.federation.upper(),
        fide_id=sheet.fide_id.lstrip("0"),
        birth_date=birth_date,
        birth_year=birth_year,
        start_rank=sheet.start_rank,
        # Blank cells before a player's first game are a late entry, not a withdrawal.
        first_round=first if sheet.withdrawn_after is None else 1,
        withdrawn_after_round=sheet.withdrawn_after,
        status=(
            Player.Status.WITHDRAWN if sheet.withdrawn_after is not None else Player.Status.ACTIVE
        ),
    )
    setattr(player, f"rating_{tournament.rating_type}", sheet.rating or None)
    return player


_ABSENCES = {
    Outcome.HALF_BYE: Absence.Kind.HALF_POINT_BYE,
    Outcome.ZERO_BYE: Absence.Kind.ZERO_POINT_BYE,
    Outcome.FULL_BYE: Absence.Kind.FULL_POINT_BYE,
}


def _announced_absences(
    document: TrfDocument, played: int, players: dict[int, Player], warnings: list[str]
) -> Iterable[Absence]:
    """Byes for the rounds to come: entered in a player's cells after the last round
    played, in TRF-2026 records 240, or (next round only) in JaVaFo's ``XXZ``."""
    announced: dict[tuple[int, int], Outcome] = {}
    for trf_player in document.players:
        for number, game in enumerate(trf_player.games, start=1):
            if number <= played or game is None or game.outcome is Outcome.NOT_PAIRED:
                continue
            if game.outcome in _ABSENCES:
                announced[trf_player.start_rank, number] = game.outcome
            elif game.outcome in UNSTORED_WITHOUT_OPPONENT:
                warnings.append(_unstored_cell(number, trf_player.start_rank))
    for number in range(played + 1, max(document.planned_rounds or 0, played + 1) + 1):
        for rank, outcome in document.requested_byes(number).items():
            if rank in players and outcome in _ABSENCES:
                announced.setdefault((rank, number), outcome)
    for (rank, number), outcome in announced.items():
        yield Absence(
            player=players[rank],
            round_number=number,
            kind=_ABSENCES[outcome],
            reason=_("announced in the imported file"),
        )


def _player_problems(player: Player, line: int) -> list[str]:
    try:
        player.full_clean(exclude=["tournament"], validate_constraints=False)
    except ValidationError as error:
        return [
            _("line %(line)s, %(field)s: %(message)s")
            % {"line": line, "field": field, "message": " ".join(messages)}
            for field, messages in error.message_dict.items()
        ]
    return []


def _same_fide_ids(players: dict[int, Player], lines: dict[int, int]) -> list[str]:
    """Two player lines with one FIDE id: one player entered twice, or a typing error."""
    first: dict[str, int] = {}
    problems = []
    for rank, player in players.items():
        if not player.fide_id:
            continue
        if player.fide_id not in first:
            first[player.fide_id] = rank
            continue
        other = players[first[player.fide_id]]
        problems.append(
            _(
                "line %(line)s: FIDE id %(id)s is %(name)s's and also %(other)s's on line "
                "%(other_line)s; one FIDE id is one player."
            )
            % {
                "line": lines[rank],
                "id": player.fide_id,
                "name": player.name,
                "other": other.name,
                "other_line": lines[first[player.fide_id]],
            }
        )
    return problems


def _store_checked(players: dict[int, Player], lines: dict[int, int]) -> None:
    """Store the file's players once every one is valid (named by his line) and no two share
    a FIDE id; else nothing is stored."""
    raise_if(
        [
            problem
            for rank, player in players.items()
            for problem in _player_problems(player, lines[rank])
        ]
        + _same_fide_ids(players, lines)
    )
    Player.objects.bulk_create(players.values())
