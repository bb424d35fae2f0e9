"""The checkgames command: reports per game, summary, JSON lines, bad input, both cores."""

import json
import os
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from games.rules import batch
from games.rules.batch import check_file
from games.rules.rulesets import CLASSIC

from ._data import PGN


def run(*args):
    out, err = StringIO(), StringIO()
    call_command("checkgames", *[str(a) for a in args], stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def test_text_report_of_a_mate_and_the_summary():
    out, err = run(PGN / "python-chess" / "molinari-bordais-1979.pgn")
    assert "Game 1 (line 1): Molinari – Bordais" in out
    assert "ending: Black delivered mate on move 5 (10.1)" in out
    assert "result: declared 0-1, detected 0-1" in out
    assert out.strip().splitlines()[-1].startswith("Summary: 1 games, 10 plies: 1 with every")
    assert err == ""  # no progress bar when stderr is not a terminal


def test_json_lines_with_a_broken_game_then_a_good_one():
    out, _ = run(PGN / "nasty" / "illegal_move_then_next_game.pgn", "--format", "json")
    first, second, summary = (json.loads(line) for line in out.strip().splitlines())
    assert first["first_error"]["text"] == "Qa1" and first["first_error"]["column"] == 19
    assert second["all_legal"] and second["game"] == 2
    assert summary["summary"]["games"] == 2 and summary["summary"]["with_errors"] == 1


def test_whole_real_collection_under_fide2023():
    out, _ = run(PGN / "mliebelt-pgn-parser" / "twic-01-232games.pgn", "--ruleset", "fide2023")
    assert "232 games" in out and "232 with every move legal" in out
    assert "0 with an illegal or unreadable move" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["no-such-file.pgn"], "no-such-file.pgn: no such readable file"),
        ([PGN / "nasty" / "semicolon_comment.pgn", "--ruleset", "blitz"], "unknown ruleset"),
    ],
)
def test_unusable_input_is_one_line_and_non_zero(args, message):
    with pytest.raises(CommandError) as caught:
        run(*args)
    assert message in str(caught.value) and "\n" not in str(caught.value)
    assert caught.value.returncode == 2


def test_bad_encodings_and_binary_junk_are_reported_not_fatal(tmp_path):
    path = tmp_path / "mixed.pgn"
    path.write_bytes(
        b'\xef\xbb\xbf[White "Bj\xf6rk"]\n\n1. e4 e5 *\n\n'  # BOM, then a Latin-1 line
        b"\x00\xff\xfe garbage }}} ((\n\n"
        b'[Event "last"]\n\n1. d4 d5 2. Sf3 *\n'
    )
    out, _ = run(path, "--format", "json")
    lines = [json.loads(line) for line in out.strip().splitlines()]
    assert lines[0]["headers"]["White"] == "Björk" and lines[0]["all_legal"]
    assert lines[1]["syntax_problems"] or lines[1]["first_error"]
    assert lines[2]["first_error"]["text"] == "Sf3" and lines[2]["first_error"]["line"] == 9
    assert lines[-1]["summary"]["games"] == 3


def test_both_cores_give_the_same_reports_in_order(tmp_path, monkeypatch):
    collection = (PGN / "mliebelt-pgn-parser" / "twic-01-232games.pgn").read_text()
    broken = (PGN / "nasty" / "illegal_move_then_next_game.pgn").read_text()
    path = tmp_path / "big.pgn"
    path.write_text(collection + "\n" + broken + "\n\n" + collection)
    monkeypatch.setattr(batch, "PARALLEL_MIN_BYTES", 0)
    monkeypatch.setattr(batch, "CHUNK_BYTES", 40_000)
    serial = [r.as_dict() for r in check_file(str(path), CLASSIC, jobs=1)]
    parallel = [r.as_dict() for r in check_file(str(path), CLASSIC, jobs=2)]
    assert len(serial) == 232 * 2 + 2
    assert parallel == serial
    assert serial[232]["first_error"]["game"] == 233


def test_mate_search_finding_on_a_locked_position(tmp_path):
    # D3-Chess vector, class "--": pawns locked, only the kings can move.
    path = tmp_path / "locked.pgn"
    path.write_text('[FEN "2k5/6p1/6P1/6PK/6P1/6PR/7P/8 b - - 0 1"]\n\n1... Kd7 *\n')
    plain, _ = run(path)
    assert "cannot mate" not in plain
    searched, _ = run(path, "--mate-search", "5000")
    assert "finding: White cannot mate by any sequence of legal moves" in searched
    assert "finding: Black cannot mate by any sequence of legal moves" in searched


