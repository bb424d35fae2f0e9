"""Every documented limit on every path that can exceed it (docs/limits.md, issue #27).

Each case sends one request beyond one limit through one path (a page, the API, a
background job, a management command) and checks what the arbiter gets: a refusal that
names the limit (or, for a TRF file from another program, a value shortened with a warning),
never a 500, and nothing stored. The limits are those of :mod:`tournaments.limits`; a
tournament at the player limit is built with one bulk insert.
"""

from __future__ import annotations

import html
import io
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import Permission
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import models
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from rest_framework.test import APIClient

from jobs.models import Job
from tests.factories import UserFactory, trf_player_line
from tournaments.limits import MAX_BOARDS, MAX_PLAYERS, MAX_ROUNDS
from tournaments.models import (
    Absence,
    ForbiddenPair,
    PairingSystem,
    Player,
    Round,
    Tournament,
)
from tournaments.models.round import Pairing
from tournaments.services import create_tournament

pytestmark = pytest.mark.django_db

LONG = "N" * 201
"""One character over the 200 of a name, a club, a place."""


# ---------------------------------------------------------------------------------------
# Building events and files
# ---------------------------------------------------------------------------------------


def _chief() -> Any:
    chief = UserFactory()
    chief.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    return chief


def _event(players: int = 4, *, rounds: int = 5, system: str = PairingSystem.SWISS) -> Tournament:
    tournament = create_tournament(
        name="Limits", system=system, number_of_rounds=rounds, user=_chief()
    )
    Player.objects.bulk_create(
        Player(
            tournament=tournament,
            name=f"Player {rank}",
            start_rank=rank,
            rating_standard=2000 + rank % 500,
        )
        for rank in range(1, players + 1)
    )
    return tournament


def _paired_rounds(tournament: Tournament, count: int) -> None:
    """``count`` published rounds, each with board 1 played (what the pairing asks of the
    last round)."""
    first, second = tournament.players.order_by("start_rank")[:2]
    for number in range(1, count + 1):
        round_ = Round.objects.create(
            tournament=tournament, number=number, status=Round.Status.PUBLISHED
        )
        Pairing.objects.create(round=round_, board=1, white=first, black=second, result="1-0")


def _user(tournament: Tournament) -> Any:
    return tournament.roles.get().user


def _trf(players: int = 2, *, rounds: str = "", head: str = "012 Limits\n") -> str:
    return head + "\n".join(trf_player_line(r, rounds=rounds) for r in range(1, players + 1)) + "\n"


TRF_PLAYERS_BEYOND = _trf(MAX_PLAYERS + 1)
TRF_ROUNDS_BEYOND = _trf(2, rounds="  0000 - =" * (MAX_ROUNDS + 1))
TRF_PLANNED_BEYOND = _trf(2, head=f"012 Limits\nXXR {MAX_ROUNDS + 1}\n")
CSV_PLAYERS_BEYOND = "name\n" + "".join(f"P{n}\n" for n in range(MAX_PLAYERS + 1))


# ---------------------------------------------------------------------------------------
# The paths: each returns what the arbiter is told (fails if the request was accepted)
# ---------------------------------------------------------------------------------------


def _page(user: Any) -> Client:
    client = Client(raise_request_exception=False)
    client.force_login(user)
    return client


def _page_text(response: Any, *statuses: int) -> str:
    assert response.status_code != 500
    assert response.status_code in (statuses or (200,)), response.status_code
    return html.unescape(response.content.decode())


def _api(user: Any) -> APIClient:
    api = APIClient()
    api.force_authenticate(user)
    return api


def _api_refusal(response: Any, field: str | None = None) -> str:
    """The text of a JSON refusal (400, 409, 422), checked to name ``field``."""
    assert response.status_code in (400, 409, 422), (response.status_code, response.content[:500])
    assert response["Content-Type"].startswith("application/json")
    body = response.json()
    if field is not None:
        fields = {item.get("field") for item in body["errors"]}
        assert field in fields, (field, body)
    return body["detail"] + " " + " ".join(item["detail"] for item in body["errors"])


def _command(*arguments: str) -> str:
    """The refusal of a management command (fails if it ended normally)."""
    out, err = io.StringIO(), io.StringIO()
    with pytest.raises(CommandError) as refused:
        call_command(*arguments, stdout=out, stderr=err)
    assert "Traceback" not in str(refused.value)
    return str(refused.value)


