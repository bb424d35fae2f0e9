"""The versioned REST API, ``/api/v1/``: each app contributes its own routes."""

from django.urls import include, path

app_name = "api"

urlpatterns = [
    path("", include("tournaments.api.urls")),
    path("", include("games.api.urls")),
    path("", include("jobs.api_urls")),
]
