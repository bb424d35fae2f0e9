"""Hostile files fed to every upload and command: a clear error, bounded memory, nothing
half-written.

Each payload (NUL bytes, a megabyte on one line, deep nesting, overflowing numbers, wrong
encodings, counts beyond the documented limits) goes to each command (``checkgames``,
``import_pgn``, ``rule``, ``checktrf``, ``import_trf``, ``import_players``) and each page
upload (games, TRF import, players CSV, pairings). A command ends normally or with a
``CommandError`` (one line, exit 2; ``checkgames``/``checktrf`` may report findings with 1);
a page answers 200 or a redirect, never 500. Memory is measured with tracemalloc and bounded
generously: a guard against runaway work, not a speed test.
"""

from __future__ import annotations

import html
import io
import json
import random
import tracemalloc
from collections.abc import Callable, Iterator
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import Permission
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from rest_framework.test import APIClient

import games.rules.batch as batch_module
import games.services.imports as imports_module
from games.models import Game, PgnUpload
from games.rules.records import decode_lines, outline_pgn, read_pgn
from jobs.models import Job
from jobs.runner import run_job, start_job
from tests.factories import PlayerFactory, UserFactory, trf_player_line
from tournaments.limits import MAX_GAMES_PER_FILE, MAX_PLAYERS, MAX_ROUNDS, MAX_UPLOAD_BYTES
from tournaments.models import PairingSystem, Player, Round, Tournament
from tournaments.services import create_tournament, generate_round_robin_round, publish_round

pytestmark = pytest.mark.django_db

MEMORY_BOUND = 300 * 1024 * 1024
"""Far above what any payload needs once read linearly (the 5 MB tag line took 2.8 GB)."""

MULTI_LINE = {"import_trf", "import_players"}
MEGABYTE_LINE = "x" * (1024 * 1024)
GAME = '[Event "E"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 1-0\n\n'


def _trf(players: int = 2, rounds_text: str = "") -> str:
    head = "012 Hostile\n062 2\n"
    return head + "\n".join(trf_player_line(r, rounds_text) for r in range(1, players + 1)) + "\n"


PGN: dict[str, bytes] = {
    "nul": (GAME[:30] + "\x00" + GAME[30:]).encode(),
    "megabyte_tag_line": f'[Event "{MEGABYTE_LINE}\n\n1. e4 *\n'.encode(),
    "megabyte_comment": ("1. e4 {" + MEGABYTE_LINE).encode(),
    "deep_variations": ("1. e4 " + "(1. d4 " * 20_000 + "*\n").encode(),
    "overflowing_move_number": (b"99999999999999999999999. e4 e5 *\n"),
    "utf16": GAME.encode("utf-16"),
    "gbk": GAME.replace('"A"', '"王天一"').encode("gbk"),
    "binary": bytes(range(1, 256)) * 200,
    "too_many_games": ('[Event "E"]\n\n*\n\n' * (MAX_GAMES_PER_FILE + 1)).encode(),
}

TRF: dict[str, bytes] = {
    "nul": _trf().replace("Player 1", "Play\x00er 1").encode(),
    "megabyte_line": ("012 " + MEGABYTE_LINE + "\n" + _trf()).encode(),
    "overflowing_rating": _trf().replace("1800", "9999").replace("0.0", "9e99").encode(),
    "overflowing_round": (_trf() + "XXR 99999999999999999999\n").encode(),
    "rounds_beyond_limit": _trf(2, "  0000 - =" * (MAX_ROUNDS + 1)).encode(),
    "players_beyond_limit": _trf(MAX_PLAYERS + 1).encode(),
    "utf16": _trf().encode("utf-16"),
    "binary": bytes(range(1, 256)) * 200,
}

