"""Small Burstein events written by hand, and players built from their colours, for the tests."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction

from tournaments.pairing.base import PairingState
from tournaments.pairing.burstein.index import OppositionIndex
from tournaments.pairing.burstein.players import BursteinPlayer
from tournaments.pairing.dutch.players import Player, RoundRecord
from tournaments.scoring.sheet import Color, Outcome, PlayerSheet, RoundEntry, TournamentSheet

Game = tuple[int, int, str]
"""(White, Black, White's result: ``1``, ``=``, ``0``, ``+``, ``-``)."""

_OTHER = {"1": "0", "0": "1", "=": "=", "+": "-", "-": "+"}


def sheet_of(
    players: int,
    rounds: Sequence[Sequence[Game]],
    unpaired: Mapping[int, Mapping[int, Outcome]] | None = None,
) -> TournamentSheet:
    """A sheet after ``rounds``; ``unpaired`` gives, by round, the players without a game
    (``U`` the pairing-allocated bye, ``H``, ``F``, ``Z``)."""
    entries: dict[int, list[RoundEntry]] = {rank: [] for rank in range(1, players + 1)}
    for number, games in enumerate(rounds, start=1):
        for white, black, result in games:
            entries[white].append(RoundEntry(number, Outcome(result), black, Color.WHITE))
            entries[black].append(RoundEntry(number, Outcome(_OTHER[result]), white, Color.BLACK))
    for number, byes in (unpaired or {}).items():
        for rank, outcome in byes.items():
            entries[rank].append(RoundEntry(number, outcome))
    return TournamentSheet(
        name="Test",
        rounds=len(rounds),
        players=[
            PlayerSheet(rank, f"P{rank}", rounds=tuple(sorted(e, key=lambda x: x.round)))
            for rank, e in entries.items()
        ],
    )


def state_of(sheet: TournamentSheet, planned_rounds: int, **changes: object) -> PairingState:
    """The state before the round after the sheet's last."""
    state = PairingState.from_sheet(sheet, sheet.rounds + 1, planned_rounds=planned_rounds)
    return state if not changes else _replace(state, changes)


def _replace(state: PairingState, changes: Mapping[str, object]) -> PairingState:
    from dataclasses import replace

    return replace(state, **changes)  # type: ignore[arg-type]


def player(
    rank: int,
    colours: str = "",
    *,
    buchholz: int = 0,
    points: Fraction = Fraction(0),
) -> BursteinPlayer:
    """A player who played ``colours`` (``W``/``B``) and has that Index."""
    history = [
        RoundRecord(True, 100 + i, Color.WHITE if c == "W" else Color.BLACK, Fraction(0))
        for i, c in enumerate(colours)
    ]
    base = Player(
        start_rank=rank,
        rank_index=rank - 1,
        history=history,
        score=points,
        accelerations=(),
        bye_eligible=True,
    )
    return BursteinPlayer(base=base, index=OppositionIndex(Fraction(buchholz), Fraction(0)))
