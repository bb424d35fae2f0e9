"""Checking a match round against the absolute rules of the Double-Swiss system.

The basic rules as C.04.5 adapts them: every player to pair is paired once or gets the
pairing-allocated bye; no withdrawn player, nor one with a bye asked for, is paired; [C1] no
two players meet twice (a match that ended by forfeit was no meeting, Preface); no forbidden
pair; at most one pairing-allocated bye, only for an odd field, never to a player barred by
[C2]. There is no colour rule to break: every match gives each player one White and one Black
game, so the Basic Rules' colour limits always hold.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from tournaments.pairing.base import Pairing, PairingState
from tournaments.pairing.double_swiss.players import MatchPlayer, match_players
from tournaments.pairing.validate import RoundCheck


def validate_match_round(state: PairingState, pairing: Pairing) -> RoundCheck:
    """The problems of ``pairing`` as the pairing of match ``state.round``."""
    check = RoundCheck()
    players = match_players(state)
    names = {p.start_rank: p.name for p in state.sheet.players}

    def who(rank: int) -> str:
        return f"player {rank} {names[rank]}" if rank in names else f"player {rank}"

    counts = Counter(pairing.players)
    for rank, times in sorted(counts.items()):
        if rank not in names:
            check.errors.append(f"there is no player with starting rank {rank}")
        elif rank not in players:
            check.errors.append(f"{who(rank)} is not to be paired in match {state.round}")
        elif times > 1:
            check.errors.append(f"{who(rank)} is paired {times} times")
    for rank in sorted(set(players) - set(counts)):
        check.errors.append(f"{who(rank)} is neither paired nor given the bye")
    forbidden = {frozenset(pair) for pair in state.forbidden}
    for board, (white, black) in enumerate(pairing.pairs, start=1):
        if white == black or white not in players or black not in players:
            continue
        pair = f"board {board}: {who(white)} and {who(black)}"
        if black in players[white].met:
            check.break_rule(f"{pair} have already met ([C1], C.04.5 2.1.1)")
        if frozenset((white, black)) in forbidden:
            check.break_rule(f"{pair} must not be paired (forbidden pair)")
    _check_bye(check, pairing, players, who)
    return check


def _check_bye(
    check: RoundCheck,
    pairing: Pairing,
    players: dict[int, MatchPlayer],
    who: Callable[[int], str],
) -> None:
    if len(pairing.byes) > 1:
        check.errors.append(f"one pairing-allocated bye at most, not {len(pairing.byes)}")
    if pairing.byes and len(players) % 2 == 0:
        check.errors.append("a pairing-allocated bye in a field of even number")
    for rank in pairing.byes:
        if rank in players and players[rank].bye_barred:
            check.break_rule(
                f"{who(rank)} already had a pairing-allocated bye, a match won by forfeit or "
                "a full-point bye ([C2], C.04.5 2.1.2)"
            )
