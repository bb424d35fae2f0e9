"""The published pairing of a Dutch round: each pair's colours (article 5) and the board
order (C.04.2)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tournaments.pairing.base import Pairing
from tournaments.pairing.dutch.players import Player, opposite
from tournaments.scoring.sheet import Color


def published(
    pairs: Iterable[tuple[int, int]],
    bye: int | None,
    players: Sequence[Player],
    initial_color: Color,
) -> Pairing:
    """Colours (article 5) and board order (C.04.2: by the higher player's score, then the
    lower player's score, then the higher player's pairing number). The score is the pairing
    score, real points plus virtual ones in an accelerated round: C.04.5 builds the brackets
    on that total, and the board order follows them (FIDE checklist D27, Q188)."""
    boards = []
    for a, b in pairs:
        first, second = sorted((players[a], players[b]), key=lambda p: p.start_rank)
        white, black = (
            (first, second)
            if colour_of(first, second, initial_color) is Color.WHITE
            else (second, first)
        )
        higher, lower = sorted((first, second), key=lambda p: (-p.pairing_score(), p.rank_index))
        boards.append(
            ((-higher.pairing_score(), -lower.pairing_score(), higher.rank_index), (white, black))
        )
    boards.sort(key=lambda board: board[0])
    return Pairing(
        pairs=tuple((w.start_rank, b.start_rank) for _, (w, b) in boards),
        byes=() if bye is None else (players[bye].start_rank,),
    )


def _ranks_above(a: Player, b: Player) -> bool:
    """Article 1.2: ``a`` is ranked above ``b`` (pairing score, then pairing number)."""
    return (a.pairing_score(), -a.rank_index) > (b.pairing_score(), -b.rank_index)


def colour_of(player: Player, opponent: Player, initial_color: Color) -> Color:
    """The colour ``player`` gets against ``opponent`` (article 5)."""
    colour = _by_preferences(player, opponent)
    if colour is not None:
        return colour
    higher = player if _ranks_above(player, opponent) else opponent
    if player.color_preference is None:
        # 5.2.5 / round 1: the higher ranked player gets the initial colour on odd pairing
        # numbers, the other one on even ones.
        higher_colour = initial_color if higher.rank_index % 2 == 0 else opposite(initial_color)
        return higher_colour if higher is player else opposite(higher_colour)
    # 5.2.5: the higher ranked player gets his preference.
    preference = higher.color_preference
    assert preference is not None
    return preference if higher is player else opposite(preference)


def _by_preferences(player: Player, opponent: Player) -> Color | None:
    """Articles 5.2.1–5.2.4: both preferences, the stronger one, then alternation from the
    last round in which the two had different colours."""
    mine, theirs = player.color_preference, opponent.color_preference
    if mine is None or theirs is None or mine is not theirs:
        if mine is not None:
            return mine
        return None if theirs is None else opposite(theirs)
    if player.absolute_preference and (
        player.color_imbalance > opponent.color_imbalance or not opponent.absolute_preference
    ):
        return mine
    if opponent.absolute_preference and (
        opponent.color_imbalance > player.color_imbalance or not player.absolute_preference
    ):
        return opposite(theirs)
    if player.strong_preference and not opponent.strong_preference:
        return mine
    if opponent.strong_preference and not player.strong_preference:
        return opposite(theirs)
    own = [r.color for r in reversed(player.history) if r.played and r.color is not None]
    other = [r.color for r in reversed(opponent.history) if r.played and r.color is not None]
    for a, b in zip(own, other, strict=False):
        if a is not b:
            return b
    return None
