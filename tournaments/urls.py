"""Public and arbiter pages of the tournaments app."""

from django.urls import path

import arbiter.converters  # noqa: F401  (registers <num:…>)

from .api import pages as api_pages
from .views import (
    chess960,
    crosstests,
    dashboard,
    live,
    log,
    manual,
    players,
    public,
    ratings,
    reports,
    results,
    roles,
    rounds,
    team_rounds,
    teams,
    teams_public,
    ties,
)

app_name = "tournaments"

T = "tournaments/<num:tournament_id>/"

urlpatterns = [
    path("", public.home, name="home"),
    path("tournaments/new/", dashboard.create, name="create"),
    path("tournaments/import/", dashboard.trf_import, name="import_trf"),
    path(
        "tournaments/import/<int:job_id>/confirm/",
        dashboard.trf_import_confirm,
        name="import_trf_confirm",
    ),
    path("rating-lists/", ratings.rating_lists, name="rating_lists"),
    path("cross-tests/", crosstests.crosstests, name="crosstests"),
    path("cross-tests/<int:job_id>/", crosstests.campaign, name="crosstest"),
    path("cross-tests/<int:job_id>/resume/", crosstests.resume, name="crosstest_resume"),
    path(
        "cross-tests/<int:job_id>/files/<str:name>",
        crosstests.campaign_file,
        name="crosstest_file",
    ),
    path(T, public.tournament_detail, name="tournament"),
    path(f"{T}arbiter/", dashboard.dashboard, name="dashboard"),
    path(f"{T}edit/", dashboard.edit, name="edit"),
    path(f"{T}leave-fide-mode/", dashboard.leave_fide, name="leave_fide_mode"),
    path(f"{T}log/", log.log, name="log"),
    path(f"{T}log/<num:entry_id>/undo/", log.undo, name="log_undo"),
    path(f"{T}roles/", roles.roles, name="roles"),
    path(f"{T}ratings/", ratings.tournament_ratings, name="ratings"),
    path(f"{T}ties/", ties.ties, name="ties"),
    path(f"{T}roles/<num:user_id>/revoke/", roles.revoke, name="role_revoke"),
    path(f"{T}api-tokens/", api_pages.api_tokens, name="api_tokens"),
    path(
        f"{T}api-tokens/<num:token_id>/revoke/",
        api_pages.api_token_revoke,
        name="api_token_revoke",
    ),
    path(f"{T}players/add/", players.add, name="player_add"),
    path(f"{T}players/import/", players.import_csv, name="players_import"),
    path(f"{T}players/number/", players.number, name="players_number"),
    path(f"{T}players/exchange/", players.exchange, name="players_exchange"),
    path(f"{T}players/<num:player_id>/", public.player_detail, name="player"),
    path(f"{T}players/<num:player_id>/edit/", players.edit, name="player_edit"),
    path(f"{T}players/<num:player_id>/withdraw/", players.withdraw, name="player_withdraw"),
    path(f"{T}players/<num:player_id>/absence/", players.absence, name="player_absence"),
    path(
        f"{T}players/<num:player_id>/round-ratings/",
        players.round_rating,
        name="player_round_rating",
    ),
    path(
        f"{T}players/<num:player_id>/forbidden/",
        manual.forbidden_pair,
        name="player_forbidden",
    ),
    # Team events: the arbiter's team pages, the lineups and forfeits of a round's matches.
    path(f"{T}teams/", teams_public.team_list, name="team_list"),
    path(f"{T}teams.csv", reports.team_list_csv, name="team_list_csv"),
    path(f"{T}teams.pdf", reports.team_list_pdf, name="team_list_pdf"),
    path(f"{T}arbiter/teams/", teams.teams, name="teams"),
    path(f"{T}arbiter/teams/add/", teams.team_add, name="team_add"),
    path(f"{T}arbiter/teams/number/", teams.teams_number, name="teams_number"),
    path(f"{T}arbiter/teams/<num:team_id>/edit/", teams.team_edit, name="team_edit"),
    path(f"{T}arbiter/teams/<num:team_id>/delete/", teams.team_delete, name="team_delete"),
    path(f"{T}arbiter/teams/<num:team_id>/roster/", teams.team_roster, name="team_roster"),
    path(f"{T}arbiter/teams/bye/", teams.team_bye, name="team_bye"),
    path(
        f"{T}rounds/<num:number>/tables/<num:table>/lineup/<num:team_id>/",
        team_rounds.lineup,
        name="team_lineup",
    ),
    path(
        f"{T}rounds/<num:number>/tables/<num:table>/forfeit/",
        team_rounds.match_forfeit,
        name="match_forfeit",
    ),
    path(f"{T}rounds/pair/", rounds.pair_next, name="round_pair"),
    path(f"{T}rounds/enter/", rounds.enter_pairings, name="round_enter"),
    path(f"{T}rounds/<num:number>/", results.round_detail, name="round"),
    path(f"{T}rounds/<num:number>/publish/", rounds.publish, name="round_publish"),
    path(f"{T}rounds/<num:number>/manual/", manual.manual_pairing, name="manual_pairing"),
    path(f"{T}rounds/<num:number>/delete/", rounds.delete, name="round_delete"),
    path(
        f"{T}rounds/<num:number>/chess960/",
        chess960.chess960_position,
        name="round_chess960",
    ),
    path(
        f"{T}rounds/<num:number>/boards/<num:board>/result/",
        results.save_result,
        name="result",
    ),
    path(
        f"{T}rounds/<num:number>/boards/<num:board>/rating-correction/",
        results.rating_correction,
        name="rating_correction",
    ),
    # Public reports (tournaments.views.reports): HTML, CSV and PDF.
    path(f"{T}version/", live.version, name="version"),
    # Under /live/: the one prefix a reverse proxy sends to the asynchronous process.
    path("live/tournaments/<num:tournament_id>/", live.version_events, name="version_events"),
    path(f"{T}standings/", reports.standings, name="standings"),
    path(f"{T}standings.csv", reports.standings_csv, name="standings_csv"),
    path(f"{T}standings.pdf", reports.standings_pdf, name="standings_pdf"),
    path(f"{T}crosstable/", reports.crosstable, name="crosstable"),
    path(f"{T}crosstable.csv", reports.crosstable_csv, name="crosstable_csv"),
    path(f"{T}crosstable.pdf", reports.crosstable_pdf, name="crosstable_pdf"),
    path(f"{T}board-prizes/", reports.board_prizes, name="board_prizes"),
    path(f"{T}board-prizes.csv", reports.board_prizes_csv, name="board_prizes_csv"),
    path(f"{T}board-prizes.pdf", reports.board_prizes_pdf, name="board_prizes_pdf"),
    path(f"{T}players.pdf", reports.players_pdf, name="players_pdf"),
    path(f"{T}report.trf", reports.trf_report, name="trf_report"),
    path(f"{T}scoresheet.pdf", reports.scoresheet_pdf, name="scoresheet_pdf"),
    path(f"{T}rounds/<num:number>/pairings/", reports.pairings, name="pairings"),
    path(f"{T}rounds/<num:number>/pairings.pdf", reports.pairings_pdf, name="pairings_pdf"),
    path(
        f"{T}rounds/<num:number>/result-sheet.pdf",
        reports.result_sheet_pdf,
        name="result_sheet_pdf",
    ),
    path(
        f"{T}rounds/<num:number>/scoresheets.pdf",
        reports.round_scoresheets_pdf,
        name="round_scoresheets_pdf",
    ),
    path(f"{T}incidents.pdf", reports.incidents_pdf, name="incidents_pdf"),
    path(f"{T}envelopes/<num:envelope_id>.pdf", reports.envelope_pdf, name="envelope_pdf"),
]
