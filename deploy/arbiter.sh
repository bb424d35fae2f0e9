#!/usr/bin/env sh
# The production stack's processes, configured from the environment (see README, "Running
# several processes"). Each command runs one process in the foreground, for a supervisor
# (systemd, a container runtime) to start, restart and stop:
#
#   deploy/arbiter.sh release   migrate the database, collect the static files (once per release)
#   deploy/arbiter.sh web       gunicorn: WEB_BIND (127.0.0.1:8000), WEB_WORKERS (2)
#   deploy/arbiter.sh worker    a Celery worker: WORKER_CONCURRENCY (1), WORKER_NAME
#
# Every process needs the same DATABASE_URL, REDIS_URL (cache and broker), SECRET_KEY,
# ALLOWED_HOSTS and ARBITER_MODE=production.
set -eu
cd "$(dirname "$0")/.."
python=${PYTHON:-.venv/bin/python}

case "${1:-}" in
  release)
    "$python" manage.py migrate --noinput
    "$python" manage.py collectstatic --noinput
    ;;
  web)
    exec "$python" -m gunicorn arbiter.wsgi \
      --bind "${WEB_BIND:-127.0.0.1:8000}" \
      --workers "${WEB_WORKERS:-2}" \
      --access-logfile - \
      --graceful-timeout 30
    ;;
  worker)
    exec "$python" -m celery -A arbiter worker \
      --concurrency "${WORKER_CONCURRENCY:-1}" \
      --hostname "${WORKER_NAME:-worker}@%h" \
      --loglevel "${LOG_LEVEL:-INFO}"
    ;;
  *)
    echo "usage: $0 release|web|worker" >&2
    exit 2
    ;;
esac
