"""``checktrf``: the free pairing and tie-break checker (FIDE checklist A7) on real files."""

from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tournaments.models import Tournament
from tournaments.pairing import pair_round
from tournaments.pairing.checker import check_trf
from tournaments.services.trf_exchange import export_trf, import_trf
from tournaments.trf import read_trf

DATA = Path(__file__).resolve().parent.parent / "data"
DUTCH_C9 = DATA / "trf/bbpPairings_pairing_tests/dutch_2025_C9.input.trf"
UNPLAYED = DATA / "tiebreak/swiss_with_many_unplayed_rounds.trf"
HELD_SWISS_5 = DATA / "tiebreak/held_swiss_5.trf"
HELD_ROUND_ROBIN = DATA / "tiebreak/held_round_robin.trf"
GROS = DATA / "trf/javafo_aum/gros_open_2010_after_round4.trf"


def checktrf(*arguments):
    """The command's output and exit status."""
    out = StringIO()
    try:
        call_command("checktrf", *map(str, arguments), stdout=out)
    except CommandError as error:
        return out.getvalue(), error.returncode, str(error)
    return out.getvalue(), 0, ""


def test_fide_dutch_example_c9_agrees_with_the_engine():
    # The Handbook's Dutch example C.9, as bbpPairings' tests carry it.
    out, status, _ = checktrf(DUTCH_C9)
    assert status == 0
    assert out.splitlines() == [
        "Note: rounds re-paired by Arbiter Dutch engine, FIDE C.04.3 (2025).",
        "Round 1: pairing matches the engine (2 boards)",
        "Standings (points only; tie-breaks from none): 0 of 5 ranked players disagree",
        "All rounds and ranks agree.",
    ]


def test_an_event_bbppairings_paired_agrees_round_by_round():
    # bbpPairings issue 7: 60 players, 14 rounds paired by the FIDE-endorsed bbpPairings.
    out, status, _ = checktrf(DATA / "trf/bbpPairings_pairing_tests/issue_7.input.trf")
    assert status == 0
    assert [line for line in out.splitlines() if "pairing matches the engine" in line] == [
        f"Round {n}: pairing matches the engine (30 boards)" for n in range(1, 15)
    ]


def test_the_reference_engines_ranks_follow_their_tiebreak_list():
    # TieBreakServer ranked this file by SB, SB/C1, SB/C2 (2024 rules): every rank agrees.
    # Its pairings were made by hand around unplayed rounds: rounds 3, 5 and 6 differ.
    out, status, _ = checktrf(UNPLAYED, "--tiebreaks", "SB,SB/C1,SB/C2")
    assert status == 1
    lines = out.splitlines()
    assert (
        "Standings (SB, SB/C1, SB/C2; tie-breaks from --tiebreaks): 0 of 15 ranked players disagree"
        in lines
    )
    matching = [line.split(":")[0] for line in lines if "pairing matches the engine" in line]
    assert matching == ["Round 1", "Round 2", "Round 4", "Round 7"]
    assert (
        "Round 3: pairing differs from the engine: file 10-13, 11 bye; engine 10-11, 13 bye" in out
    )
    # Why, by the rules: the bye to 13 rather than 11 is as good under every criterion; in
    # round 5 the engine's downfloaters leave the next bracket better paired (C8).
    assert (
        "Round 3: why: equally good under C1–C21; the engine's comes first in the order of "
        "transpositions and exchanges (article 4)"
    ) in lines
    assert (
        "Round 5: why: C8 (choose the downfloaters so that the next bracket pairs best) "
        "decides for the engine's pairing (players 10, 11)"
    ) in lines


def test_record_202_gives_the_tiebreak_list_and_a_wrong_rank_is_named(tmp_path):
    lines = UNPLAYED.read_bytes().decode().splitlines()
    lines.insert(1, "202 SB SB/C1 SB/C2")
    path = tmp_path / "unplayed.trf"
    path.write_text("\n".join(lines) + "\n")
    out, _, _ = checktrf(path)
    assert "tie-breaks from record 202): 0 of 15 ranked players disagree" in out
    # Swap two ranks in the rank column (columns 86–89) of the first two player lines.
    players = [i for i, line in enumerate(lines) if line.startswith("001")]
    first, second = lines[players[0]], lines[players[1]]
    lines[players[0]] = first[:85] + second[85:89] + first[89:]
    lines[players[1]] = second[:85] + first[85:89] + second[89:]
    path.write_text("\n".join(lines) + "\n")
    out, status, _ = checktrf(path)
    assert status == 1
    assert "2 of 15 ranked players disagree" in out


