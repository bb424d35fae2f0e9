"""The Celery application: ``celery -A arbiter worker`` runs the background jobs.

Configured from Django's settings (``CELERY_*``, themselves from the environment).
"""

from __future__ import annotations

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "arbiter.settings")

app = Celery("arbiter")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks(["jobs"])
