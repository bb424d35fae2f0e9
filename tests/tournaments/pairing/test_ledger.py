"""The cross-test campaign's ledger (FIDE checklist A9): slices appended from their seeds,
resumed after the last, and checked again by running sampled slices from their seeds; with
the stand-in engines of the cross-test's tests."""

import shlex
import sys
from dataclasses import replace
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tournaments.pairing.crosstest import Direction, Discrepancy, TournamentOutcome
from tournaments.pairing.ledger import Appender, LedgerError, read_ledger, slice_seed

HERE = Path(__file__).resolve().parent
AGREEING = shlex.join([sys.executable, str(HERE / "fake_engine.py"), "--dutch"])
DISAGREEING = shlex.join([sys.executable, str(HERE / "fake_engine.py"), "--dutch", "--disagree"])
TIEBREAKS = shlex.join([sys.executable, str(HERE / "fake_tiebreaks.py")])
SMALL = ["--slice-size", 1, "--players", 8, "--rounds", 3]


def crosstest(*arguments):
    out = StringIO()
    try:
        call_command("crosstest", *map(str, arguments), stdout=out)
    except CommandError as error:
        return out.getvalue(), error.returncode, str(error)
    return out.getvalue(), 0, ""


def append(ledger, *arguments, engine=AGREEING):
    return crosstest("--ledger-append", "--ledger", ledger, "--engine", engine, *SMALL, *arguments)


def verify(ledger, *arguments, engine=AGREEING):
    return crosstest("--verify-ledger", "--ledger", ledger, "--engine", engine, *arguments)


def test_slices_are_appended_after_the_last_and_verified_from_their_seeds(tmp_path):
    ledger = tmp_path / "ledger.tsv"
    out, status, _ = append(ledger)
    assert status == 0
    first = ledger.read_text().splitlines()[-1]
    out, status, _ = append(ledger, "--slices", 1)
    assert status == 0
    assert out.splitlines()[-1] == (
        "ledger: 2 each way, 0 discrepancies, 0 reading differences, tie-breaks compared in 0"
    )
    lines = read_ledger(ledger)
    assert [(line.slice, line.seed) for line in lines] == [(1, slice_seed(1)), (2, slice_seed(2))]
    assert ledger.read_text().splitlines()[-2] == first  # resumed, the first line kept
    line = lines[0]
    assert (line.ours_to_theirs, line.theirs_to_ours, line.players, line.event_rounds) == (
        1,
        1,
        "8",
        "3",
    )
    assert line.rounds == 6 and line.discrepancies == 0
    assert line.tiebreak_differences == "not compared"
    assert line.engine.startswith(Path(sys.executable).name + " fake_engine.py")  # no folders
    assert ledger.read_text().startswith("# The cross-test campaign's ledger")

    out, status, _ = verify(ledger, "--sample", 2)
    assert status == 0
    assert f"slice 1 (seed {slice_seed(1)}): matches" in out
    assert f"slice 2 (seed {slice_seed(2)}): matches" in out
    assert out.splitlines()[-1] == (
        "ledger: 2 each way, 0 discrepancies, 0 reading differences, tie-breaks compared in 0"
    )


def test_a_tampered_digest_fails_the_check(tmp_path):
    ledger = tmp_path / "ledger.tsv"
    assert append(ledger)[1] == 0
    text = ledger.read_text()
    digest = read_ledger(ledger)[0].sha256
    forged = ("0" if digest[0] != "0" else "1") + digest[1:]
    ledger.write_text(text.replace(digest, forged))
    out, status, error = verify(ledger)
    assert status == 1
    assert error == "1 of 1 slice checked do not match the ledger"
    assert f"slice 1 (seed {slice_seed(1)}): DOES NOT MATCH" in out
    assert f"    sha256 {forged} in the ledger, {digest} run again" in out
    assert out.splitlines()[-1].startswith("ledger: 1 each way, 0 discrepancies")


def test_a_tampered_count_fails_the_check(tmp_path):
    ledger = tmp_path / "ledger.tsv"
    assert append(ledger)[1] == 0
    line = read_ledger(ledger)[0]
    text = ledger.read_text().replace(
        f"\t{line.rounds}\t0\t0\t0\t", f"\t{line.rounds - 1}\t0\t0\t0\t"
    )
    ledger.write_text(text)
    out, status, _ = verify(ledger)
    assert status == 1
    assert f"    rounds {line.rounds - 1} in the ledger, {line.rounds} run again" in out


