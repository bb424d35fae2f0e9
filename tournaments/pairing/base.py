"""The narrow interface every pairing source shares: a state in, pairs and byes out."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from itertools import combinations
from typing import Protocol

from tournaments.pairing.acceleration import baku_from_round_one
from tournaments.scoring.sheet import Color, Outcome, TournamentSheet
from tournaments.trf import TrfDocument

REQUESTABLE_BYES = frozenset({Outcome.HALF_BYE, Outcome.FULL_BYE, Outcome.ZERO_BYE})
"""What a player may ask for (or be given by notice) before a round is paired."""


class PairingError(Exception):
    """A round that cannot be paired, or a pairing engine that failed; the message says why."""


@dataclass(frozen=True)
class Pairing:
    """One round: ``pairs`` as (white, black) starting ranks in board order; ``byes`` the
    players given the pairing-allocated bye (requested byes are part of the state, not here)."""

    pairs: tuple[tuple[int, int], ...]
    byes: tuple[int, ...] = ()

    @property
    def players(self) -> list[int]:
        """Every starting rank the pairing names, in board order, byes last."""
        return [rank for pair in self.pairs for rank in pair] + list(self.byes)


@dataclass(frozen=True)
class PairingState:
    """What a pairing engine needs: the sheet, the round to pair, and the byes announced.

    Only the sheet's rounds before ``round`` are used. ``requested_byes`` maps a starting
    rank to ``HALF_BYE``, ``FULL_BYE`` or ``ZERO_BYE`` (absent by notice); withdrawn players
    (``withdrawn_after`` set) are never paired. ``forbidden`` lists pairs that must not meet.
    """

    sheet: TournamentSheet
    round: int
    requested_byes: Mapping[int, Outcome] = field(default_factory=dict)
    planned_rounds: int | None = None
    """The number of rounds of the event (the Dutch rules treat the last round apart)."""
    initial_color: Color = Color.WHITE
    """The colour of the top player in round 1 (drawn by lot before the event)."""
    forbidden: tuple[tuple[int, int], ...] = ()
    accelerations: Mapping[int, tuple[Fraction, ...]] = field(default_factory=dict)
    """Virtual points by starting rank, one per round from round 1 (``XXA``, C.04.5): added
    to the score for pairing only."""

    def __post_init__(self) -> None:
        if self.round < 1:
            raise PairingError(f"round {self.round} cannot be paired: rounds start at 1")
        wrong = {n: o for n, o in self.requested_byes.items() if o not in REQUESTABLE_BYES}
        if wrong:
            rank, outcome = next(iter(wrong.items()))
            raise PairingError(
                f"player {rank}: a {outcome.name.lower().replace('_', ' ')} cannot be requested"
            )

    @classmethod
    def from_sheet(
        cls,
        sheet: TournamentSheet,
        round_number: int,
        *,
        planned_rounds: int | None = None,
        initial_color: Color = Color.WHITE,
        forbidden: tuple[tuple[int, int], ...] = (),
    ) -> PairingState:
        """The state before ``round_number`` of ``sheet``, with the byes the sheet already
        records for that round (``H``, ``F``, ``Z`` entered in advance) as requests.

        For a round the sheet has already played (to check it), a player with no entry, or a
        forfeit loss without an opponent (absent without notice), was not in the round: he
        counts as absent (``ZERO_BYE``).
        """
        requested: dict[int, Outcome] = {}
        for player in sheet.players:
            entry = player.entry(round_number)
            if entry.outcome in REQUESTABLE_BYES:
                requested[player.start_rank] = entry.outcome
            elif (
                round_number <= sheet.rounds
                and entry.opponent is None
                and entry.outcome in (Outcome.NOT_PAIRED, Outcome.FORFEIT_LOSS)
            ):
                requested[player.start_rank] = Outcome.ZERO_BYE
        return cls(
            sheet=sheet,
            round=round_number,
            requested_byes=requested,
            planned_rounds=planned_rounds,
            initial_color=initial_color,
            forbidden=forbidden,
        )

    @classmethod
    def from_trf(cls, document: TrfDocument, round_number: int | None = None) -> PairingState:
        """The state a TRF(x) file describes for ``round_number`` (by default the round after
        the last one played): byes entered in the player lines, records 240 and ``XXZ``,
        the rounds (``XXR``/142), the first colour (``XXC``/152), forbidden pairs
        (``XXP``/260), acceleration (:func:`file_accelerations`)."""
        sheet = document.to_sheet()
        number = sheet.rounds + 1 if round_number is None else round_number
        base = cls.from_sheet(
            sheet,
            number,
            planned_rounds=document.planned_rounds,
            initial_color=document.initial_color or Color.WHITE,
            forbidden=tuple(
                (a, b)
                for group in document.forbidden_groups(number)
                for a, b in combinations(sorted(group), 2)
            ),
        )
        return replace(
            base,
            requested_byes={**document.requested_byes(number), **base.requested_byes},
            accelerations=file_accelerations(document, sheet),
        )

    def is_withdrawn(self, start_rank: int) -> bool:
        """Whether the player withdrew before this round."""
        withdrawn = self.sheet.player(start_rank).withdrawn_after
        return withdrawn is not None and withdrawn < self.round

    @property
    def to_pair(self) -> list[int]:
        """Starting ranks of the players the engine must pair (or give the PAB)."""
        return [
            p.start_rank
            for p in self.sheet.players
            if p.start_rank not in self.requested_byes
            and (p.withdrawn_after is None or p.withdrawn_after >= self.round)
        ]


def recorded_pairing(sheet: TournamentSheet, round_number: int) -> Pairing:
    """The pairing a sheet records for a round (to check an imported or submitted round):
    games by board in the order of the white player's starting rank; ``U`` entries, and a
    forfeit win without an opponent (how older programs wrote the bye), as byes."""
    pairs = []
    for player in sorted(sheet.players, key=lambda p: p.start_rank):
        entry = player.entry(round_number)
        if entry.opponent is None:
            continue
        if entry.color is Color.WHITE or (
            entry.color is None and player.start_rank < entry.opponent
        ):
            pairs.append((player.start_rank, entry.opponent))
    byes = tuple(
        p.start_rank
        for p in sheet.players
        if p.entry(round_number).opponent is None
        and p.entry(round_number).outcome in (Outcome.PAIRING_BYE, Outcome.FORFEIT_WIN)
    )
    return Pairing(pairs=tuple(pairs), byes=byes)


class PairingEngine(Protocol):
    """Anything that pairs a Swiss round."""

    def pair(self, state: PairingState) -> Pairing:
        """The pairing of ``state.round``; raises :class:`PairingError` when impossible."""
        ...


def file_accelerations(
    document: TrfDocument, sheet: TournamentSheet | None = None
) -> dict[int, tuple[Fraction, ...]]:
    """The virtual points a TRF file gives, by starting rank and round: its ``XXA`` records,
    else its records 250, else Baku's (C.04.5.1) when record 192 names it
    (:attr:`TrfDocument.baku_stated`), GA counted among the players paired in round 1, or
    before round 1 among those not announced absent."""
    if document.acceleration:
        return document.acceleration
    if document.acceleration_250:
        return document.acceleration_250
    if not document.baku_stated:
        return {}
    sheet = sheet or document.to_sheet()
    ranks = [player.start_rank for player in sheet.players]
    if sheet.rounds:
        present = [
            player.start_rank
            for player in sheet.players
            if player.entry(1).opponent is not None
            or player.entry(1).outcome is Outcome.PAIRING_BYE
        ]
    else:
        absent = document.requested_byes(1)
        present = [rank for rank in ranks if rank not in absent]
    rounds = document.planned_rounds or sheet.rounds
    return baku_from_round_one(ranks, present, rounds)