CSV: dict[str, bytes] = {
    "nul": b"name,rating\nDing\x00,2800\n",
    "bare_cr": b"name,rating\nDing\rLiren,2800\n",
    "megabyte_cell": ("name,rating\n" + MEGABYTE_LINE + ",1\n").encode(),
    "overflowing_rating": b"name,rating\nDing,99999999999999999999\n",
    "many_columns": ("name," + ",".join(f"c{n}" for n in range(5000)) + "\nDing\n").encode(),
    "players_beyond_limit": (
        "name\n" + "".join(f"P{n}\n" for n in range(MAX_PLAYERS + 1))
    ).encode(),
    "utf16": "name\nDing\n".encode("utf-16"),
    "binary": bytes(range(1, 256)) * 200,
}

INCIDENT: dict[str, bytes] = {
    "deep_nesting": b"[" * 100_000,
    "list_for_a_side": b'{"kind": "knocked_over", "by": ["white"]}',
    "five_thousand_digits": b'{"kind": "flag_fall", "flagged": "white", "used_seconds": '
    + b"9" * 5000
    + b"}",
    "overflowing_seconds": b'{"kind": "flag_fall", "flagged": "white", "used_seconds": 1e308}',
    "nul": b'{"kind": "resignation", "by": "wh\x00ite"}',
    "utf16": '{"kind": "resignation", "by": "white"}'.encode("utf-16"),
    "megabyte_string": ('{"kind": "resignation", "by": "' + MEGABYTE_LINE + '"}').encode(),
}


@pytest.fixture
def measured() -> Iterator[Callable[[Callable[[], Any]], Any]]:
    """Run a call under tracemalloc; fail if its peak exceeds :data:`MEMORY_BOUND`."""

    def run(call: Callable[[], Any]) -> Any:
        tracemalloc.start()
        try:
            result = call()
            peak = tracemalloc.get_traced_memory()[1]
        finally:
            tracemalloc.stop()
        assert peak < MEMORY_BOUND, f"peak {peak / 1e6:.0f} MB"
        return result

    yield run


def _command(*arguments: str) -> tuple[int, str]:
    """``(exit status, output)`` of a management command, as its caller would see it."""
    out, err = io.StringIO(), io.StringIO()
    try:
        call_command(*arguments, stdout=out, stderr=err)
    except CommandError as error:
        message = str(error)
        # One line, except the commands that list every problem of a file below its name.
        assert "\n" not in message.strip() or arguments[0] in MULTI_LINE, message
        assert "Traceback" not in message
        return error.returncode, message
    return 0, out.getvalue()


@pytest.fixture
def event() -> Tournament:
    chief = UserFactory(username="chief")
    chief.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    tournament = create_tournament(
        name="Hostile", system=PairingSystem.ROUND_ROBIN, number_of_rounds=3, user=chief
    )
    for _ in range(4):
        PlayerFactory(tournament=tournament)
    publish_round(generate_round_robin_round(tournament, user=chief), user=chief)
    return tournament


def _counts() -> tuple[int, ...]:
    return (
        Tournament.objects.count(),
        Player.objects.count(),
        Round.objects.count(),
        Game.objects.count(),
        PgnUpload.objects.count(),
    )


@pytest.mark.parametrize("name", sorted(PGN))
def test_hostile_pgn_to_checkgames_and_import_pgn(name, tmp_path, event, measured):
    path = tmp_path / f"{name}.pgn"
    path.write_bytes(PGN[name])
    status, _ = measured(lambda: _command("checkgames", str(path), "--jobs", "1"))
    assert status in (0, 1, 2)
    before = _counts()
    status, message = measured(lambda: _command("import_pgn", str(event.pk), str(path)))
    assert status in (0, 2), message
    if status == 2:
        assert _counts() == before