def _failed_job(job: Job) -> str:
    job.refresh_from_db()
    assert job.status == Job.Status.FAILED, (job.status, job.result)
    return " ".join(job.errors)


def _trf_through(path: str, text: str, tmp_path: Path) -> str:
    """Import (or check) the TRF ``text`` through ``path``: the refusal."""
    user = _chief()
    if path == "trf_page":
        file = SimpleUploadedFile("limits.trf", text.encode())
        response = _page(user).post("/tournaments/import/", {"file": file})
        if response.status_code == 200:  # refused by the form
            return _page_text(response)
        assert response.status_code == 302, response.status_code
        return _failed_job(Job.objects.get(kind="trf_import"))
    if path == "trf_api":
        response = _api(user).post("/api/v1/trf-imports/", {"trf": text}, format="json")
        if response.status_code != 202:
            return _api_refusal(response)
        return _failed_job(Job.objects.get(pk=response.json()["id"]))
    file = tmp_path / "limits.trf"
    file.write_text(text)
    return _command(path, str(file))


def _csv_through(path: str, tournament: Tournament, text: str, tmp_path: Path) -> str:
    if path == "csv_page":
        file = SimpleUploadedFile("players.csv", text.encode())
        url = f"/tournaments/{tournament.pk}/players/import/"
        return _page_text(_page(_user(tournament)).post(url, {"file": file}))
    file = tmp_path / "players.csv"
    file.write_text(text)
    return _command("import_players", str(tournament.pk), str(file))


def _player_through(
    path: str,
    tournament: Tournament,
    fields: dict[str, str],
    tmp_path: Path,
    field: str | None = None,
) -> str:
    """Enter one player (``fields``) through ``path``: the refusal (the API's names
    ``field``)."""
    user = _user(tournament)
    if path in ("page", "late_page"):
        url = f"/tournaments/{tournament.pk}/players/add/"
        return _page_text(_page(user).post(url, fields))
    if path in ("api", "late_api"):
        url = f"/api/v1/tournaments/{tournament.slug}/players/"
        return _api_refusal(_api(user).post(url, fields, format="json"), field)
    header = ",".join(fields)
    row = ",".join(f'"{value}"' for value in fields.values())
    return _csv_through(path, tournament, f"{header}\n{row}\n", tmp_path)


# ---------------------------------------------------------------------------------------
# What is stored
# ---------------------------------------------------------------------------------------


def _counts() -> tuple[int, ...]:
    return (
        Tournament.objects.count(),
        Player.objects.count(),
        Round.objects.count(),
        Pairing.objects.count(),
        Absence.objects.count(),
        ForbiddenPair.objects.count(),
    )


def _over_long_values() -> list[str]:
    """Every stored text longer than its column (SQLite keeps them; PostgreSQL refuses)."""
    found = []
    for model in (Tournament, Player):
        for field in model._meta.get_fields():
            if isinstance(field, models.CharField) and field.max_length:
                for pk, value in model.objects.values_list("pk", field.name):
                    if value and len(value) > field.max_length:
                        found.append(f"{model.__name__} {pk} {field.name}: {len(value)}")
    return found


@dataclass(frozen=True)
class Case:
    run: Callable[[Path], str]
    """Sends the request; returns what the arbiter is told."""
    expected: tuple[str, ...]
    """What the message must hold to name the limit: one of these."""


# ---------------------------------------------------------------------------------------
# Players per tournament
# ---------------------------------------------------------------------------------------

PLAYER_LIMIT = (
    f"at most {MAX_PLAYERS:,} players",
    f"more than {MAX_PLAYERS:,} players",
    f"less than or equal to {MAX_PLAYERS}.",
)
ONE_MORE = {"name": "One, Too Many"}


def _full(late: bool = False) -> Tournament:
    tournament = _event(MAX_PLAYERS)
    if late:
        _paired_rounds(tournament, 1)
    return tournament


