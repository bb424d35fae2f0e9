"""Every result and bye kind of one round, from the database through scoring and TRF.

Expected values are FIDE's: Art. 12 of the Laws (1, ½, 0; a forfeit win scores 1 and is not
a game played; both losing 10.17 score 0), the checklist's ½-0 and 0-½ (F36), C.07's WIN
(wins with or without playing) against WON (games won over the board), and the TRF16 codes.
"""

from fractions import Fraction

import pytest

from tests.factories import PlayerFactory, TournamentFactory
from tournaments.models import ByeKind, Round
from tournaments.scoring.standings import StandingsNotFinalError
from tournaments.selectors import sheet_and_standings, tournament_standings
from tournaments.services import adjourn_game, record_result
from tournaments.services.rounds import store_round
from tournaments.services.trf_exchange import export_trf
from tournaments.trf import read_trf

pytestmark = pytest.mark.django_db

HALF = Fraction(1, 2)
# result, unrated → (white points, black points, white TRF code, black TRF code)
GAMES = [
    ("1-0", False, 1, 0, "1", "0"),
    ("0-1", False, 0, 1, "0", "1"),
    ("1/2-1/2", False, HALF, HALF, "=", "="),
    ("+/-", False, 1, 0, "+", "-"),
    ("-/+", False, 0, 1, "-", "+"),
    ("-/-", False, 0, 0, "-", "-"),
    # Never rated (FIDE rates only 1-0, ½-½, 0-1): L/L whether or not marked not rated.
    ("0-0", False, 0, 0, "L", "L"),
    ("1-0", True, 1, 0, "W", "L"),
]
# FIDE checklist F36: one player scores ½, the other 0; in a game of less than one move too.
HALF_ZERO = [
    ("1/2-0", False, HALF, 0, "D", "L"),
    ("0-1/2", False, 0, HALF, "L", "D"),
    ("1/2-0", True, HALF, 0, "D", "L"),
    ("0-1/2", True, 0, HALF, "L", "D"),
]
BYES = [
    (ByeKind.PAIRING_ALLOCATED, 1, "U"),
    (ByeKind.HALF_POINT, HALF, "H"),
    (ByeKind.FULL_POINT, 1, "F"),
    (ByeKind.ZERO_POINT, 0, "Z"),
    (ByeKind.ABSENT, 0, "-"),
]


def build(games):
    tournament = TournamentFactory(number_of_rounds=3)
    players = PlayerFactory.create_batch(2 * len(games) + len(BYES), tournament=tournament)
    pairs = [(players[2 * i], players[2 * i + 1]) for i in range(len(games))]
    byes = [(players[2 * len(games) + i], kind) for i, (kind, *_) in enumerate(BYES)]
    round_1 = store_round(
        tournament, 1, pairs, byes, paired_by=Round.PairedBy.MANUAL, status="published"
    )
    for (result, unrated, *_), board in zip(
        games, round_1.pairings.order_by("board"), strict=False
    ):
        record_result(board, result, source="hand", user=None, unrated=unrated)
    return tournament, pairs, byes


@pytest.fixture
def event():
    return build(GAMES)


def expected_points(pairs, byes, games):
    expected = {}
    for (white, black), (_, _, white_points, black_points, *_) in zip(pairs, games, strict=True):
        expected[white.start_rank] = white_points
        expected[black.start_rank] = black_points
    for (player, _), (_, points, _) in zip(byes, BYES, strict=True):
        expected[player.start_rank] = points
    return expected


def test_points_of_every_result_and_bye(event):
    tournament, pairs, byes = event
    rows = tournament_standings(tournament, tiebreaks=["WIN", "WON"]).by_start_rank()
    assert {rank: row.points for rank, row in rows.items()} == expected_points(pairs, byes, GAMES)

    def win_won(player):
        return tuple(value.value for value in rows[player.start_rank].tiebreaks)

    assert win_won(pairs[0][0]) == (1, 1)  # won over the board
    assert win_won(pairs[3][0]) == (1, 0)  # won by forfeit: a win, not a game won
    assert win_won(byes[0][0]) == (1, 0)  # the pairing-allocated bye


def test_trf_codes_of_every_result_and_bye(event):
    tournament, pairs, byes = event
    players = {p.start_rank: p for p in read_trf(export_trf(tournament)).players}

    def code(player):
        return players[player.start_rank].games[0].result

    for (white, black), (*_, white_code, black_code) in zip(pairs, GAMES, strict=True):
        assert (code(white), code(black)) == (white_code, black_code)
    assert [code(player) for player, _ in byes] == [trf for *_, trf in BYES]


def test_points_of_half_zero_results():
    tournament, pairs, byes = build(HALF_ZERO)
    expected = expected_points(pairs, byes, HALF_ZERO)
    rows = tournament_standings(tournament, tiebreaks=[]).by_start_rank()
    assert {r: row.points for r, row in rows.items()} == expected
    # The sheet, which crosstables and reports print, takes them too.
    rows = sheet_and_standings(tournament, tiebreaks=["BH"])[1].by_start_rank()
    assert {r: row.points for r, row in rows.items()} == expected


def test_trf_codes_of_half_zero_results():
    tournament, pairs, _ = build(HALF_ZERO)
    players = {p.start_rank: p for p in read_trf(export_trf(tournament)).players}
    codes = [tuple(players[p.start_rank].games[0].result for p in pair) for pair in pairs]
    assert codes == [(white, black) for *_, white, black in HALF_ZERO]


def test_an_adjourned_game_counts_as_a_draw_but_keeps_the_standings_provisional(event):
    tournament, pairs, _ = event
    white, black = pairs[0]
    round_2 = store_round(
        tournament, 2, [(black, white)], [], paired_by=Round.PairedBy.MANUAL, status="published"
    )
    adjourn_game(round_2.pairings.get(), user=None)
    standings = tournament_standings(tournament, tiebreaks=[])
    assert set(standings.pending) == {(2, black.start_rank), (2, white.start_rank)}
    assert standings.by_start_rank()[black.start_rank].points == HALF
    with pytest.raises(StandingsNotFinalError, match="adjourned"):
        tournament_standings(tournament, tiebreaks=[], final=True)
    assert "?" in export_trf(tournament, version=2026)
