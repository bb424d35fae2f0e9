"""The one error every service raises when a request breaks a rule."""

from __future__ import annotations

from collections.abc import Iterable


class TournamentError(Exception):
    """A refused change, with every problem found (not only the first)."""

    def __init__(self, problems: str | Iterable[str]) -> None:
        self.problems = [problems] if isinstance(problems, str) else [str(p) for p in problems]
        super().__init__("; ".join(self.problems))


def raise_if(problems: list[str]) -> None:
    """Refuse the whole change when any problem was collected."""
    if problems:
        raise TournamentError(problems)
