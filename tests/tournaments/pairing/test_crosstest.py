"""The cross-test (FIDE checklist A9) against engines on the bbpPairings/JaVaFo command line:
a stand-in that pairs as we do, one that disagrees, recorded answers of bbpPairings, and
bbpPairings itself when it is on the PATH."""

import shlex
import shutil
import sys
from dataclasses import replace
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tournaments.pairing.checker import check_trf
from tournaments.pairing.crosstest import (
    Direction,
    Discrepancy,
    Engine,
    Tally,
    TournamentOutcome,
    classified,
    generator_config,
    read_check_report,
    reading_difference,
    tournament_seeds,
)
from tournaments.pairing.generator import GeneratorSettings, make_plan
from tournaments.trf import read_trf

DATA = Path(__file__).resolve().parents[2] / "data" / "pairing" / "crosstest"
FAKE = Path(__file__).resolve().parent / "fake_engine.py"
AGREEING = shlex.join([sys.executable, str(FAKE), "--dutch"])
DISAGREEING = shlex.join([sys.executable, str(FAKE), "--dutch", "--disagree"])
SMALL = ["--players", 10, "--rounds", 4, "--seed", 3]
BBPPAIRINGS = shutil.which("bbpPairings") or shutil.which("bbpPairings.exe")


def crosstest(*arguments):
    out = StringIO()
    try:
        call_command("crosstest", *map(str, arguments), stdout=out)
    except CommandError as error:
        return out.getvalue(), error.returncode, str(error)
    return out.getvalue(), 0, ""


def _totals(out):
    """The lines of each way's totals, without the rates (which vary run to run)."""
    return [
        line.split(";")[0]
        for line in out.splitlines()
        if line.startswith(("ours → theirs: ", "theirs → ours: "))
    ]


def test_an_engine_that_pairs_as_we_do_agrees_both_ways():
    out, status, _ = crosstest("--engine", AGREEING, "--count", 2, *SMALL)
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == f"Cross-test against {AGREEING}: 2 tournaments each way, 1 job, seed 3"
    assert _totals(out) == [
        "ours → theirs: 2 tournaments (0 unfinishable, not compared), "
        "8 rounds, 0 discrepancies in 0 tournaments, 0 reading differences apart",
        "theirs → ours: 2 tournaments (0 unfinishable, not compared), "
        "8 rounds, 0 discrepancies in 0 tournaments, 0 reading differences apart",
    ]
    assert all("tournaments/min" in line for line in lines[1:3])
    assert lines[3].startswith("50,000 tournaments each way would take about ")
    assert lines[-1] == "No discrepancies."


def test_discrepancies_are_reported_round_by_round():
    out, status, error = crosstest("--engine", DISAGREEING, "--count", 2, *SMALL)
    assert status == 1
    assert error.endswith("discrepancies between the engines")
    seeds = [tournament_seeds(3, Direction.OURS, 2), tournament_seeds(3, Direction.THEIRS, 2)]
    lines = out.splitlines()
    # Ours generate: the engine's check names round 2, and our check of its pairing follows.
    for seed in seeds[0]:
        at = lines.index(f"ours → theirs, seed {seed} (10 players, 4 rounds), round 2:")
        assert lines[at + 1].strip() == "Checker pairings        Tournament pairings"
        assert lines[at + 3].startswith(
            "    by the Dutch rules (their pairing as the file, ours as the engine): "
            "the same pairs, other colours"
        )
    # Theirs generate: our checker finds its round 2 (colours reversed on one board).
    for seed in seeds[1]:
        at = lines.index(f"theirs → ours, seed {seed} (10 players, 4 rounds), round 2:")
        assert lines[at + 1].startswith("    the file pairs ")
    assert _totals(out)[0] == (
        "ours → theirs: 2 tournaments (0 unfinishable, not compared), "
        "8 rounds, 2 discrepancies in 2 tournaments, 0 reading differences apart"
    )


def test_jobs_run_in_parallel_with_the_same_findings(tmp_path):
    one, status_one, _ = crosstest("--engine", DISAGREEING, "--count", 2, *SMALL)
    two, status_two, _ = crosstest(
        "--engine", DISAGREEING, "--count", 2, "--jobs", 2, "--keep", tmp_path, *SMALL
    )
    assert status_one == status_two == 1
    assert "2 jobs" in two.splitlines()[0]
    assert _totals(one) == _totals(two)
    assert [line for line in one.splitlines() if line.startswith("    ")] == [
        line for line in two.splitlines() if line.startswith("    ")
    ]
    kept = sorted(path.name for path in tmp_path.iterdir())
    assert len(kept) == 4
    assert all(name.startswith(("ours_", "theirs_")) for name in kept)


