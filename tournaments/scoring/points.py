"""Points from the outcome sheet (Art. 12), and the checks that make a sheet consistent.

A forfeit scores like a win or a loss but counts as unplayed for tie-breaks; a bye scores
what its kind is worth; both players losing (10.17) is a loss on both lines; an adjourned
game (``X``) counts as a draw until it is decided, and keeps the standings from being final.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from operator import attrgetter

from tournaments.scoring.sheet import Outcome, PlayerSheet, PointSystem, RoundEntry, TournamentSheet

VOLUNTARY_UNPLAYED = frozenset(
    {Outcome.FORFEIT_LOSS, Outcome.HALF_BYE, Outcome.ZERO_BYE, Outcome.NOT_PAIRED}
)
"""C.07 Art. 16: rounds a player did not play by his own doing (VUR), cut first."""

_NEEDS_OPPONENT = frozenset(outcome for outcome in Outcome if outcome.played)
"""A game played over the board has an opponent on the sheet."""
_NO_OPPONENT = frozenset(
    {
        Outcome.HALF_BYE,
        Outcome.FULL_BYE,
        Outcome.ZERO_BYE,
        Outcome.PAIRING_BYE,
        Outcome.NOT_PAIRED,
    }
)
# What the opponent's line may say for each outcome; LOSS–LOSS is 10.17 (both lose 0–0),
# a double forfeit is FORFEIT_LOSS on both lines.
# A loss may face a loss (both lose, 10.17) or a draw: the arbiter's ½-0 and 0-½ (one player
# penalised, the other not awarded the win) are legal results (FIDE checklist F36), in a
# game of less than one move as in any other.
_MATCHING = {
    Outcome.WIN: {Outcome.LOSS},
    Outcome.LOSS: {Outcome.WIN, Outcome.LOSS, Outcome.DRAW},
    Outcome.DRAW: {Outcome.DRAW, Outcome.LOSS},
    Outcome.UNRATED_WIN: {Outcome.UNRATED_LOSS},
    Outcome.UNRATED_LOSS: {Outcome.UNRATED_WIN, Outcome.UNRATED_LOSS, Outcome.UNRATED_DRAW},
    Outcome.UNRATED_DRAW: {Outcome.UNRATED_DRAW, Outcome.UNRATED_LOSS},
    Outcome.ADJOURNED: {Outcome.ADJOURNED},
    Outcome.FORFEIT_WIN: {Outcome.FORFEIT_LOSS},
    Outcome.FORFEIT_LOSS: {Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS},
}


class SheetError(ValueError):
    """The outcome sheet contradicts itself; the message names the player and the round."""


_ROUND = attrgetter("round")


def rounds_of(player: PlayerSheet, rounds: int) -> tuple[RoundEntry, ...]:
    """The player's entries for rounds 1..``rounds``, ``NOT_PAIRED`` where there is none."""
    entries = player.rounds
    if len(entries) == rounds and list(map(_ROUND, entries)) == list(range(1, rounds + 1)):
        return tuple(entries)  # already one entry a round, in order (as sheets are built)
    by_round = {entry.round: entry for entry in entries}
    return tuple(
        by_round.get(number, RoundEntry(round=number, outcome=Outcome.NOT_PAIRED))
        for number in range(1, rounds + 1)
    )


def outcome_points(system: PointSystem) -> dict[Outcome, Fraction]:
    """The points of every outcome under ``system``, looked up once."""
    return {outcome: system.points(outcome) for outcome in Outcome}


def player_points(sheet: TournamentSheet) -> dict[int, Fraction]:
    """Each player's points after ``sheet.rounds`` rounds, by starting rank."""
    worth = outcome_points(sheet.points)
    return {
        player.start_rank: sum(
            (worth[entry.outcome] for entry in rounds_of(player, sheet.rounds)), Fraction(0)
        )
        for player in sheet.players
    }


def pending_games(sheet: TournamentSheet) -> list[tuple[int, int]]:
    """``(round, starting rank)`` of every adjourned game not yet decided."""
    return sorted(
        (entry.round, player.start_rank)
        for player in sheet.players
        for entry in player.rounds
        if entry.outcome is Outcome.ADJOURNED and entry.round <= sheet.rounds
    )


def check_sheet(sheet: TournamentSheet) -> Mapping[int, PlayerSheet]:
    """Check that the sheet is consistent and return its players by starting rank.

    Each game must appear on both players' lines with matching outcomes; byes have no
    opponent; no round is entered twice. Raises :class:`SheetError` naming what is wrong.
    """
    players: dict[int, PlayerSheet] = {}
    lines: dict[int, dict[int, RoundEntry]] = {}
    """Each player's entries by round."""
    for player in sheet.players:
        if player.start_rank in players:
            raise SheetError(f"starting rank {player.start_rank} is given to two players")
        players[player.start_rank] = player
        numbers = list(map(_ROUND, player.rounds))
        line = dict(zip(numbers, player.rounds, strict=True))
        if len(line) != len(numbers) or min(numbers, default=1) < 1:
            _check_rounds(player)
        lines[player.start_rank] = line
    for number, player in players.items():
        for entry in player.rounds:
            opponent = entry.opponent
            if opponent is None:
                if entry.outcome in _NEEDS_OPPONENT:
                    _check_entry(players, lines, number, entry)
                continue
            # The usual case, a game on both lines, in one look-up; anything else is
            # checked step by step, which says what is wrong.
            reply = lines[opponent].get(entry.round) if opponent in lines else None
            if (
                reply is not None
                and reply.opponent == number
                and opponent != number
                and reply.outcome in _MATCHING.get(entry.outcome, ())
            ):
                continue
            _check_entry(players, lines, number, entry)
    return players


def _check_rounds(player: PlayerSheet) -> None:
    """Raise the error of the first round entered twice or numbered below 1."""
    seen: set[int] = set()
    for entry in player.rounds:
        where = f"player {player.start_rank}, round {entry.round}"
        if entry.round in seen:
            raise SheetError(f"{where}: the round is entered twice")
        if entry.round < 1:
            raise SheetError(f"{where}: rounds are numbered from 1")
        seen.add(entry.round)


def _check_entry(
    players: Mapping[int, PlayerSheet],
    lines: Mapping[int, Mapping[int, RoundEntry]],
    number: int,
    entry: RoundEntry,
) -> None:
    where = f"player {number}, round {entry.round}"
    if entry.opponent is None:
        if entry.outcome in _NEEDS_OPPONENT:
            raise SheetError(f"{where}: result {entry.outcome.value!r} needs an opponent")
        return
    if entry.outcome in _NO_OPPONENT:
        raise SheetError(
            f"{where}: result {entry.outcome.value!r} is a bye but names opponent {entry.opponent}"
        )
    if entry.opponent == number:
        raise SheetError(f"{where}: the player is paired against himself")
    if entry.opponent not in players:
        raise SheetError(f"{where}: opponent {entry.opponent} is not in the tournament")
    reply = lines[entry.opponent].get(entry.round, RoundEntry(entry.round, Outcome.NOT_PAIRED))
    if reply.opponent != number:
        raise SheetError(
            f"{where}: the opponent {entry.opponent} has "
            f"{'no opponent' if reply.opponent is None else f'opponent {reply.opponent}'}"
            " in that round"
        )
    if reply.outcome not in _MATCHING[entry.outcome]:
        raise SheetError(
            f"{where}: result {entry.outcome.value!r} against {entry.opponent}, "
            f"who has {reply.outcome.value!r}"
        )
