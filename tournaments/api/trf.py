"""The ``XXC`` record pairing engines read (the colour of the top seed in round 1), added to
the TRF the export writes while the export has none of its own."""

from __future__ import annotations

INITIAL_COLOUR = "XXC white1"
"""Pairing here gives the top seed white in round 1 (the pairing state's default)."""


def with_initial_colour(trf: str) -> str:
    lines = trf.splitlines(keepends=True)
    if any(line.startswith("XXC") for line in lines):
        return trf
    newline = "\r\n" if trf.endswith("\r\n") else "\n"
    after = max(
        (i for i, line in enumerate(lines) if line.startswith("XXR")), default=len(lines) - 1
    )
    lines.insert(after + 1, INITIAL_COLOUR + newline)
    return "".join(lines)