PLAYERS: dict[str, Case] = {
    "page": Case(lambda t: _player_through("page", _full(), ONE_MORE, t), PLAYER_LIMIT),
    "late_page": Case(lambda t: _player_through("page", _full(True), ONE_MORE, t), PLAYER_LIMIT),
    "api": Case(lambda t: _player_through("api", _full(), ONE_MORE, t), PLAYER_LIMIT),
    "late_api": Case(lambda t: _player_through("api", _full(True), ONE_MORE, t), PLAYER_LIMIT),
    "csv_page": Case(lambda t: _player_through("csv_page", _full(), ONE_MORE, t), PLAYER_LIMIT),
    "import_players": Case(
        lambda t: _player_through("import_players", _full(), ONE_MORE, t), PLAYER_LIMIT
    ),
    "csv_page_file": Case(
        lambda t: _csv_through("csv_page", _event(0), CSV_PLAYERS_BEYOND, t), PLAYER_LIMIT
    ),
    "import_players_file": Case(
        lambda t: _csv_through("import_players", _event(0), CSV_PLAYERS_BEYOND, t), PLAYER_LIMIT
    ),
    "trf_page": Case(lambda t: _trf_through("trf_page", TRF_PLAYERS_BEYOND, t), PLAYER_LIMIT),
    "trf_api": Case(lambda t: _trf_through("trf_api", TRF_PLAYERS_BEYOND, t), PLAYER_LIMIT),
    "import_trf": Case(lambda t: _trf_through("import_trf", TRF_PLAYERS_BEYOND, t), PLAYER_LIMIT),
    "checktrf": Case(lambda t: _trf_through("checktrf", TRF_PLAYERS_BEYOND, t), PLAYER_LIMIT),
    "admin": Case(
        lambda t: _admin(
            "/admin/tournaments/player/add/",
            {"tournament": str(_full().pk), "name": ONE_MORE["name"], "rating_origin": "typed"},
        ),
        PLAYER_LIMIT,
    ),
    "exchange_page": Case(
        lambda t: _page_text(
            _page(_user(tournament := _event(4))).post(
                f"/tournaments/{tournament.pk}/players/exchange/",
                {"first": "1", "second": str(10**20)},
                follow=True,
            )
        ),
        PLAYER_LIMIT,
    ),
}


# ---------------------------------------------------------------------------------------
# Rounds
# ---------------------------------------------------------------------------------------

ROUND_LIMIT = (
    f"at most {MAX_ROUNDS} rounds",
    f"more than {MAX_ROUNDS} rounds",
    f"less than or equal to {MAX_ROUNDS}.",
    f"a round from 0 to {MAX_ROUNDS}",
)


def _tournament_page(create: bool, **changes: str) -> str:
    from tests.html_forms import form_values

    if create:
        user, url = _chief(), "/tournaments/new/"
    else:
        tournament = _event(4)
        user, url = _user(tournament), f"/tournaments/{tournament.pk}/edit/"
    client = _page(user)
    values = form_values(client.get(url).content.decode(), "number_of_rounds")
    data = {key: value[0] if len(value) == 1 else value for key, value in values.items()}
    data |= {"name": "Limits page", "system": PairingSystem.SWISS, "number_of_rounds": "5"}
    data |= changes
    return _page_text(client.post(url, data))


def _tournament_api(**changes: Any) -> str:
    body = {"name": "Limits API", "system": PairingSystem.SWISS, "number_of_rounds": 5} | changes
    field = next(iter(changes))
    return _api_refusal(_api(_chief()).post("/api/v1/tournaments/", body, format="json"), field)


def _admin(url: str, changes: dict[str, str], containing: str = "name") -> str:
    """Post the admin's form at ``url`` as a superuser would, with ``changes``."""
    from tests.html_forms import form_values

    staff = UserFactory(is_staff=True, is_superuser=True)
    client = _page(staff)
    values = form_values(client.get(url).content.decode(), containing)
    data = {key: value[0] if len(value) == 1 else value for key, value in values.items()}
    return _page_text(client.post(url, data | changes))


