"""Timing shared by the benchmarks, and the counting of what the timed requests answered.

A benchmark that times a refused or failed request measures the refusal, not the work: every
request a benchmark times goes through :class:`Outcomes` (or :func:`expect`), which counts
each answer by its status and ends the benchmark with an error, exit status 1, on any answer
it did not expect.
"""

from __future__ import annotations

import threading
import time
from collections import Counter
from collections.abc import Callable, Iterable
from typing import TypeVar

Answer = TypeVar("Answer")

NO_ANSWER = 0
"""The status counted for a request that got no HTTP answer (refused, reset, timed out)."""


class UnexpectedOutcome(SystemExit):
    """A timed request answered what its benchmark did not expect: the figures are void.

    A ``SystemExit`` with a message: the benchmark stops, prints it and exits with status 1.
    """


def _label(status: int) -> str:
    return "no answer" if status == NO_ANSWER else str(status)


def _last_if_none(status: int) -> int:
    return status or 1000


def _status_of(answer: object) -> int:
    """The status of a response object (Django's ``status_code``, urllib's ``status``) or of
    a status already read."""
    if isinstance(answer, int):
        return answer
    for name in ("status_code", "status", "code"):
        value = getattr(answer, name, None)
        if isinstance(value, int):
            return value
    raise TypeError(f"no HTTP status in {answer!r}")


class Outcomes:
    """Every answer to one kind of timed request, counted by status (thread-safe).

    ``count`` records an answer and says whether it was expected; ``check`` raises
    :class:`UnexpectedOutcome` naming every unexpected status and how often it came, so a
    run with refusals (403), errors (500) or no answers cannot print a figure.
    """

    def __init__(self, what: str, expected: Iterable[int] = (200,)) -> None:
        self.what = what
        self.expected = frozenset(expected)
        self.by_status: Counter[int] = Counter()
        self._lock = threading.Lock()

    def count(self, answer: object) -> bool:
        status = _status_of(answer)
        with self._lock:
            self.by_status[status] += 1
        return status in self.expected

    @property
    def total(self) -> int:
        return sum(self.by_status.values())

    @property
    def unexpected(self) -> dict[int, int]:
        return {s: n for s, n in sorted(self.by_status.items()) if s not in self.expected}

    def summary(self) -> str:
        """``"1,234 x 200, 3 x 403"``: each status and how often it came."""
        return ", ".join(f"{n:,} x {_label(s)}" for s, n in sorted(self.by_status.items()))

    def check(self) -> None:
        """Raise :class:`UnexpectedOutcome` if any answer was not an expected one, or if
        there was no answer at all to time."""
        if not self.total:
            raise UnexpectedOutcome(f"ERROR: {self.what}: no request was answered")
        if self.unexpected:
            expected = " or ".join(_label(s) for s in sorted(self.expected, key=_last_if_none))
            raise UnexpectedOutcome(
                f"ERROR: {self.what}: {sum(self.unexpected.values()):,} of {self.total:,} "
                f"answers not {expected} ({self.summary()}); the figures are void"
            )


def expect(what: str, answer: Answer, *expected: int) -> Answer:
    """``answer`` itself if its status is one of ``expected`` (200 when none is given), else
    :class:`UnexpectedOutcome`: for the one-off and warm-up requests around a timing."""
    outcomes = Outcomes(what, expected or (200,))
    outcomes.count(answer)
    outcomes.check()
    return answer


def best_of(repeat: int, task: Callable[[], object]) -> float:
    """The fastest of ``repeat`` runs of ``task``, in seconds.

    Not ``timeit.repeat``: that switches the garbage collector off while timing, and these
    benchmarks measure the allocation-heavy code (the ORM, report building) as it runs.
    """
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        task()
        times.append(time.perf_counter() - start)
    return min(times)


def best_answer(
    repeat: int, request: Callable[[], Answer], what: str, *expected: int
) -> tuple[Answer, float]:
    """The last answer and the fastest of ``repeat`` runs of ``request``, each answer
    checked against ``expected`` (200 when none is given) as it comes."""
    outcomes = Outcomes(what, expected or (200,))
    answers, times = [], []
    for _ in range(max(repeat, 1)):
        start = time.perf_counter()
        answers.append(request())
        times.append(time.perf_counter() - start)
        outcomes.count(answers[-1])
        outcomes.check()
    return answers[-1], min(times)
