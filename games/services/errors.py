"""The one error the games services raise when a request breaks a rule."""

from __future__ import annotations

from collections.abc import Iterable


class GameError(Exception):
    """A refused change, with every problem found (each says what and where)."""

    def __init__(self, problems: str | Iterable[str]) -> None:
        self.problems = [problems] if isinstance(problems, str) else [str(p) for p in problems]
        super().__init__("; ".join(self.problems))
