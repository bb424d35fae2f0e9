"""Settings, read from the environment.

Two modes, chosen by ``ARBITER_MODE``:

* ``development`` (the default): SQLite file beside ``manage.py``, DEBUG on, a fixed
  development secret key, served on loopback only.
* ``production``: ``SECRET_KEY`` and ``ALLOWED_HOSTS`` must be set; HTTPS, HSTS and secure
  cookies are on, so that ``manage.py check --deploy`` is clean.

``DATABASE_URL`` (e.g. ``postgres://user:pass@127.0.0.1:5432/arbiter``) selects PostgreSQL in
either mode.
"""

import os
from pathlib import Path

import dj_database_url
from csp.constants import NONCE, NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    if value.lower() in {"1", "true", "yes", "on"}:
        return True
    if value.lower() in {"0", "false", "no", "off"}:
        return False
    raise ImproperlyConfigured(f"{name}={value!r}: expected one of 1/0, true/false, yes/no, on/off")


def env_list(name: str, default: list[str]) -> list[str]:
    value = os.environ.get(name)
    if not value:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


MODE = os.environ.get("ARBITER_MODE", "development")
if MODE not in {"development", "production"}:
    raise ImproperlyConfigured(f"ARBITER_MODE={MODE!r}: expected 'development' or 'production'")
PRODUCTION = MODE == "production"

if PRODUCTION:
    SECRET_KEY = os.environ.get("SECRET_KEY", "")
    if not SECRET_KEY:
        raise ImproperlyConfigured("ARBITER_MODE=production needs SECRET_KEY to be set")
    DEBUG = env_bool("DEBUG", False)
    ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", [])
    if not ALLOWED_HOSTS:
        raise ImproperlyConfigured("ARBITER_MODE=production needs ALLOWED_HOSTS (comma-separated)")
else:
    # Only ever served on loopback by `make run`; never use this key in production.
    SECRET_KEY = os.environ.get(
        "SECRET_KEY", "development-only-key-0f3c9b1e7a4d2c8b5e6f1a0d9c7b3e2f4a1d8c6b"
    )
    DEBUG = env_bool("DEBUG", True)
    ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]", "testserver"])

CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "csp",
    "rest_framework",
    "drf_spectacular",
    "drf_spectacular_sidecar",  # the documentation page's scripts, served from here
    "tournaments",
    "games",
    "jobs",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "csp.middleware.CSPMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "arbiter.middleware.keep_thread_language",
    "django.middleware.locale.LocaleMiddleware",
    "arbiter.middleware.refuse_large_api_bodies",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "arbiter.middleware.DatabaseUnavailable",
]

ROOT_URLCONF = "arbiter.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "arbiter.help.help_link",
            ],
        },
    },
]

WSGI_APPLICATION = "arbiter.wsgi.application"

DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "0")),
        # A connection kept between requests (CONN_MAX_AGE) that the server ended, e.g. on
        # a PostgreSQL restart, is replaced when a request first uses it, not met as an error.
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Arbiters in a hall share one laptop's SQLite file. Readers never block the writer
    # (write-ahead log), and a write transaction takes the write lock when it begins
    # (IMMEDIATE): a deferred one that read first could not wait for the lock and failed
    # at once with "database is locked"; now it waits, up to the timeout (seconds).
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        timeout=20,
        transaction_mode="IMMEDIATE",
        init_command="PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL",
    )

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "/"
LOGOUT_REDIRECT_URL = "/"

PASSWORD_HASHERS = [
    "arbiter.hashers.OwaspArgon2PasswordHasher",
    "django.contrib.auth.hashers.PBKDF2PasswordHasher",  # accounts made before: rehashed
]

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("zh-hans", _("Simplified Chinese"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
FORMAT_MODULE_PATH = ["arbiter.formats"]
TIME_ZONE = os.environ.get("TIME_ZONE", "UTC")
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
# collectstatic gathers into STATIC_ROOT for production (the reverse proxy serves /static/
# from there); development serves from the finders.
STATIC_ROOT = (
    Path(os.environ.get("STATIC_ROOT") or BASE_DIR / "staticfiles") if PRODUCTION else None
)
WHITENOISE_USE_FINDERS = not PRODUCTION
STATICFILES_DIRS = [BASE_DIR / "static"]
# Files the background jobs read (uploads) and make (PDF reports of large events): every web
# process and worker must see the same folder (one machine, or a shared volume). They are
# served only through the job's own views, which check who asks; never from MEDIA_URL.
MEDIA_ROOT = Path(os.environ.get("MEDIA_ROOT", "") or BASE_DIR / "media")
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": (
            "whitenoise.storage.CompressedManifestStaticFilesStorage"
            if PRODUCTION
            else "django.contrib.staticfiles.storage.StaticFilesStorage"
        )
    },
}

