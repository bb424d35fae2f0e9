"""Standings: shared places, DE inside tied groups, the final flag, and a real event's order."""

from __future__ import annotations

import dataclasses
import subprocess
import sys
from fractions import Fraction

import pytest

from tests.tournaments.scoring.tiebreak_data import document, sheet
from tournaments.scoring.sheet import Outcome, RoundEntry, TournamentSheet
from tournaments.scoring.standings import StandingsNotFinalError, compute_standings
from tournaments.scoring.tiebreaks import (
    Regulations,
    TieBreakError,
    TieBreakSettings,
    display,
    parse_tiebreak,
)


def test_players_no_tiebreak_separates_share_a_place_range() -> None:
    # Held ex. 23: 1, 3, 4 and 16 on 3.5 points, DE separates none of them.
    rows = compute_standings(sheet("held_swiss_5.trf"), ["DE"]).by_start_rank()
    assert {n: rows[n].place for n in (2, 1, 3, 4, 16)} == {
        2: "1",
        1: "2–5",
        3: "2–5",
        4: "2–5",
        16: "2–5",
    }
    assert [row.start_rank for row in compute_standings(sheet("held_swiss_5.trf"), ["DE"]).rows][
        :5
    ] == [2, 1, 3, 4, 16]


def test_a_later_tiebreak_separates_what_de_left_shared() -> None:
    # After DE, BH/C1 (Held ex. 7: 1 → 11.0, 3 → 13.0, 4 → 11.5, 16 → 11.0) splits the group.
    rows = compute_standings(sheet("held_swiss_5.trf"), ["DE", "BH/C1"]).by_start_rank()
    assert {n: rows[n].place for n in (3, 4, 1, 16)} == {3: "2", 4: "3", 1: "4–5", 16: "4–5"}
    assert [t.display for t in rows[4].tiebreaks] == ["1", "11.5"]


def test_values_are_exact_and_displayed_as_published() -> None:
    rows = compute_standings(sheet("held_swiss_5.trf"), ["SB", "AOB", "TPR"]).by_start_rank()
    assert rows[4].tiebreaks[0].value == Fraction(39, 4)
    assert [t.display for t in rows[4].tiebreaks] == ["9.75", "13.38", "2081"]
    assert rows[4].points_display == "3.5"


def test_unknown_tiebreak_names_the_known_ones() -> None:
    with pytest.raises(TieBreakError, match=r"unknown tie-break 'XYZ'; the known ones are AOB"):
        compute_standings(sheet("held_swiss_5.trf"), ["BH", "XYZ"])


def _with_adjourned_game() -> TournamentSheet:
    event = sheet("held_round_robin.trf")
    players = []
    for player in event.players:  # Alyx–Bruno, round 2, was 1–0: now adjourned
        if player.start_rank in (1, 2):
            rounds = tuple(
                RoundEntry(e.round, Outcome.ADJOURNED, e.opponent, e.color) if e.round == 2 else e
                for e in player.rounds
            )
            player = dataclasses.replace(player, rounds=rounds)
        players.append(player)
    return dataclasses.replace(event, players=players)


def test_final_standings_are_refused_while_a_game_is_adjourned() -> None:
    event = _with_adjourned_game()
    with pytest.raises(StandingsNotFinalError, match=r"round 2 \(player 1\), round 2 \(player 2\)"):
        compute_standings(event, ["DE", "SB"], final=True)
    provisional = compute_standings(event, ["DE", "SB"])
    assert provisional.pending == ((2, 1), (2, 2)) and not provisional.final
    # The adjourned game counts as a draw meanwhile: Alyx 3.0, Bruno 4.0.
    rows = provisional.by_start_rank()
    assert (rows[1].points, rows[2].points) == (3, 4)
    assert compute_standings(sheet("held_round_robin.trf"), ["DE"], final=True).final


KARL_MALA = "karl_mala_2005.trf"


def _published_ranks() -> dict[int, int]:
    return {p.start_rank: p.rank for p in document(KARL_MALA).players if p.rank}


def test_karl_mala_points_groups_hold_the_published_places() -> None:
    # 276 ranked players (the withdrawn and the bye dummy have rank 0): every published place
    # falls inside the range of places of the player's points group.
    published = _published_ranks()
    standings = compute_standings(sheet(KARL_MALA), [])
    ranked = [row for row in standings.rows if row.start_rank in published]
    places = {}
    for position, row in enumerate(ranked, start=1):
        places.setdefault(row.points, []).append(position)
    assert len(published) == 276
    assert all(
        min(places[row.points]) <= published[row.start_rank] <= max(places[row.points])
        for row in ranked
    )


@pytest.mark.parametrize(
    ("tiebreaks", "matching"),
    [
        # The era's usual list, under the 2009 rule: 131 of 276 places exactly as published.
        (("BH", "SB"), 131),
        # Without own unplayed rounds in either: 148.
        (("BH/P", "SB/P"), 148),
    ],
)
def test_karl_mala_published_order(tiebreaks: tuple[str, ...], matching: int) -> None:
    published = _published_ranks()
    settings = TieBreakSettings(regulations=Regulations.FIDE_2009)
    rows = compute_standings(sheet(KARL_MALA), tiebreaks, settings=settings).rows
    ranked = [row.start_rank for row in rows if row.start_rank in published]
    same = sum(1 for place, number in enumerate(ranked, start=1) if published[number] == place)
    assert same == matching


def test_the_scoring_package_imports_without_django() -> None:
    code = "import tournaments.scoring.standings, tournaments.scoring.ratings, sys; "
    code += "assert not any(m.split('.')[0] in ('django', 'rest_framework') for m in sys.modules)"
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize(
    ("code", "value", "shown"),
    [
        ("BH", Fraction(23, 2), "11.5"),  # one decimal at least
        ("BH", Fraction(12), "12.0"),
        ("SB", Fraction(39, 4), "9.75"),  # two at least
        ("SB", Fraction(1, 8), "0.125"),  # more when the value needs them
        ("AOB", Fraction(1338, 100), "13.38"),
        ("ARO", Fraction(1234), "1234"),  # none
        ("BH", Fraction(1, 3), "0.3333"),  # four at most, rounded half up
        ("BH", Fraction(2, 3), "0.6667"),
        ("BH", Fraction(1, 20000), "0.0001"),  # 0.00005 rounds up
        ("EXT", Fraction(-5, 2), "-2.5"),
        ("EXT", Fraction(-1, 30000), "0.0000"),  # rounds to nothing: no minus sign
    ],
)
def test_a_value_is_displayed_exact_in_four_decimals_else_rounded_half_up(
    code: str, value: Fraction, shown: str
) -> None:
    assert display(parse_tiebreak(code), value) == shown