def _beyond_the_last_round(path: str, tmp_path: Path) -> str:
    """A tournament kept from before the limit held, set to 60 rounds, with 50 paired: the
    51st is refused on every path that pairs a round."""
    tournament = _event(4, rounds=MAX_ROUNDS)
    _paired_rounds(tournament, MAX_ROUNDS)
    Tournament.objects.filter(pk=tournament.pk).update(number_of_rounds=MAX_ROUNDS + 10)
    user = _user(tournament)
    if path == "pair_page":
        url = f"/tournaments/{tournament.pk}/rounds/pair/"
        response = _page(user).post(url, {}, follow=True)
        return _page_text(response)
    if path == "enter_page":
        url = f"/tournaments/{tournament.pk}/rounds/enter/"
        return _page_text(_page(user).post(url, {"boards": "1 2\n3 4"}))
    if path == "pair_api":
        url = f"/api/v1/tournaments/{tournament.slug}/rounds/next/"
        return _api_refusal(_api(user).post(url, {}, format="json"))
    if path == "submit_api":
        url = f"/api/v1/tournaments/{tournament.slug}/rounds/"
        pairs = [{"white": 1, "black": 2}, {"white": 3, "black": 4}]
        return _api_refusal(_api(user).post(url, {"pairs": pairs}, format="json"))
    return _command("pair_round", str(tournament.pk))


def _round_in_a_form(path: str, tmp_path: Path) -> str:
    """A round number beyond the limit typed in a form or sent in a body."""
    tournament = _event(4)
    user = _user(tournament)
    player = tournament.players.get(start_rank=1)
    beyond = str(MAX_ROUNDS + 1)
    if path == "absence_page":
        url = f"/tournaments/{tournament.pk}/players/{player.pk}/absence/"
        return _page_text(
            _page(user).post(url, {"round_number": beyond, "kind": "half"}, follow=True)
        )
    if path == "absence_api":
        url = f"/api/v1/tournaments/{tournament.slug}/players/{player.pk}/absences/"
        body = {"round_number": beyond, "kind": "half"}
        return _api_refusal(_api(user).post(url, body, format="json"), "round_number")
    if path == "withdraw_page":
        url = f"/tournaments/{tournament.pk}/players/{player.pk}/withdraw/"
        return _page_text(_page(user).post(url, {"how": "withdraws", "after_round": beyond}))
    if path == "withdraw_api":
        url = f"/api/v1/tournaments/{tournament.slug}/players/{player.pk}/withdraw/"
        return _api_refusal(_api(user).post(url, {"after_round": beyond}), "after_round")
    if path == "withdraw_command":
        return _command("withdraw", str(tournament.pk), "1", "--after-round", beyond)
    if path == "forbidden_api":
        other = tournament.players.get(start_rank=2)
        url = f"/api/v1/tournaments/{tournament.slug}/players/{player.pk}/forbidden/"
        body = {"opponent": other.pk, "from_round": beyond}
        return _api_refusal(_api(user).post(url, body, format="json"), "from_round")
    if path == "pgn_page":
        file = SimpleUploadedFile("x.pgn", b'[Event "E"]\n\n1. e4 *\n')
        url = f"/games/tournament/{tournament.pk}/upload/"
        return _page_text(_page(user).post(url, {"file": file, "round_number": beyond}))
    if path == "pgn_api":
        url = f"/api/v1/tournaments/{tournament.slug}/pgn/"
        body = {"pgn": '[Event "E"]\n\n1. e4 *\n', "round": beyond}
        return _api_refusal(_api(user).post(url, body, format="json"), "round")
    if path == "pairings_command":
        out = tmp_path / "p.pdf"
        return _command("pairings", str(tournament.pk), "--round", "9" * 20, "--pdf", str(out))
    return _command("manual_pairing", str(tournament.pk), "9" * 20, "start")


ROUNDS: dict[str, Case] = {
    "create_page": Case(
        lambda t: _tournament_page(True, number_of_rounds=str(MAX_ROUNDS + 1)), ROUND_LIMIT
    ),
    "edit_page": Case(
        lambda t: _tournament_page(False, number_of_rounds=str(MAX_ROUNDS + 1)), ROUND_LIMIT
    ),
    "create_api": Case(lambda t: _tournament_api(number_of_rounds=MAX_ROUNDS + 1), ROUND_LIMIT),
    "admin": Case(
        lambda t: _admin(
            f"/admin/tournaments/tournament/{_event(4).pk}/change/",
            {"number_of_rounds": str(MAX_ROUNDS + 1)},
        ),
        ROUND_LIMIT,
    ),
    **{
        f"{path}_51_rounds": Case(
            lambda t, path=path: _trf_through(path, TRF_ROUNDS_BEYOND, t), ROUND_LIMIT
        )
        for path in ("trf_page", "trf_api", "import_trf", "checktrf")
    },
    **{
        f"{path}_xxr_51": Case(
            lambda t, path=path: _trf_through(path, TRF_PLANNED_BEYOND, t), ROUND_LIMIT
        )
        for path in ("trf_page", "trf_api", "import_trf")
    },
    **{
        f"next_round_{path}": Case(
            lambda t, path=path: _beyond_the_last_round(path, t), ROUND_LIMIT
        )
        for path in ("pair_page", "enter_page", "pair_api", "submit_api", "pair_round")
    },
    **{
        path: Case(lambda t, path=path: _round_in_a_form(path, t), ROUND_LIMIT)
        for path in (
            "absence_page",
            "absence_api",
            "withdraw_page",
            "withdraw_api",
            "withdraw_command",
            "forbidden_api",
            "pgn_page",
            "pgn_api",
        )
    },
    **{
        path: Case(lambda t, path=path: _round_in_a_form(path, t), ("round",))
        for path in ("pairings_command", "manual_pairing_command")
    },
}


