"""FIDE's warning levels (checklist L55): one mechanism for the pages, the API and the commands.

A service that meets something unusual collects :class:`Caution` items and hands them to
:func:`require_confirmation` with the caller's ``confirm`` answer:

- L1 *info* never stops anything; the caller shows it.
- L2 *acknowledge*, L3 *confirm or cancel*: refused with :class:`NeedsConfirmation` until the
  caller repeats the request with the level's answer (``acknowledge``, ``confirm``).
- L4 *two steps, with the consequences*: the first answer (``understood``) is met by a second
  question whose answer is a signed token, valid for this action only and for a few minutes,
  so the second step cannot be skipped by sending a fixed word.
- L5 *refuse*: a :class:`TournamentError`, whatever the answer (the message says how to leave
  FIDE mode when that is the way out).

The highest level present decides; a lower level's answer never satisfies a higher one, and
nothing switches L2–L4 off: there is no setting for it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import IntEnum

from django.core import signing
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from .errors import TournamentError


class Level(IntEnum):
    INFO = 1
    ACKNOWLEDGE = 2
    CONFIRM = 3
    CONSEQUENCES = 4
    REFUSE = 5

    @property
    def label(self) -> str:
        return str(_LABELS[self])


_LABELS = {
    Level.INFO: gettext_lazy("Information"),
    Level.ACKNOWLEDGE: gettext_lazy("Acknowledge"),
    Level.CONFIRM: gettext_lazy("Confirm or cancel"),
    Level.CONSEQUENCES: gettext_lazy("Two-step confirmation"),
    Level.REFUSE: gettext_lazy("Refused"),
}

ANSWERS = {Level.ACKNOWLEDGE: "acknowledge", Level.CONFIRM: "confirm"}
"""The answer that lets an L2 or L3 request through."""
L4_FIRST_ANSWER = "understood"
L4_TOKEN_MAX_AGE = 15 * 60
"""Seconds the second step of an L4 question stays open."""
_L4_SALT = "tournaments.warnings.l4"


@dataclass(frozen=True)
class Caution:
    """One warning: its level, what it says, and (for L4) what will follow if confirmed."""

    level: Level
    message: str
    consequences: tuple[str, ...] = field(default=())


class NeedsConfirmation(TournamentError):
    """The request stands only once repeated with ``answer`` (in the ``confirm`` field of the
    page's form and of the API body, or the command's ``--confirm`` option)."""

    def __init__(self, cautions: Sequence[Caution], *, answer: str, step: int = 1) -> None:
        self.cautions = list(cautions)
        self.level = max(c.level for c in self.cautions)
        self.answer = answer
        self.step = step
        super().__init__([c.message for c in self.cautions])

    @property
    def consequences(self) -> list[str]:
        return [text for c in self.cautions for text in c.consequences]

    @property
    def final_step(self) -> bool:
        return self.level < Level.CONSEQUENCES or self.step == 2


def cautions(level: Level, messages: Iterable[str]) -> list[Caution]:
    """Several warnings of one level."""
    return [Caution(level, str(message)) for message in messages]


def require_confirmation(items: Sequence[Caution], confirm: str = "", *, action: str) -> list[str]:
    """Refuse, ask, or let the request through; returns the L1 messages to show.

    ``action`` names what is confirmed (e.g. ``leave-fide-mode:12``): an L4 token answers
    for that action only.
    """
    refused = [c.message for c in items if c.level == Level.REFUSE]
    if refused:
        raise TournamentError(refused)
    asked = [c for c in items if c.level >= Level.ACKNOWLEDGE]
    info = [c.message for c in items if c.level == Level.INFO]
    if not asked:
        return info
    level = max(c.level for c in asked)
    confirm = (confirm or "").strip()
    if level < Level.CONSEQUENCES:
        if confirm != ANSWERS[level]:
            raise NeedsConfirmation(asked, answer=ANSWERS[level])
        return info
    if confirm == L4_FIRST_ANSWER:
        token = signing.dumps(action, salt=_L4_SALT)
        raise NeedsConfirmation(asked, answer=token, step=2)
    if not _valid_token(confirm, action):
        raise NeedsConfirmation(asked, answer=L4_FIRST_ANSWER)
    return info


def _valid_token(confirm: str, action: str) -> bool:
    if not confirm:
        return False
    try:
        return bool(signing.loads(confirm, salt=_L4_SALT, max_age=L4_TOKEN_MAX_AGE) == action)
    except signing.BadSignature:
        return False


def fide_mode_refusal(message: str) -> Caution:
    """An L5 refusal whose way out is leaving FIDE mode (itself an L4 step)."""
    return Caution(
        Level.REFUSE,
        _("%(message)s In FIDE mode this is refused; leaving FIDE mode (for good) allows it.")
        % {"message": message},
    )
