"""The project's frame: settings from the environment, pages that answer, pure packages."""

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def run_python(code: str, **env: str) -> subprocess.CompletedProcess[str]:
    environment = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL"}}
    environment.update(env)
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=environment, capture_output=True, text=True
    )


@pytest.mark.parametrize("package", ["games.rules", "tournaments.scoring"])
def test_pure_packages_import_without_django(package):
    result = run_python(
        f"import importlib, pkgutil, sys\n"
        f"pkg = importlib.import_module('{package}')\n"
        f"for m in pkgutil.walk_packages(pkg.__path__, '{package}.'):\n"
        f"    importlib.import_module(m.name)\n"
        f"bad = sorted(n for n in sys.modules if n.split('.')[0] in "
        f"{{'django', 'rest_framework', 'reportlab'}})\n"
        f"assert not bad, bad\n"
    )
    assert result.returncode == 0, result.stderr


def test_default_database_is_sqlite_file_beside_manage_py():
    result = run_python(
        "import os; os.environ['DJANGO_SETTINGS_MODULE']='arbiter.settings'\n"
        "from django.conf import settings\n"
        "db = settings.DATABASES['default']\n"
        "print(db['ENGINE'], db['NAME'])"
    )
    assert result.returncode == 0, result.stderr
    engine, name = result.stdout.split()
    assert engine == "django.db.backends.sqlite3"
    assert Path(name) == ROOT / "db.sqlite3"


