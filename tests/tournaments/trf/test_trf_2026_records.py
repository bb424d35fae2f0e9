"""TRF-2026 records read as the 2026 specification lays them out (FIDE Handbook, TRF26): 162
in its columns with X for a result not yet known, 172, 212, 240, 250, 260, 299 checked column
by column; what does not fit is a warning and the record is kept as written."""

from __future__ import annotations

from fractions import Fraction

from tournaments.scoring.sheet import Outcome
from tournaments.trf import read_trf, write_trf


def _player(rank: int, name: str, points: str, cell: str) -> str:
    blank = f"{'':4} {'':3} {'':>11} {'':10}"  # rating, federation, FIDE id, birth date
    return f"001 {rank:>4} {'':4} {name:<33} {blank} {points:>4} {rank:>4}{cell}\n"


PLAYERS = _player(1, "One", "1.0", "     2 w 1") + _player(2, "Two", "0.0", "     1 b 0")

WELL_FORMED = (
    "012 TRF-2026 records\n"
    "142   3\n"
    "162  W 3.0    D 1.0    L 0.0    P 3.0    A 0.0    X 1.0\n"
    "172 ITA FIDON\n"
    "202 BH/C1,BH,SB\n"
    "212 PTS,BH/C1,BH,SB\n"
    "240 H 002    2\n"
    "250 00.0 01.0 001 002 0001 0002\n"
    "260 002 003    1    2\n"
    "299 W         1.0  001    1\n"
) + PLAYERS


def test_well_formed_records_are_read_without_a_warning() -> None:
    document = read_trf(WELL_FORMED.replace("1.0    1     2 w 1", "3.0    1     2 w 1"))
    assert document.warnings == ()
    assert document.planned_rounds == 3
    assert (document.point_system.win, document.point_system.draw) == (3, 1)
    assert document.requested_byes(2) == {2: Outcome.HALF_BYE}
    assert document.forbidden_groups(2) == [frozenset({1, 2})]
    assert document.forbidden_groups(1) == []


def test_malformed_records_warn_and_are_kept() -> None:
    text = (
        WELL_FORMED.replace("172 ITA FIDON", "172 ITA GUESS")
        .replace("250 00.0 01.0 001", "250 00.0 01.0 0x1")
        .replace("299 W         1.0  001    1", "299 Q         1.0  001    y")
    )
    warnings = read_trf(text).warnings
    assert any("record 172: expected the ranking method" in w for w in warnings)
    assert any(
        "record 250: expected the first round in columns 15-17, found '0x1'" in w for w in warnings
    )
    assert any("record 299: expected the kind of assignment" in w for w in warnings)
    assert any("record 299: expected a starting rank in columns 24-27" in w for w in warnings)
    assert write_trf(read_trf(text), version=2026).startswith(text.split("001")[0])


def test_x_worth_other_than_a_draw_is_reported() -> None:
    text = WELL_FORMED.replace("X 1.0", "X 0.0")
    assert any(
        "record 162 gives a result not yet known (X) 0.0" in w for w in read_trf(text).warnings
    )


def test_record_162_is_written_in_its_columns() -> None:
    document = read_trf("012 Three points\nXXS W=3 D=1 FW=3 FPB=3 HPB=1 PAB=3\n" + PLAYERS)
    record = next(
        line for line in write_trf(document, version=2026).splitlines() if line.startswith("162")
    )
    assert record == "162  W 3.0    D 1.0    L 0.0    P 3.0    A 0.0    X 1.0"
    assert read_trf(record + "\n" + PLAYERS).point_system.win == Fraction(3)
