"""The management commands: output, and a clear message with exit status 2 on bad input."""

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from tournaments.models import Tournament

pytestmark = pytest.mark.django_db

DATA = Path(__file__).resolve().parent.parent / "data" / "trf"
HELD = DATA / "tiebreak/held_c07_exercises/held_swiss_5.trf"


def run(*args):
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def refusal(*args):
    with pytest.raises(CommandError) as error:
        run(*args)
    assert error.value.returncode == 2
    return str(error.value)


def test_import_trf_prints_the_new_tournaments_id():
    output = run("import_trf", str(HELD))
    assert output.strip() == str(Tournament.objects.get().pk)


def test_import_trf_names_line_and_column_of_a_bad_line(tmp_path):
    lines = HELD.read_text().splitlines()
    number = next(i for i, line in enumerate(lines) if line.startswith("001"))
    lines[number] = lines[number][:84] + "x.5" + lines[number][87:]
    bad = tmp_path / "bad.trf"
    bad.write_text("\n".join(lines))
    message = refusal("import_trf", str(bad))
    assert message.startswith(f"{bad}: line {number + 1}, column 8")
    assert not Tournament.objects.exists()


def test_import_trf_of_a_missing_file():
    assert refusal("import_trf", "no/such.trf") == "no/such.trf: No such file or directory"


def test_export_trf_writes_trf_2026_with_its_records():
    pk = run("import_trf", str(HELD)).strip()
    output = run("export_trf", pk, "--version", "2026")
    assert output.startswith("012 ")
    assert "\n142 5\n" in output
    assert sum(line.startswith("001") for line in output.splitlines()) == 16


def test_standings_as_json_give_the_held_exercise_values():
    pk = run("import_trf", str(HELD)).strip()
    document = json.loads(run("standings", pk, "--tiebreaks", "BH,SB", "--format", "json"))
    rows = {row["start_rank"]: row for row in document["standings"]}
    # Held, Exercises in Tie-Breaking, exercises 1 and 2: BH of players 1, 2, 3.
    assert [rows[n]["tiebreaks"]["BH"] for n in (1, 2, 3)] == ["12.5", "13.0", "15.5"]
    assert document["tiebreaks"] == ["BH", "SB"]


def test_standings_as_text_after_a_round():
    pk = run("import_trf", str(HELD)).strip()
    lines = run("standings", pk, "--after-round", "1", "--tiebreaks", "BH").splitlines()
    assert lines[1].split() == ["Rk", "SNo", "Name", "Pts", "BH", "Rtg+/-"]
    assert len(lines) == 2 + 16


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["standings", "999"], "no tournament with id or slug '999'"),
        (
            ["standings", "{pk}", "--after-round", "6"],
            "--after-round 6: the tournament has rounds 1 to 5 paired",
        ),
        (["standings", "{pk}", "--tiebreaks", "BH,XY"], "--tiebreaks: unknown tie-break 'XY'"),
        (["export_trf", "nope"], "no tournament with id or slug 'nope'"),
    ],
)
def test_bad_arguments_are_named(args, message):
    pk = run("import_trf", str(HELD)).strip()
    assert refusal(*[a.format(pk=pk) for a in args]).startswith(message)


def test_import_players_lists_each_bad_cell(tmp_path):
    pk = run("import_trf", str(HELD)).strip()
    csv = tmp_path / "players.csv"
    csv.write_text("name,rating,federation\nLate; Lou,abc,NOR\nEarly; Eve,1500,norway\n")
    message = refusal("import_players", pk, str(csv))
    assert message.splitlines()[1:] == [
        "  line 2, column 2 (rating_standard): Enter a whole number. ('abc')",
        "  line 3, column 3 (federation): Ensure this value has at most 3 characters (it has 6)."
        " ('NORWAY')",
    ]


def test_import_players_adds_late_entries(tmp_path):
    pk = run("import_trf", str(HELD)).strip()
    csv = tmp_path / "players.csv"
    csv.write_text('name,rating,federation,title\n"Hou, Yifan",2650,CHN,GM\n', encoding="utf-8")
    # Placed first, Hou moves the whole numbered field: asked (L3, status 3), nothing added.
    with pytest.raises(CommandError) as asked:
        run("import_players", pk, str(csv))
    assert asked.value.returncode == 3
    question = str(asked.value)
    assert "Entering Hou, Yifan moves 16 players to new starting ranks" in question
    assert "  - Hou, Yifan takes starting rank 1." in question
    assert "  - Alyx: 1 → 2" in question and "  - Stephan: 16 → 17" in question
    assert question.endswith("repeat the command with --confirm confirm")
    assert not Tournament.objects.get(pk=pk).players.filter(name="Hou, Yifan").exists()
    assert run("import_players", pk, str(csv), "--confirm", "confirm").startswith("1 players")
    late = Tournament.objects.get(pk=pk).players.get(name="Hou, Yifan")
    assert (late.first_round, late.start_rank) == (6, 1)
