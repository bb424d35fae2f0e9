"""Record 192 of TRF-2026 for a team Swiss: ``FIDE_TEAM_<pref>_<scores>[_BAKU]``.

The tournament-type code table spells the system's choices in the code: ``<pref>`` is
``TYPEA`` or ``TYPEB`` (1.7), absent when colour preferences are not used; ``<scores>`` is
``MP_GP``, ``GP_MP``, ``MP`` or ``GP``, the primary score first and, when present, the
secondary score used for the colours (4.2.2); ``FIDE_TEAM`` alone means
``FIDE_TEAM_TYPEA_MP_GP``. ``FIDE_TEAM_ROUNDROBIN`` and the like are not team Swiss codes.
"""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.pairing.team_swiss.state import ColourPreferences, PrimaryScore

PREFIX = "FIDE_TEAM"


@dataclass(frozen=True)
class TeamSwissOptions:
    """The competition's choices that record 192 states."""

    primary: PrimaryScore = PrimaryScore.MATCH_POINTS
    secondary_for_colours: bool = True
    preferences: ColourPreferences = ColourPreferences.TYPE_A
    baku: bool = False


def record_192(options: TeamSwissOptions) -> str:
    """The code of a team Swiss with ``options``."""
    parts = [PREFIX]
    if options.preferences is not ColourPreferences.NONE:
        parts.append(options.preferences.value)
    parts.append(options.primary.value)
    if options.secondary_for_colours:
        parts.append(options.primary.other.value)
    if options.baku:
        parts.append("BAKU")
    return "_".join(parts)


def read_record_192(code: str) -> TeamSwissOptions | None:
    """The options a code states, ``None`` when it names no team Swiss."""
    text = code.strip().upper()
    baku = text.endswith("_BAKU")
    text = text.removesuffix("_BAKU")
    if text == PREFIX:
        return TeamSwissOptions(baku=baku)
    if not text.startswith(PREFIX + "_"):
        return None
    parts = text[len(PREFIX) + 1 :].split("_")
    preferences = ColourPreferences.NONE
    if parts[0] in ("TYPEA", "TYPEB"):
        preferences = ColourPreferences(parts.pop(0))
    scores = [PrimaryScore(p) for p in parts if p in ("MP", "GP")]
    if len(scores) != len(parts) or not 1 <= len(scores) <= 2 or len(set(scores)) != len(scores):
        return None
    return TeamSwissOptions(scores[0], len(scores) == 2, preferences, baku)
