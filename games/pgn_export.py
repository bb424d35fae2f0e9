"""Standard PGN of stored games: Seven Tag Roster, Round, Board, FIDE ids, ``[%clk]``.

python-chess writes the PGN (``chess.pgn.Game`` and its exporter), so what it re-reads is
what it wrote.
"""

from __future__ import annotations

from collections.abc import Iterable

import chess
import chess.pgn

from games.models import Game
from games.rules.chess960 import PGN_VARIANT, board_from_fen
from games.rules.clocks import TimeControlError, parse_time_control

_UNKNOWN_DATE = "????.??.??"


def game_to_pgn(game: Game) -> chess.pgn.Game:
    pgn = chess.pgn.Game()
    headers = pgn.headers
    pairing = game.pairing
    tournament = game.tournament
    headers["Event"] = tournament.name if tournament else str(game.headers.get("Event", "?"))
    headers["Site"] = (
        (tournament.place or "?") if tournament else str(game.headers.get("Site", "?"))
    )
    headers["Date"] = _date(game)
    headers["Round"] = str(pairing.round.number) if pairing else str(game.headers.get("Round", "-"))
    headers["White"] = game.white_name
    headers["Black"] = game.black_name
    headers["Result"] = game.result if game.result in ("1-0", "0-1", "1/2-1/2") else "*"
    if pairing:
        headers["Board"] = str(pairing.board)
    for tag, value in (("WhiteFideId", game.white_fide_id), ("BlackFideId", game.black_fide_id)):
        if value:
            headers[tag] = value
    if pairing:
        rating_type = pairing.round.tournament.rating_type
        for tag, player in (("WhiteElo", pairing.white), ("BlackElo", pairing.black)):
            rating = player.rating(rating_type) if player else None
            if rating:
                headers[tag] = str(rating)
    if game.time_control:
        headers["TimeControl"] = _pgn_time_control(game.time_control)
    for tag, value in game.headers.items():
        headers.setdefault(str(tag), str(value))
    if game.chess960:
        # A Chess960 game names its position even when it is the standard one (518).
        pgn.setup(board_from_fen(game.initial_fen, chess960=True))
        headers.update(SetUp="1", FEN=pgn.board().fen(), Variant=PGN_VARIANT)
    elif game.start_fen:
        pgn.setup(board_from_fen(game.start_fen))
    node: chess.pgn.GameNode = pgn
    for move in game.moves.all():
        node = node.add_variation(node.board().parse_san(move.san))
        if move.clock is not None:
            node.set_clock(move.clock)
        if move.elapsed is not None:
            node.set_emt(move.elapsed)
    return pgn


def _pgn_time_control(text: str) -> str:
    """The game's time control in PGN syntax; as written if it cannot be read, its quotes
    (which would end the tag) made apostrophes."""
    try:
        return parse_time_control(text).as_pgn()
    except TimeControlError:
        return text.replace('"', "''")


def _date(game: Game) -> str:
    pairing = game.pairing
    if pairing and pairing.round.starts_at:
        return pairing.round.starts_at.strftime("%Y.%m.%d")
    if pairing and pairing.round.tournament.start_date:
        return pairing.round.tournament.start_date.strftime("%Y.%m.%d")
    return str(game.headers.get("Date", _UNKNOWN_DATE))


def export_pgn(games: Iterable[Game]) -> str:
    """The games as one PGN text, a blank line between games."""
    exporter_texts = []
    for game in games:
        exporter = chess.pgn.StringExporter(headers=True, variations=False, comments=True)
        exporter_texts.append(game_to_pgn(game).accept(exporter))
    return "\n\n".join(exporter_texts) + ("\n" if exporter_texts else "")