# Content-Security-Policy (django-csp): scripts and styles only from the site's own files, so
# that a script slipped into a page (a player's name, a PGN tag) cannot run. No page holds a
# script or a style attribute of its own; one that must is given the request's nonce
# (request.csp_nonce), and the nonce is then added to the header. The API's documentation
# page (Redoc) has its own, looser policy (arbiter/urls.py).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF, NONCE],
        "style-src": [SELF, NONCE],
        "img-src": [SELF, "data:"],
        "connect-src": [SELF],
        "font-src": [SELF],
        "object-src": [NONE],
        "base-uri": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
    }
}

# A request body other than an uploaded file (the API's JSON): a round's batch of results
# or a 2,000-player TRF is a few hundred KB. Uploaded files have their own limit (20 MB,
# tournaments/limits.py), checked by the forms; above this size they are kept on disk.
DATA_UPLOAD_MAX_MEMORY_SIZE = 10 * 1024 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = 10 * 1024 * 1024

# One cache for every process when REDIS_URL is set (throttle counts, cached public reads,
# job progress); otherwise each process keeps its own in memory, which is right for one
# process (make run) and still never stale: cached reads are keyed by the tournament's
# version, which lives in the database.
REDIS_URL = os.environ.get("REDIS_URL", "")


def redis_caches(url: str, key_prefix: str) -> dict[str, dict[str, object]]:
    """The caches on the Redis server at ``url``. Redis that is down is a cache that holds
    nothing (arbiter.cache), not an error page: the default cache falls back to each
    process's memory, the sessions to the database. A Redis that no longer answers costs
    a request at most these timeouts (seconds)."""
    shared = {
        "LOCATION": url,
        "KEY_PREFIX": key_prefix,
        "OPTIONS": {"socket_connect_timeout": 1.0, "socket_timeout": 2.0},
    }
    return {
        "default": {"BACKEND": "arbiter.cache.RedisOrLocalCache", **shared},
        "sessions": {"BACKEND": "arbiter.cache.RedisCache", **shared},
    }


if REDIS_URL:
    CACHES = redis_caches(REDIS_URL, os.environ.get("CACHE_KEY_PREFIX", "arbiter"))
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    CACHES["sessions"] = CACHES["default"]
# Sessions are read from the shared cache when there is one and written through to the
# database, so a Redis restart logs nobody out, and a Redis that is down only makes them
# read from the database.
SESSION_ENGINE = "django.contrib.sessions.backends." + ("cached_db" if REDIS_URL else "db")
SESSION_CACHE_ALIAS = "sessions"
if os.environ.get("ARBITER_CACHE") == "off":
    # Only to measure what the cache saves (bench/stack.py): nothing is kept, not even the
    # throttle counts.
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.dummy.DummyCache"}}
    CACHES["sessions"] = CACHES["default"]

# The live round page's event stream (tournaments.views.live.version_events), served by
# the asynchronous process (deploy/arbiter.sh live) to which the reverse proxy sends /live/.
# Off, the pages ask for the version every few seconds instead (make run, one gunicorn).
LIVE_EVENTS = os.environ.get("LIVE_EVENTS", "0") == "1"

# Throttles (tournaments.api.throttling), DRF's "number/period". Failed authentications are
# limited per account and address, and per address over any accounts and tokens; the
# latter never refuses valid credentials (one NAT address may be a whole playing hall).
API_WRITE_RATE = os.environ.get("API_WRITE_RATE", "300/min")
API_FAILED_AUTH_RATE = os.environ.get("API_FAILED_AUTH_RATE", "20/min")
API_FAILED_AUTH_ADDRESS_RATE = os.environ.get("API_FAILED_AUTH_ADDRESS_RATE", "100/min")

# Failed logins on the login pages (arbiter.login), counted within LOGIN_FAILURE_WINDOW
# seconds. An address gets LOGIN_FREE_FAILURES free failures for an account, then waits
# LOGIN_DELAY seconds before its next try, doubled at each failure up to LOGIN_MAX_DELAY;
# once an account has more than LOGIN_FAILURES_PER_ACCOUNT failures from other addresses,
# an address waits from its first failure for it. An address with LOGIN_FAILURES_PER_ADDRESS
# failures (any accounts) has its further failures refused as such for the rest of the
# window, the right password still accepted. No account is ever locked: the right password
# from an address that has not failed is accepted.
LOGIN_FREE_FAILURES = int(os.environ.get("LOGIN_FREE_FAILURES", "5"))
LOGIN_DELAY = float(os.environ.get("LOGIN_DELAY", "1"))
LOGIN_MAX_DELAY = float(os.environ.get("LOGIN_MAX_DELAY", str(15 * 60)))
LOGIN_FAILURES_PER_ACCOUNT = int(os.environ.get("LOGIN_FAILURES_PER_ACCOUNT", "5"))
LOGIN_FAILURES_PER_ADDRESS = int(os.environ.get("LOGIN_FAILURES_PER_ADDRESS", "20"))
LOGIN_FAILURE_WINDOW = int(os.environ.get("LOGIN_FAILURE_WINDOW", str(15 * 60)))

