"""Commands that manage.py runs without loading the apps.

``django.setup()`` imports every installed app: its models, its admin, what its ``ready()``
connects, and with them the API, the services and the PDF reports — about a second of CPU
before a command starts, a hundred times what checking one game takes. A command named here
uses no model, URL or template and logs nothing, so manage.py runs it with the settings and
the translations (the catalogues of ``LOCALE_PATHS``) and no app loaded. Through
``call_command`` or ``django-admin`` it is the same command after the usual set-up.
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence

__all__ = ["WITHOUT_APPS", "run_without_apps"]

WITHOUT_APPS = {"checkgames": "games.management.commands.checkgames"}
"""Command name: its module."""


def run_without_apps(argv: Sequence[str]) -> bool:
    """Run the command ``argv`` names if it is one of :data:`WITHOUT_APPS`; whether it was.

    An option that changes the settings or the import path (``--settings``,
    ``--pythonpath`` or an abbreviation of either) leaves the command to Django, which reads
    them before anything else.
    """
    if len(argv) < 2 or argv[1] not in WITHOUT_APPS:
        return False
    if any(argument.startswith(("--se", "--p")) for argument in argv[2:]):
        return False
    from django.apps import apps

    apps.populate([])  # the registry is ready, empty: translations need no more
    command = importlib.import_module(WITHOUT_APPS[argv[1]]).Command()
    command.run_from_argv(list(argv))
    return True