@pytest.mark.parametrize(
    ("engine", "message"),
    [
        ("no-such-engine --dutch", "engine 'no-such-engine' cannot be run: no such program"),
        ("", "the engine command is empty"),
        ('bbp "unclosed', "engine command 'bbp \"unclosed': No closing quotation"),
        (
            shlex.join([sys.executable, "-c", "import sys; sys.exit(3)"]),
            "failed to check a 6-player event: exit status 3",
        ),
    ],
)
def test_an_engine_that_cannot_be_run_is_one_clear_line(engine, message):
    out, status, error = crosstest("--engine", engine, "--count", 1)
    assert status == 2
    assert message in error
    assert "\n" not in error
    assert out == ""


@pytest.mark.parametrize(
    ("arguments", "message"),
    [
        (["--count", 0], "--count: at least one tournament, not 0"),
        (["--count", 1, "--jobs", 0], "--jobs: at least one process, not 0"),
        (["--count", 1, "--players", 4, "--rounds", 4], "4 players can play at most 3 rounds"),
        (["--count", 1, "--keep", "no/such/folder"], "--keep: no folder no/such/folder"),
    ],
)
def test_wrong_options(arguments, message):
    _, status, error = crosstest("--engine", AGREEING, *arguments)
    assert status == 2
    assert error == message or message in error


def test_each_way_has_its_own_reproducible_seeds():
    assert tournament_seeds(3, Direction.OURS, 3) == tournament_seeds(3, Direction.OURS, 3)
    assert tournament_seeds(3, Direction.OURS, 3) != tournament_seeds(3, Direction.THEIRS, 3)
    assert tournament_seeds(3, Direction.OURS, 2) == tournament_seeds(3, Direction.OURS, 3)[:2]


# ---- bbpPairings' recorded answers ---------------------------------------------------------

RECORDED = GeneratorSettings(
    players=16,
    rounds=5,
    seed=1,
    forfeit_rate=0.05,
    bye_rate=0.05,
    withdraw_rate=0.03,
    half_bye_share=0.75,
    full_bye_share=0.0,
)


def test_the_generator_configuration_speaks_javafos_keys():
    assert (
        generator_config(make_plan(RECORDED))
        == (DATA / "bbpPairings_generator_config.txt").read_text()
    )


def _config_values(settings):
    lines = generator_config(make_plan(settings)).splitlines()
    return dict(line.split("=") for line in lines)


def test_the_generator_configuration_follows_the_bye_split():
    # 4 rounds with byes, 0.05 a round: 0.2 byes a player. All half-point: one player in 5
    # takes one, none retires; all zero-point (and no withdrawals): the other way round; the
    # full-point byes, for which their generator has no key, are in neither.
    settings = replace(RECORDED, withdraw_rate=0.0)
    half = _config_values(replace(settings, half_bye_share=1.0))
    assert (half["HalfPointByeRate"], half["RetiredRate"]) == ("5", "1000000")
    zero = _config_values(replace(settings, half_bye_share=0.0))
    assert (zero["HalfPointByeRate"], zero["RetiredRate"]) == ("1000000", "5")
    split = _config_values(replace(settings, half_bye_share=0.5, full_bye_share=0.25))
    assert (split["HalfPointByeRate"], split["RetiredRate"]) == ("10", "20")


def test_bbppairings_check_output_is_read_round_by_round():
    # bbpPairings re-paired our event of seed 1 (paired by py4swiss, the engine of the day)
    # and gave round 3 otherwise: 9-7 and the bye to 12, where py4swiss paired 9-12 and gave
    # the bye to 7. The Dutch rules of 2025 side with bbpPairings: C9.
    document = read_trf((DATA / "generated_by_us_seed1.trf").read_bytes())
    output = (DATA / "bbpPairings_check_of_generated_by_us_seed1.txt").read_text()
    assert list(read_check_report(output, document)) == [
        Discrepancy(
            3,
            (
                "  Checker pairings        Tournament pairings",
                "      9 -   7                  9 -  12",
                "     12 -   0                  7 -   0",
                "by the Dutch rules (their pairing as the file, ours as the engine): C9 "
                "(minimise the unplayed games of the player who gets the pairing-allocated "
                "bye) favours the file's pairing: please report it, the engine may be wrong "
                "(players 7, 12)",
            ),
        )
    ]


def test_an_illegal_pairing_wanted_by_the_engine_is_named():
    # The same report, edited so that the engine would pair 9 against 2, whom 9 has met.
    document = read_trf((DATA / "generated_by_us_seed1.trf").read_bytes())
    met = next(e.opponent for e in document.to_sheet().player(9).rounds if e.opponent)
    output = f"x: Round #3\n  Checker pairings   Tournament pairings\n    9 - {met}    9 - 12\n"
    (finding,) = read_check_report(output, document)
    assert finding.round == 3
    assert any(line.startswith("our check of the engine's pairing: ") for line in finding.lines), (
        finding.lines
    )