# ---------------------------------------------------------------------------------------
# Boards of a round, entries of a results batch
# ---------------------------------------------------------------------------------------

BOARD_LIMIT = (
    f"no more than {MAX_BOARDS} elements",
    f"less than or equal to {MAX_BOARDS}.",
    f"more than {MAX_BOARDS:,} boards",
)


def _boards(path: str) -> str:
    tournament = _event(4)
    user = _user(tournament)
    many = [(2 * n + 1, 2 * n + 2) for n in range(MAX_BOARDS + 1)]
    if path == "batch_api":
        _paired_rounds(tournament, 1)
        url = f"/api/v1/tournaments/{tournament.slug}/rounds/1/results/"
        entries = [{"board": 1, "result": "1-0"}] * (MAX_BOARDS + 1)
        return _api_refusal(_api(user).post(url, {"results": entries}, format="json"), "results")
    if path == "batch_board_api":
        _paired_rounds(tournament, 1)
        url = f"/api/v1/tournaments/{tournament.slug}/rounds/1/results/"
        entries = [{"board": MAX_BOARDS + 1, "result": "1-0"}]
        return _api_refusal(
            _api(user).post(url, {"results": entries}, format="json"), "results.0.board"
        )
    if path == "submit_api":
        url = f"/api/v1/tournaments/{tournament.slug}/rounds/"
        pairs = [{"white": w, "black": b} for w, b in many]
        # Starting ranks up to 2,002: the ranks' own limit must not be what refuses.
        pairs[-1] = {"white": 1, "black": 2}
        return _api_refusal(_api(user).post(url, {"pairs": pairs}, format="json"), "pairs")
    text = "\n".join(f"{w % MAX_PLAYERS + 1} {b % MAX_PLAYERS + 1}" for w, b in many)
    url = f"/tournaments/{tournament.pk}/rounds/enter/"
    if path == "enter_page":
        return _page_text(_page(user).post(url, {"boards": text}))
    file = SimpleUploadedFile("pairings.txt", f"{len(many)}\n{text}\n".encode())
    return _page_text(_page(user).post(url, {"file": file}))


BOARDS: dict[str, Case] = {
    path: Case(lambda t, path=path: _boards(path), BOARD_LIMIT)
    for path in ("batch_api", "batch_board_api", "submit_api", "enter_page", "enter_page_file")
}


# ---------------------------------------------------------------------------------------
# Names and texts
# ---------------------------------------------------------------------------------------


def _edit_player(path: str, field: str, value: str) -> str:
    tournament = _event(2)
    player = tournament.players.get(start_rank=1)
    user = _user(tournament)
    if path == "edit_page":
        url = f"/tournaments/{tournament.pk}/players/{player.pk}/edit/"
        data = {"name": player.name, field: value}
        return _page_text(_page(user).post(url, data))
    url = f"/api/v1/tournaments/{tournament.slug}/players/{player.pk}/"
    return _api_refusal(_api(user).patch(url, {field: value}, format="json"), field)


PLAYER_TEXTS = {
    "name": (LONG, "200"),
    "club": (LONG, "200"),
    "federation": ("GERM", "3"),
    "title": ("GMXX", "valid choice"),
    "national_id": ("9" * 21, "20"),
    "fide_id": ("9" * 13, "12"),
}


