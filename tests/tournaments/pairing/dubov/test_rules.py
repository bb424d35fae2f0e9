"""The Dubov rules (C.04.4.1) one article at a time.

The text has no worked pairing example; its notes illustrate two orders, tested here: the
sequence numbers of the shifters (4.3.3) and the order of transpositions (4.4.2). The other
tests take small rounds whose answer follows from one article.
"""

import pytest

from tournaments.pairing.base import PairingState
from tournaments.pairing.dubov import DubovEngine
from tournaments.pairing.dubov.bracket import middle_out
from tournaments.pairing.dubov.players import (
    Preference,
    Strength,
    average_rating,
    colour_preference,
    max_upfloats,
)
from tournaments.pairing.systems import DUBOV, system_named, system_of_document
from tournaments.scoring.sheet import Color, Outcome, PlayerSheet, RoundEntry, TournamentSheet
from tournaments.trf import TrfDocument

W, B = Color.WHITE, Color.BLACK


def test_shifters_numbered_from_the_middle_outwards_4_3_3() -> None:
    # Of two players in the middle, the one higher in the list comes first.
    assert middle_out([1, 2, 3, 4]) == [2, 3, 1, 4]
    assert middle_out([1, 2, 3, 4, 5]) == [3, 2, 4, 1, 5]
    assert middle_out([1, 2, 3, 4, 5, 6]) == [3, 4, 2, 5, 1, 6]


@pytest.mark.parametrize(
    ("colours", "expected"),
    [
        ((), Preference(B, Strength.MILD)),  # 1.6.4: no game yet, mild for black
        ((W,), Preference(B, Strength.STRONG)),  # 1.6.2
        ((W, B), Preference(W, Strength.MILD)),  # 1.6.3: alternate
        ((B, W, W), Preference(B, Strength.ABSOLUTE)),  # 1.6.1: the same colour twice
        ((W, B, W, W, B, W), Preference(B, Strength.ABSOLUTE)),  # 1.6.1: difference +2
        ((B, B, W, W), Preference(B, Strength.ABSOLUTE)),  # twice white, difference 0
    ],
)
def test_colour_preferences_1_6(colours: tuple[Color, ...], expected: Preference) -> None:
    assert colour_preference(colours) == expected


def test_aro_rounds_half_up_and_is_zero_before_any_game_1_7() -> None:
    assert average_rating([2000, 2001]) == 2001
    assert average_rating([2000, 2003]) == 2002
    assert average_rating([]) == 0


def test_maximum_upfloats_1_8_2() -> None:
    assert [max_upfloats(rounds) for rounds in (4, 5, 9, 10, 11)] == [2, 3, 3, 4, 4]


def test_record_192_names_dubov_without_an_edition() -> None:
    assert system_named("dubov") is DUBOV
    document = TrfDocument.from_sheet(TournamentSheet("t", 0, []), records=[])
    assert DUBOV.trf_codes == ("FIDE_DUBOV",)
    assert system_of_document(document) is None


def _sheet(rounds: int, players: list[tuple[int, list[RoundEntry]]]) -> TournamentSheet:
    return TournamentSheet(
        "t",
        rounds,
        [
            PlayerSheet(start_rank=rank, name=f"P{rank}", rating=2400 - 10 * rank, rounds=r)
            for rank, r in players
        ],
    )


def _game(number: int, opponent: int, colour: Color, outcome: Outcome) -> RoundEntry:
    return RoundEntry(number, outcome, opponent, colour)


def test_round_one_top_half_against_bottom_half_5_1_and_5_2_1() -> None:
    sheet = _sheet(0, [(rank, []) for rank in range(1, 7)])
    pairing = DubovEngine().pair(PairingState(sheet, 1))
    # G1 = 1, 2, 3 against G2 = 4, 5, 6; odd TPNs of the higher player take the initial colour.
    assert pairing.pairs == ((1, 4), (5, 2), (3, 6))
    black_first = DubovEngine().pair(PairingState(sheet, 1, initial_color=B))
    assert black_first.pairs == ((4, 1), (2, 5), (6, 3))


def test_bye_to_the_lowest_score_with_most_games_then_largest_tpn_3_1() -> None:
    # Round 2 of five: 4 lost, 5 was absent in round 1 (0 points, no game): 4 gets the bye
    # (3.1.4, more games played) though 5 has the larger TPN.
    sheet = _sheet(
        1,
        [
            (1, [_game(1, 4, W, Outcome.WIN)]),
            (2, [_game(1, 3, B, Outcome.WIN)]),
            (3, [_game(1, 2, W, Outcome.LOSS)]),
            (4, [_game(1, 1, B, Outcome.LOSS)]),
            (5, [RoundEntry(1, Outcome.ZERO_BYE)]),
        ],
    )
    pairing = DubovEngine().pair(PairingState(sheet, 2, planned_rounds=5))
    assert pairing.byes == (4,)
    assert set(pairing.pairs) == {(2, 1), (5, 3)}  # 5.2.2: 1 is due black, 2 white


def _round_two() -> TournamentSheet:
    """Round 1 of eight: 1, 2, 3, 4 beat 5, 6, 7, 8; 1 and 3 had white, 2 and 4 black."""
    games = [(1, 5, W), (2, 6, B), (3, 7, W), (4, 8, B)]
    players = []
    for winner, loser, colour in games:
        other = B if colour is W else W
        players.append((winner, [_game(1, loser, colour, Outcome.WIN)]))
        players.append((loser, [_game(1, winner, other, Outcome.LOSS)]))
    return _sheet(1, sorted(players))


def test_s1_by_ascending_aro_meets_g2_in_the_first_transposition_3_2_5() -> None:
    # 1 point: G1 (due white) 2 and 4, G2 (due black) 1 and 3. S1 by ascending ARO: 4 (met
    # 8, rated 2320) before 2 (met 6, 2340); T2 = (1, 3): 4-1, 2-3. 0 points: S1 7, 5 (ARO
    # 2370, 2390) against G2 6, 8.
    pairing = DubovEngine().pair(PairingState(_round_two(), 2, planned_rounds=5))
    # Boards by the higher ranked player's TPN within equal scores.
    assert pairing.pairs == ((4, 1), (2, 3), (5, 8), (7, 6))


def test_an_illegal_transposition_gives_way_to_the_next_4_4_2() -> None:
    # With 1-4 forbidden, T2 = (1, 3) is illegal; the next transposition (3, 1) pairs 4-3, 2-1.
    state = PairingState(_round_two(), 2, planned_rounds=5, forbidden=((1, 4),))
    assert DubovEngine().pair(state).pairs == ((2, 1), (4, 3), (5, 8), (7, 6))


def test_engine_label_names_the_rules() -> None:
    assert DubovEngine().label == "Arbiter Dubov engine, FIDE C.04.4.1 (2025)"
