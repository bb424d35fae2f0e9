"""``manage.py rule``: every example incident of docs/rules.md applied to a real game, and
the errors."""

import json
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from games.rules.incidents.files import KINDS, IncidentFileError, load_incident

from .conftest import DATA

EXAMPLES = DATA / "examples"
FS = "fischer-spassky-1972-game6.pgn"
FS_27 = "fischer-spassky-1972-game6-after-27.pgn"
ND_4 = "nepomniachtchi-liren-game1-after-4.pgn"
ND = "nepomniachtchi-liren-game1.pgn"

# kind: (game, ruleset, decision, score, article) — the answers the Laws give for them.
CASES = {
    "lateness": ("fischer-spassky-1972-game6-unplayed.pgn", "classic", "game_over", "0-1", "10.15"),
    "seal": (FS_27, "classic", "play_on", None, "Adjournment"),
    "resumption": (FS_27, "classic", "game_over", "0-1", "10.16(1)"),
    "illegal_move": (
        "fischer-spassky-1972-game6-illegal-13qh4.pgn",
        "classic",
        "play_on",
        None,
        "8.1",
    ),
    "displaced_pieces": (FS_27, "classic", "play_on", None, "8.2"),
    "knocked_over": (FS_27, "classic", "play_on", None, "8.3"),
    "wrong_initial_position": (ND_4, "classic", "annul", None, "8.5"),
    "colours_reversed": (ND_4, "classic", "restart", None, "8.6"),
    "board_misplaced": (FS_27, "classic", "play_on", None, "8.7"),
    "touch_move": (ND_4, "classic", "play_on", None, "7.2(2)"),
    "draw_offer": (FS_27, "classic", "play_on", None, "10.8"),
    "draw_claim": (FS_27, "classic", "play_on", None, "10.13(2)"),
    "scoresheet_check": (ND_4, "classic", "play_on", None, "11.1"),
    "scoresheet_completion": (FS_27, "classic", "play_on", None, "11.7"),
    "scoresheet_borrowing": (FS_27, "classic", "play_on", None, "11.5"),
    "refusal_to_record": (FS_27, "classic", "game_over", "1-0", "10.17"),
    "arbiter_keeps_score": (FS_27, "classic", "play_on", None, "11.3"),
    "flag_fall": (ND, "classic", "game_over", "1-0", "10.14"),
    "period_end": (FS, "classic", "play_on", None, "Adjournment"),
    "resignation": (FS, "online", "game_over", "1-0", "10.2"),
    "automatic_draw": (ND, "online", "play_on", None, "Automatic draw (online)"),
    "king_into_check": (ND_4, "online", "game_over", "1-0", "King into check (online)"),
    "abandonment": (FS, "online", "game_over", "0-1", "Abandonment (online)"),
}


def run(*args: str) -> str:
    out = StringIO()
    call_command("rule", *args, stdout=out)
    return out.getvalue()


def test_there_is_one_example_per_kind():
    """docs/rules.md shows one incident file per kind; each is tested below."""
    assert sorted(path.stem for path in EXAMPLES.glob("*.json")) == sorted(KINDS) == sorted(CASES)


@pytest.mark.parametrize("kind", sorted(CASES))
def test_example_rulings(kind):
    game, ruleset, decision, score, article = CASES[kind]
    output = run(
        str(DATA / game), str(EXAMPLES / f"{kind}.json"), "--ruleset", ruleset, "--format", "json"
    )
    ruling = json.loads(output)
    assert (ruling["decision"], ruling["score"], ruling["article"]) == (decision, score, article)
    assert ruling["explanation"]["en"] and ruling["explanation"]["zh"]


def test_forfeit_and_sealed_move_details():
    """A default before any move is a forfeit; the sealing ruling never shows the move."""
    lateness = json.loads(
        run(str(DATA / CASES["lateness"][0]), str(EXAMPLES / "lateness.json"), "--format", "json")
    )
    assert lateness["forfeit"] is True
    sealing = run(str(DATA / FS_27), str(EXAMPLES / "seal.json"), "--format", "json")
    assert "Rcf1" not in sealing
    assert json.loads(sealing)["details"]["envelope"]["moves_made"] == 27


