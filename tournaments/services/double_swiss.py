"""Double-Swiss events (FIDE C.04.5) in the application.

Every game is a :class:`~tournaments.models.Round` of its own, so results, standings,
crosstables, TRF files and the live view work on games as for any event; match ``k`` is
rounds ``2k-1`` and ``2k`` (the pairing package's game columns,
:mod:`tournaments.pairing.double_swiss.matches`), and ``number_of_rounds`` counts games.

* Game 1 of a match (an odd round) is paired by the Double-Swiss engine on the match's
  state (:func:`match_pairing_state`), or checked as a match pairing when it is submitted.
* Game 2 (an even round) is game 1 with the colours reversed and the same byes (Preface: a
  match is two games with alternating colours; byes apply only to matches): the program
  copies it (:func:`second_game_boards`) and refuses any other (:func:`second_game_problems`).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from itertools import combinations

from django.utils.translation import gettext as _

from tournaments.models import ByeKind, Player, Round, Tournament
from tournaments.pairing import Pairing as EnginePairing
from tournaments.pairing import PairingError, PairingState
from tournaments.pairing.double_swiss import match_state, recorded_match_pairing
from tournaments.pairing.double_swiss.matches import (
    MatchRecordError,
    match_of_column,
    matches_on_sheet,
)
from tournaments.pairing.double_swiss.validate import validate_match_round
from tournaments.pairing.validate import RoundCheck
from tournaments.scoring.sheet import Color
from tournaments.selectors import pairing_state
from tournaments.trf import TrfDocument


def is_second_game(tournament: Tournament, number: int) -> bool:
    """Whether round ``number`` is game 2 of a match of a Double-Swiss event."""
    return number % 2 == 0 and tournament.plays_matches


def match_and_game(number: int) -> tuple[int, int]:
    """The match of game round ``number`` and its game in it (1 or 2)."""
    return match_of_column(number), 2 - number % 2


def match_pairing_state(tournament: Tournament, number: int) -> PairingState:
    """The state the engine pairs match ``k`` from, ``number`` being its first game
    (``2k-1``): the event's state before that game, with the match as the round, the
    planned matches, and the virtual points of an accelerated event summed per match."""
    state = pairing_state(tournament, number)
    return replace(
        state,
        round=match_of_column(number),
        planned_rounds=tournament.number_of_rounds // 2,
        accelerations={rank: _per_match(points) for rank, points in state.accelerations.items()},
    )


def engine_state(tournament: Tournament, number: int) -> PairingState:
    """The state the event's engine pairs round ``number`` from: its match's for a
    Double-Swiss event, the round's for any other Swiss."""
    if tournament.plays_matches:
        return match_pairing_state(tournament, number)
    return pairing_state(tournament, number)


def _per_match(points: tuple[Fraction, ...]) -> tuple[Fraction, ...]:
    """Virtual points by game round, added up two by two into points by match."""
    return tuple(sum(points[i : i + 2], Fraction(0)) for i in range(0, len(points), 2))


def check_match_pairing(tournament: Tournament, number: int, pairing: EnginePairing) -> RoundCheck:
    """A submitted game 1 checked as the pairing of its match (C.04.5's absolute rules:
    every player once, no second meeting unless their match was forfeited, the bye)."""
    return validate_match_round(match_pairing_state(tournament, number), pairing)


def second_game_boards(
    tournament: Tournament, number: int
) -> tuple[list[tuple[Player, Player]], list[tuple[Player, str]]]:
    """Game 2's boards, from game 1 (round ``number - 1``): each game with the colours
    reversed on the same board, then every bye of game 1 (requested or pairing-allocated)
    given again, since a bye covers the whole match (Preface)."""
    first = Round.objects.get(tournament=tournament, number=number - 1)
    boards = first.pairings.select_related("white", "black").order_by("board")
    games = [(board.black, board.white) for board in boards if board.black is not None]
    byes = [(board.white, board.bye) for board in boards if board.black is None]
    return games, byes


def second_game_problems(tournament: Tournament, number: int, pairing: EnginePairing) -> list[str]:
    """Why ``pairing`` cannot be game 2 of its match: it must be game 1 with the colours
    reversed and game 1's pairing-allocated bye."""
    games, byes = second_game_boards(tournament, number)
    expected_pairs = {(white.start_rank, black.start_rank) for white, black in games}
    expected_byes = {p.start_rank for p, kind in byes if kind == ByeKind.PAIRING_ALLOCATED}
    if set(pairing.pairs) == expected_pairs and set(pairing.byes) == expected_byes:
        return []
    match, _game = match_and_game(number)
    return [
        _(
            "Round %(round)s is game 2 of match %(match)s: its boards are game 1's with the "
            "colours reversed, and the same byes (C.04.5, Preface: a match is two games with "
            "alternating colours)."
        )
        % {"round": number, "match": match}
    ]


def second_game_bye_refusal(tournament: Tournament, number: int) -> str:
    """Why a bye may not be asked for round ``number`` alone ("" when it may)."""
    if not is_second_game(tournament, number):
        return ""
    match, _game = match_and_game(number)
    return _(
        "Round %(round)s is game 2 of match %(match)s: in a Double-Swiss event a bye is for "
        "a whole match (C.04.5, Preface); ask for it in round %(first)s, game 1."
    ) % {"round": number, "match": match, "first": number - 1}


def round_caption(tournament: Tournament, number: int) -> str:
    """ "match k, game g" for a round of a Double-Swiss event ("" for any other event)."""
    if not tournament.plays_matches:
        return ""
    match, game = match_and_game(number)
    return _("match %(match)s, game %(game)s") % {"match": match, "game": game}


def imported_match_checks(document: TrfDocument) -> list[tuple[int, list[str]]]:
    """A Double-Swiss file's matches checked as submitted ones are (FIDE checklist J51), by
    C.04.5's rules rather than a single game's (game 2 meets game 1's opponent again): each
    match that breaks them, by the number of its first round, with the rules broken."""
    sheet = document.to_sheet()
    planned = document.planned_rounds
    forbidden = tuple(
        (a, b) for group in document.forbidden_groups(1) for a, b in combinations(sorted(group), 2)
    )
    breaches = []
    for match in range(1, matches_on_sheet(sheet) + 1):
        first = 2 * match - 1
        try:
            recorded = recorded_match_pairing(sheet, match)
            state = match_state(
                sheet,
                match,
                planned_matches=(planned + 1) // 2 if planned else None,
                initial_color=document.initial_color or Color.WHITE,
                forbidden=forbidden,
            )
        except (MatchRecordError, PairingError) as error:
            breaches.append((first, [str(error)]))
            continue
        if problems := validate_match_round(state, recorded).breaches:
            breaches.append((first, problems))
    return breaches
