"""The tournaments app's models, one submodule per concept."""

from .player import Absence, Player, Sex, Title
from .round import ByeKind, EntrySource, Pairing, Result, ResultChange, Round
from .tokens import ApiToken, IdempotentRequest
from .tournament import (
    PairingSystem,
    RatingType,
    Tournament,
    TournamentLog,
    TournamentRole,
    WithdrawalRule,
)
from .trf import TrfSource

__all__ = [
    "Absence",
    "ApiToken",
    "ByeKind",
    "EntrySource",
    "IdempotentRequest",
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
    "TrfSource",
    "WithdrawalRule",
]
