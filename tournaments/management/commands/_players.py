"""Naming a player on the command line: his starting rank, or ``id:N`` before numbering."""

from __future__ import annotations

from tournaments.models import Player, Tournament

from ._common import bad_input


def find_player(tournament: Tournament, text: str) -> Player:
    """The player a command argument names: ``12`` (starting rank) or ``id:34`` (his id, for
    players not yet numbered)."""
    lookup: dict[str, int]
    if text.startswith("id:") and text[3:].isdigit() and len(text) <= 12:
        lookup = {"pk": int(text[3:])}
    elif text.isdigit() and len(text) <= 9:
        lookup = {"start_rank": int(text)}
    else:
        raise bad_input(f"{text!r}: name a player by starting rank (12) or id (id:34)")
    player = Player.objects.filter(tournament=tournament, **lookup).first()
    if player is None:
        raise bad_input(f"{text}: no such player in tournament {tournament.pk}")
    return player


def describe(player: Player) -> str:
    rank = player.start_rank if player.start_rank is not None else "-"
    return f"{rank}  {player.name}  (id:{player.pk})"