def test_discrepancies_are_counted_and_the_digest_holds_what_the_engine_paired(tmp_path):
    ledger = tmp_path / "ledger.tsv"
    out, status, _ = append(ledger, engine=DISAGREEING)
    assert status == 0  # a slice's findings are its line, not a failure to append
    assert "round 2:" in out  # each discrepancy printed as the cross-test prints it
    line = read_ledger(ledger)[0]
    assert line.discrepancies >= 2  # round 2, each way
    assert verify(ledger, engine=DISAGREEING)[1] == 0
    # An engine that pairs otherwise does not give the slice's line again.
    out, status, _ = verify(ledger, engine=AGREEING)
    assert status == 1
    assert f"    discrepancies {line.discrepancies} in the ledger, 0 run again" in out
    assert "    sha256 " in out


def test_tie_breaks_compared_are_in_the_line_and_needed_to_check_it(tmp_path):
    ledger = tmp_path / "ledger.tsv"
    assert append(ledger, "--tiebreak-engine", TIEBREAKS)[1] == 0
    line = read_ledger(ledger)[0]
    assert line.tiebreak_differences == "0"
    reference = f"{Path(sys.executable).name} fake_tiebreaks.py"
    assert line.engine.endswith(f" | {reference}")
    out, status, error = verify(ledger)
    assert status == 2
    assert error == f"slice 1 compared tie-breaks with {reference}: give it (--tiebreak-engine)"
    out, status, _ = verify(ledger, "--tiebreak-engine", TIEBREAKS)
    assert status == 0
    assert out.splitlines()[-1] == (
        "ledger: 1 each way, 0 discrepancies, 0 reading differences, tie-breaks compared in 1"
    )


def test_tie_break_differences_are_counted_apart_and_among_the_discrepancies(tmp_path):
    ledger = tmp_path / "ledger.tsv"
    disagreeing = shlex.join([sys.executable, str(HERE / "fake_tiebreaks.py"), "--disagree"])
    out, status, _ = append(ledger, "--tiebreak-engine", disagreeing)
    assert status == 0
    assert "    tie-breaks: player " in out
    line = read_ledger(ledger)[0]
    # The leader's first tie-break differs (theirs → ours: BH); the pairings agree.
    assert line.discrepancies >= 1
    assert line.tiebreak_differences == str(line.discrepancies)
    assert verify(ledger, "--tiebreak-engine", disagreeing)[1] == 0
    out, status, _ = verify(ledger, "--tiebreak-engine", TIEBREAKS)
    assert status == 1
    assert f"    tiebreak_differences {line.discrepancies} in the ledger, 0 run again" in out


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("1\t2\t3", "ledger line 2: 3 columns, 14 expected"),
        (
            "1\tx\t1\t1\trandom\trandom\t6\t0\t0\t0\tnot compared\te\t1.0\t" + "a" * 64,
            "ledger line 2: seed 'x' is not a number",
        ),
        (
            "1\t5\t1\t1\trandom\trandom\t6\t0\t0\t0\tnot compared\te\t1.0\tabc",
            "ledger line 2: sha256 'abc' is not a digest",
        ),
        (
            "2\t5\t1\t1\trandom\trandom\t6\t0\t0\t0\tnot compared\te\t1.0\t" + "a" * 64,
            "ledger line 2: slice 2, 1 expected",
        ),
    ],
)
def test_a_ledger_line_that_does_not_read_is_one_clear_error(tmp_path, line, message):
    ledger = tmp_path / "ledger.tsv"
    ledger.write_text(f"# header\n{line}\n")
    with pytest.raises(LedgerError, match=f"^{message}$"):
        read_ledger(ledger)
    _out, status, error = verify(ledger)
    assert (status, error) == (2, message)


def test_one_run_appends_at_a_time(tmp_path):
    ledger = tmp_path / "ledger.tsv"
    with Appender(ledger):
        with pytest.raises(LedgerError, match="is being appended to by another run"):
            Appender(ledger)
        _out, status, error = append(ledger)
        assert status == 2 and "is being appended to by another run" in error
    assert read_ledger(ledger) == []  # the header only


def test_an_events_digest_is_what_was_compared_not_how_long_it_took():
    outcome = TournamentOutcome(Direction.OURS, 7, 10, 5, pairings="ab", seconds=1.0)
    assert replace(outcome, seconds=2.0).digest == outcome.digest
    assert replace(outcome, pairings="ac").digest != outcome.digest
    other = replace(outcome, discrepancies=(Discrepancy(2, ("  1 -  2      2 -  1",)),))
    assert other.digest != outcome.digest
    assert replace(outcome, direction=Direction.THEIRS).digest != outcome.digest


def test_the_committed_ledger_reads_and_each_slice_has_the_seed_of_its_number():
    ledger = Path(__file__).resolve().parents[3] / "docs" / "crosstest-ledger.tsv"
    lines = read_ledger(ledger)
    assert lines, "the campaign's ledger holds no slice"
    assert all(line.seed == slice_seed(line.slice) for line in lines)
    assert all(line.ours_to_theirs == line.theirs_to_ours for line in lines)
    assert all(line.engine.startswith("bbpPairings") for line in lines)