def _player_text(path: str, field: str, tmp_path: Path) -> str:
    value = PLAYER_TEXTS[field][0]
    if path in ("edit_page", "edit_api"):
        return _edit_player(path, field, value)
    fields = {"name": value} if field == "name" else {"name": "Short, Name", field: value}
    message = _player_through(path, _event(2), fields, tmp_path, field)
    if path in ("csv_page", "import_players"):  # "line 2, column 2 (club): …"
        assert f"({field})" in message, message[-2000:]
    return message


TEXTS: dict[str, Case] = {
    f"player_{field}_{path}": Case(
        lambda t, path=path, field=field: _player_text(path, field, t), (PLAYER_TEXTS[field][1],)
    )
    for field in PLAYER_TEXTS
    for path in ("page", "api", "edit_page", "edit_api", "csv_page", "import_players")
}

TOURNAMENT_TEXTS = {
    "name": (LONG, "200"),
    "place": (LONG, "200"),
    "chief_arbiter": (LONG, "200"),
    "federation": ("GERM", "3"),
    "time_control": ("9" * 101, "100"),
}

TEXTS |= {
    f"tournament_{field}_{path}": Case(
        lambda t, path=path, field=field: (
            _tournament_api(**{field: TOURNAMENT_TEXTS[field][0]})
            if path == "api"
            else _tournament_page(path == "create_page", **{field: TOURNAMENT_TEXTS[field][0]})
        ),
        (TOURNAMENT_TEXTS[field][1],),
    )
    for field in TOURNAMENT_TEXTS
    for path in ("create_page", "edit_page", "api")
}


# ---------------------------------------------------------------------------------------
# The cases
# ---------------------------------------------------------------------------------------

