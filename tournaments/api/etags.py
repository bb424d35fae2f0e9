"""Conditional requests: an ETag on what a write may change, ``If-Match`` checked before it.

A write whose ``If-Match`` names an older state gets 412 instead of overwriting what another
client wrote in between (the lost update).
"""

from __future__ import annotations

from django.utils.translation import gettext as _
from rest_framework.request import Request

from tournaments.services.versions import board_version as board_etag
from tournaments.services.versions import round_version as round_etag
from tournaments.services.versions import rounds_version as rounds_etag

from .errors import PreconditionFailed

__all__ = ["board_etag", "check_if_match", "if_match", "round_etag", "rounds_etag"]


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
