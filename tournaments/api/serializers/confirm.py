"""The ``confirm`` field every write that may ask a warning's question takes (FIDE checklist
L55): empty on the first request; the 409 ``needs_confirmation`` reply names the answer to
send again (``acknowledge``, ``confirm``, or for a two-step L4 question ``understood`` and
then the token the second reply gives)."""

from __future__ import annotations

from rest_framework import serializers


def confirm_field(when: str = "") -> serializers.CharField:
    """The field, its help saying ``when`` the write asks (if the endpoint says it)."""
    return serializers.CharField(
        required=False,
        allow_blank=True,
        default="",
        max_length=500,
        help_text=" ".join(
            [
                "The answer a 409 needs_confirmation reply named in its confirm field; "
                "empty on the first request.",
                *([when] if when else []),
            ]
        ),
    )
