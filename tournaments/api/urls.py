"""API routes of this app (mounted under /api/v1/)."""

from django.urls import path

import arbiter.converters  # noqa: F401  (registers <num:…> and <tslug:…>)

from .views import (
    crosstests,
    exchange,
    imports,
    manual,
    matches,
    players,
    ratings,
    results,
    round_ratings,
    rounds,
    standings,
    teams,
    ties,
    tokens,
    tournaments,
)

TOURNAMENT = "tournaments/<tslug:slug>/"
ROUND = TOURNAMENT + "rounds/<num:number>/"
TEAM = TOURNAMENT + "teams/<num:team_id>/"
MATCH = ROUND + "matches/<num:table>/"

urlpatterns = [
    path("tournaments/", tournaments.TournamentListView.as_view(), name="tournaments"),
    path("trf-imports/", imports.TrfImportView.as_view(), name="trf-imports"),
    path("cross-tests/<int:job_id>/", crosstests.CrossTestView.as_view(), name="cross-test"),
    path(
        "cross-tests/<int:job_id>/files/<str:name>",
        crosstests.CrossTestFileView.as_view(),
        name="cross-test-file",
    ),
    path("rating-lists/", ratings.RatingListView.as_view(), name="rating-lists"),
    path("rating-lists/fetch/", ratings.RatingListFetchView.as_view(), name="rating-lists-fetch"),
    path(
        "rating-lists/<num:list_id>/update/",
        ratings.RatingListUpdateView.as_view(),
        name="rating-list-update",
    ),
    path(TOURNAMENT, tournaments.TournamentDetailView.as_view(), name="tournament"),
    path(
        TOURNAMENT + "leave-fide-mode/",
        tournaments.LeaveFideModeView.as_view(),
        name="leave-fide-mode",
    ),
    path(
        TOURNAMENT + "rating-differences/",
        ratings.RatingDifferencesView.as_view(),
        name="rating-differences",
    ),
    path(TOURNAMENT + "state/", exchange.TournamentStateView.as_view(), name="state"),
    path(TOURNAMENT + "trf/", exchange.TournamentTrfView.as_view(), name="trf"),
    path(TOURNAMENT + "players/", players.PlayerListView.as_view(), name="players"),
    path(TOURNAMENT + "players/numbering/", players.StartRanksView.as_view(), name="numbering"),
    path(
        TOURNAMENT + "players/numbering/exchange/",
        players.ExchangeView.as_view(),
        name="numbering-exchange",
    ),
    path(TOURNAMENT + "players/<num:player_id>/", players.PlayerView.as_view(), name="player"),
    path(
        TOURNAMENT + "players/<num:player_id>/history/",
        players.PlayerHistoryView.as_view(),
        name="player-history",
    ),
    path(
        TOURNAMENT + "players/<num:player_id>/absences/",
        players.AbsenceView.as_view(),
        name="player-absences",
    ),
    path(
        TOURNAMENT + "players/<num:player_id>/withdraw/",
        players.WithdrawView.as_view(),
        name="player-withdraw",
    ),
    path(
        TOURNAMENT + "players/<num:player_id>/expel/",
        players.ExpelView.as_view(),
        name="player-expel",
    ),
    path(
        TOURNAMENT + "players/<num:player_id>/round-ratings/",
        round_ratings.RoundRatingsView.as_view(),
        name="player-round-ratings",
    ),
    path(
        TOURNAMENT + "players/<num:player_id>/round-ratings/<num:from_round>/",
        round_ratings.RoundRatingView.as_view(),
        name="player-round-rating",
    ),
    path(
        TOURNAMENT + "players/<num:player_id>/forbidden/",
        manual.ForbiddenPairsView.as_view(),
        name="player-forbidden",
    ),
    path(
        TOURNAMENT + "players/<num:player_id>/forbidden/<num:opponent_id>/",
        manual.ForbiddenPairView.as_view(),
        name="player-forbidden-pair",
    ),
    path(TOURNAMENT + "rounds/", rounds.RoundListView.as_view(), name="rounds"),
    path(TOURNAMENT + "rounds/next/", rounds.PairNextRoundView.as_view(), name="pair-next"),
    path(ROUND, rounds.RoundDetailView.as_view(), name="round"),
    path(ROUND + "publish/", rounds.PublishRoundView.as_view(), name="round-publish"),
    path(ROUND + "chess960/", rounds.Chess960PositionView.as_view(), name="round-chess960"),
    path(ROUND + "manual-pairing/", manual.ManualPairingView.as_view(), name="manual-pairing"),
    path(ROUND + "pairings/", rounds.PairingListView.as_view(), name="pairings"),
    path(ROUND + "pairings/<num:board>/", results.BoardView.as_view(), name="board"),
    path(
        ROUND + "pairings/<num:board>/rating-correction/",
        results.RatingCorrectionView.as_view(),
        name="board-rating-correction",
    ),
    path(ROUND + "results/", results.ResultBatchView.as_view(), name="results"),
    path(TOURNAMENT + "standings/", standings.StandingsView.as_view(), name="standings"),
    path(TOURNAMENT + "ties/", ties.TiesView.as_view(), name="ties"),
    path(TOURNAMENT + "crosstable/", standings.CrosstableView.as_view(), name="crosstable"),
    path(
        TOURNAMENT + "crosstable/pdf/",
        standings.CrosstablePdfView.as_view(),
        name="crosstable-pdf",
    ),
    path(TOURNAMENT + "teams/", teams.TeamListView.as_view(), name="teams"),
    path(TOURNAMENT + "teams/number/", teams.TeamNumbersView.as_view(), name="teams-number"),
    path(TEAM, teams.TeamView.as_view(), name="team"),
    path(TEAM + "roster/", teams.RosterView.as_view(), name="team-roster"),
    path(TEAM + "byes/<num:round_number>/", teams.TeamByeView.as_view(), name="team-bye"),
    path(ROUND + "matches/", matches.MatchListView.as_view(), name="matches"),
    path(MATCH + "lineups/<num:team_id>/", matches.LineupView.as_view(), name="match-lineup"),
    path(MATCH + "forfeit/", matches.ForfeitView.as_view(), name="match-forfeit"),
    path(
        TOURNAMENT + "team-standings/",
        matches.TeamStandingsView.as_view(),
        name="team-standings",
    ),
    path(TOURNAMENT + "tokens/", tokens.ApiTokenListView.as_view(), name="tokens"),
    path(
        TOURNAMENT + "tokens/<num:token_id>/",
        tokens.ApiTokenDetailView.as_view(),
        name="token",
    ),
]
