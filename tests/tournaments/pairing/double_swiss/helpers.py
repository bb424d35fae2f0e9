"""Sheets of Double-Swiss events written match by match, for the tests."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from tournaments.pairing.base import Pairing
from tournaments.pairing.double_swiss import DOUBLE_SWISS_POINTS, match_game_entries
from tournaments.pairing.double_swiss.matches import bye_entries
from tournaments.scoring.sheet import Outcome, PlayerSheet, RoundEntry, TournamentSheet

Board = tuple[int, int, str, str]
"""(White in game 1, Black in game 1, White's result in game 1, in game 2): ``1 = 0 + -``."""


def sheet_of(
    players: int,
    matches: Sequence[Sequence[Board]],
    byes: Sequence[Sequence[int]] = (),
    requested: Mapping[int, Mapping[int, Outcome]] | None = None,
) -> TournamentSheet:
    """A sheet in game columns after ``matches`` (byes: the PAB of each match, if any;
    requested: by match, the byes asked for, which may name the match to pair next)."""
    rounds: dict[int, list[RoundEntry]] = {rank: [] for rank in range(1, players + 1)}
    for number, asked in (requested or {}).items():
        for rank, outcome in asked.items():
            rounds[rank].extend(bye_entries(outcome, number))
    for number, boards in enumerate(matches, start=1):
        pairing = Pairing(
            pairs=tuple((w, b) for w, b, _, _ in boards),
            byes=tuple(byes[number - 1]) if number <= len(byes) else (),
        )
        results = {(w, b): (Outcome(one), Outcome(two)) for w, b, one, two in boards}
        for rank, entries in match_game_entries(pairing, number, results).items():
            rounds[rank].extend(entries)
    return TournamentSheet(
        name="Test",
        rounds=2 * len(matches),
        players=[
            PlayerSheet(rank, f"P{rank}", rounds=tuple(sorted(rounds[rank], key=_column)))
            for rank in rounds
        ],
        points=DOUBLE_SWISS_POINTS,
    )


def _column(entry: RoundEntry) -> int:
    return entry.round