@pytest.mark.parametrize("name", sorted(INCIDENT))
def test_hostile_incident_files_to_rule(name, tmp_path, measured):
    game = tmp_path / "game.pgn"
    game.write_text(GAME)
    incident = tmp_path / f"{name}.json"
    incident.write_bytes(INCIDENT[name])
    status, message = measured(lambda: _command("rule", str(game), str(incident)))
    assert status == 2, message
    hostile_game = tmp_path / "hostile.pgn"
    hostile_game.write_bytes(PGN["nul"] if name == "nul" else PGN["deep_variations"])
    resignation = tmp_path / "resignation.json"
    resignation.write_text(json.dumps({"kind": "resignation", "by": "white"}))
    status, message = measured(lambda: _command("rule", str(hostile_game), str(resignation)))
    assert status in (0, 2), message


@pytest.mark.parametrize("name", sorted(TRF))
def test_hostile_trf_to_checktrf_and_import_trf(name, tmp_path, measured):
    path = tmp_path / f"{name}.trf"
    path.write_bytes(TRF[name])
    status, message = measured(lambda: _command("checktrf", str(path)))
    assert status in (0, 1, 2), message
    before = _counts()
    status, message = measured(lambda: _command("import_trf", str(path)))
    assert status in (0, 2), message
    if status == 2:
        assert _counts() == before


@pytest.mark.parametrize("name", sorted(CSV))
def test_hostile_csv_to_import_players(name, tmp_path, measured):
    tournament = create_tournament(name="Open", system=PairingSystem.SWISS, number_of_rounds=5)
    path = tmp_path / f"{name}.csv"
    path.write_bytes(CSV[name])
    before = _counts()
    status, message = measured(lambda: _command("import_players", str(tournament.pk), str(path)))
    assert status in (0, 2), message
    if status == 2:
        assert _counts() == before


@pytest.fixture
def chief_client(event: Tournament) -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(event.roles.get().user)
    return client


def _upload(client: Client, url: str, payload: bytes, name: str, **fields: Any) -> Any:
    file = SimpleUploadedFile(name, payload)
    return client.post(url, {"file": file, **fields})


@pytest.mark.parametrize(
    ("kind", "name"),
    [("pgn", n) for n in sorted(PGN)]
    + [("trf", n) for n in sorted(TRF)]
    + [("csv", n) for n in sorted(CSV)],
)
def test_hostile_files_to_every_page_upload(kind, name, event, chief_client, measured):
    payload = {"pgn": PGN, "trf": TRF, "csv": CSV}[kind][name]
    urls = {
        "pgn": [f"/games/tournament/{event.pk}/upload/"],
        "trf": ["/tournaments/import/"],
        "csv": [
            f"/tournaments/{event.pk}/players/import/",
            f"/tournaments/{event.pk}/rounds/enter/",
        ],
    }[kind]
    for url in urls:
        before = _counts()
        response = measured(partial(_upload, chief_client, url, payload, f"{name}.{kind}"))
        assert response.status_code in (200, 302), (url, response.status_code)
        if response.status_code == 200:  # the form came back with its errors
            assert _counts() == before, url
            assert "errorlist" in response.content.decode() or "error" in response.content.decode()


def test_the_upload_pages_exist():
    """The fuzz test's addresses are the real ones (a 404 would make it vacuous)."""
    from django.urls import resolve

    for url in (
        "/games/tournament/1/upload/",
        "/tournaments/import/",
        "/tournaments/1/players/import/",
        "/tournaments/1/rounds/enter/",
    ):
        resolve(url)


def test_the_payloads_are_what_their_names_say():
    assert b"\x00" in PGN["nul"] and b"\x00" in TRF["nul"] and b"\x00" in CSV["nul"]
    assert PGN["too_many_games"].count(b"[Event") == MAX_GAMES_PER_FILE + 1
    assert TRF["players_beyond_limit"].count(b"\n001 ") == MAX_PLAYERS + 1
    assert CSV["players_beyond_limit"].count(b"\nP") == MAX_PLAYERS + 1


