"""Background jobs: work that takes longer than a web request should (PGN checks and imports).

A :class:`~jobs.models.Job` row is the job's record — what to do, progress, result, errors —
shown on a job page (HTML) and as a job resource (API). :mod:`jobs.runner` runs it on a
Celery worker when a broker is configured (``CELERY_BROKER_URL``, else ``REDIS_URL``), and
otherwise in a background thread of the web process, so the pages behave the same.
"""