def test_an_event_bbppairings_generated_passes_our_checker():
    check = check_trf(read_trf((DATA / "generated_by_bbpPairings_seed1.trf").read_bytes()))
    assert [finding.round for finding in check.rounds if finding.pairing_matches] == [1, 2, 3, 4, 5]
    assert not check.has_findings


@pytest.mark.skipif(BBPPAIRINGS is None, reason="bbpPairings is not on the PATH")
def test_against_bbppairings_itself():
    out, status, error = crosstest(
        "--engine", f"{BBPPAIRINGS} --dutch", "--count", 2, "--players", 12, "--rounds", 4
    )
    assert status in (0, 1), error
    assert len(_totals(out)) == 2


def test_the_engine_command_is_split_as_a_shell_would():
    engine = Engine.from_command(f"{shlex.quote(sys.executable)} -X utf8")
    assert engine.argv == (sys.executable, "-X", "utf8")


TIEBREAKS = Path(__file__).resolve().parent / "fake_tiebreaks.py"


def test_final_standings_are_compared_with_a_tie_break_reference():
    agreeing = shlex.join([sys.executable, str(TIEBREAKS)])
    out, status, _ = crosstest(
        "--engine", AGREEING, "--tiebreak-engine", agreeing, "--count", 1, *SMALL
    )
    assert status == 0
    assert f"each event's final ranks and tie-break values against {agreeing}" in out
    disagreeing = shlex.join([sys.executable, str(TIEBREAKS), "--disagree"])
    out, status, error = crosstest(
        "--engine", AGREEING, "--tiebreak-engine", disagreeing, "--count", 1, *SMALL
    )
    assert status == 1 and error == "2 discrepancies between the engines"
    found = [line for line in out.splitlines() if line.startswith("    tie-breaks: player ")]
    assert len(found) == 2  # the leader of each way's event
    assert all(", the reference's " in line for line in found)


def test_without_a_tie_break_reference_the_report_says_tie_breaks_are_not_compared():
    out, status, _ = crosstest("--engine", AGREEING, "--count", 1, *SMALL)
    assert status == 0
    assert "tie-breaks are not compared (no tie-break reference)" in out


DISCREPANCIES = Path(__file__).resolve().parents[2] / "data" / "pairing" / "discrepancies"


def test_a_baku_group_read_from_record_192_is_classified_as_a_reading_difference():
    # 10 players, Baku named only in record 192: GA is 1-6 for C.04.5.1 (2 x ceil(10/4)),
    # 1-5 for bbpPairings (ceil(10/2)); the accelerated rounds are 1-3.
    document = read_trf((DISCREPANCIES / "baku_10_players_192_only.trf").read_bytes())
    assert reading_difference(document, 1) == (
        "reading difference (see docs/reading-differences.md): Baku group GA from record 192 "
        "is 6 players here (C.04.5.1, 2 x ceil(N/4)), 5 for bbpPairings"
    )
    assert classified(document, 4, ["the file pairs 1-3"]) == ["the file pairs 1-3"]
    # 20 players: both read GA as 1-10, so a difference there is a real discrepancy.
    same = read_trf((DISCREPANCIES / "baku_7103_192BAKU_noXXA.trf").read_bytes())
    assert reading_difference(same, 1) == ""


def test_a_reading_difference_is_reported_but_counted_apart():
    document = read_trf((DISCREPANCIES / "baku_10_players_192_only.trf").read_bytes())
    explained = Discrepancy(1, tuple(classified(document, 1, ["the file pairs 1-4"])))
    real = Discrepancy(4, tuple(classified(document, 4, ["the file pairs 1-3"])))
    outcome = TournamentOutcome(Direction.THEIRS, 7, 10, 5, discrepancies=(explained, real))
    tally = Tally(Direction.THEIRS)
    tally.add(outcome)
    assert (tally.discrepancies, tally.reading_differences, tally.tournaments_with) == (1, 1, 1)
    assert any(line.startswith("    reading difference") for line in outcome.report())
    only_explained = replace(outcome, discrepancies=(explained,))
    tally.add(only_explained)
    assert (tally.discrepancies, tally.reading_differences, tally.tournaments_with) == (1, 2, 1)
    assert "1 discrepancy in 1 tournament, 2 reading differences apart" in tally.summary(1.0)
    # A part's totals written before reading differences were counted still read.
    assert Tally.from_dict(Direction.OURS, {"tournaments": 3}).reading_differences == 0
