"""What a team file must be before any of it is stored, each problem naming its line.

The team records are read by the framework-free reader (:mod:`tournaments.trf.team_sheet`);
here every record is first parsed on its own so that a field its columns cannot hold names
the record's line, the rosters are checked as ``checktrf`` checks them (a second team with
one pairing number, a player on two rosters, a roster naming no player line), and each
board is checked against the two player lines it joins: the players name each other, their
colours differ and their results fit one board result. Then the rounds are checked against
the pairing rules, as an individual file's are (FIDE checklist J51): a team Swiss round
against C.04.6's absolute rules, a team round robin round against the Berger table (C.05
Annex 1); a round that breaks them asks a confirmation before the import.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import combinations

from django.utils.translation import gettext as _

from tournaments.models import PairingSystem, Result
from tournaments.pairing.checker import CheckInputError
from tournaments.pairing.team_checker import TEAM_SWISS, read_team_file, team_system
from tournaments.pairing.team_swiss.check import first_colour, recorded_team_pairing
from tournaments.pairing.team_swiss.state import ColourPreferences, PrimaryScore, TeamSwissState
from tournaments.pairing.team_swiss.system_code import TeamSwissOptions, read_record_192
from tournaments.pairing.team_swiss.validate import validate_team_round
from tournaments.pairing.teams_berger import check_team_round_robin
from tournaments.scoring.sheet import Color
from tournaments.scoring.teams.sheet import Board, Match, TeamSheet
from tournaments.trf import TrfDocument, TrfError
from tournaments.trf.document import TrfGame, TrfPlayer
from tournaments.trf.teams import TEAM_CODES, reformat, team_records

from ..errors import TournamentError

PARSED_CODES = TEAM_CODES | {"240", "250", "260"}
"""The records the team reader parses field by field (TRF-2026's team section)."""


def read_team_event(document: TrfDocument, filename: str) -> TeamSheet:
    """The file's team sheet; a record the reader refuses, or a roster ``checktrf`` refuses,
    is a :class:`TournamentError` naming the file and the line."""
    where = f"{filename}: " if filename else ""
    for record in document.records:
        if record.code in PARSED_CODES:
            try:
                reformat(record)
            except TrfError as error:
                raise TournamentError(f"{where}line {record.line}: {error}") from None
    try:
        sheet = read_team_file(document)
    except CheckInputError as error:
        raise TournamentError(f"{where}{error}") from None
    if any(team.number < 1 for team in sheet.teams):
        raise TournamentError(where + _("record 310: a team pairing number is 1 or more"))
    if not sheet.boards:
        raise TournamentError(
            where + _("no board colours (record 352) and no line-up: how many boards a match has")
        )
    return sheet


def event_system(document: TrfDocument, sheet: TeamSheet) -> str:
    """The team Swiss, or a (double) round robin: record 192 or 092's words, else a file in
    which every team meets every other (as ``checktrf`` decides); double when record 092 or
    192 says so, or the file plays more rounds than one cycle."""
    if team_system(document, sheet, None) == TEAM_SWISS:
        return PairingSystem.TEAM_SWISS
    words = f"{document.header('092')} {document.header('192')}".lower()
    double = "double" in words or check_team_round_robin(sheet).double
    return PairingSystem.DOUBLE_ROUND_ROBIN if double else PairingSystem.ROUND_ROBIN


def swiss_options(document: TrfDocument) -> TeamSwissOptions:
    """Record 192's options of a team Swiss (C.04.6 1.2, 1.7, 4.2.2); checktrf's default
    (type A preferences, match points first) when it names none."""
    return read_record_192(document.header("192")) or TeamSwissOptions(
        preferences=ColourPreferences.TYPE_A, primary=PrimaryScore.MATCH_POINTS
    )


def initial_colour(document: TrfDocument, sheet: TeamSheet) -> Color:
    """Record 152/``XXC``'s initial-colour, else what round 1 shows (C.04.6 4.3.1)."""
    return document.initial_color or first_colour(sheet)


def round_breaches(
    document: TrfDocument, sheet: TeamSheet, system: str
) -> list[tuple[int, list[str]]]:
    """The rounds that break the pairing rules, each with the rules broken."""
    if system == PairingSystem.TEAM_SWISS:
        return _swiss_breaches(document, sheet)
    robin = check_team_round_robin(sheet)
    breaches = []
    for finding in robin.rounds:
        moved = {frozenset(t) for t in finding.only_in_file} != {
            frozenset(t) for t in finding.only_by_engine
        }
        if finding.errors or moved:
            breaches.append((finding.round, [*finding.errors, finding.explanation]))
    return breaches


def _swiss_breaches(document: TrfDocument, sheet: TeamSheet) -> list[tuple[int, list[str]]]:
    options = swiss_options(document)
    colour = initial_colour(document, sheet)
    prohibited = team_records(document).prohibited
    breaches = []
    for number in range(1, sheet.played_rounds + 1):
        forbidden = sorted(
            {
                pair
                for line in prohibited
                if line.first_round <= number and (not line.last_round or number <= line.last_round)
                for pair in combinations(sorted(line.ids), 2)
            }
        )
        state = TeamSwissState.from_sheet(
            sheet,
            number,
            planned_rounds=document.planned_rounds or sheet.played_rounds,
            forbidden=tuple(forbidden),
            initial_colour=colour,
            primary=options.primary,
            secondary_for_colours=options.secondary_for_colours,
            preferences=options.preferences,
        )
        errors = validate_team_round(state, recorded_team_pairing(sheet, number))
        if errors:
            breaches.append((number, errors))
    return breaches


def board_problems(document: TrfDocument, sheet: TeamSheet) -> list[str]:
    """Every board whose two player lines do not agree, and every game of a player on no
    roster (it would be lost), naming the player's line."""
    lines = {player.start_rank: player for player in document.players}
    rostered = sheet.team_of_player()
    problems: list[str] = []
    for team_round in sheet.each_round():
        for match in team_round.matches:
            if match.boards:
                problems += _match_problems(team_round.number, match, lines, sheet, rostered)
    for player in document.players:
        if player.start_rank in rostered:
            continue
        played = [n for n, g in enumerate(player.games, 1) if g is not None and g.opponent]
        if played:
            problems.append(
                _("line %(line)s: player %(rank)s plays in round %(round)s but is on no roster")
                % {"line": player.line, "rank": player.start_rank, "round": played[0]}
            )
    return problems


def _match_problems(
    number: int,
    match: Match,
    lines: dict[int, TrfPlayer],
    sheet: TeamSheet,
    rostered: Mapping[int, int],
) -> list[str]:
    problems = []
    seen: set[int] = set()
    for board in match.boards:
        for team, player in ((match.team_a, board.player_a), (match.team_b, board.player_b)):
            if player is None:
                continue
            if player in seen or rostered.get(player) != team:
                problems.append(
                    _(
                        "round %(round)s, team %(team)s: player %(player)s is not a player of "
                        "the team's line-up once (record 300 or the roster)"
                    )
                    % {"round": number, "team": team, "player": player}
                )
            seen.add(player)
        problems += _board_problems(number, board, lines, sheet)
    return problems


def _board_problems(
    number: int, board: Board, lines: dict[int, TrfPlayer], sheet: TeamSheet
) -> list[str]:
    if board.player_a is None or board.player_b is None:
        return []
    game_a = game_of(lines, board.player_a, number)
    game_b = game_of(lines, board.player_b, number)
    where = {
        "line": lines[board.player_a].line,
        "round": number,
        "board": board.number,
        "a": board.player_a,
        "b": board.player_b,
    }
    if game_a.opponent != board.player_b or game_b.opponent != board.player_a:
        return [
            _(
                "line %(line)s: round %(round)s, board %(board)s puts players %(a)s and %(b)s "
                "opposite each other, but their lines do not name each other"
            )
            % where
        ]
    if game_a.sheet_color is not None and game_a.sheet_color is game_b.sheet_color:
        return [
            _("line %(line)s: round %(round)s, players %(a)s and %(b)s both have one colour")
            % where
        ]
    if board_result(board, a_has_white(board, game_a, game_b, sheet)) is None:
        return [
            _("line %(line)s: round %(round)s, the results of players %(a)s and %(b)s do not fit")
            % where
        ]
    return []


def game_of(lines: Mapping[int, TrfPlayer], player: int, number: int) -> TrfGame:
    """The player's block of round ``number`` (an empty one for a blank block)."""
    game = lines[player].game(number)
    return game if game is not None else TrfGame(None, "", "")


def a_has_white(board: Board, game_a: TrfGame, game_b: TrfGame, sheet: TeamSheet) -> bool:
    """Whether team A's player has White on ``board``: as the player lines say, else (a
    board forfeited without colours) as the event's board colour sequence gives it."""
    if game_a.sheet_color is not None:
        return game_a.sheet_color is Color.WHITE
    if game_b.sheet_color is not None:
        return game_b.sheet_color is Color.BLACK
    return sheet.board_color(board.number, "a") is Color.WHITE


def board_result(board: Board, a_white: bool) -> tuple[Result, bool] | None:
    """The board's result and whether it is unrated; ``None`` when the outcomes do not fit."""
    if a_white:
        return Result.from_outcomes(board.outcome_a, board.outcome_b)
    return Result.from_outcomes(board.outcome_b, board.outcome_a)
