"""Team events: the team sheet, match and game points, and FIDE's team tie-breaks (C.07).

Framework-free, like the rest of :mod:`tournaments.scoring`.

Public API::

    sheet.TeamSheet(name, teams, rounds, boards, game_points=PointSystem(),
                    match_points=MatchPointSystem(), colors="WBWB", round_robin=None,
                    start_date=None)                                        # the input
    sheet.Team(number, name, roster, nickname="", strength="")
    sheet.TeamRound(number, matches=(Match, ...), byes=(TeamBye, ...))
    sheet.Match(team_a, team_b, boards=(Board, ...), forfeit=MatchForfeit | None)
    sheet.Board(number, player_a, player_b, outcome_a, outcome_b)        # Outcome per side
    sheet.TeamBye(team, ByeKind.PAIRING | FULL | HALF | ZERO)
    sheet.MatchPointSystem(win=2, draw=1, loss=0, pairing_bye=None,
                           pairing_bye_game_points=None)                   # record 362, 320
    points.team_results(sheet) -> {team: (TeamRoundResult(round, result, match_points,
                                           game_points, opponent, color, boards), ...)}
    points.match_points(sheet), points.team_game_points(sheet) -> {team: Fraction}
    tiebreaks.parse_team_tiebreak("BH:GP/C1") -> TeamTieBreakSpec      # raises TieBreakError
    tiebreaks.team_tiebreak_values(sheet, "EMGSB", TeamTieBreakSettings(primary="MP"))
        -> {team: Fraction | None}
    tiebreaks.TeamTieBreakCalculator(sheet).values("EDEBT", groups=[[3, 7], ...])
        -> {team: place in its group}       # DE, EDE…, TBR, BBE; default: tied on primary
    tiebreaks.higher_is_better(code)
    standings.team_standings(sheet, primary="MP", tiebreaks=["GP", "BH:MP"], after_round=None)
        -> TeamStandings(rows=(TeamStanding(rank, rank_to, team, name, match_points,
                                            game_points, tiebreaks), ...))  # C.07 Art. 4

The tie-break families, by C.07 article: own_results (Art. 7), opponents (8, 9, 13.2, 13.4),
boards (12), encounter (6, 12, 13.3), over the shared context (11.1, 15, 16).
    generator.generate_team_event(random_settings(seed)) -> TeamSheet     # cross-tests

The TRF side is :mod:`tournaments.trf.teams` (records 310, 013, 300, 320, 330, 352, 362, 240,
250, 260) and :mod:`tournaments.trf.team_sheet` (``read_team_sheet(document)``,
``team_document(sheet)``).
"""
