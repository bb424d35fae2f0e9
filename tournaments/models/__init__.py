"""The tournaments app's models, one submodule per concept."""

from .player import Absence, Player, Sex, Title
from .round import ByeKind, EntrySource, Pairing, Result, ResultChange, Round
from .tournament import PairingSystem, RatingType, Tournament, TournamentLog, TournamentRole

__all__ = [
    "Absence",
    "ByeKind",
    "EntrySource",
    "Pairing",
    "PairingSystem",
    "Player",
    "RatingType",
    "Result",
    "ResultChange",
    "Round",
    "Sex",
    "Title",
    "Tournament",
    "TournamentLog",
    "TournamentRole",
]