def test_held_swiss_rank_column_is_the_starting_rank_not_a_standing():
    # Held's exercise files carry each player's starting rank in the rank column: by points,
    # Bruno (no. 2, 4 points) is alone first and Stephan (no. 16) shares 2–5 on 3.5.
    out, status, _ = checktrf(HELD_SWISS_5)
    assert status == 1
    assert "  player 2 Bruno: file rank 2, computed 1 (4 points)" in out.splitlines()
    assert "  player 16 Stephan: file rank 16, computed 2–5 (3.5 points)" in out.splitlines()
    # Round 3: the file gives 12 white against 14, the engine the other way round.
    assert "Round 3: pairing differs from the engine: file 12-14; engine 14-12" in out


def test_a_round_robin_is_checked_against_the_rules_not_re_paired():
    out, status, _ = checktrf(HELD_ROUND_ROBIN)
    assert status == 0
    assert "Round 1: round robin, 3 boards (not re-paired)" in out


def test_points_columns_that_do_not_add_up_are_findings(tmp_path):
    # Gros Open after round 4: Gallas Gautier (43) has 1 point with a half-point bye entered
    # for round 5; claim 1.5 instead.
    text = GROS.read_bytes().decode("latin-1")
    line = next(line for line in text.splitlines() if line.startswith("001   43"))
    assert line[80:84] == " 1.0"
    path = tmp_path / "gros.trf"
    path.write_bytes(text.replace(line, line[:80] + " 1.5" + line[84:]).encode("latin-1"))
    out, status, _ = checktrf(path)
    assert status == 1
    assert (
        "  player 43 Gallas Gautier: file points 1.5, its results add up to 1" in out.splitlines()
    )


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["missing.trf"], "missing.trf: No such file or directory"),
        ([UNPLAYED, "--tiebreaks", "BH,XYZ"], "--tiebreaks: unknown tie-break 'XYZ'"),
    ],
)
def test_bad_input_exits_with_2(arguments, message):
    _, status, error = checktrf(*arguments)
    assert status == 2
    assert message in error


def test_a_malformed_line_is_named_with_its_column(tmp_path):
    # Alyx's round-1 colour (column 97 of line 5) made "Q".
    lines = HELD_ROUND_ROBIN.read_text().splitlines()
    lines[4] = lines[4][:96] + "Q" + lines[4][97:]
    path = tmp_path / "broken.trf"
    path.write_text("\n".join(lines) + "\n")
    _, status, error = checktrf(path)
    assert status == 2
    assert f"{path}: line 5, column 97: round 1: expected the colour" in error


@pytest.mark.django_db
def test_our_trf_2026_export_ranks_by_the_events_tiebreaks(tmp_path):
    tournament = import_trf(UNPLAYED.read_bytes())
    # As if announced before round 1: in FIDE mode the list is fixed once play starts.
    Tournament.objects.filter(pk=tournament.pk).update(tiebreaks=["SB", "SB/C1", "SB/C2"])
    tournament.refresh_from_db()
    path = tmp_path / "export.trf"
    path.write_text(export_trf(tournament, version=2026))
    out, _, _ = checktrf(path)
    assert "(SB, SB/C1, SB/C2; tie-breaks from record 202): 0 of 15 ranked players disagree" in out
    # ... the ranks TieBreakServer published in the original file.
    published = {p.start_rank: p.rank for p in read_trf(UNPLAYED.read_bytes()).players}
    assert {p.start_rank: p.rank for p in read_trf(path.read_text()).players} == published


def test_an_accelerated_file_of_2012_is_checked_by_the_rules_of_2012():
    # Capo d'Orso 2012 (JaVaFo manual): XXA virtual points; its ranks follow its points. An
    # event held before 1 July 2025 is re-paired by py4swiss, which ignores acceleration.
    out, status, _ = checktrf(DATA / "trf/javafo_aum/capo_dorso_2012_final_accelerated.trf")
    assert status == 1
    lines = out.splitlines()
    assert lines[0] == (
        "Note: rounds re-paired by py4swiss, FIDE C.04.3 (2017, until 30 June 2025)."
    )
    assert lines[1].startswith("Note: the file is accelerated (XXA)")
    assert "Standings (points only; tie-breaks from none): 0 of 84 ranked players disagree" in lines


class RecordingEngine:
    """Pairs as the default engine does, noting the number of rounds it was told."""

    def __init__(self):
        self.planned = []

    def pair(self, state):
        self.planned.append(state.planned_rounds)
        return pair_round(state)


