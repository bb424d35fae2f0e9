"""Draw claims as an incident file gives them: 10.10 (threefold), 10.12 (fifty moves) and the
penalty of an incorrect claim (classic 10.13(2): time added to the claimant's clock)."""

from __future__ import annotations

from dataclasses import dataclass

import chess

from games.rules.claims import ClaimClock, ClaimKind, DrawClaim, decide_claim
from games.rules.rulesets import Ruleset
from games.rules.rulings import Ruling

from ._common import time_control_of
from ._record import ReplayedGame


@dataclass(frozen=True)
class DrawClaimIncident:
    """``claimant`` claims a draw by ``claim`` (``threefold`` or ``fifty_moves``), perhaps on
    a ``written_move`` not yet played. ``claimant_used`` (seconds on the claimant's clock)
    lets the ruling say whether the penalty makes the claimant overstep; ``time_control``
    stands in for a missing ``TimeControl`` tag; ``move_count`` is the organiser's extended
    count for the position (10.12)."""

    claimant: chess.Color
    claim: ClaimKind
    written_move: str | None = None
    move_count: int | None = None
    claimant_used: float | None = None
    time_control: str | None = None


def rule_draw_claim(record: ReplayedGame, incident: DrawClaimIncident, ruleset: Ruleset) -> Ruling:
    clock = None
    if incident.claimant_used is not None:
        control = time_control_of(record.headers, incident.time_control, "claimant_used")
        clock = ClaimClock(control, float(incident.claimant_used))
    claim = DrawClaim(
        claimant=incident.claimant,
        kind=incident.claim,
        written_move=incident.written_move,
        move_count=incident.move_count,
    )
    return decide_claim(record.board(), claim, ruleset, clock=clock)
