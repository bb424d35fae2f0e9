"""FIDE's reference engine (TieBreakServer) on a Swiss full of unplayed rounds.

Forfeits both ways, double forfeits between players who met twice, half-, zero- and full-point
byes, pairing-allocated byes and unrated players: the published output under the 2024 rules
(start 2026-02-28) and under the 2026 rules (start 2026-03-01), every code we implement.
"""

from __future__ import annotations

from datetime import date
from fractions import Fraction

import pytest

from tests.tournaments.scoring.tiebreak_data import published, sheet, table
from tournaments.scoring.standings import compute_standings
from tournaments.scoring.tiebreaks import (
    DEFINITIONS,
    Regulations,
    TieBreakCalculator,
    parse_tiebreak,
)

TRF = "swiss_with_many_unplayed_rounds.trf"
OUTPUTS = {
    "swiss_with_many_unplayed_rounds.2026-02-28.txt": date(2026, 2, 28),
    "swiss_with_many_unplayed_rounds.2026-03-01.txt": date(2026, 3, 1),
    "swiss_with_many_unplayed_rounds.2026-03-01.all.txt": date(2026, 3, 1),
}
# Columns of the reference output that are not C.07 tie-breaks (pairing data, team codes),
# and DE, which the reference prints only after the columns before it, checked apart.
NOT_TIEBREAKS = {"StartNo", "Rank", "PTS", "ABH", "VUR", "NUM", "ESB", "COP", "CSQ", "DE"}


def _columns() -> list[tuple[str, str]]:
    return [
        (output, code)
        for output in OUTPUTS
        for code in table(output)[0]
        if code not in NOT_TIEBREAKS
    ]


@pytest.mark.parametrize(("output", "code"), _columns())
def test_every_player_value(output: str, code: str) -> None:
    header, rows = table(output)
    column = header.index(code)
    calculator = TieBreakCalculator(sheet(TRF, start_date=OUTPUTS[output]))
    values = calculator.values(code)
    assert {int(row[0]): values[int(row[0])] for row in rows} == {
        int(row[0]): published(row[column]) for row in rows
    }


def test_scores_as_opponents_count_them() -> None:
    # ABH: a withdrawn player's rounds after his last one count as draws (Art. 16.3).
    header, rows = table("swiss_with_many_unplayed_rounds.2026-03-01.all.txt")
    column = header.index("ABH")
    adjusted = TieBreakCalculator(sheet(TRF)).adjusted_scores()
    assert {int(row[0]): adjusted[int(row[0])] for row in rows} == {
        int(row[0]): Fraction(row[column]) for row in rows
    }


def test_the_codes_not_checked_are_outside_c07() -> None:
    header, _ = table("swiss_with_many_unplayed_rounds.2026-03-01.all.txt")
    checked = {parse_tiebreak(code).code for code in header if code not in NOT_TIEBREAKS}
    assert checked <= set(DEFINITIONS)


@pytest.mark.parametrize("output", list(OUTPUTS)[:2])
def test_ranking_by_points_and_sonneborn_berger(output: str) -> None:
    _, rows = table(output)
    standings = compute_standings(
        sheet(TRF, start_date=OUTPUTS[output]), ["SB", "SB/C1", "SB/C2"]
    ).by_start_rank()
    assert {number: row.rank for number, row in standings.items()} == {
        int(row[0]): int(row[1]) for row in rows
    }
    assert {number: row.points for number, row in standings.items()} == {
        int(row[0]): Fraction(row[2]) for row in rows
    }


def test_the_start_date_chooses_the_rules() -> None:
    before = TieBreakCalculator(sheet(TRF, start_date=date(2026, 2, 28)))
    after = TieBreakCalculator(sheet(TRF, start_date=date(2026, 3, 1)))
    assert (before.regulations, after.regulations) == (
        Regulations.FIDE_2024,
        Regulations.FIDE_2026,
    )


def test_rating_tiebreaks_are_undefined_without_a_rating_for_unrated_players() -> None:
    # The reference prints "-0" for every player: six players have no rating and the event
    # set none for them.
    values = TieBreakCalculator(sheet(TRF)).values("ARO")
    assert set(values.values()) == {None}
