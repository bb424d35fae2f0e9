"""Benchmarks: ``python -m bench`` (``make bench``) runs every ``bench/*.py`` with a ``main()``."""

from __future__ import annotations

import re


def summary(doc: str | None) -> str:
    """What a benchmark measures, for its ``--help``: the first sentence of its module's
    docstring on one line, without the reST code marks (its first line alone may stop
    mid-sentence)."""
    paragraph = " ".join((doc or "").split("\n\n")[0].split()).replace("``", "")
    return re.split(r"(?<=[.!?])\s+(?=[A-Z(])", paragraph)[0]
