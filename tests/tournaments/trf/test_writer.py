"""Writing TRF: real files come back byte for byte; points always agree with the results."""

import dataclasses
from fractions import Fraction

import pytest
from py4swiss.trf import TrfParser

from tournaments.trf import TrfError, TrfGame, TrfRecord, read_trf, write_trf
from tournaments.trf.document import TrfDocument

from .trf_data import REAL_FILES, TRF_DATA, read_data


def normalised(raw: bytes) -> str:
    """The documented normalisations: no BOM, LF endings, no trailing blanks, final newline."""
    lines = raw.decode("utf-8-sig").replace("\r\n", "\n").replace("\r", "\n").split("\n")
    if lines[-1] == "":
        lines.pop()
    return "\n".join(line.rstrip() for line in lines) + "\n"


@pytest.mark.parametrize("path", REAL_FILES, ids=lambda p: p.name)
def test_real_file_round_trip(path):
    raw = path.read_bytes()
    document = read_trf(raw)
    written = write_trf(document)
    assert written == normalised(raw)
    assert read_trf(written) == document


def test_all_real_files_are_covered():
    names = {path.name for path in REAL_FILES}
    assert len(names) == 11
    assert {"sklangen_TRF__example1.trf", "held_swiss_9.trf", "issue_15.input.trf"} <= names


def test_a_changed_result_rewrites_that_line_with_computed_points():
    document = read_data("tiebreak/held_c07_exercises/held_round_robin.trf")
    alyx = document.player(1)
    games = list(alyx.games)
    games[3] = TrfGame(opponent=4, color="w", result="1")  # was a loss to David
    entries = tuple(
        dataclasses.replace(e, games=tuple(games)) if e == alyx else e for e in document.entries
    )
    written = write_trf(TrfDocument(entries=entries)).splitlines()
    assert written[4] == (
        "001    1 m    Alyx                              2200 NOR           0 1990/01/01  4.5    1"
        "     5 w =     2 w 1     3 b 1     4 w 1     6 b 1"
    )
    original = normalised(
        (TRF_DATA / "tiebreak/held_c07_exercises/held_round_robin.trf").read_bytes()
    )
    assert written[5:] == original.splitlines()[5:]


def test_points_follow_the_scoring_record():
    held = (TRF_DATA / "tiebreak/held_c07_exercises/held_round_robin.trf").read_text()
    written = write_trf(read_trf(held + "XXS W=3 D=1\n"))
    assert read_trf(written).warnings == ()
    alyx = read_trf(written).player(1)
    assert alyx.points == 10


def test_adjourned_games_need_trf_2026():
    document = read_data("tiebreak/held_c07_exercises/held_round_robin.trf")
    adjourned = TrfDocument(
        entries=tuple(
            dataclasses.replace(
                e, games=(TrfGame(5, "w", "X"), *e.games[1:]) if e.start_rank == 1 else e.games
            )
            if not isinstance(e, TrfRecord)
            else e
            for e in document.entries
        )
    )
    with pytest.raises(TrfError, match="round 1 is adjourned, which TRF16 cannot express"):
        write_trf(adjourned, version=16)
    written = write_trf(adjourned, version=2026).splitlines()
    assert written[4] == "142 5"
    assert written[5].startswith("001    1 m    Alyx")
    assert written[5].endswith("     5 w ?     2 w 1     3 b 1     4 w 0     6 b 1")


def test_trf_2026_states_a_non_default_scoring_in_record_162():
    held = (TRF_DATA / "tiebreak/held_c07_exercises/held_round_robin.trf").read_text()
    document = read_trf(held.replace("XXR 5", "XXR 5\nXXS W=3 D=1 FW=3 FPB=3 HPB=1"))
    written = write_trf(document, version=2026)
    record = next(line for line in written.splitlines() if line.startswith("162"))
    # TRF-2026: the symbol in column 6, its points in columns 7-10, the next symbol in 15.
    assert (record[5], record[6:10], record[14], record[15:19]) == ("W", " 3.0", "D", " 1.0")
    assert read_trf(record + "\n").point_system.win == 3
    assert read_trf(written).point_system.draw == 1


def test_what_record_162_cannot_group_trf_2026_states_in_records_299():
    held = (TRF_DATA / "tiebreak/held_c07_exercises/held_round_robin.trf").read_text()
    # 3-1-0 for games, while forfeit wins and byes keep their usual 1 and ½.
    document = read_trf(held.replace("XXR 5", "XXR 5\nXXS W=3 D=1"))
    written = write_trf(document, version=2026).splitlines()
    abnormal = [line for line in written if line.startswith("299")]
    assert abnormal == ["299 +         1.0", "299 F         1.0", "299 H         0.5"]
    alone = read_trf("\n".join(line for line in written if line[:3] in ("162", "299")) + "\n")
    assert alone.point_system == document.point_system


def test_unknown_version_and_overlong_fields():
    document = read_data("tiebreak/held_c07_exercises/held_round_robin.trf")
    with pytest.raises(TrfError, match="unknown TRF version 17"):
        write_trf(document, version=17)
    long_name = TrfDocument.from_sheet(
        dataclasses.replace(
            document.to_sheet(),
            players=[dataclasses.replace(document.to_sheet().player(1), name="N" * 34)],
        )
    )
    with pytest.raises(TrfError, match=r"the name 'N{34}' is longer than the 33 columns"):
        write_trf(long_name)


def test_a_sheet_written_as_trf_reads_back_as_the_same_sheet():
    sheet = read_data("javafo_aum/gros_open_2010_after_round4.trf").to_sheet()
    document = TrfDocument.from_sheet(sheet, records=[TrfRecord("XXR 9")])
    again = read_trf(write_trf(document)).to_sheet()
    assert again.players == sheet.players
    assert again.rounds == 4


def test_py4swiss_reads_what_we_write(tmp_path):
    sheet = read_data("javafo_aum/gros_open_2010_after_round4.trf").to_sheet()
    path = tmp_path / "gros.trf"
    path.write_text(write_trf(TrfDocument.from_sheet(sheet, records=[TrfRecord("XXR 9")])))
    parsed = TrfParser.parse(path, strict=True)
    points = {p.starting_number: Fraction(p.points_times_ten, 10) for p in parsed.player_sections}
    assert points[1] == 4 and points[43] == 1 and len(points) == 52


def test_a_sheet_keeps_its_headers_and_its_point_system():
    held = (TRF_DATA / "tiebreak/held_c07_exercises/held_round_robin.trf").read_text()
    sheet = read_trf(held + "XXS W=3 D=1\n").to_sheet()
    written = write_trf(TrfDocument.from_sheet(sheet, records=[TrfRecord("XXR 5")]))
    again = read_trf(written)
    assert again.warnings == ()
    assert again.header("042") == "2024-08-01"
    assert (again.point_system.win, again.point_system.draw) == (3, 1)
    assert again.player(1).points == 10  # Alyx: = 1 1 0 1 under 3-1-0
    capo = read_data("javafo_aum/capo_dorso_2012_final_accelerated.trf").to_sheet()
    headers = [r.text for r in TrfDocument.from_sheet(capo).records]
    assert headers[:3] == ["012 4° Open Capo D' Orso 2012", "022 Palau (SS)", "032 ITA"]
    assert headers.count("112 Roberto Ricca") == headers.count("112 Costantino Biello") == 1
