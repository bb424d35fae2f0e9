"""Reports of tournaments in the database: the demo events (Polish, Czech, Vietnamese,
Turkish and Chinese names, an adjourned game, byes and a withdrawal), the commands, the
public pages, the CSV."""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Iterator
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse

from tests.module_data import kept_for_the_module
from tournaments import selectors
from tournaments.demo import load_demo
from tournaments.models import Round, Tournament
from tournaments.reports.sources import crosstable_data, standings_data, table_report
from tournaments.scoring.standings import compute_standings
from tournaments.selectors import tournament_sheet, tournament_standings

from .conftest import contains_run, pdf_cells, pdf_reader

pytestmark = pytest.mark.django_db


@pytest.fixture(scope="module")
def demo_events(django_db_setup, django_db_blocker) -> Iterator[list[int]]:
    with kept_for_the_module(django_db_blocker):
        yield [tournament.pk for tournament in load_demo()]


@pytest.fixture
def demo(demo_events) -> dict[str, Tournament]:
    return {t.slug: t for t in Tournament.objects.filter(pk__in=demo_events)}


def standing_runs(tournament: Tournament) -> list[list[str]]:
    """Each standings line as the cells it must print: place, number, name, title, rating,
    federation (blanks print nothing), points, every tie-break."""
    players = {p.start_rank: p for p in tournament_sheet(tournament).players}
    runs = []
    for row in tournament_standings(tournament).rows:
        player = players[row.start_rank]
        fields = [player.title, str(player.rating or ""), player.federation]
        runs.append(
            [
                row.place,
                str(row.start_rank),
                row.name,
                *(f for f in fields if f),
                row.points_display,
                *(t.display for t in row.tiebreaks),
            ]
        )
    return runs


@pytest.mark.parametrize("slug", ["demo-round-robin", "demo-swiss"])
def test_standings_pdf_reads_back_exactly_as_the_standings(demo, slug):
    tournament = demo[slug]
    report = table_report(tournament, standings_data(tournament))
    cells = pdf_cells(report.generate()[2])
    runs = standing_runs(tournament)
    assert len(runs) == tournament.players.exclude(start_rank=None).count()
    for run in runs:
        assert contains_run(cells, run), run
    names = " ".join(run[2] for run in runs)
    assert any(ord(c) > 0x4E00 for c in names)  # Chinese names are among them


def test_a_pending_adjourned_game_marks_the_crosstable_provisional(demo):
    tournament = demo["demo-round-robin"]
    assert tournament_standings(tournament).pending
    reader = pdf_reader(table_report(tournament, crosstable_data(tournament)).generate()[2])
    text = reader.pages[0].extract_text()
    assert "Crosstable after round 5 of 9 — provisional" in text
    assert "Provisional: adjourned games are not yet decided" in text
    assert reader.metadata.author == tournament.chief_arbiter


def run_command(*args: str) -> str:
    out = StringIO()
    call_command(*args, stdout=out)
    return out.getvalue()


def test_the_commands_write_pdfs(demo, tmp_path):
    swiss = demo["demo-swiss"]
    target = tmp_path / "wall.pdf"
    assert "Wall chart after round" in run_command(
        "crosstable", str(swiss.pk), "--pdf", str(target), "--paper", "letter", "--order", "start"
    )
    box = pdf_reader(target.read_bytes()).pages[0].mediabox
    assert round(float(box.width)) in {612, 792}
    sheet = tmp_path / "round3.pdf"
    run_command("pairings", swiss.slug, "--round", "3", "--pdf", str(sheet), "--result-sheet")
    assert "Result sheet, round 3" in pdf_reader(sheet.read_bytes()).pages[0].extract_text()
    standings = tmp_path / "standings.pdf"
    run_command("standings", swiss.slug, "--pdf", str(standings))
    assert contains_run(pdf_cells(standings.read_bytes()), standing_runs(swiss)[0])


def test_standings_pdf_reads_the_sheet_once_and_ranks_once(demo, tmp_path, monkeypatch):
    swiss = demo["demo-swiss"]
    ranked = []
    monkeypatch.setattr(
        selectors,
        "compute_standings",
        lambda *a, **k: ranked.append(a) or compute_standings(*a, **k),
    )
    with CaptureQueriesContext(connection) as queries:
        run_command("standings", swiss.slug, "--pdf", str(tmp_path / "standings.pdf"))
    board_reads = [q for q in queries.captured_queries if 'AS "white__start_rank"' in q["sql"]]
    assert len(board_reads) == 1
    player_reads = [
        q for q in queries.captured_queries if q["sql"].startswith('SELECT "tournaments_player"')
    ]
    assert len(player_reads) == 1
    assert len(ranked) == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["pairings", "demo-swiss", "--round", "12", "--pdf", "x.pdf"],
            "--round 12: the tournament has rounds 1 to 5 paired",
        ),
        (
            ["crosstable", "demo-swiss", "--after-round", "7", "--pdf", "x.pdf"],
            "--after-round 7: the tournament has rounds 1 to 5 paired",
        ),
        (
            ["crosstable", "no-such-event", "--pdf", "x.pdf"],
            "no tournament with id or slug 'no-such-event'",
        ),
        (
            ["crosstable", "demo-swiss", "--pdf", "/nonexistent-dir/x.pdf"],
            "/nonexistent-dir/x.pdf: No such file or directory",
        ),
    ],
)
def test_bad_command_input_is_named(demo, args, message):
    with pytest.raises(CommandError, match=message) as error:
        run_command(*args)
    assert error.value.returncode == 2


