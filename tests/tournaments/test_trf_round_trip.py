"""Every TRF file in tests/data survives import and export (TRF16 and TRF-2026), field by
field: headers in order (repeated and unknown ones too), every player column as written, every
round cell. Only dates may be rewritten as YYYY/MM/DD (the same day) and the rank column
recomputed."""

from __future__ import annotations

from pathlib import Path

import pytest

from tournaments.services.trf_exchange import export_trf, import_trf
from tournaments.trf.document import parse_trf_date
from tournaments.trf.reader import split_lines

pytestmark = pytest.mark.django_db

DATA = Path(__file__).resolve().parent.parent / "data"
DUTCH_2025 = sorted((DATA / "pairing" / "dutch2025").glob("*.trf"))
# Team files are imported as team events; their round trip is tests/tournaments/trf_teams/.
FILES = sorted(
    path
    for path in DATA.rglob("*.trf")
    if path.parent.name != "dutch2025" and "teams" not in path.relative_to(DATA).parts
)
DUTCH_SAMPLE = DUTCH_2025[::40]

PLAYER_FIELDS = {
    "starting rank": (4, 8),
    "sex": (9, 10),
    "title": (10, 13),
    "name": (14, 47),
    "rating": (48, 52),
    "federation": (53, 56),
    "FIDE id": (57, 68),
    "birth date": (69, 79),
    "points": (80, 84),
}
DATED_RECORDS = ("042", "052")


def _same_date(original: str, exported: str) -> bool:
    day = parse_trf_date(original)
    return day is not None and parse_trf_date(exported) == day


def differences(original: str, exported: str) -> list[str]:
    """Every field of ``original`` that ``exported`` does not keep."""
    found: list[str] = []
    old_lines, new_lines = split_lines(original), split_lines(exported)
    old_records = [line for line in old_lines if not line.startswith("001")]
    new_records = [line for line in new_lines if not line.startswith("001")]
    position = 0
    for record in old_records:
        for index in range(position, len(new_records)):
            new = new_records[index]
            if new == record or (
                record[:3] in DATED_RECORDS
                and new[:3] == record[:3]
                and _same_date(record[4:], new[4:])
            ):
                position = index + 1
                break
        else:
            found.append(f"record lost or out of order: {record!r}")
    old_players = {line[4:8]: line for line in old_lines if line.startswith("001")}
    new_players = {line[4:8]: line for line in new_lines if line.startswith("001")}
    for rank, old in old_players.items():
        new = new_players.get(rank)
        if new is None:
            found.append(f"player {rank.strip()} lost")
            continue
        for name, (start, end) in PLAYER_FIELDS.items():
            was, now = old[start:end], new[start:end]
            if was != now and not (name == "birth date" and _same_date(was, now)):
                found.append(f"player {rank.strip()} {name}: {was!r} became {now!r}")
        width = max(len(old), len(new))
        for start in range(89, width, 10):
            was, now = old[start : start + 10].rstrip(), new[start : start + 10].rstrip()
            if was != now:
                round_number = (start - 89) // 10 + 1
                found.append(f"player {rank.strip()} round {round_number}: {was!r} -> {now!r}")
    return found


def round_trip(path: Path) -> None:
    original = path.read_bytes()
    tournament = import_trf(original, filename=path.name)
    text = original.decode("utf-8-sig", errors="replace")
    for version in (16, 2026):
        exported = export_trf(tournament, version=version)
        assert differences(text, exported) == [], (path.name, version)


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(DATA)))
def test_a_file_comes_back_with_every_field(path: Path) -> None:
    round_trip(path)


@pytest.mark.parametrize("path", DUTCH_SAMPLE, ids=lambda p: p.name)
def test_a_sample_of_the_dutch_2025_files_comes_back_whole(path: Path) -> None:
    round_trip(path)


@pytest.mark.slow
@pytest.mark.parametrize("path", DUTCH_2025, ids=lambda p: p.name)
def test_every_dutch_2025_file_comes_back_whole(path: Path) -> None:
    round_trip(path)
