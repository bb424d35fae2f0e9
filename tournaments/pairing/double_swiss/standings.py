"""Standings of a Double-Swiss event (C.04.5, Preface): a single forfeited game counts as
played.

"A match ends by forfeit only if at least one player forfeits both games ... In all other
cases, the match is considered as regularly played and, for the purposes of tie-breaks and
standings, any forfeited (single) game shall be treated as played. (This rule does not apply
to rating.)" The sheet the standings are computed on therefore has such a game as a win and a
loss (a double forfeit of one game as a loss for both); the sheet itself, which the crosstable
prints and the rating report reads, keeps the forfeit.
"""

from __future__ import annotations

from dataclasses import replace

from tournaments.pairing.double_swiss.matches import (
    forfeits_both,
    match_entries,
    match_of_column,
)
from tournaments.scoring.sheet import Outcome, PlayerSheet, RoundEntry, TournamentSheet

_AS_PLAYED = {Outcome.FORFEIT_WIN: Outcome.WIN, Outcome.FORFEIT_LOSS: Outcome.LOSS}


def single_forfeits_as_played(sheet: TournamentSheet) -> TournamentSheet:
    """``sheet`` with every forfeited game of a regularly played match as a played one."""
    return replace(sheet, players=[_as_played(sheet, player) for player in sheet.players])


def _as_played(sheet: TournamentSheet, player: PlayerSheet) -> PlayerSheet:
    rounds = [_entry_as_played(sheet, player, entry) for entry in player.rounds]
    return replace(player, rounds=rounds)


def _entry_as_played(sheet: TournamentSheet, player: PlayerSheet, entry: RoundEntry) -> RoundEntry:
    if entry.outcome not in _AS_PLAYED or entry.opponent is None:
        return entry
    match = match_of_column(entry.round)
    mine = match_entries(player, match)
    theirs = match_entries(sheet.player(entry.opponent), match)
    if any(game.opponent != entry.opponent for game in mine):
        return entry  # the two games were not against the same opponent: no match to judge
    if forfeits_both((mine[0].outcome, mine[1].outcome)) or forfeits_both(
        (theirs[0].outcome, theirs[1].outcome)
    ):
        return entry  # the match itself ended by forfeit
    return replace(entry, outcome=_AS_PLAYED[entry.outcome])
