"""Conditional requests: an ETag on what a write may change, ``If-Match`` checked before it.

A write whose ``If-Match`` names an older state gets 412 instead of overwriting what another
client wrote in between (the lost update).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from django.core.serializers.json import DjangoJSONEncoder
from django.utils.translation import gettext as _
from rest_framework.request import Request

from tournaments.models import Pairing, Round

from .errors import PreconditionFailed


def etag_for(value: Any) -> str:
    """A strong ETag of a JSON-able value."""
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


def board_etag(pairing: Pairing) -> str:
    """Changes whenever the board's players, bye or result change."""
    return etag_for(board_state(pairing))


def round_etag(round_: Round) -> str:
    """Changes whenever the round's status or any of its boards change."""
    boards = [board_state(p) for p in round_.pairings.order_by("board")]
    return etag_for([round_.pk, round_.number, round_.status, boards])


def rounds_etag(rounds: list[Round]) -> str:
    """The list of rounds: changes when a round is added, withdrawn or changes status."""
    return etag_for([[r.pk, r.number, r.status] for r in rounds])


def if_match(request: Request) -> list[str] | None:
    """The ETags of ``If-Match`` (``None`` without the header)."""
    header = request.headers.get("If-Match")
    if header is None:
        return None
    # Strong comparison (RFC 9110, 13.1.1): a weak W/"…" tag never matches for a write.
    return [tag.strip() for tag in header.split(",") if tag.strip()]


def check_if_match(request: Request, current: str) -> bool:
    """Raise 412 when ``If-Match`` names another state; whether the header was given."""
    tags = if_match(request)
    if tags is None:
        return False
    if "*" not in tags and current not in tags:
        raise PreconditionFailed(
            _("The resource changed since you read it (its ETag is now %(etag)s); read it again.")
            % {"etag": current}
        )
    return True
