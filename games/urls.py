"""Pages of the games app."""

from django.urls import path

import arbiter.converters  # noqa: F401  (registers <num:…>)

from . import views

app_name = "games"

urlpatterns = [
    path("", views.index, name="index"),
    path("new/", views.new_friendly, name="new"),
    path("position.svg", views.position_svg, name="position_svg"),
    path("tournament/<num:tournament_id>/", views.tournament_games, name="tournament"),
    path("tournament/<num:tournament_id>/upload/", views.upload, name="upload"),
    path(
        "tournament/<num:tournament_id>/upload/<num:upload_id>/",
        views.upload_report,
        name="upload_report",
    ),
    path("tournament/<num:tournament_id>/games.pgn", views.export_tournament, name="export"),
    path(
        "tournament/<num:tournament_id>/round/<num:number>/incidents/",
        views.round_incident_report,
        name="round_incidents",
    ),
    path("board/<num:pairing_id>/start/", views.start_game, name="start"),
    path("<num:game_id>/", views.game_detail, name="detail"),
    path("<num:game_id>/board.svg", views.board_svg, name="board_svg"),
    path("<num:game_id>/moves/", views.enter_moves, name="moves"),
    path("<num:game_id>/game.pgn", views.game_pgn, name="pgn"),
    path("<num:game_id>/correct/", views.correct, name="correct"),
    path("<num:game_id>/incidents/", views.game_incident_report, name="incidents"),
    path("<num:game_id>/incidents/new/<slug:kind>/", views.incident_new, name="incident_new"),
    path("<num:game_id>/incidents/<num:incident_id>/", views.incident_detail, name="incident"),
    path("<num:game_id>/seal/", views.seal, name="seal"),
    path("<num:game_id>/envelopes/<num:envelope_id>/", views.envelope_print, name="envelope"),
    path("<num:game_id>/resume/", views.resume, name="resume"),
]
