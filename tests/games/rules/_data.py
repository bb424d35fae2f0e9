"""Paths to this area's test data (see tests/data/*/SOURCE.md)."""

from pathlib import Path

DATA = Path(__file__).resolve().parents[2] / "data"
PGN = DATA / "pgn"
PERFT = DATA / "perft"
CLAIMS = DATA / "claims"

# Real games, all legal, from real events and lichess exports.
REAL_COLLECTIONS = {
    "mliebelt-pgn-parser/twic-01-232games.pgn": 232,
    "mliebelt-pgn-parser/32games.pgn": 32,
    "mliebelt-pgn-parser/lichess_mliebelt_2024-01-03.pgn": 8,
    "mliebelt-pgn-parser/benko.pgn": 2,
    "mliebelt-pgn-parser/sampleGames.pgn": 9,
    "python-chess/kasparov-deep-blue-1997.pgn": 6,
    "python-chess/nepomniachtchi-liren-game1.pgn": 1,
    "python-chess/stockfish-learning.pgn": 1,
    "chess.js/1.pgn": 1,
}
