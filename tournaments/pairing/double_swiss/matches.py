"""A Double-Swiss round is a two-game match (C.04.5, Preface): how it is held on a sheet.

The application's :class:`TournamentSheet` keeps one column per game. Match ``k`` is game
columns ``2k-1`` and ``2k``; a match pairing names the player with White in game 1 first, and
game 2 is played with the colours reversed. A bye (requested or pairing-allocated) applies to
the whole match, never to one game (Preface), so it fills both columns.

TRF-2026 has one opponent, colour and result per player per round and no record for a match,
so a Double-Swiss file is written the same way: one TRF round per game, record 192
``FIDE_DOUBLESWISS`` saying that two rounds make a match.

The Preface's rules live here:

* the result of a match is the sum of its two games: 2-0, 1½-½, 1-1, ½-1½, 0-2, and, since a
  game can end ½-0, 0-½ or 0-0, also 1½-0, 1-½, ½-1, 0-1½, 1-0, ½-½, 0-1, ½-0, 0-½, 0-0;
* a match ends by forfeit only when at least one player forfeits both games; then the two
  may be paired again. Any other match counts as played, a single forfeited game included
  (for tie-breaks and standings; not for rating).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from tournaments.pairing.base import Pairing
from tournaments.scoring.sheet import (
    Color,
    Outcome,
    PlayerSheet,
    PointSystem,
    RoundEntry,
    TournamentSheet,
)

DOUBLE_SWISS_POINTS = PointSystem(pairing_bye=Fraction(3, 4))
"""Points per game column. A pairing-allocated bye fills both columns of its match and is
worth a game won and a game drawn (C.04.5 1.4): 1½, so ¾ a column. A requested half-point
bye, ``H`` in both columns, is worth a drawn match (1); a full-point bye a won match (2)."""

_OTHER_SIDE = {
    Outcome.WIN: Outcome.LOSS,
    Outcome.DRAW: Outcome.DRAW,
    Outcome.LOSS: Outcome.WIN,
    Outcome.FORFEIT_WIN: Outcome.FORFEIT_LOSS,
    Outcome.FORFEIT_LOSS: Outcome.FORFEIT_WIN,
}


class MatchRecordError(ValueError):
    """The two game columns of a match do not make one match; the message says why."""


def game_columns(match: int) -> tuple[int, int]:
    """The sheet's columns of match ``match``: games ``2k-1`` and ``2k``."""
    if match < 1:
        raise ValueError(f"match {match}: matches start at 1")
    return 2 * match - 1, 2 * match


def match_of_column(column: int) -> int:
    """The match a game column belongs to."""
    return (column + 1) // 2


def matches_on_sheet(sheet: TournamentSheet) -> int:
    """How many matches the sheet's columns hold (a last odd column is half a match)."""
    return match_of_column(sheet.rounds)


@dataclass(frozen=True)
class MatchResult:
    """One player's match: the points of each side and whether it ended by forfeit."""

    points: Fraction
    opponent_points: Fraction
    forfeited: bool
    """At least one player forfeited both games (Preface): the match was not played, the
    two may meet again."""
    won_by_forfeit: bool
    """The opponent forfeited both games, this player did not ([C2] bars the PAB after it)."""

    @property
    def score(self) -> str:
        """The result as the Preface writes it, this player first (``1½-½``)."""
        return f"{_half_points(self.points)}-{_half_points(self.opponent_points)}"


def _half_points(value: Fraction) -> str:
    whole, half = divmod(value * 2, 2)
    text = str(int(whole)) if whole or not half else ""
    return text + ("½" if half else "")


def forfeits_both(games: tuple[Outcome, Outcome]) -> bool:
    """Whether a player forfeited both games of a match (a double forfeit counts for both)."""
    return all(outcome is Outcome.FORFEIT_LOSS for outcome in games)


def match_result(
    games: tuple[Outcome, Outcome],
    opponent_games: tuple[Outcome, Outcome],
    points: PointSystem = DOUBLE_SWISS_POINTS,
) -> MatchResult:
    """A played pairing's match from its two games, as each side recorded them."""
    mine = sum((points.points(outcome) for outcome in games), Fraction(0))
    theirs = sum((points.points(outcome) for outcome in opponent_games), Fraction(0))
    forfeited = forfeits_both(games) or forfeits_both(opponent_games)
    won = forfeits_both(opponent_games) and not forfeits_both(games)
    return MatchResult(mine, theirs, forfeited, won)


def match_entries(player: PlayerSheet, match: int) -> tuple[RoundEntry, RoundEntry]:
    """The player's two game entries of match ``match``."""
    first, second = game_columns(match)
    return player.entry(first), player.entry(second)


def match_opponent(player: PlayerSheet, match: int) -> int | None:
    """The opponent of the match (either game names him), ``None`` when unpaired."""
    one, two = match_entries(player, match)
    return one.opponent if one.opponent is not None else two.opponent