def _pgn_from(fen, moves):
    numbered = " ".join(
        (f"{i // 2 + 1}. {move}" if i % 2 == 0 else move) for i, move in enumerate(moves)
    )
    return f'[Event "House rules"]\n[Result "*"]\n[SetUp "1"]\n[FEN "{fen}"]\n\n{numbered} *\n'


def test_online_automatic_draws_are_found_in_files(tmp_path):
    # Ten checks in a row by White, and thirty quiet moves each: the online room's server
    # draws both (its automatic_draw incident rules them the same way).
    checks = tmp_path / "checks.pgn"
    checks.write_text(
        _pgn_from("k7/8/8/8/8/8/8/K5Q1 w - - 0 1", ["Qg8+", "Ka7", "Qg7+", "Ka8"] * 6)
    )
    quiet = tmp_path / "quiet.pgn"
    quiet.write_text(_pgn_from("k7/8/8/8/8/8/8/K6R w - - 0 1", ["Rh2", "Kb8", "Rh1", "Ka8"] * 16))
    out, _ = run(checks, "--ruleset", "online")
    assert "Draw on move 10: White gave 10 checks in a row without mate" in out
    assert "detected 1/2-1/2" in out
    out, _ = run(quiet, "--ruleset", "online")
    assert "Draw on move 30: 30 moves by each side without a pawn move or a capture" in out
    out, _ = run(checks, "--ruleset", "classic")  # no such house rule at the board
    assert "checks in a row" not in out


def test_a_file_of_a_few_hundred_games_is_shared_among_the_workers(tmp_path, monkeypatch):
    """TWIC's 232 games (200 KB, a quarter of a second on one core): worth two workers, in
    chunks small enough that both have work, and reported as one worker reports them."""
    source = PGN / "mliebelt-pgn-parser" / "twic-01-232games.pgn"
    chunks = []
    real_chunks = batch._chunks

    def counted(path, encoding, chunk_bytes):
        for chunk in real_chunks(path, encoding, chunk_bytes):
            chunks.append(chunk)
            yield chunk

    monkeypatch.setattr(batch, "_chunks", counted)
    parallel = [r.as_dict() for r in check_file(str(source), CLASSIC, jobs=2)]
    assert len(chunks) >= 4
    assert parallel == [r.as_dict() for r in check_file(str(source), CLASSIC, jobs=1)]


# manage.py runs the command without loading the apps (arbiter.quick_commands): the same
# output and exit statuses as call_command after the usual set-up, and none of the models,
# the API or the reports imported.

ROOT = Path(__file__).resolve().parents[3]


def manage(*args, **env):
    environment = {**os.environ, **env}
    return subprocess.run(
        [sys.executable, str(ROOT / "manage.py"), "checkgames", *map(str, args)],
        capture_output=True,
        text=True,
        check=False,
        cwd=ROOT,
        env=environment,
        timeout=120,
    )


@pytest.mark.parametrize("options", [[], ["--format", "json"], ["--ruleset", "online"]])
def test_manage_py_prints_what_call_command_prints(options):
    path = PGN / "nasty" / "illegal_move_then_next_game.pgn"
    done = manage(path, *options)
    assert (done.stdout, done.stderr, done.returncode) == (run(path, *options)[0], "", 0)


def test_manage_py_refuses_unusable_input_as_django_does():
    done = manage("no-such-file.pgn")
    assert done.returncode == 2
    assert done.stderr == "CommandError: no-such-file.pgn: no such readable file\n"
    assert manage("--help").stdout.startswith("usage: manage.py checkgames [-h]")


def test_manage_py_loads_no_app_unless_the_settings_are_named():
    path = PGN / "python-chess" / "molinari-bordais-1979.pgn"
    script = (
        "import runpy, sys\n"
        f"sys.argv = ['manage.py', 'checkgames', {str(path)!r}, *sys.argv[1:]]\n"
        "runpy.run_path('manage.py', run_name='__main__')\n"
        "heavy = ('games.models', 'tournaments.models', 'rest_framework', 'reportlab')\n"
        "print(sorted({m for m in sys.modules if m.startswith(heavy)}))\n"
    )
    for options, loaded in (([], False), (["--settings", "arbiter.settings"], True)):
        done = subprocess.run(
            [sys.executable, "-c", script, *options],
            capture_output=True,
            text=True,
            check=True,
            cwd=ROOT,
            timeout=120,
        )
        assert "Summary: 1 games, 10 plies" in done.stdout
        assert (done.stdout.strip().splitlines()[-1] != "[]") is loaded