def test_text_format_gives_both_languages_and_clock_changes():
    output = run(str(DATA / FS_27), str(EXAMPLES / "scoresheet_borrowing.json"))
    assert output.splitlines() == [
        "Decision: play_on",
        "Score: *",
        "Article: 11.5 (classic)",
        "Black may borrow the opponent's scoresheet through the arbiter (the scoresheets belong "
        "to the organiser; the opponent cannot refuse); the time spent is charged to Black.",
        "黑方可以经裁判员借用对方的记录纸（记录纸属于组织者，对方不得拒绝）；所用时间由黑方承担。",
        "Clock: Black: +60 s used time",
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ('{"kind": "flag_fall", "flagged": "black",}', "line 1, column 42: Expecting property"),
        ('{"kind": "flag_fal"}', "kind: 'flag_fal' is not an incident kind"),
        ('{"kind": "flag_fall"}', "flagged: required field missing"),
        ('{"kind": "flag_fall", "flagged": "grey"}', 'flagged: expected "white" or "black"'),
        ('{"kind": "flag_fall", "flagged": "white", "used": 3}', "used: unknown field"),
        (
            '{"kind": "flag_fall", "flagged": "white", "used_seconds": "many"}',
            "used_seconds: expected a number",
        ),
        ('{"kind": "draw_offer", "by": "white", "timing": "soon"}', "timing: 'soon' is not one of"),
        (
            '{"kind": "draw_offer", "by": "white", "earlier_offers": [{"by": 1}]}',
            'earlier_offers[0].by: expected "white" or "black"',
        ),
        (
            '{"kind": "lateness", "session_start": "noon", "ruled_at": "2026-01-01T12:00"}',
            "session_start: 'noon' is not an ISO 8601 date and time",
        ),
        ('["flag_fall"]', "an incident file holds one JSON object"),
        # Each of these printed a traceback (exit 1) instead of one line and exit 2.
        ("[" * 100_000, "the JSON is nested too deeply"),
        ('{"kind": "knocked_over", "by": ["white"]}', 'by: expected "white" or "black"'),
        ('{"kind": "draw_offer", "by": "white", "timing": ["x"]}', "timing: ['x'] is not one"),
        (
            '{"kind": "flag_fall", "flagged": "white", "used_seconds": ' + "9" * 5000 + "}",
            "not readable JSON: Exceeds the limit",
        ),
        (
            '{"kind": "flag_fall", "flagged": "white", "used_seconds": ' + "9" * 300 + "}",
            "used_seconds: 99999999999999999999 is out of range",
        ),
        (
            '{"kind": "flag_fall", "flagged": "white", "used_seconds": Infinity}',
            "used_seconds: inf is out of range",
        ),
    ],
)
def test_malformed_incident_files_name_the_field(text, message):
    with pytest.raises(IncidentFileError) as error:
        load_incident(text)
    assert str(error.value).startswith(message)


def test_input_errors_exit_with_status_2(tmp_path):
    """A malformed incident or an impossible one (sealing under fide2023) is one line, exit 2."""
    broken = tmp_path / "broken.json"
    broken.write_text('{"kind": "touch_move", "touched": ["z9"]}')
    with pytest.raises(CommandError, match=r"touched: 'z9' is not a square") as error:
        run(str(DATA / ND_4), str(broken))
    assert error.value.returncode == 2
    with pytest.raises(CommandError, match="fide2023 ruleset has no adjournment") as error:
        run(str(DATA / FS_27), str(EXAMPLES / "seal.json"), "--ruleset", "fide2023")
    assert error.value.returncode == 2
    with pytest.raises(CommandError, match="No such file") as error:
        run(str(tmp_path / "missing.pgn"), str(broken))
    assert error.value.returncode == 2


def test_command_line_error_has_no_traceback(tmp_path):
    broken = tmp_path / "broken.json"
    broken.write_text('{"kind": "flag_fall",\n "flagged": }')
    manage = Path(__file__).resolve().parents[4] / "manage.py"
    result = subprocess.run(
        [sys.executable, str(manage), "rule", str(DATA / ND), str(broken)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        f"CommandError: {broken}: line 2, column 13: Expecting value"
    ]


@pytest.mark.parametrize(
    ("pgn", "message"),
    [
        ("", "the PGN text holds no game"),
        ('[FEN "bad fen"]\n\n1. e4 *\n', "FEN tag 'bad fen'"),
        ('[White "x"\n1. e4 *\n', "line 1, column 1: malformed tag pair"),
    ],
)
def test_unusable_game_files_exit_with_status_2(tmp_path, pgn, message):
    game = tmp_path / "game.pgn"
    game.write_text(pgn)
    with pytest.raises(CommandError, match=message) as error:
        run(str(game), str(EXAMPLES / "resignation.json"))
    assert error.value.returncode == 2
