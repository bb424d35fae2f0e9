"""The application's settings with :mod:`bench._live_stream`'s URLs: gunicorn serves the
server-sent-events candidate beside the real pages while ``bench/live.py`` measures it."""

from arbiter.settings import *  # noqa: F403

ROOT_URLCONF = "bench._live_stream"
