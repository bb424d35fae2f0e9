"""Pages of the games app."""

from django.urls import path

from . import views

app_name = "games"

urlpatterns = [
    path("", views.index, name="index"),
    path("new/", views.new_friendly, name="new"),
    path("position.svg", views.position_svg, name="position_svg"),
    path("tournament/<int:tournament_id>/", views.tournament_games, name="tournament"),
    path("tournament/<int:tournament_id>/upload/", views.upload, name="upload"),
    path(
        "tournament/<int:tournament_id>/upload/<int:upload_id>/",
        views.upload_report,
        name="upload_report",
    ),
    path("tournament/<int:tournament_id>/games.pgn", views.export_tournament, name="export"),
    path(
        "tournament/<int:tournament_id>/round/<int:number>/incidents/",
        views.round_incident_report,
        name="round_incidents",
    ),
    path("board/<int:pairing_id>/start/", views.start_game, name="start"),
    path("<int:game_id>/", views.game_detail, name="detail"),
    path("<int:game_id>/board.svg", views.board_svg, name="board_svg"),
    path("<int:game_id>/moves/", views.enter_moves, name="moves"),
    path("<int:game_id>/game.pgn", views.game_pgn, name="pgn"),
    path("<int:game_id>/correct/", views.correct, name="correct"),
    path("<int:game_id>/incidents/", views.game_incident_report, name="incidents"),
    path("<int:game_id>/incidents/new/<slug:kind>/", views.incident_new, name="incident_new"),
    path("<int:game_id>/incidents/<int:incident_id>/", views.incident_detail, name="incident"),
    path("<int:game_id>/seal/", views.seal, name="seal"),
    path("<int:game_id>/envelopes/<int:envelope_id>/", views.envelope_print, name="envelope"),
    path("<int:game_id>/resume/", views.resume, name="resume"),
]