# Every limit on every path (issue #27): the API's check and ``checkgames`` held none; a
# file of 100,000 ``[Event "E"]`` lines took the worker 56 s. Each path refuses before any
# game is checked (the rules engine is replaced by one that fails the test), naming the
# limit and what it found.

PGN_PATHS = ("page", "api", "job", "import_pgn", "checkgames")

UNFIT_PGN: dict[str, tuple[bytes, tuple[str, ...]]] = {
    "too_many_games": (PGN["too_many_games"], ("5,001 games", "at most 5,000")),
    "header_only_games": (b'[Event "E"]\n' * 100_000, ("100,000 games", "at most 5,000")),
    "prose": (b"This is not a chess game, only words.\n" * 500, ("No PGN game found", "500 lines")),
    "random_bytes": (
        random.Random(27).randbytes(200_000),
        ("not", "text"),  # binary data, or a NUL byte
    ),
}


def _never_checked(*args: Any, **kwargs: Any) -> Any:
    raise AssertionError("a game was checked: the refusal came after the work")


def _pgn_refusal(path: str, payload: bytes, event: Tournament, tmp_path: Path) -> str:
    """What ``path`` answers to ``payload``: the refusal's text (fails if it was accepted)."""
    text = payload.decode("utf-8", errors="replace")
    if path == "page":
        client = Client(raise_request_exception=False)
        client.force_login(event.roles.get().user)
        response = _upload(client, f"/games/tournament/{event.pk}/upload/", payload, "x.pgn")
        assert response.status_code == 200, response.status_code
        return html.unescape(response.content.decode())
    if path == "api":
        api = APIClient()
        api.force_authenticate(event.roles.get().user)
        # DRF refuses a NUL in a JSON string itself; what else the bytes hold is ours to refuse.
        body = {"pgn": text.replace("\x00", "")}
        response = api.post(f"/api/v1/tournaments/{event.slug}/pgn/", body, format="json")
        assert response.status_code == 400, response.content[:300]
        assert response.json()["field"] == "pgn"
        return response.json()["detail"]
    if path == "job":  # an upload kept before the limits held everywhere
        # PostgreSQL never could keep a NUL in a text: such an upload holds none.
        kept = text.replace("\x00", "")
        stored = PgnUpload.objects.create(tournament=event, text=kept, file_name="x.pgn")
        job = start_job("pgn_check", params={"upload": stored.pk}, user=None, tournament=event)
        run_job(job.pk)
        job.refresh_from_db()
        assert job.status == Job.Status.FAILED, job.status
        return " ".join(job.errors)
    file = tmp_path / "x.pgn"
    file.write_bytes(payload)
    arguments = [str(file)] if path == "checkgames" else [str(event.pk), str(file)]
    status, message = _command(path, *arguments)
    assert status == 2, message
    return message


@pytest.mark.parametrize("payload", sorted(UNFIT_PGN))
@pytest.mark.parametrize("path", PGN_PATHS)
def test_every_pgn_path_refuses_unfit_files_before_checking_a_game(
    path, payload, event, tmp_path, settings, monkeypatch
):
    settings.JOBS_EAGER = False
    monkeypatch.setattr(imports_module, "check_safely", _never_checked)
    monkeypatch.setattr(batch_module, "check_safely", _never_checked)
    data, expected = UNFIT_PGN[payload]
    before = _counts()
    message = _pgn_refusal(path, data, event, tmp_path)
    for words in expected:
        assert words in message, (words, message[-2000:])
    if path != "job":
        assert _counts() == before