def test_a_file_without_its_number_of_rounds_has_the_rounds_it_holds():
    # bbpPairings writes no XXR or 142 in a finished event; each round must not be taken for
    # the last one (the Dutch rules treat the last round apart).
    path = DATA / "pairing/crosstest/generated_by_bbpPairings_seed1.trf"
    document = read_trf(path.read_bytes())
    assert document.planned_rounds is None
    engine = RecordingEngine()
    check_trf(document, engine=engine)
    assert engine.planned == [5, 5, 5, 5, 5]


def _gros_with(tmp_path, change):
    text = GROS.read_bytes().decode("latin-1")
    path = tmp_path / "changed.trf"
    path.write_bytes(change(text).encode("latin-1"))
    return path


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda text: text.replace("Gallas", "Gal\x00las"), "holds a NUL byte"),
        (
            lambda text: "\n".join(
                line + "  0000 - =" * 50 if line.startswith("001") else line
                for line in text.splitlines()
            ),
            "more than 50 rounds: the limit of one tournament",
        ),
        (
            lambda text: (
                text
                + "".join(
                    f"001 {rank:4d}      Extra {rank:<27} 1500\n" for rank in range(1000, 3001)
                )
            ),
            "more than 2,000 players: the limit of one tournament",
        ),
    ],
    ids=["nul", "rounds", "players"],
)
@pytest.mark.django_db
def test_files_beyond_the_limits_or_with_nul_exit_2_for_checktrf_and_import_trf(
    tmp_path, change, message
):
    """Issue: checktrf on a 9,998-player file ran past 13 GB; a TRF of 2,000 rounds took 54 s;
    import_trf with a NUL showed a traceback (on the web, a PostgreSQL DataError)."""
    path = _gros_with(tmp_path, change)
    _, status, error = checktrf(path)
    assert (status, message in error) == (2, True), error
    with pytest.raises(CommandError, match=message) as refused:
        call_command("import_trf", str(path), stdout=StringIO(), stderr=StringIO())
    assert refused.value.returncode == 2


def test_the_rules_option_overrides_the_files_date():
    # The Gros Open was played in 2010: py4swiss by default, our engine when asked.
    out, _, _ = checktrf(GROS)
    assert out.splitlines()[0].startswith("Note: rounds re-paired by py4swiss")
    out, _, _ = checktrf(GROS, "--rules", "2025")
    assert out.splitlines()[0] == (
        "Note: rounds re-paired by Arbiter Dutch engine, FIDE C.04.3 (2025)."
    )


def _player_line(rank, name, rating, points, place, entry):
    return f"001 {rank:4d}      {name:<34}{rating:4d}{'':28}{points:>4} {place:>4}  {entry}"


def test_without_xxc_the_first_colour_is_that_of_the_top_player_who_played_round_1(tmp_path):
    # Number 1 took a bye in round 1: the colour drawn shows on number 2, the top player who
    # played (so bbpPairings reads such a file too), not white by default.
    path = tmp_path / "bye_for_number_1.trf"
    lines = [
        "012 Round 1 without number 1",
        "XXR 2",
        _player_line(1, "Player One", 2400, "0.5", 3, "0000 - H"),
        _player_line(2, "Player Two", 2300, "0.0", 4, "   3 b 0"),
        _player_line(3, "Player Three", 2200, "1.0", 1, "   2 w 1"),
        _player_line(4, "Player Four", 2100, "1.0", 2, "0000 - U"),
    ]
    path.write_text("\n".join(lines) + "\n")
    out, status, _ = checktrf(path)
    assert status == 0
    assert "Round 1: pairing matches the engine (2 boards)" in out.splitlines()


BAKU_192 = DATA / "pairing/discrepancies/baku_7103_192BAKU_noXXA.trf"


def test_baku_acceleration_named_only_in_record_192_is_applied():
    # bbpPairings paired this event with Baku acceleration stated only in record 192
    # (FIDE_DUTCH_2025_BAKU, no XXA or 250). Read without it, rounds 1-5 differed.
    out, status, _ = checktrf(BAKU_192)
    lines = out.splitlines()
    assert status == 0
    assert lines[1] == (
        "Note: record 192 names the Baku acceleration (C.04.5.1), no XXA or 250 records: "
        "rounds re-paired with its virtual points."
    )
    assert [line for line in lines if "pairing matches the engine" in line] == [
        f"Round {n}: pairing matches the engine ({boards} boards)"
        for n, boards in enumerate((10, 10, 10, 8, 10, 9, 9, 10), start=1)
    ]
