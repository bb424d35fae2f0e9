"""The TRF the API serves to pairing programs: its media types, and the ``XXC`` record
pairing engines read (the colour of the top seed in round 1), added while the file has none."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from rest_framework.renderers import BaseRenderer

INITIAL_COLOUR = "XXC white1"
"""Pairing here gives the top seed white in round 1 (the pairing state's default)."""


def with_initial_colour(trf: str) -> str:
    """``trf`` with an ``XXC`` record: the file's own when it has one, else the colour its
    record 152 names, else white."""
    lines = trf.splitlines(keepends=True)
    if any(line.startswith("XXC") for line in lines):
        return trf
    initial = next((line[4:].strip()[:1].upper() for line in lines if line.startswith("152")), "")
    record = "XXC black1" if initial == "B" else INITIAL_COLOUR
    newline = "\r\n" if trf.endswith("\r\n") else "\n"
    after = max(
        (i for i, line in enumerate(lines) if line.startswith("XXR")), default=len(lines) - 1
    )
    lines.insert(after + 1, record + newline)
    return "".join(lines)


class TrfRenderer(BaseRenderer):
    """TRF as ``text/plain``; an error reply (a JSON object) is written as JSON text."""

    media_type = "text/plain"
    format = "trf"
    charset = "utf-8"

    def render(
        self,
        data: Any,
        accepted_media_type: str | None = None,
        renderer_context: Mapping[str, Any] | None = None,
    ) -> bytes:
        if isinstance(data, str):
            return data.encode("utf-8")
        return json.dumps(data, ensure_ascii=False).encode("utf-8")


class TrfDownloadRenderer(TrfRenderer):
    """The same file for clients that ask for ``application/octet-stream``."""

    media_type = "application/octet-stream"
    format = "bin"
    charset = None  # type: ignore[assignment]