def first_game_colour(player: PlayerSheet, match: int) -> Color | None:
    """The colour the player was scheduled to have in game 1 of the match."""
    one, two = match_entries(player, match)
    if one.color is not None:
        return one.color
    if two.color is not None:
        return Color.BLACK if two.color is Color.WHITE else Color.WHITE
    return None


def player_match_result(sheet: TournamentSheet, player: PlayerSheet, match: int) -> MatchResult:
    """The player's result in a match he was paired in."""
    opponent = match_opponent(player, match)
    if opponent is None:
        raise ValueError(f"player {player.start_rank} has no opponent in match {match}")
    one, two = match_entries(player, match)
    them = match_entries(sheet.player(opponent), match)
    theirs = (them[0].outcome, them[1].outcome)
    return match_result((one.outcome, two.outcome), theirs, sheet.points)


def met_pairs(sheet: TournamentSheet, before_match: int) -> set[frozenset[int]]:
    """The pairs that met in the matches before ``before_match``: every pairing whose match
    did not end by forfeit (Preface: a forfeited match may be repeated)."""
    met: set[frozenset[int]] = set()
    for player in sheet.players:
        for match in range(1, before_match):
            opponent = match_opponent(player, match)
            if opponent is None or opponent < player.start_rank:
                continue
            if not player_match_result(sheet, player, match).forfeited:
                met.add(frozenset((player.start_rank, opponent)))
    return met


def game_pairings(pairing: Pairing) -> tuple[Pairing, Pairing]:
    """The two game columns of a match pairing: game 1 as paired, game 2 with the colours
    reversed; the pairing-allocated bye in both."""
    reversed_pairs = tuple((black, white) for white, black in pairing.pairs)
    return pairing, Pairing(pairs=reversed_pairs, byes=pairing.byes)


def match_game_entries(
    pairing: Pairing,
    match: int,
    results: dict[tuple[int, int], tuple[Outcome, Outcome]],
) -> dict[int, tuple[RoundEntry, RoundEntry]]:
    """Every paired player's two entries of the match: ``results`` gives, for each pair
    (white in game 1, black in game 1), the outcomes of that white player in games 1 and 2;
    the pairing-allocated bye is ``U`` in both columns."""
    first, second = game_columns(match)
    entries: dict[int, tuple[RoundEntry, RoundEntry]] = {}
    for white, black in pairing.pairs:
        game_one, game_two = results[(white, black)]
        entries[white] = (
            RoundEntry(first, game_one, black, Color.WHITE),
            RoundEntry(second, game_two, black, Color.BLACK),
        )
        entries[black] = (
            RoundEntry(first, _OTHER_SIDE.get(game_one, game_one), white, Color.BLACK),
            RoundEntry(second, _OTHER_SIDE.get(game_two, game_two), white, Color.WHITE),
        )
    for rank in pairing.byes:
        entries[rank] = (
            RoundEntry(first, Outcome.PAIRING_BYE),
            RoundEntry(second, Outcome.PAIRING_BYE),
        )
    return entries


def bye_entries(outcome: Outcome, match: int) -> tuple[RoundEntry, RoundEntry]:
    """A bye of the whole match (requested or allocated): the same outcome in both columns."""
    first, second = game_columns(match)
    return RoundEntry(first, outcome), RoundEntry(second, outcome)


def recorded_match_pairing(sheet: TournamentSheet, match: int) -> Pairing:
    """The match pairing the sheet records: boards (white in game 1, black in game 1) by the
    starting rank of the white player, the pairing-allocated byes. Raises
    :class:`MatchRecordError` when the two columns disagree (another opponent, the same
    colour twice, a bye in one game only)."""
    pairs: list[tuple[int, int]] = []
    byes: list[int] = []
    for player in sorted(sheet.players, key=lambda p: p.start_rank):
        one, two = match_entries(player, match)
        _check_columns(player, one, two, match)
        if one.outcome is Outcome.PAIRING_BYE:
            byes.append(player.start_rank)
            continue
        opponent = match_opponent(player, match)
        if opponent is None:
            continue
        colour = first_game_colour(player, match)
        # Without a colour in either game (both forfeited, written without one) the smaller
        # starting rank stands first, as base.recorded_pairing does for a single game.
        if colour is Color.WHITE or (colour is None and player.start_rank < opponent):
            pairs.append((player.start_rank, opponent))
    return Pairing(pairs=tuple(pairs), byes=tuple(byes))


def _check_columns(player: PlayerSheet, one: RoundEntry, two: RoundEntry, match: int) -> None:
    where = f"player {player.start_rank}, match {match} (games {one.round} and {two.round})"
    if one.opponent != two.opponent:
        raise MatchRecordError(f"{where}: another opponent in each game")
    if one.opponent is None:
        if (one.outcome is Outcome.PAIRING_BYE) != (two.outcome is Outcome.PAIRING_BYE):
            raise MatchRecordError(f"{where}: a pairing-allocated bye covers the whole match")
        return
    if one.color is not None and one.color == two.color:
        raise MatchRecordError(f"{where}: the same colour in both games")
