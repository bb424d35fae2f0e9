"""C.04.5, Preface: a forfeited single game of a regularly played match counts as played for
the standings and tie-breaks; a match forfeited (a player forfeiting both games) does not."""

from __future__ import annotations

from tournaments.pairing.double_swiss.standings import single_forfeits_as_played
from tournaments.scoring.sheet import Color, Outcome, PlayerSheet, RoundEntry, TournamentSheet

W, B = Color.WHITE, Color.BLACK


def _player(rank: int, *games: tuple[int, Color, Outcome]) -> PlayerSheet:
    rounds = [
        RoundEntry(round=number, outcome=outcome, opponent=opponent, color=colour)
        for number, (opponent, colour, outcome) in enumerate(games, start=1)
    ]
    return PlayerSheet(start_rank=rank, name=f"Player {rank}", rounds=rounds)


SHEET = TournamentSheet(
    name="Double",
    rounds=2,
    players=[
        # 1-2: game 1 played, game 2 forfeited by 2: a regular match.
        _player(1, (2, W, Outcome.WIN), (2, B, Outcome.FORFEIT_WIN)),
        _player(2, (1, B, Outcome.LOSS), (1, W, Outcome.FORFEIT_LOSS)),
        # 3-4: 4 forfeits both games: the match ended by forfeit.
        _player(3, (4, W, Outcome.FORFEIT_WIN), (4, B, Outcome.FORFEIT_WIN)),
        _player(4, (3, B, Outcome.FORFEIT_LOSS), (3, W, Outcome.FORFEIT_LOSS)),
        # 5-6: game 1 a double forfeit, game 2 played: regular, both lose game 1.
        _player(5, (6, W, Outcome.FORFEIT_LOSS), (6, B, Outcome.DRAW)),
        _player(6, (5, B, Outcome.FORFEIT_LOSS), (5, W, Outcome.DRAW)),
    ],
)


def _outcomes(sheet: TournamentSheet) -> dict[int, tuple[Outcome, ...]]:
    return {p.start_rank: tuple(e.outcome for e in p.rounds) for p in sheet.players}


def test_single_forfeits_of_regular_matches_count_as_played_and_match_forfeits_stay():
    assert _outcomes(single_forfeits_as_played(SHEET)) == {
        1: (Outcome.WIN, Outcome.WIN),
        2: (Outcome.LOSS, Outcome.LOSS),
        3: (Outcome.FORFEIT_WIN, Outcome.FORFEIT_WIN),
        4: (Outcome.FORFEIT_LOSS, Outcome.FORFEIT_LOSS),
        5: (Outcome.LOSS, Outcome.DRAW),
        6: (Outcome.LOSS, Outcome.DRAW),
    }


def test_the_sheet_itself_keeps_its_forfeits():
    single_forfeits_as_played(SHEET)
    assert SHEET.player(2).entry(2).outcome is Outcome.FORFEIT_LOSS
