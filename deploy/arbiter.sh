#!/usr/bin/env sh
# The production stack's processes, configured from the environment (see
# docs/deployment.md). Each command runs one process in the foreground, for a supervisor
# (systemd, a container runtime) to start, restart and stop:
#
#   deploy/arbiter.sh release   collect the static files (production), then migrate the database
#                               (once per release)
#   deploy/arbiter.sh web       gunicorn (deploy/gunicorn.conf.py): WEB_BIND (127.0.0.1:8000),
#                               WEB_WORKERS (2), CONN_MAX_AGE (60), WEB_CONTROL_SOCKET
#   deploy/arbiter.sh worker    a Celery worker: WORKER_CONCURRENCY (1), WORKER_NAME
#   deploy/arbiter.sh live      uvicorn (ASGI) for the live pages' event streams under /live/:
#                               LIVE_BIND (127.0.0.1:8100), LIVE_WORKERS (1; one per core)
#   deploy/arbiter.sh proxy     nginx in front of them (deploy/nginx.conf, rendered into
#                               PROXY_DIR): PROXY_BIND (127.0.0.1:8080), PROXY_WEB (WEB_BIND),
#                               PROXY_LIVE (LIVE_BIND), STATIC_ROOT, PROXY_TLS_CERTIFICATE and
#                               PROXY_TLS_KEY for HTTPS, PROXY_WORKERS (auto), PROXY_NGINX (nginx)
#
# Every process needs the same DATABASE_URL, REDIS_URL (cache and broker), SECRET_KEY,
# ALLOWED_HOSTS and ARBITER_MODE=production; the web processes LIVE_EVENTS=1 once the
# reverse proxy sends /live/ to the live processes.
set -eu
cd "$(dirname "$0")/.."
python=${PYTHON:-.venv/bin/python}

case "${1:-}" in
  release)
    # The static files first: a release that cannot collect them stops before the database
    # changes. Outside production (ARBITER_MODE unset: development) there is nothing to
    # collect: the pages serve the static files from their own folders.
    if [ "${ARBITER_MODE:-development}" = production ]; then
      "$python" manage.py collectstatic --noinput
    else
      echo "ARBITER_MODE is not production: the static files are served from their folders," \
        "nothing to collect. For a production release set ARBITER_MODE=production." >&2
    fi
    "$python" manage.py migrate --noinput
    ;;
  web)
    # Each worker keeps its database connection between requests (checked before reuse, so
    # a database restart costs no request): opening one per request cost a small GET 6.8 ms
    # of CPU (the web process and PostgreSQL) against 2.4 ms (bench.stack --only small).
    CONN_MAX_AGE=${CONN_MAX_AGE:-60}
    export CONN_MAX_AGE
    bind=${WEB_BIND:-127.0.0.1:8000}
    # gunicorn's control socket (for gunicornc), one per web process: gunicorn's default is
    # one path for all, which each process started takes from the one before. In gunicorn's
    # own folder for it, named after the address.
    control_dir=${XDG_RUNTIME_DIR:-${HOME:-/tmp}/.gunicorn}
    control=${WEB_CONTROL_SOCKET:-$control_dir/arbiter-web-$(printf '%s' "$bind" | tr -c 'A-Za-z0-9.' '-').ctl}
    # deploy/gunicorn.conf.py: listening only while a worker can answer. A request may take
    # up to --timeout seconds (the proxy waits 35, deploy/nginx.conf).
    exec "$python" -m gunicorn arbiter.wsgi \
      --config deploy/gunicorn.conf.py \
      --bind "$bind" \
      --workers "${WEB_WORKERS:-2}" \
      --control-socket "$control" \
      --access-logfile - \
      --timeout 30 \
      --graceful-timeout 30
    ;;
  live)
    # Each open stream holds a socket: allow as many open files as the system lets us.
    ulimit -n "$(ulimit -Hn)" 2>/dev/null || true
    bind=${LIVE_BIND:-127.0.0.1:8100}
    exec "$python" -m uvicorn arbiter.asgi:application \
      --host "${bind%:*}" \
      --port "${bind##*:}" \
      --workers "${LIVE_WORKERS:-1}" \
      --proxy-headers \
      --lifespan off \
      --timeout-graceful-shutdown 5 \
      --log-level "$(echo "${LOG_LEVEL:-INFO}" | tr '[:upper:]' '[:lower:]')"
    ;;
  proxy)
    # Renders deploy/nginx.conf into PROXY_DIR (its pid file, cache and temporary files
    # live there too), checks it and runs nginx in the foreground, logging to stdout/stderr.
    nginx=${PROXY_NGINX:-$(command -v nginx || echo /usr/sbin/nginx)}
    dir=${PROXY_DIR:-${TMPDIR:-/tmp}/arbiter-proxy}
    mkdir -p "$dir"
    dir=$(cd "$dir" && pwd)
    conf_path=$("$nginx" -V 2>&1 | sed -n 's/.*--conf-path=\([^ ]*\).*/\1/p')
    servers() { for address in $(echo "$1" | tr ',' ' '); do printf 'server %s; ' "$address"; done; }
    listen=${PROXY_BIND:-127.0.0.1:8080}
    tls=""
    if [ -n "${PROXY_TLS_CERTIFICATE:-}" ]; then
      listen="$listen ssl"
      tls="ssl_certificate ${PROXY_TLS_CERTIFICATE}; ssl_certificate_key ${PROXY_TLS_KEY:?PROXY_TLS_KEY must be set with PROXY_TLS_CERTIFICATE};"
    fi
    quote() { printf '%s' "$1" | sed 's/[\\|&]/\\&/g'; }
    sed -e "s|@LISTEN@|$(quote "$listen")|" \
      -e "s|@TLS@|$(quote "$tls")|" \
      -e "s|@WEB@|$(quote "$(servers "${PROXY_WEB:-${WEB_BIND:-127.0.0.1:8000}}")")|" \
      -e "s|@LIVE@|$(quote "$(servers "${PROXY_LIVE:-${LIVE_BIND:-127.0.0.1:8100}}")")|" \
      -e "s|@STATIC_ROOT@|$(quote "${STATIC_ROOT:-$(pwd)/staticfiles}")|" \
      -e "s|@PROXY_DIR@|$(quote "$dir")|g" \
      -e "s|@WORKERS@|$(quote "${PROXY_WORKERS:-auto}")|" \
      -e "s|@MIME_TYPES@|$(quote "$(dirname "${conf_path:-/etc/nginx/nginx.conf}")/mime.types")|" \
      deploy/nginx.conf >"$dir/nginx.conf"
    "$nginx" -p "$dir" -e stderr -c "$dir/nginx.conf" -t -q
    exec "$nginx" -p "$dir" -e stderr -c "$dir/nginx.conf" -g 'daemon off;'
    ;;
  worker)
    exec "$python" -m celery -A arbiter worker \
      --concurrency "${WORKER_CONCURRENCY:-1}" \
      --hostname "${WORKER_NAME:-worker}@%h" \
      --loglevel "${LOG_LEVEL:-INFO}"
    ;;
  *)
    echo "usage: $0 release|web|worker|live|proxy" >&2
    exit 2
    ;;
esac
