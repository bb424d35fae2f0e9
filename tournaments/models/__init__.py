"""The tournaments app's models, one submodule per concept."""

from .player import Absence, ForbiddenPair, Player, RatingOrigin, RoundRating, Sex, Title
from .ratings import ListedRating, RatingList, RatingListKind
from .round import (
    ByeKind,
    EntrySource,
    Pairing,
    RatingReportCorrection,
    Result,
    ResultChange,
    Round,
)
from .tokens import ApiToken, IdempotentRequest
from .tournament import (
    SWISS_SYSTEM_CODES,
    Acceleration,
    Chess960Draw,
    InitialColor,
    InitialOrder,
    PairingSystem,
    RatingMethod,
    RatingType,
    Tournament,
    TournamentLog,
    TournamentRole,
    Variant,
    WithdrawalRule,
)
from .trf import TrfSource

__all__ = [
    "SWISS_SYSTEM_CODES",
    "Absence",
    "Acceleration",
    "ApiToken",
    "ByeKind",
    "Chess960Draw",
    "EntrySource",
    "ForbiddenPair",
    "IdempotentRequest",
    "InitialColor",
    "InitialOrder",
    "ListedRating",
    "Pairing",
    "PairingSystem",
    "Player",
    "RatingList",
    "RatingListKind",
    "RatingMethod",
    "RatingOrigin",
    "RatingReportCorrection",
    "RatingType",
    "Result",
    "ResultChange",
    "Round",
    "RoundRating",
    "Sex",
    "Title",
    "Tournament",
    "TournamentLog",
    "TournamentRole",
    "TrfSource",
    "Variant",
    "WithdrawalRule",
]