@pytest.mark.parametrize("path", ("page", "import_pgn", "checkgames"))
def test_every_pgn_path_refuses_a_file_over_the_size_limit(path, event, tmp_path, settings):
    settings.JOBS_EAGER = False
    payload = GAME.encode() * (MAX_UPLOAD_BYTES // len(GAME) + 1)
    message = _pgn_refusal(path, payload, event, tmp_path)
    assert "at most 20 MB" in message and "20.0 MB" in message, message[-2000:]


def test_the_api_refuses_a_pgn_text_over_the_size_limit(event, settings):
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 2 * MAX_UPLOAD_BYTES  # the body limit aside
    text = GAME * (MAX_UPLOAD_BYTES // len(GAME) + 1)
    api = APIClient()
    api.force_authenticate(event.roles.get().user)
    response = api.post(f"/api/v1/tournaments/{event.slug}/pgn/", {"pgn": text}, format="json")
    assert response.status_code == 400
    assert "at most 20 MB" in response.json()["detail"]


def test_the_game_count_of_a_file_is_the_readers(tmp_path):
    """The quick count the limit uses agrees with the reader on every PGN file of the tests."""
    files = sorted(Path(__file__).parent.joinpath("data", "pgn").rglob("*.pgn"))
    assert len(files) > 30
    for file in files:
        with open(file, "rb") as stream:
            lines = list(decode_lines(stream))
        assert outline_pgn(lines).games == sum(1 for _ in read_pgn(lines)), file.name


TRF_PATHS = ("page", "api", "import_trf", "checktrf")

_PRINTABLE = random.Random(27).choices([chr(c) for c in range(32, 127)], k=200_000)
UNFIT_TRF: dict[str, tuple[bytes, tuple[str, ...]]] = {
    # Printable noise whose first line happens to start with a TRF code: it made an event of
    # no player, and checktrf said "All rounds and ranks agree".
    "noise_after_a_name": (
        ("012 " + "\n".join("".join(_PRINTABLE[i : i + 80]) for i in range(0, 200_000, 80)))
        .replace("\n001", "\nx01")
        .encode(),
        ("not a TRF file", "2,500 lines", "player line (001)"),
    ),
    "records_without_players": (
        b"012 Open\n022 Berlin\nXXR 9\n",
        ("not a TRF file", "3 lines", "player line (001)"),
    ),
    "random_bytes": (random.Random(27).randbytes(200_000), ("not", "text")),
}


def _trf_refusal(path: str, payload: bytes, event: Tournament, tmp_path: Path) -> str:
    """What ``path`` answers to the TRF file ``payload``: the refusal (fails if accepted)."""
    user = event.roles.get().user
    if path == "page":
        client = Client(raise_request_exception=False)
        client.force_login(user)
        response = _upload(client, "/tournaments/import/", payload, "x.trf")
        if response.status_code == 200:  # refused by the form
            return html.unescape(response.content.decode())
        job = Job.objects.get(kind="trf_import")
        assert job.status == Job.Status.FAILED, job.status
        return " ".join(job.errors)
    if path == "api":
        api = APIClient()
        api.force_authenticate(user)
        # DRF refuses a NUL in a JSON string itself; what else the bytes hold is ours to refuse.
        text = payload.decode("utf-8", errors="replace").replace("\x00", "")
        response = api.post("/api/v1/trf-imports/", {"trf": text}, format="json")
        assert response.status_code == 202, response.content[:300]
        job = Job.objects.get(pk=response.json()["id"])
        assert job.status == Job.Status.FAILED, job.status
        return " ".join(job.errors)
    file = tmp_path / "x.trf"
    file.write_bytes(payload)
    status, message = _command(path, str(file))
    assert status == 2, message
    return message


@pytest.mark.parametrize("payload", sorted(UNFIT_TRF))
@pytest.mark.parametrize("path", TRF_PATHS)
def test_every_trf_path_refuses_a_file_that_is_no_tournament(path, payload, event, tmp_path):
    data, expected = UNFIT_TRF[payload]
    before = _counts()
    message = _trf_refusal(path, data, event, tmp_path)
    for words in expected:
        assert words in message, (words, message[-2000:])
    assert _counts() == before


@pytest.mark.parametrize("path", ("page", "import_trf", "checktrf"))
def test_every_trf_path_refuses_a_file_over_the_size_limit(path, event, tmp_path):
    payload = _trf(2).encode() + b"### comment\n" * (MAX_UPLOAD_BYTES // 12 + 1)
    message = _trf_refusal(path, payload, event, tmp_path)
    assert "at most 20 MB" in message, message[-2000:]


# Nonsense a player list must not let through (issue #27): a quote left open swallowed the
# next line into a name (1,000 lines became 500 players named "Never closed,1800,GER,,,
# Never closed"), and two players with one FIDE id were both entered.

PLAYER_PATHS = ("page", "api", "csv_page", "import_players", "import_trf")


def _player_refusal(
    path: str, rows: list[dict[str, str]], tournament: Tournament, tmp_path: Path
) -> str:
    """Enter ``rows`` (name, fide_id) through ``path``; the refusal (fails if accepted)."""
    user = tournament.roles.get().user
    if path == "page":
        client = Client(raise_request_exception=False)
        client.force_login(user)
        for row in rows:
            response = client.post(f"/tournaments/{tournament.pk}/players/add/", row)
        assert response.status_code == 200, response.status_code
        return html.unescape(response.content.decode())
    if path == "api":
        api = APIClient()
        api.force_authenticate(user)
        for row in rows:
            response = api.post(
                f"/api/v1/tournaments/{tournament.slug}/players/", row, format="json"
            )
        assert response.status_code in (400, 422), response.content[:300]
        return response.json()["detail"] + " " + str(response.json()["errors"])
    if path == "import_trf":
        lines = [trf_player_line(rank) for rank in range(1, len(rows) + 1)]
        for rank, row in enumerate(rows):
            line = lines[rank]
            lines[rank] = (
                line[:14] + f"{row['name']:<33}" + line[47:57] + f"{row['fide_id']:>11}" + line[68:]
            )
        file = tmp_path / "x.trf"
        file.write_text("012 Duplicates\n" + "\n".join(lines) + "\n")
        status, message = _command("import_trf", str(file))
        assert status == 2, message
        return message
    text = "name,fide_id\n" + "".join(f'"{row["name"]}",{row["fide_id"]}\n' for row in rows)
    return _csv_refusal(path, text.encode(), tournament, tmp_path)


def _csv_refusal(path: str, payload: bytes, tournament: Tournament, tmp_path: Path) -> str:
    if path == "csv_page":
        client = Client(raise_request_exception=False)
        client.force_login(tournament.roles.get().user)
        url = f"/tournaments/{tournament.pk}/players/import/"
        response = _upload(client, url, payload, "players.csv")
        assert response.status_code == 200, response.status_code
        return html.unescape(response.content.decode())
    file = tmp_path / "players.csv"
    file.write_bytes(payload)
    status, message = _command("import_players", str(tournament.pk), str(file))
    assert status == 2, message
    return message


@pytest.mark.parametrize("path", PLAYER_PATHS)
def test_two_players_with_one_fide_id_are_refused_on_every_path(path, tmp_path):
    tournament = create_tournament(
        name="Open", system=PairingSystem.SWISS, number_of_rounds=5, user=_chief()
    )
    rows = [
        {"name": "Carlsen, Magnus", "fide_id": "1503014"},
        {"name": "Carlsen, Magnus jr", "fide_id": "1503014"},
    ]
    message = _player_refusal(path, rows, tournament, tmp_path)
    assert "1503014" in message and "one FIDE id is one player" in message, message[-3000:]
    assert "Carlsen, Magnus jr" in message and "Carlsen, Magnus's" in message, message[-3000:]
    assert tournament.players.filter(name="Carlsen, Magnus jr").count() == 0


def _chief() -> Any:
    chief = UserFactory()
    chief.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    return chief


@pytest.mark.parametrize("path", ("csv_page", "import_players"))
def test_a_quote_left_open_in_a_csv_is_refused_naming_its_line(path, tmp_path):
    tournament = create_tournament(
        name="Open", system=PairingSystem.SWISS, number_of_rounds=5, user=_chief()
    )
    payload = (
        "name,rating,federation\nDing Liren,2780,CHN\n" + '"Never closed,1800,GER\n' * 1000
    ).encode()
    message = _csv_refusal(path, payload, tournament, tmp_path)
    assert "line 3: a quote" in message, message[-3000:]
    assert not tournament.players.exists()


@pytest.mark.parametrize("path", ("page", "api"))
def test_a_name_of_two_lines_is_refused(path, tmp_path):
    tournament = create_tournament(
        name="Open", system=PairingSystem.SWISS, number_of_rounds=5, user=_chief()
    )
    rows = [{"name": "Never closed,1800,GER\nNever closed", "fide_id": ""}]
    message = _player_refusal(path, rows, tournament, tmp_path)
    assert "a name is one line" in message, message[-3000:]
    assert not tournament.players.exists()


def _imported_through(path: str, trf: str, tmp_path: Path) -> tuple[Tournament, list[str]]:
    """Import ``trf`` through ``path``: the tournament and the warnings its user is shown."""
    if path == "api":
        user = _chief()
        api = APIClient()
        api.force_authenticate(user)
        response = api.post("/api/v1/trf-imports/", {"trf": trf}, format="json")
        job = Job.objects.get(pk=response.json()["id"])
        assert job.status == Job.Status.DONE, job.errors
        return Tournament.objects.get(pk=job.result["tournament"]), job.result["warnings"]
    file = tmp_path / "x.trf"
    file.write_text(trf)
    out, err = io.StringIO(), io.StringIO()
    call_command("import_trf", str(file), stdout=out, stderr=err)
    return Tournament.objects.get(pk=int(out.getvalue())), err.getvalue().splitlines()


@pytest.mark.parametrize("path", ("api", "import_trf"))
def test_a_trf_name_over_the_limit_is_shortened_with_a_warning(path, tmp_path):
    """Issue: a 1 MB tournament name was cut to 200 characters without a word."""
    tournament, warnings = _imported_through(
        path, "012 " + "N" * 1_000_000 + "\n" + _trf()[12:], tmp_path
    )
    assert tournament.name == "N" * 200
    assert any(
        "line 1: record 012: 1,000,000 characters, at most 200 are kept" in w for w in warnings
    )


@pytest.mark.parametrize("path", ("api", "import_trf"))
def test_a_5_mb_name_and_a_10000_character_type_code_are_warnings_naming_their_lines(
    path, tmp_path
):
    """Issue: a 5 MB 012 line and a 10,000-character 192 code were imported without the
    warning promised (docs/limits.md): each is named, with its line."""
    code = "FIDE_" + "X" * 9_995
    trf = "012 " + "N" * 5_000_000 + "\n192 " + code + "\n" + _trf()[12:]
    tournament, warnings = _imported_through(path, trf, tmp_path)
    assert tournament.name == "N" * 200 and tournament.system == "swiss"
    assert any(
        "line 1: record 012: 5,000,000 characters, at most 200 are kept" in w for w in warnings
    )
    assert any(
        f"line 2: record 192 '{code[:40]}…' (10,000 characters) is no tournament type" in w
        for w in warnings
    )


@pytest.mark.parametrize("path", ("api", "import_trf"))
def test_points_the_results_contradict_are_a_warning_on_every_import_path(path, tmp_path):
    """The API's job said nothing of the points a file states against its results."""
    first = trf_player_line(1, "     2 w 1").replace(" 0.0 ", " 3.0 ")
    trf = f"012 Points\n{first}\n{trf_player_line(2, '     1 b 0')}\n"
    _tournament, warnings = _imported_through(path, trf, tmp_path)
    assert any("player 1 Player 1 states 3.0 points, the results give 1.0" in w for w in warnings)
