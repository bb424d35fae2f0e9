"""``manage.py standings`` and ``manage.py crosstable`` on a team event show its teams, as
the pages do: the team standings by the event's primary score and team tie-breaks, C.07's
team codes taken on the command line, the columns aligned whatever script the names are in."""

from __future__ import annotations

import json
import subprocess
import unicodedata
from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from tests.tournaments.teams.test_team_reports import _played_round_robin

pytestmark = pytest.mark.django_db


def _run(*args: str) -> str:
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def _columns(text: str) -> int:
    """Columns a terminal gives the text (Chinese characters two)."""
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def test_the_standings_command_prints_a_team_events_teams() -> None:
    tournament, _first, _second = _played_round_robin()
    lines = _run("standings", str(tournament.pk)).splitlines()
    assert lines[0] == tournament.name
    assert lines[1].split() == ["Rk", "No.", "Team", "MP", "GP", "DE"]
    # Team A beat team D 2-0; B and C drew and have not met: DE leaves them sharing 2–3.
    assert [line.split() for line in lines[2:6]] == [
        ["1", "1", "Team", "A", "2", "2", "1"],
        ["2–3", "2", "Team", "B", "1", "1", "1"],
        ["2–3", "3", "Team", "C", "1", "1", "1"],
        ["4", "4", "Team", "D", "0", "0", "1"],
    ]
    player = tournament.players.order_by("start_rank").first().name
    assert player not in "\n".join(lines)


def test_the_standings_command_takes_the_team_tie_break_codes() -> None:
    tournament, _first, _second = _played_round_robin()
    out = _run("standings", str(tournament.pk), "--tiebreaks", "MP,EMMSB", "--format", "json")
    document = json.loads(out)
    assert document["primary"] == "MP" and document["tiebreaks"] == ["EMMSB"]
    assert [(row["rank"], row["team"], row["match_points"]) for row in document["standings"]] == [
        ("1", "Team A", "2"),
        ("2–3", "Team B", "1"),
        ("2–3", "Team C", "1"),
        ("4", "Team D", "0"),
    ]
    # Team A's opponent D has 0 match points, B's and C's opponents 1 each.
    assert [row["tiebreaks"] for row in document["standings"]] == [
        {"EMMSB": "0"},
        {"EMMSB": "1"},
        {"EMMSB": "1"},
        {"EMMSB": "0"},
    ]
    with pytest.raises(CommandError, match="XYZ"):
        _run("standings", str(tournament.pk), "--tiebreaks", "MP,XYZ")


def test_the_team_standings_keep_their_columns_with_chinese_names() -> None:
    tournament, first, _second = _played_round_robin()
    team = first.team_a
    team.name = "上海浦东"
    team.save()
    lines = _run("standings", str(tournament.pk)).splitlines()[1:6]
    # The last column (DE) is right-aligned: every line ends in the same terminal column.
    assert len({_columns(line) for line in lines}) == 1, lines
    assert lines[1].split()[2] == "上海浦东"


def test_the_individual_standings_keep_their_columns_with_chinese_and_accented_names() -> None:
    from tests.factories import PlayerFactory, TournamentFactory

    tournament = TournamentFactory()
    PlayerFactory(tournament=tournament, name="欧阳娜娜", start_rank=1)
    # A name typed with a combining accent (e + U+0301) takes one column, not two.
    PlayerFactory(tournament=tournament, name="Rene\u0301, Jose\u0301", start_rank=2)
    PlayerFactory(tournament=tournament, name="Smith, John", start_rank=3)
    lines = _run("standings", str(tournament.pk)).splitlines()[2:5]  # the players' lines
    ends = [_columns(unicodedata.normalize("NFC", line)) for line in lines]
    assert len(set(ends)) == 1, lines


def test_the_crosstable_command_prints_a_team_events_crosstable(tmp_path) -> None:
    tournament, first, _second = _played_round_robin()
    path = tmp_path / "crosstable.pdf"
    _run("crosstable", str(tournament.pk), "--pdf", str(path))
    text = subprocess.run(
        ["pdftotext", "-layout", str(path), "-"], capture_output=True, check=True
    ).stdout.decode()
    assert "Team crosstable" in text and first.team_a.name in text
    assert tournament.players.order_by("start_rank").first().name not in text
