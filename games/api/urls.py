"""API routes of this app (mounted under /api/v1/)."""

from django.urls import path

import arbiter.converters  # noqa: F401  (registers <num:…> and <tslug:…>)

from .views import games, incidents, uploads

GAME = "tournaments/<tslug:slug>/games/<num:game_id>/"

urlpatterns = [
    path("tournaments/<tslug:slug>/games/", games.GameListView.as_view(), name="games"),
    path(GAME, games.GameDetailView.as_view(), name="game"),
    path(GAME + "incidents/", incidents.IncidentListView.as_view(), name="incidents"),
    path("tournaments/<tslug:slug>/pgn/", uploads.PgnUploadView.as_view(), name="pgn_uploads"),
    path(
        "tournaments/<tslug:slug>/pgn/<int:upload_id>/import/",
        uploads.PgnImportView.as_view(),
        name="pgn_import",
    ),
]
