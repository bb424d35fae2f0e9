"""Scores, tie-breaks, standings and ratings as pure functions.

Framework-free: the standard library (and numpy for the standings in columns), never Django.

Public API::

    sheet.TournamentSheet, PlayerSheet, RoundEntry, Outcome, PointSystem   # the input
    points.player_points(sheet) -> {start_rank: Fraction}
    points.pending_games(sheet) -> [(round, start_rank)]                    # adjourned games
    points.check_sheet(sheet)                                               # raises SheetError
    tiebreaks.parse_tiebreak("BH/C1") -> TieBreakSpec                       # raises TieBreakError
    tiebreaks.tiebreak_values(sheet, "SB", settings) -> {start_rank: Fraction | None}
    tiebreaks.TieBreakSettings(regulations=None, unrated_rating=None, round_robin=None)
    standings.compute_standings(sheet, ["DE", "BH/C1", ...], settings=..., final=False,
                                excluded={start_rank: Exclusion.EXPELLED | ANNULLED})
        -> Standings(rows=(Standing(rank, rank_to, place, points, tiebreaks,
                                    withdrawn_after, excluded), ...))      # unranked rows last
    standings.early_withdrawals(sheet, games_each=n) -> frozenset[start_rank]  # C.05, < 50%
    columns.columnar_standings(Players(...), Boards(...), rounds=..., points=..., specs=...,
                               settings=..., start_date=..., excluded=...)
        -> Standings | None       # a Swiss's usual tie-breaks without the sheet; None: use it
    ratings.fide_k_factor(...), fide_rating_changes(sheet, k_factors), performance_rating(games)
    ratings.online_rating_changes(rating, opponent_rating, score, table)
    fide_tables.dp_for_score(score, games), expected_score(rating, opponent, cap=None)
"""
