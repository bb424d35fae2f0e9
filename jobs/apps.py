from django.apps import AppConfig
from django.utils.module_loading import autodiscover_modules
from django.utils.translation import gettext_lazy as _


class JobsConfig(AppConfig):
    name = "jobs"
    verbose_name = _("Background jobs")

    def ready(self) -> None:
        # Each app's jobs.py registers the job kinds it runs (games.jobs: PGN check, import).
        autodiscover_modules("jobs")