def test_public_pages_answer_without_login(client, demo):
    swiss, round_robin = demo["demo-swiss"], demo["demo-round-robin"]
    standings = client.get(reverse("tournaments:standings", args=[swiss.pk]))
    assert standings.status_code == 200
    for run in standing_runs(swiss)[:5]:
        assert run[2].replace("'", "&#x27;") in standings.content.decode()
    crosstable = client.get(reverse("tournaments:crosstable", args=[round_robin.pk]))
    assert crosstable.status_code == 200
    assert "李明轩" in crosstable.content.decode()
    assert 'class="diagonal"' in crosstable.content.decode()
    assert client.get(reverse("tournaments:pairings", args=[swiss.pk, 1])).status_code == 200
    for name in ["standings_pdf", "crosstable_pdf", "players_pdf", "scoresheet_pdf"]:
        response = client.get(reverse(f"tournaments:{name}", args=[swiss.pk]))
        assert response["Content-Type"] == "application/pdf", name


def test_standings_csv_has_the_standings_lines(client, demo):
    swiss = demo["demo-swiss"]
    response = client.get(reverse("tournaments:standings_csv", args=[swiss.pk]) + "?round=3")
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0][:7] == ["Rk", "No.", "Name", "Title", "Rtg", "Fed", "Pts"]
    standings = tournament_standings(swiss, after_round=3)
    assert [(r[0], r[2], r[6]) for r in rows[1:]] == [
        (row.place, row.name, row.points_display) for row in standings.rows
    ]


def test_draft_rounds_and_bad_values_are_not_found(client, demo):
    swiss = demo["demo-swiss"]
    Round.objects.filter(tournament=swiss, number=5).update(status=Round.Status.DRAFT)
    assert client.get(reverse("tournaments:pairings", args=[swiss.pk, 5])).status_code == 404
    standings = reverse("tournaments:standings", args=[swiss.pk])
    assert client.get(standings + "?round=5").status_code == 404
    assert client.get(standings + "?round=x").status_code == 404
    pdf = reverse("tournaments:crosstable_pdf", args=[swiss.pk])
    assert client.get(pdf + "?paper=a3").status_code == 404
    assert client.get(pdf + "?order=name").status_code == 404
    sheet = reverse("tournaments:result_sheet_pdf", args=[swiss.pk, 1])
    assert client.get(sheet).status_code == 302  # the arbiters' paper: log in first


def test_missing_results_and_withdrawals_are_printed(demo):
    swiss = demo["demo-swiss"]
    # Round 5 of the demo Swiss is being played: its boards have no result yet.
    boards = swiss.rounds.get(number=5).pairings.exclude(black=None).count()
    text = "\n".join(pdf_cells(table_report(swiss, standings_data(swiss)).generate()[2]))
    assert "Standings after round 5 of 9 — provisional" in text
    assert f"Provisional: {boards} results are not yet in (round 5)." in text
    withdrawn = swiss.players.exclude(withdrawn_after_round=None).get()
    assert (
        f"{withdrawn.name} (no. {withdrawn.start_rank}) withdrew after round "
        f"{withdrawn.withdrawn_after_round}." in text
    )
    after_four = "\n".join(
        pdf_cells(table_report(swiss, standings_data(swiss, after_round=4)).generate()[2])
    )
    assert "provisional" not in after_four


def test_standings_csv_writes_formula_like_names_as_text(client, demo):
    """Issue: names like ``=HYPERLINK(…)`` were written as they are, and a spreadsheet
    opening the public CSV ran them. Numbers (points, tie-breaks) stay numbers."""
    swiss = demo["demo-swiss"]
    hostile = ['=HYPERLINK("http://evil.example/","x")', "+cmd|' /C calc'!A0", "-2+3", "@SUM(A1)"]
    for player, name in zip(swiss.players.order_by("start_rank"), hostile, strict=False):
        player.name = name
        player.save()
    response = client.get(reverse("tournaments:standings_csv", args=[swiss.pk]) + "?round=3")
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    names = {row[2] for row in rows[1:]}
    assert {"'" + name for name in hostile} <= names
    assert not any(cell[:1] in "=+-@" and cell[:1] for row in rows for cell in row[2:3])
    points = [row[6] for row in rows[1:]]
    assert all(re.fullmatch(r"\d+(\.5)?|\d*½", p) for p in points), points


def test_each_pdf_is_named_for_what_it_is(client, demo):
    swiss = demo["demo-swiss"]
    names = {}
    for name, kwargs in [
        ("standings_pdf", {}),
        ("crosstable_pdf", {}),
        ("players_pdf", {}),
        ("pairings_pdf", {"number": 2}),
    ]:
        url = reverse(f"tournaments:{name}", kwargs={"tournament_id": swiss.pk, **kwargs})
        response = client.get(url)
        names[name] = response["Content-Disposition"].split('filename="')[1].rstrip('"')
    rounds = swiss.rounds.count()
    assert names == {
        "standings_pdf": f"autumn-open-2026-standings-round-{rounds}.pdf",
        "crosstable_pdf": f"autumn-open-2026-wall-chart-round-{rounds}.pdf",
        "players_pdf": "autumn-open-2026-players.pdf",
        "pairings_pdf": "autumn-open-2026-pairings-round-2.pdf",
    }