# Background jobs (jobs.runner): on Celery workers when a broker is configured, else in a
# thread of the web process (also while the broker cannot be reached). JOBS_EAGER runs them
# at once, in the request (the tests).
CELERY_BROKER_URL = os.environ.get("CELERY_BROKER_URL", "") or REDIS_URL
# A job's outcome is its row (jobs.models.Job): Celery keeps no results, and has no result
# store to wait for when Redis is down.
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_ACKS_LATE = True
CELERY_TASK_REJECT_ON_WORKER_LOST = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
# A job whose worker died unacknowledged goes to another worker after this many seconds.
CELERY_BROKER_TRANSPORT_OPTIONS = {
    "visibility_timeout": int(os.environ.get("CELERY_VISIBILITY_TIMEOUT", "3600"))
}
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
JOBS_EAGER = env_bool("JOBS_EAGER", False)
# A job being run writes a heartbeat every JOBS_HEARTBEAT seconds (jobs.heartbeat). One not
# heard from for JOBS_LOST_AFTER seconds lost its worker (killed, its machine gone): the
# workers and the job's page find it and send it to be run again, within a minute or two
# rather than after the broker's visibility timeout; lost more than JOBS_MAX_LOSSES times, it
# fails. 0 turns this off; it is off on SQLite, which lets no heartbeat be written while a
# job's transaction writes.
JOBS_HEARTBEAT = float(os.environ.get("JOBS_HEARTBEAT", "10"))
JOBS_LOST_AFTER = float(
    os.environ.get(
        "JOBS_LOST_AFTER",
        "0" if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3" else "60",
    )
)
JOBS_MAX_LOSSES = int(os.environ.get("JOBS_MAX_LOSSES", "3"))
# Players above which an event's standings and crosstable PDFs are drawn by a job.
REPORT_JOB_PLAYERS = int(os.environ.get("REPORT_JOB_PLAYERS", "200"))

# The cross-test page (FIDE checklist A9) runs this reference engine, given as a command line
# speaking bbpPairings/JaVaFo's options ("bbpPairings.exe --dutch"), for at most this many
# seconds a run. Set by whoever runs the server; no page chooses a command.
CROSSTEST_ENGINE = os.environ.get("CROSSTEST_ENGINE", "")
CROSSTEST_TIMEOUT = float(os.environ.get("CROSSTEST_TIMEOUT", "600"))
# The tie-break reference each cross-tested event's final standings are compared with (a
# command line speaking TieBreakServer's tiebreakchecker); empty: pairings only.
CROSSTEST_TIEBREAK_ENGINE = os.environ.get("CROSSTEST_TIEBREAK_ENGINE", "")

# Reverse proxies in front of the web processes that append the client's address to
# X-Forwarded-For (deploy/nginx.conf: 1). The throttles (the login page's, the API's) count
# the address that many entries from the header's end; with 0 (no proxy) they count the
# connection's address and ignore the header, which a client could write itself.
NUM_PROXIES = int(os.environ.get("NUM_PROXIES", "0"))

REST_FRAMEWORK = {
    "NUM_PROXIES": NUM_PROXIES,
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": [
        "rest_framework.permissions.IsAuthenticatedOrReadOnly",
    ],
    "DEFAULT_PARSER_CLASSES": [
        "tournaments.api.parsers.JSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Arbiter API",
    "DESCRIPTION": "Tournaments, pairings, results, standings and games for pairing software.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    # Redoc and Swagger UI from the application's own static files, not from a CDN.
    "REDOC_DIST": "SIDECAR",
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    # A tournament's slug keeps the letters and digits of its name in any script (Python's
    # Unicode ``[-\w]+``, arbiter/converters.py). JSON Schema readers take ``\w`` as ASCII,
    # and no pattern reads alike in both, so the schema describes it in words instead.
    "PATH_CONVERTER_OVERRIDES": {
        "tslug": {
            "type": "string",
            "minLength": 1,
            "description": (
                "The tournament's slug: letters and digits of any script (全国象棋锦标赛), "
                "hyphens and underscores, as the tournament's `slug` gives it; "
                "percent-encoded in the path."
            ),
        }
    },
    # Several models have a ``status``; name each choice set after its model.
    "ENUM_NAME_OVERRIDES": {
        "PlayerStatusEnum": "tournaments.models.player.Player.Status",
        "RoundStatusEnum": "tournaments.models.round.Round.Status",
        "GameStatusEnum": "games.models.game.Game.Status",
        "AbsenceKindEnum": "tournaments.models.player.Absence.Kind",
        "IncidentKindEnum": "games.models.incident.IncidentKind",
        "TeamByeRequestEnum": "tournaments.api.serializers.teams.REQUESTABLE_BYES",
    },
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"one_line": {"()": "arbiter.log_filters.ClientErrorsInOneLine"}},
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
    # Django's own "django" logger has a console handler too and passes its records on to
    # the root: every warning printed twice. Here it only passes them on. A refused request
    # is logged in one line, without a traceback.
    "loggers": {
        "django": {"handlers": [], "propagate": True},
        "django.request": {"filters": ["one_line"], "propagate": True},
    },
}

if PRODUCTION:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", str(365 * 24 * 3600)))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
    SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", True)
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
