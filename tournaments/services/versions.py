"""Versions of what a write may change: a board, a round, the list of rounds.

A writer sends back the version it read (the API's ``If-Match``, the round page's hidden
``version`` field); a write based on an older version is refused instead of overwriting what
another arbiter stored in between (the lost update).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from django.core.serializers.json import DjangoJSONEncoder

from tournaments.models import Pairing, Round


def version_of(value: Any) -> str:
    """A strong ETag of a JSON-able value (quoted, as HTTP writes it)."""
    text = json.dumps(value, sort_keys=True, cls=DjangoJSONEncoder)
    return '"' + hashlib.sha256(text.encode()).hexdigest()[:32] + '"'


def board_state(pairing: Pairing) -> list[Any]:
    return [
        pairing.pk,
        pairing.white_id,
        pairing.black_id,
        pairing.bye,
        pairing.result,
        pairing.unrated,
        pairing.entered_at,
    ]


def board_version(pairing: Pairing) -> str:
    """Changes whenever the board's players, bye or result change."""
    return version_of(board_state(pairing))


def round_version(round_: Round) -> str:
    """Changes whenever the round's status or any of its boards change."""
    boards = [board_state(p) for p in round_.pairings.order_by("board")]
    return version_of([round_.pk, round_.number, round_.status, boards])


def rounds_version(rounds: list[Round]) -> str:
    """The list of rounds: changes when a round is added, withdrawn or changes status."""
    return version_of([[r.pk, r.number, r.status] for r in rounds])