def test_database_url_selects_postgresql():
    result = run_python(
        "import os; os.environ['DJANGO_SETTINGS_MODULE']='arbiter.settings'\n"
        "from django.conf import settings\n"
        "db = settings.DATABASES['default']\n"
        "print(db['ENGINE'], db['NAME'], db['HOST'], db['PORT'])",
        DATABASE_URL="postgres://u:p@127.0.0.1:5499/chessdb",
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [
        "django.db.backends.postgresql",
        "chessdb",
        "127.0.0.1",
        "5499",
    ]


def test_production_mode_refuses_to_start_without_secret_key():
    result = run_python(
        "import os; os.environ['DJANGO_SETTINGS_MODULE']='arbiter.settings'\n"
        "from django.conf import settings; settings.DEBUG",
        ARBITER_MODE="production",
        ALLOWED_HOSTS="chess.example.org",
    )
    assert result.returncode != 0
    assert "needs SECRET_KEY" in result.stderr


def test_production_mode_passes_check_deploy_without_warnings():
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env={
            **{k: v for k, v in os.environ.items() if k != "DATABASE_URL"},
            "ARBITER_MODE": "production",
            "SECRET_KEY": "k7#Qz!8vR2@pL9$wX4^mN6&bT1*cY3(hJ5)dF0_gS-eA+uI=oP",
            "ALLOWED_HOSTS": "chess.example.org",
        },
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def test_bad_boolean_in_environment_is_a_clear_error():
    result = run_python(
        "import os; os.environ['DJANGO_SETTINGS_MODULE']='arbiter.settings'\n"
        "from django.conf import settings; settings.DEBUG",
        DEBUG="maybe",
    )
    assert result.returncode != 0
    assert "DEBUG='maybe'" in result.stderr


@pytest.mark.django_db
def test_home_page_answers(client):
    response = client.get("/")
    assert response.status_code == 200
    assert "<html" in response.content.decode()


@pytest.mark.django_db
def test_unknown_page_is_a_friendly_404(client, settings):
    settings.DEBUG = False
    response = client.get("/no/such/page/")
    assert response.status_code == 404
    assert "There is no page at this address" in response.content.decode()


@pytest.mark.django_db
def test_home_page_in_chinese(client):
    response = client.get("/", HTTP_ACCEPT_LANGUAGE="zh-hans")
    assert response.status_code == 200
    assert 'lang="zh-hans"' in response.content.decode()


@pytest.mark.django_db
def test_a_request_leaves_the_threads_language_as_it_found_it(client):
    """Issue: LocaleMiddleware left a Chinese request's language active, and reports
    rendered later in the same thread (the next tests) came out in Chinese."""
    from django.utils import translation

    with translation.override("en"):
        client.get("/", HTTP_ACCEPT_LANGUAGE="zh-hans")
        assert translation.get_language() == "en"
    with translation.override("zh-hans"):
        client.get("/", HTTP_ACCEPT_LANGUAGE="en")
        assert translation.get_language() == "zh-hans"


@pytest.mark.django_db
def test_english_dates_are_iso(client):
    """11/03/2026 reads as two different days to an international field: print 2026-11-03."""
    from datetime import date

    from django.utils import formats, translation

    with translation.override("en"):
        assert formats.date_format(date(2026, 11, 3)) == "2026-11-03"
        assert formats.date_format(date(2026, 11, 3), "SHORT_DATE_FORMAT") == "2026-11-03"


@pytest.mark.django_db
def test_ruleset_names_follow_the_page_language():
    from django.utils import translation

    from tournaments.models import Tournament

    tournament = Tournament(ruleset="fide2023")
    with translation.override("zh-hans"):
        assert tournament.get_ruleset_display() == "国际棋联国际象棋竞赛规则（2023）"
    with translation.override("en"):
        assert tournament.get_ruleset_display() == "FIDE Laws of Chess (2023)"


@pytest.mark.django_db
def test_the_site_has_a_favicon(client):
    page = client.get("/").content.decode()
    assert 'rel="icon"' in page
    redirect = client.get("/favicon.ico")
    assert redirect.status_code == 301
    assert redirect["Location"].endswith("favicon.svg")


@pytest.mark.django_db
def test_passwords_use_argon2id_and_old_pbkdf2_hashes_upgrade_at_login(client):
    from django.contrib.auth import get_user_model
    from django.contrib.auth.hashers import PBKDF2PasswordHasher, make_password

    assert make_password("chief-demo").startswith("argon2$argon2id$v=19$m=19456,t=2,p=1$")
    old = PBKDF2PasswordHasher()
    user = get_user_model().objects.create(
        username="old", password=old.encode("an old password 1", old.salt())
    )
    assert client.login(username="old", password="an old password 1")
    user.refresh_from_db()
    assert user.password.startswith("argon2$argon2id$")


def test_a_log_line_is_printed_once():
    import logging

    handlers = []
    logger: logging.Logger | None = logging.getLogger("django.request")
    while logger is not None:
        # The console handlers Django's configuration and the project's set up (not pytest's).
        handlers += [h for h in logger.handlers if h.get_name() == "console"]
        logger = logger.parent if logger.propagate else None
    assert len(handlers) == 1, handlers


@pytest.mark.slow
def test_the_release_step_works_in_the_default_mode(tmp_path):
    """Issue: ``deploy/arbiter.sh release`` without ARBITER_MODE migrated the database, then
    failed in collectstatic (no STATIC_ROOT in development). Development has nothing to
    collect: the release migrates and says so."""
    database = tmp_path / "release.sqlite3"
    environment = {k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "ARBITER_MODE"}}
    environment.update(DATABASE_URL=f"sqlite:///{database}", PYTHON=sys.executable)
    result = subprocess.run(
        [str(ROOT / "deploy" / "arbiter.sh"), "release"],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "nothing to collect" in result.stderr
    assert "Traceback" not in result.stderr
    with sqlite3.connect(database) as connection:
        applied = connection.execute("SELECT app FROM django_migrations").fetchall()
    assert ("tournaments",) in applied


def _web_command(tmp_path: Path, **environment: str) -> list[str]:
    """The command ``deploy/arbiter.sh web`` runs, as an interpreter that only prints it."""
    printer = tmp_path / "python"
    printer.write_text("#!/bin/sh\nprintf '%s\\n' \"$@\"\n", encoding="utf-8")
    printer.chmod(0o755)
    result = subprocess.run(
        [str(ROOT / "deploy" / "arbiter.sh"), "web"],
        env={**os.environ, "PYTHON": str(printer), "HOME": str(tmp_path), **environment},
        capture_output=True,
        text=True,
        check=True,
    )
    return result.stdout.splitlines()


def test_each_web_process_has_a_control_socket_of_its_own(tmp_path, monkeypatch):
    """Issue 35: gunicorn's default control socket is one path for every process, each new
    web process taking it from the one before; and the web processes run with
    deploy/gunicorn.conf.py (listening only while a worker can answer)."""
    monkeypatch.delenv("XDG_RUNTIME_DIR", raising=False)
    monkeypatch.delenv("WEB_CONTROL_SOCKET", raising=False)
    sockets = []
    for address in ("127.0.0.1:8001", "127.0.0.1:8002", "unix:/run/arbiter/web.sock"):
        command = _web_command(tmp_path, WEB_BIND=address)
        assert command[command.index("--config") + 1] == "deploy/gunicorn.conf.py"
        sockets.append(command[command.index("--control-socket") + 1])
    assert sockets == [
        f"{tmp_path}/.gunicorn/arbiter-web-127.0.0.1-8001.ctl",
        f"{tmp_path}/.gunicorn/arbiter-web-127.0.0.1-8002.ctl",
        f"{tmp_path}/.gunicorn/arbiter-web-unix--run-arbiter-web.sock.ctl",
    ]
    chosen = _web_command(tmp_path, WEB_CONTROL_SOCKET="/run/arbiter/web-1.ctl")
    assert chosen[chosen.index("--control-socket") + 1] == "/run/arbiter/web-1.ctl"


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/static/css/site.css", "/static/js/live-round.js", "/"])
def test_static_files_and_pages_say_nosniff(client, path):
    """A web process reached directly serves the static files itself (WhiteNoise): they say
    ``nosniff`` as the pages do (the reverse proxy's own copies: tests/stack)."""
    reply = client.get(path)
    assert reply.status_code == 200
    assert reply["X-Content-Type-Options"] == "nosniff"
