"""The players of a match to pair, as the Double-Swiss text sees them (C.04.5 article 1).

The engine's :class:`PairingState` keeps the application's sheet in game columns; its
``round`` is the **match** to pair (``planned_rounds`` counts matches, ``accelerations`` give
virtual points per match). :func:`match_state` builds one from a sheet.

What a player brings to the pairing of match ``k``, from the matches before it:

* score (1.2.1): the points of every game column before the match, plus the virtual points
  of an accelerated event (C.04.7, which applies to any Swiss system);
* the opponents met ([C1]): every pairing but a match that ended by forfeit (Preface);
* colours (1.6): a player had a colour in a match when at least one of its games was actually
  played, the colour scheduled for game 1;
* matches played (3.4.3): those that did not end by forfeit;
* whether a pairing-allocated bye is barred ([C2]): after a PAB, a match won by forfeit, or a
  full-point bye;
* whether he floated in the previous match (1.5): he met an opponent with another score.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from fractions import Fraction

from tournaments.pairing.base import PairingState
from tournaments.pairing.double_swiss.matches import (
    first_game_colour,
    game_columns,
    match_entries,
    match_opponent,
    player_match_result,
)
from tournaments.scoring.sheet import Color, Outcome, PlayerSheet, TournamentSheet


def match_state(
    sheet: TournamentSheet,
    match: int,
    *,
    planned_matches: int | None = None,
    initial_color: Color = Color.WHITE,
    forbidden: tuple[tuple[int, int], ...] = (),
    accelerations: Mapping[int, tuple[Fraction, ...]] | None = None,
) -> PairingState:
    """The state before match ``match`` of a sheet in game columns: ``round`` is the match;
    the byes the first game column records (``H``, ``F``, ``Z``) are the requests, and, for a
    match already played, a player without an opponent or a bye in it was absent."""
    first, _ = game_columns(match)
    state = PairingState.from_sheet(
        sheet,
        first,
        planned_rounds=planned_matches,
        initial_color=initial_color,
        forbidden=forbidden,
    )
    return replace(state, round=match, accelerations=dict(accelerations or {}))


def is_present(state: PairingState, player: PlayerSheet) -> bool:
    """Whether the player is to be paired in the match: not withdrawn before its first game,
    no bye asked for (a withdrawal is stored as the last game column played)."""
    first, _ = game_columns(state.round)
    if player.start_rank in state.requested_byes:
        return False
    return player.withdrawn_after is None or player.withdrawn_after >= first


@dataclass(frozen=True)
class MatchPlayer:
    """One player to pair in the match."""

    rank: int
    """Starting rank, the TPN (1.1)."""
    score: Fraction
    met: frozenset[int]
    colours: tuple[Color, ...]
    """Game-1 colours of the matches with a colour (1.6), oldest first."""
    matches_played: int
    bye_barred: bool
    floated_last: bool

    @property
    def whites(self) -> int:
        return self.colours.count(Color.WHITE)


def match_players(state: PairingState) -> dict[int, MatchPlayer]:
    """Every player to pair in ``state.round``, by starting rank."""
    sheet = state.sheet
    present = [p for p in sheet.players if is_present(state, p)]
    return {p.start_rank: _match_player(state, p) for p in present}


def pairing_score(state: PairingState, player: PlayerSheet, match: int) -> Fraction:
    """The score before ``match`` (1.2.1): game points, plus any virtual points."""
    first, _ = game_columns(match)
    points = state.sheet.points
    total = sum((points.points(e.outcome) for e in player.rounds if e.round < first), Fraction(0))
    virtual = state.accelerations.get(player.start_rank, ())
    return total + (virtual[match - 1] if match <= len(virtual) else Fraction(0))


def _match_player(state: PairingState, player: PlayerSheet) -> MatchPlayer:
    met: set[int] = set()
    colours: list[Color] = []
    played = 0
    barred = False
    for match in range(1, state.round):
        opponent = match_opponent(player, match)
        if opponent is None:
            barred |= _bye_bars_pab(player, match)
            continue
        result = player_match_result(state.sheet, player, match)
        barred |= result.won_by_forfeit
        if result.forfeited:
            continue
        played += 1
        met.add(opponent)
        colour = first_game_colour(player, match)
        if colour is not None and any(e.outcome.played for e in match_entries(player, match)):
            colours.append(colour)
    return MatchPlayer(
        rank=player.start_rank,
        score=pairing_score(state, player, state.round),
        met=frozenset(met),
        colours=tuple(colours),
        matches_played=played,
        bye_barred=barred,
        floated_last=floated_in_match(state, player, state.round - 1),
    )


def _bye_bars_pab(player: PlayerSheet, match: int) -> bool:
    """[C2]: a PAB or a (FIDE-deprecated) full-point bye; a half-point bye does not bar it."""
    outcome = match_entries(player, match)[0].outcome
    return outcome in (Outcome.PAIRING_BYE, Outcome.FULL_BYE)


def floated_in_match(state: PairingState, player: PlayerSheet, match: int) -> bool:
    """1.5: in ``match`` the player met (a match not ended by forfeit) an opponent whose
    score before it differed from his."""
    if match < 1:
        return False
    opponent = match_opponent(player, match)
    if opponent is None or player_match_result(state.sheet, player, match).forfeited:
        return False
    other = state.sheet.player(opponent)
    return pairing_score(state, player, match) != pairing_score(state, other, match)
