"""What an arbiter rules on at the board, as pure functions returning a :class:`Ruling`.

Each incident is a small frozen dataclass (the input); each ``rule_*`` function takes the
game record (:class:`ReplayedGame`), the incident and the :class:`Ruleset` and decides.
:func:`rule_incident` picks the function for any incident; :mod:`.files` reads incidents
from JSON (the ``rule`` command's incident files).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from games.rules.notation import MoveFault
from games.rules.rulesets import Ruleset
from games.rules.rulings import Ruling

from ._common import IncidentError
from ._record import (
    BrokenMove,
    RecordError,
    ReplayedGame,
    read_replayed_game,
    replay_moves,
    replay_record,
)
from .adjournment import (
    Envelope,
    Resumption,
    SealedMove,
    Sealing,
    rule_resumption,
    rule_sealing,
    seal_move,
)
from .claims import DrawClaimIncident, rule_draw_claim
from .draw_offers import DrawOffer, EarlierOffer, OfferResponse, OfferTiming, rule_draw_offer
from .illegal import (
    BoardMisplaced,
    ColoursReversed,
    IllegalMoveFound,
    PiecesDisplaced,
    PiecesKnockedOver,
    WrongInitialPosition,
    find_illegal_move,
    rule_board_misplaced,
    rule_colours_reversed,
    rule_displaced_pieces,
    rule_illegal_move,
    rule_knocked_over,
    rule_wrong_initial_position,
)
from .lateness import Attendance, rule_lateness
from .online import (
    Abandonment,
    AutomaticDrawCheck,
    KingIntoCheck,
    Resignation,
    abandonment_rating_change,
    automatic_draw,
    online_rating_change,
    rule_abandonment,
    rule_automatic_draw,
    rule_king_into_check,
    rule_resignation,
)
from .periods import FlagFall, PeriodEnd, rule_flag_fall, rule_period_end
from .scoresheets import (
    NeitherRecords,
    Reconstruction,
    RefusalToRecord,
    ScoresheetBorrowing,
    ScoresheetCheck,
    ScoresheetCompletion,
    SheetFault,
    SheetProblem,
    compare_scoresheet,
    rule_neither_records,
    rule_refusal_to_record,
    rule_scoresheet_borrowing,
    rule_scoresheet_check,
    rule_scoresheet_completion,
)
from .touch import CastlingSide, TouchMoveClaim, rule_touch_move

RULES: dict[type[Any], Callable[[ReplayedGame, Any, Ruleset], Ruling]] = {
    Attendance: rule_lateness,
    Sealing: rule_sealing,
    Resumption: rule_resumption,
    IllegalMoveFound: rule_illegal_move,
    PiecesDisplaced: rule_displaced_pieces,
    PiecesKnockedOver: rule_knocked_over,
    WrongInitialPosition: rule_wrong_initial_position,
    ColoursReversed: rule_colours_reversed,
    BoardMisplaced: rule_board_misplaced,
    TouchMoveClaim: rule_touch_move,
    DrawOffer: rule_draw_offer,
    ScoresheetCheck: rule_scoresheet_check,
    ScoresheetCompletion: rule_scoresheet_completion,
    ScoresheetBorrowing: rule_scoresheet_borrowing,
    RefusalToRecord: rule_refusal_to_record,
    NeitherRecords: rule_neither_records,
    FlagFall: rule_flag_fall,
    PeriodEnd: rule_period_end,
    Resignation: rule_resignation,
    AutomaticDrawCheck: rule_automatic_draw,
    KingIntoCheck: rule_king_into_check,
    Abandonment: rule_abandonment,
    DrawClaimIncident: rule_draw_claim,
}
"""Each incident type and the function that rules on it."""


def rule_incident(record: ReplayedGame, incident: object, ruleset: Ruleset) -> Ruling:
    """The ruling on ``incident`` in the game ``record`` under ``ruleset``."""
    try:
        rule = RULES[type(incident)]
    except KeyError:
        raise IncidentError(f"no ruling for incidents of type {type(incident).__name__}") from None
    return rule(record, incident, ruleset)


__all__ = [
    "RULES",
    "Abandonment",
    "Attendance",
    "AutomaticDrawCheck",
    "BoardMisplaced",
    "BrokenMove",
    "CastlingSide",
    "ColoursReversed",
    "DrawClaimIncident",
    "DrawOffer",
    "EarlierOffer",
    "Envelope",
    "FlagFall",
    "IllegalMoveFound",
    "IncidentError",
    "KingIntoCheck",
    "MoveFault",
    "NeitherRecords",
    "OfferResponse",
    "OfferTiming",
    "PeriodEnd",
    "PiecesDisplaced",
    "PiecesKnockedOver",
    "Reconstruction",
    "RecordError",
    "RefusalToRecord",
    "ReplayedGame",
    "Resignation",
    "Resumption",
    "ScoresheetBorrowing",
    "ScoresheetCheck",
    "ScoresheetCompletion",
    "SealedMove",
    "Sealing",
    "SheetFault",
    "SheetProblem",
    "TouchMoveClaim",
    "WrongInitialPosition",
    "abandonment_rating_change",
    "automatic_draw",
    "compare_scoresheet",
    "find_illegal_move",
    "online_rating_change",
    "read_replayed_game",
    "replay_moves",
    "replay_record",
    "rule_abandonment",
    "rule_automatic_draw",
    "rule_board_misplaced",
    "rule_colours_reversed",
    "rule_displaced_pieces",
    "rule_draw_offer",
    "rule_flag_fall",
    "rule_illegal_move",
    "rule_incident",
    "rule_king_into_check",
    "rule_knocked_over",
    "rule_lateness",
    "rule_neither_records",
    "rule_period_end",
    "rule_refusal_to_record",
    "rule_resignation",
    "rule_resumption",
    "rule_scoresheet_borrowing",
    "rule_scoresheet_check",
    "rule_scoresheet_completion",
    "rule_sealing",
    "rule_touch_move",
    "seal_move",
]
