"""The versioned REST API, ``/api/v1/``: each app contributes its own routes."""

from django.urls import include, path

from arbiter.api_root import ApiRootView

app_name = "api"

urlpatterns = [
    path("", ApiRootView.as_view(), name="root"),
    path("", include("tournaments.api.urls")),
    path("", include("games.api.urls")),
    path("", include("jobs.api_urls")),
]
