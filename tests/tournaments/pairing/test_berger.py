"""Round robin against the published FIDE Berger tables (Handbook C.05, Annex 1)."""

import re
from pathlib import Path

import pytest

from tournaments.pairing import Pairing, PairingError, berger_rounds, berger_table

TABLES_FILE = Path(__file__).resolve().parents[2] / "data/pairing/berger_tables_fide_c05_annex1.txt"


def published_tables() -> dict[int, list[list[tuple[int, int]]]]:
    """The transcription: {even number of players: [round: [(white, black), ...]]}."""
    tables: dict[int, list[list[tuple[int, int]]]] = {}
    size = 0
    for line in TABLES_FILE.read_text().splitlines():
        if heading := re.fullmatch(r"(\d+) or (\d+) players:", line):
            size = int(heading.group(2))
            tables[size] = []
        elif line.startswith("Rd "):
            number, boards = line[3:].split(":")
            assert int(number) == len(tables[size]) + 1
            pairs = re.findall(r"(\d+)-(\d+)", boards)
            tables[size].append([(int(w), int(b)) for w, b in pairs])
    return tables


PUBLISHED = published_tables()


def test_transcription_is_complete():
    assert sorted(PUBLISHED) == [4, 6, 8, 10, 12, 14, 16]
    for size, rounds in PUBLISHED.items():
        assert len(rounds) == size - 1
        assert all(len(boards) == size // 2 for boards in rounds)


@pytest.mark.parametrize("players", range(3, 17))
def test_every_round_matches_the_fide_table(players):
    table = PUBLISHED[players + players % 2]
    computed = berger_table(players)
    assert len(computed) == len(table)
    for number, (ours, published) in enumerate(zip(computed, table, strict=True), start=1):
        assert list(ours) == published, f"{players} players, round {number}"


def test_odd_number_of_players_the_highest_number_is_the_bye():
    rounds = berger_rounds(5)
    assert rounds[0] == Pairing(pairs=((2, 5), (3, 4)), byes=(1,))
    assert rounds[1] == Pairing(pairs=((5, 3), (1, 2)), byes=(4,))
    assert sorted(bye for r in rounds for bye in r.byes) == [1, 2, 3, 4, 5]


def test_every_pair_meets_once_with_each_player_once_per_round():
    for players in range(3, 17):
        rounds = berger_rounds(players)
        met = [frozenset(pair) for r in rounds for pair in r.pairs]
        assert len(met) == len(set(met)) == players * (players - 1) // 2
        for r in rounds:
            assert sorted(r.players) == list(range(1, players + 1))


def test_double_round_robin_reverses_colours_in_the_second_cycle():
    rounds = berger_rounds(6, double=True)
    assert len(rounds) == 10
    assert rounds[5] == Pairing(pairs=((6, 1), (5, 2), (4, 3)))
    assert rounds[9].pairs == ((6, 3), (2, 4), (1, 5))


def test_swapping_the_first_cycles_last_two_rounds_avoids_three_same_colours():
    plain = berger_rounds(6, double=True)
    swapped = berger_rounds(6, double=True, swap_last_two=True)
    assert swapped[3] == plain[4] and swapped[4] == plain[3]
    assert swapped[5:] == plain[5:]

    def longest_colour_run(rounds, player):
        colours = [
            "w" if white == player else "b"
            for r in rounds
            for white, black in r.pairs
            if player in (white, black)
        ]
        return max(len(m.group()) for m in re.finditer(r"w+|b+", "".join(colours)))

    assert max(longest_colour_run(plain, p) for p in range(1, 7)) == 3
    assert max(longest_colour_run(swapped, p) for p in range(1, 7)) == 2


def test_too_few_players():
    with pytest.raises(PairingError, match="at least 2 players, not 1"):
        berger_table(1)
