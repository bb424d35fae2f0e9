"""The Double-Swiss pairing engine (C.04.5 as applied from 1 February 2026).

``state.round`` is the match to pair; the sheet holds one column per game (match ``k`` is
columns ``2k-1`` and ``2k``, see :mod:`.matches`); ``planned_rounds`` counts matches, and
``accelerations`` give virtual points per match. Requested byes, withdrawals (the last game
column played), forbidden pairs and the initial-colour are honoured.

The procedure (3.3.2): the pairing-allocated bye first (3.4); then the top scoregroup, with
the upfloaters 3.5 chooses, forms a bracket paired by 3.6, again and again until everybody is
paired; then the colours of every pair (article 4). A round that cannot be completed (3.3.3,
the Chief Arbiter decides) raises :class:`PairingError`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tournaments.pairing.base import Pairing, PairingError, PairingState
from tournaments.pairing.double_swiss.bracket import pair_bracket
from tournaments.pairing.double_swiss.bye import allocate_bye
from tournaments.pairing.double_swiss.colours import allocate_colours, board_key
from tournaments.pairing.double_swiss.criteria import RoundContext
from tournaments.pairing.double_swiss.players import match_players
from tournaments.pairing.double_swiss.upfloaters import choose_upfloaters, top_scoregroup

ENGINE_NAME = "Arbiter Double-Swiss engine"
RULES = "FIDE C.04.5 (2026)"


@dataclass(frozen=True)
class Bracket:
    """One bracket as the procedure paired it: its residents, upfloaters and pairs."""

    residents: tuple[int, ...]
    upfloaters: tuple[int, ...]
    pairs: tuple[tuple[int, int], ...]
    breaks_c6: bool = False
    c7: int = 0


@dataclass(frozen=True)
class RoundPairing:
    """The whole procedure's answer, for the checker and the explanations."""

    bye: int | None
    brackets: tuple[Bracket, ...]
    pairing: Pairing
    colour_articles: dict[tuple[int, int], str] = field(default_factory=dict)


def pair_match(state: PairingState) -> RoundPairing:
    """The pairing of match ``state.round``, with the steps that made it."""
    players = match_players(state)
    context = RoundContext.of(state, players)
    if not context.completable(players) and len(players) % 2 == 0:
        raise PairingError(_impossible(state))
    try:
        bye = allocate_bye(context)
    except PairingError as error:
        raise PairingError(f"match {state.round}: {error}") from None
    remaining = sorted(set(players) - {bye} if bye is not None else set(players))
    brackets: list[Bracket] = []
    while remaining:
        brackets.append(_pair_top_scoregroup(context, remaining))
        paired = {rank for pair in brackets[-1].pairs for rank in pair}
        remaining = [rank for rank in remaining if rank not in paired]
    pairs = [pair for bracket in brackets for pair in bracket.pairs]
    pairs.sort(key=lambda pair: board_key(players[pair[0]], players[pair[1]]))
    coloured: list[tuple[int, int]] = []
    articles: dict[tuple[int, int], str] = {}
    for a, b in pairs:
        board, article = allocate_colours(players[a], players[b], state.initial_color)
        coloured.append(board)
        articles[board] = article
    byes = (bye,) if bye is not None else ()
    return RoundPairing(bye, tuple(brackets), Pairing(tuple(coloured), byes), articles)


def _pair_top_scoregroup(context: RoundContext, remaining: list[int]) -> Bracket:
    residents = top_scoregroup(context, remaining)
    choice = choose_upfloaters(context, remaining)
    bracket = [*residents, *choice.upfloaters]
    pairs = pair_bracket(context, bracket, choice.upfloaters)
    return Bracket(tuple(residents), choice.upfloaters, tuple(pairs), choice.breaks_c6, choice.c7)


def _impossible(state: PairingState) -> str:
    return (
        f"match {state.round} cannot be paired: no pairing of the players keeps them from "
        "meeting again ([C1], C.04.5 3.3.3: the Chief Arbiter decides)"
    )


@dataclass(frozen=True)
class DoubleSwissEngine:
    """Pairs a match of a Double-Swiss event by FIDE C.04.5 (2026)."""

    @property
    def label(self) -> str:
        return f"{ENGINE_NAME}, {RULES}"

    def pair(self, state: PairingState) -> Pairing:
        """The pairing of match ``state.round``: (White in game 1, Black in game 1) pairs in
        board order, the pairing-allocated bye."""
        return pair_match(state).pairing
