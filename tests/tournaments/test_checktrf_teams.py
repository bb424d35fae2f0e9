"""``checktrf`` on a team file (records 310/013): the report per round, the team standings and
the player points, and the exit status (0 agrees, 1 findings, 2 bad input)."""

from io import StringIO
from pathlib import Path

from django.core.management import call_command
from django.core.management.base import CommandError

from tests.tournaments.pairing.team_swiss.team_files import (
    CRETE,
    GENERATED,
    edit_team_line,
    generated,
)
from tournaments.trf import write_trf


def checktrf(*arguments: object) -> tuple[str, int, str]:
    """The command's output and exit status."""
    out = StringIO()
    try:
        call_command("checktrf", *map(str, arguments), stdout=out)
    except CommandError as error:
        return out.getvalue(), error.returncode, str(error)
    return out.getvalue(), 0, ""


def test_crete_2025_is_reported_round_by_round_with_its_eight_player_lines() -> None:
    out, status, _ = checktrf(CRETE)
    assert status == 1
    lines = out.splitlines()
    assert lines[:4] == [
        "Note: a team Swiss (C.04.6), rounds re-paired with MP as the primary score.",
        "Note: the event began on 2025-03-16, before C.04.6 applied (2026-02-01): it was "
        "paired by other rules.",
        "Round 1: pairing matches the engine (4 boards)",
        "Round 2: pairing differs from the engine: file 2-7, 6-3; engine 3-6, 7-2",
    ]
    assert "Round 2: why: the same matches with other colours (C.04.6 4.3)" in lines
    assert "Player points: 8 player lines disagree with their results" in lines
    assert "  player 58 Voulgarakis,Ioannis: file points 1.5, its results add up to 0.5" in lines


def test_a_generated_team_round_robin_agrees() -> None:
    out, status, _ = checktrf(GENERATED / "013.trf")
    assert status == 0, out
    lines = out.splitlines()
    assert lines[0] == "Note: a team round robin, rounds checked against the Berger table."
    assert "Team standings (MP; tie-breaks from none): 0 of 8 teams disagree" in lines
    assert lines[-1] == "All rounds and ranks agree."


def test_a_team_rank_changed_exits_with_findings(tmp_path: Path) -> None:
    changed = tmp_path / "changed.trf"
    changed.write_text(write_trf(edit_team_line(generated("013"), 1, rank=8), version=2026))
    out, status, _ = checktrf(changed, "--tiebreaks", "GP")
    assert status == 1
    assert "Team standings (MP, GP; tie-breaks from --tiebreaks): 1 of 8 teams disagree" in out
    assert "  team 1 Team 01: file rank 8, computed " in out


def test_a_roster_naming_a_missing_player_exits_2_naming_the_line(tmp_path: Path) -> None:
    bad = tmp_path / "bad.trf"
    bad.write_text(write_trf(edit_team_line(generated("013"), 3, players=(1, 9999)), version=2026))
    line = next(
        n for n, text in enumerate(bad.read_text().splitlines(), 1) if text.startswith("310   3")
    )
    _out, status, message = checktrf(bad)
    assert status == 2
    assert message == (
        f"{bad}: line {line}: record 310 names player 9999, who has no player line (001)"
    )


def test_an_individual_system_for_a_team_file_exits_2() -> None:
    _out, status, message = checktrf(GENERATED / "013.trf", "--system", "dutch")
    assert status == 2
    assert "team event" in message
