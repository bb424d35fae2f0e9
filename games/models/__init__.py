"""The games app's models: games and their moves, incidents, sealed moves, the audit trail."""

from .game import Game, GameChange, Move, ResultReason
from .incident import Incident, IncidentKind, SealedEnvelope
from .upload import PgnUpload

__all__ = [
    "Game",
    "GameChange",
    "Incident",
    "IncidentKind",
    "Move",
    "PgnUpload",
    "ResultReason",
    "SealedEnvelope",
]
