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

import io
import json
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

from games.models import Game, PgnUpload
from tests.factories import PlayerFactory, UserFactory
from tournaments.limits import MAX_GAMES_PER_FILE, MAX_PLAYERS, MAX_ROUNDS
from tournaments.models import PairingSystem, Player, Round, Tournament
from tournaments.services import create_tournament, generate_round_robin_round, publish_round

pytestmark = pytest.mark.django_db

MEMORY_BOUND = 300 * 1024 * 1024
"""Far above what any payload needs once read linearly (the 5 MB tag line took 2.8 GB)."""

MULTI_LINE = {"import_trf", "import_players"}
MEGABYTE_LINE = "x" * (1024 * 1024)
GAME = '[Event "E"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 1-0\n\n'


def _trf_player(rank: int, rounds: str = "") -> str:
    """A TRF16 player line, column by column (1-based: rank 5-8, name 15-47, rating 49-52,
    federation 54-56, FIDE id 58-68, birth 70-79, points 81-84, rank 86-89, rounds from 92)."""
    fields = [
        "001",
        f"{rank:4d}",
        "    ",  # sex, title
        f"{'Player ' + str(rank):<33}",
        "1800",
        "GER",
        f"{'':>11}",
        "1990/01/01",
        " 0.0",
        f"{rank:4d}",
    ]
    return " ".join(fields) + rounds


def _trf(players: int = 2, rounds_text: str = "") -> str:
    head = "012 Hostile\n062 2\n"
    return head + "\n".join(_trf_player(r, rounds_text) for r in range(1, players + 1)) + "\n"


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
    if name != "too_many_games":  # checkgames reads files of any size, game by game
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
    assert Path
