"""Team TRF files changed the way an arbiter's mistake would change them: a match's colours
turned, two matches' opponents exchanged, a team's rank or points edited."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from tournaments.scoring.teams.sheet import Match
from tournaments.trf import TrfDocument, TrfGame, TrfPlayer, TrfRecord, read_trf
from tournaments.trf.team_sheet import read_team_sheet
from tournaments.trf.teams import format_310, parse_310

DATA = Path(__file__).resolve().parents[3] / "data" / "teams"
GENERATED = DATA / "generated"
CRETE = DATA / "real" / "crete_team_championship_2025.trf"
CRETE_NORMALISED = DATA / "real" / "crete_team_championship_2025.normalised.trf"


def played_matches(document: TrfDocument, number: int) -> list[Match]:
    """Round ``number``'s matches with every board played over the board."""
    team_round = read_team_sheet(document).round(number)
    return [m for m in team_round.matches if m.forfeit is None and all(b.played for b in m.boards)]


def _with_games(document: TrfDocument, number: int, games: dict[int, TrfGame]) -> TrfDocument:
    entries = []
    for entry in document.entries:
        if isinstance(entry, TrfPlayer) and entry.start_rank in games:
            blocks = list(entry.games)
            blocks[number - 1] = games[entry.start_rank]
            entry = replace(entry, games=tuple(blocks), source="")
        entries.append(entry)
    return replace(document, entries=tuple(entries))


def _game(document: TrfDocument, player: int | None, number: int) -> TrfGame:
    assert player is not None
    line = next(p for p in document.players if p.start_rank == player)
    game = line.game(number)
    assert game is not None
    return game


def turn_colours(document: TrfDocument, number: int, match: Match) -> TrfDocument:
    """Every board of ``match`` in round ``number`` played with the other colours."""
    other = {"w": "b", "b": "w"}
    games = {}
    for board in match.boards:
        for player in (board.player_a, board.player_b):
            game = _game(document, player, number)
            assert player is not None
            games[player] = TrfGame(game.opponent, other[game.color], game.result)
    return _with_games(document, number, games)


def exchange_opponents(
    document: TrfDocument, number: int, first: Match, second: Match
) -> TrfDocument:
    """Round ``number`` with team B of ``first`` and team B of ``second`` exchanged: each of
    their players takes the other's board, colour and result."""
    games = {}
    for one, two in zip(first.boards, second.boards, strict=True):
        a1, b1, a2, b2 = one.player_a, one.player_b, two.player_a, two.player_b
        assert None not in (a1, b1, a2, b2)
        g_a1, g_b1 = _game(document, a1, number), _game(document, b1, number)
        g_a2, g_b2 = _game(document, a2, number), _game(document, b2, number)
        games[a1] = TrfGame(b2, g_a1.color, g_a1.result)
        games[a2] = TrfGame(b1, g_a2.color, g_a2.result)
        games[b2] = TrfGame(a1, g_b1.color, g_b1.result)
        games[b1] = TrfGame(a2, g_b2.color, g_b2.result)
    return _with_games(document, number, {p: g for p, g in games.items() if p is not None})


def edit_team_line(document: TrfDocument, team: int, **changes: object) -> TrfDocument:
    """Record 310 of ``team`` with ``changes`` (rank, match_points, game_points, players)."""
    entries = []
    for entry in document.entries:
        if isinstance(entry, TrfRecord) and entry.code == "310":
            line = parse_310(entry.text)
            if line.number == team:
                entry = TrfRecord(format_310(replace(line, **changes)), line=entry.line)  # type: ignore[arg-type]
        entries.append(entry)
    return replace(document, entries=tuple(entries))


def with_headers(document: TrfDocument, *lines: str) -> TrfDocument:
    """``document`` with header records added before its first player line."""
    return replace(document, entries=(*(TrfRecord(text) for text in lines), *document.entries))


def tiebreakserver_ranks(name: str) -> tuple[list[str], dict[int, int]]:
    """TieBreakServer's tie-break list and ranks for a generated event (``NNN.tbs.tsv``:
    provenance in ``tests/data/teams/SOURCES.md``)."""
    rows = (GENERATED / f"{name}.tbs.tsv").read_text().splitlines()
    header = rows[0].split("\t")
    ranks = {int(row.split("\t")[0]): int(row.split("\t")[1]) for row in rows[1:]}
    return header[2:], ranks


def generated(name: str) -> TrfDocument:
    return read_trf((GENERATED / f"{name}.trf").read_text())