CASES: dict[str, Case] = {
    **{f"players-{name}": case for name, case in PLAYERS.items()},
    **{f"rounds-{name}": case for name, case in ROUNDS.items()},
    **{f"boards-{name}": case for name, case in BOARDS.items()},
    **{f"text-{name}": case for name, case in TEXTS.items()},
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_every_limit_holds_on_every_path(name: str, tmp_path: Path) -> None:
    case = CASES[name]
    before = _counts()
    message = case.run(tmp_path)
    # DRF writes 1000 where our messages write 1,000.
    plain = re.sub(r"(\d),(\d)", r"\1\2", message).lower()
    assert any(re.sub(r"(\d),(\d)", r"\1\2", w).lower() in plain for w in case.expected), (
        case.expected,
        message[-3000:],
    )
    assert _over_long_values() == []
    # Only what the case built before its request: nothing of the refused request.
    after = _counts()
    assert after[1:] == before[1:] or _built_only(before, after), (before, after)


def _built_only(before: tuple[int, ...], after: tuple[int, ...]) -> bool:
    """Whether the rows added are those a case builds itself (an event at the limit)."""
    return not Player.objects.filter(name__in=["One, Too Many", "Short, Name", LONG]).exists()


@pytest.mark.parametrize("path", ("round_page", "round_api"))
def test_a_round_beyond_the_limit_in_an_address_is_not_found(path: str) -> None:
    """Round numbers in addresses beyond the limit (and beyond the database's numbers)."""
    tournament = _event(4)
    _paired_rounds(tournament, 1)
    user = _user(tournament)
    before = _counts()
    for number in (MAX_ROUNDS + 1, 999_999_999):
        if path == "round_page":
            for suffix in ("", "pairings/", "publish/", "delete/", "boards/1/result/"):
                url = f"/tournaments/{tournament.pk}/rounds/{number}/{suffix}"
                posted = suffix.endswith(("publish/", "delete/", "result/"))
                response = _page(user).post(url) if posted else _page(user).get(url)
                assert response.status_code == 404, (url, response.status_code)
        else:
            api = _api(user)
            base = f"/api/v1/tournaments/{tournament.slug}/rounds/{number}/"
            for suffix in ("", "pairings/", "pairings/1/", "results/", "publish/"):
                method = api.post if suffix in ("results/", "publish/") else api.get
                body = {"results": [{"board": 1, "result": "1-0"}]}
                response = method(base + suffix, body, format="json")
                assert response.status_code == 404, (base + suffix, response.status_code)
                assert response["Content-Type"].startswith("application/json")
                assert response.json()["code"] == "not_found"
    assert _counts() == before


# ---------------------------------------------------------------------------------------
# A TRF file from another program: texts over their field are kept shortened, with a warning
# ---------------------------------------------------------------------------------------

TRF_HEADERS = {
    "012": ("name", 200),
    "022": ("place", 200),
    "102": ("chief_arbiter", 200),
    "112": ("deputy_arbiters", 400),
    "122": ("time_control", 100),
}


def _imported(path: str, text: str, tmp_path: Path) -> tuple[Tournament, list[str]]:
    user = _chief()
    if path == "trf_page":
        file = SimpleUploadedFile("limits.trf", text.encode())
        response = _page(user).post("/tournaments/import/", {"file": file})
        assert response.status_code == 302, response.status_code
        job = Job.objects.get(kind="trf_import")
    elif path == "trf_api":
        response = _api(user).post("/api/v1/trf-imports/", {"trf": text}, format="json")
        assert response.status_code == 202, response.content[:300]
        job = Job.objects.get(pk=response.json()["id"])
    else:
        file = tmp_path / "limits.trf"
        file.write_text(text)
        out, err = io.StringIO(), io.StringIO()
        call_command("import_trf", str(file), stdout=out, stderr=err)
        return Tournament.objects.get(pk=int(out.getvalue())), err.getvalue().splitlines()
    job.refresh_from_db()
    assert job.status == Job.Status.DONE, job.errors
    return Tournament.objects.get(pk=job.result["tournament"]), job.result["warnings"]


@pytest.mark.parametrize("code", sorted(TRF_HEADERS))
@pytest.mark.parametrize("path", ("trf_page", "trf_api", "import_trf"))
def test_a_trf_header_over_its_field_is_kept_shortened_with_a_warning(path, code, tmp_path):
    field, limit = TRF_HEADERS[code]
    value = "9" * (limit + 1) if code == "122" else "N" * (limit + 1)
    head = f"{code} {value}\n" + ("" if code == "012" else "012 Limits\n")
    tournament, warnings = _imported(path, _trf(2, head=head), tmp_path)
    assert len(getattr(tournament, field)) == limit
    assert any(f"record {code}" in w and f"at most {limit}" in w for w in warnings), warnings


# ---------------------------------------------------------------------------------------
# The API's request body: 413, JSON, on every write
# ---------------------------------------------------------------------------------------


def _api_writes() -> list[tuple[str, str, str]]:
    """Every write the API answers: (route, method, view), from its URL patterns."""
    found = []

    def walk(patterns: list[Any], prefix: str) -> None:
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                walk(pattern.url_patterns, prefix + str(pattern.pattern))
            elif isinstance(pattern, URLPattern):
                route = prefix + str(pattern.pattern)
                view = getattr(pattern.callback, "view_class", None)
                if not route.startswith("api/") or view is None:
                    continue
                for method in ("POST", "PUT", "PATCH", "DELETE"):
                    if hasattr(view, method.lower()):
                        found.append((route, method, view.__name__))

    walk(get_resolver().url_patterns, "")
    return sorted(set(found))


API_WRITES = _api_writes()


def test_the_api_has_writes_to_check() -> None:
    routes = {route for route, _method, _view in API_WRITES}
    assert "api/v1/tournaments/<tslug:slug>/rounds/<num:number>/results/" in routes
    assert "api/v1/trf-imports/" in routes and "api/v1/rating-lists/" in routes
    assert len(API_WRITES) > 25


@pytest.mark.parametrize(("route", "method", "view"), API_WRITES)
def test_every_api_write_answers_a_body_over_the_limit_with_a_json_413(
    route: str, method: str, view: str, settings: Any
) -> None:
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 64 * 1024  # read at each request
    tournament = _event(2)
    user = _user(tournament)
    user.is_staff = user.is_superuser = True
    user.save()
    url = "/" + route.replace("<tslug:slug>", tournament.slug).replace("<str:name>", "x.txt")
    url = re.sub(r"<(num|int):\w+>", "1", url)
    api = _api(user)
    bodies = {
        "application/json": '{"text": "' + "x" * (100 * 1024) + '"}',
        "application/x-www-form-urlencoded": "text=" + "x" * (100 * 1024),
    }
    for content_type, body in bodies.items():
        response = api.generic(method, url, body, content_type=content_type)
        assert response.status_code == 413, (url, content_type, response.status_code)
        assert response["Content-Type"].startswith("application/json")
        assert response.json()["code"] == "too_large"
        assert "MB" in response.json()["detail"]
