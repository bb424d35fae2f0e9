"""FIDE tie-breaks for team events (Handbook C.07), computed from a :class:`TeamSheet`.

A team has two scores, match points (MP) and game points (GP) (C.07 Art. 11.1); the event's
regulations make one of them primary (TRF-2026's tournament type says which,
``FIDE_TEAM_MP_GP`` by default) and a tie-break that adds up scores names the one it uses
after a colon, as C.07's codes write them: ``BH:MP``, ``BH:GP/C1``, ``SB:GP``. Without one, the
primary score is used (Art. 13: the individual tie-breaks of Art. 6 to 10 applied to teams).

The families, one module each, where each article is cited:

* :mod:`.own_results` (Art. 7): ``WIN``, ``WON``, ``BPG``, ``BWG``, ``PS``, ``REP``, ``STD``,
  ``TPN``; ``MP``, ``GP`` and ``MPVGP`` (Art. 11.1, 13.1) are the scores themselves;
* :mod:`.opponents` (Art. 8, 9, 13.2, 13.4): ``BH``, ``FB``, ``AOB``, ``SB``, ``KS``,
  ``EMMSB``, ``EMGSB``, ``EGMSB``, ``EGGSB``, ``SSSC``;
* :mod:`.boards` (Art. 12): ``BC``;
* :mod:`.encounter` (Art. 6, 12, 13.3): ``DE``, ``EDE``, ``EDET``, ``EDEB``, ``EDEBT``,
  ``EDEBB``, and ``TBR``, ``BBE``, which order a group of tied teams: their value is the place
  in the group.

Modifiers (Art. 14, as TRF-2026's codes write them): ``/Cn`` cuts the n least significant
values (for ``PS`` the first n rounds), ``/Mn`` the n least and n most significant, ``/P``
counts a forfeited match as played against the scheduled opponent, ``/Kn`` sets the
normalising factor of ``SSSC`` (13.4.2). Unplayed rounds follow Art. 15 and 16
(:mod:`.context`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from tournaments.scoring.teams import boards, encounter, opponents, own_results
from tournaments.scoring.teams.context import GAME, MATCH, TeamEvent, Value
from tournaments.scoring.teams.sheet import TeamSheet
from tournaments.scoring.tiebreaks import (
    Regulations,
    TieBreakError,
    gettext_noop,
    looks_like_round_robin,
    regulations_for,
)

__all__ = [
    "GAME",
    "MATCH",
    "TEAM_TIEBREAKS",
    "TeamTieBreakCalculator",
    "TeamTieBreakSettings",
    "TeamTieBreakSpec",
    "Value",
    "default_team_tiebreaks",
    "higher_is_better",
    "parse_team_tiebreak",
    "team_tiebreak_values",
]

TEAM_TIEBREAKS: Mapping[str, str] = {
    "MP": gettext_noop("Match points"),
    "GP": gettext_noop("Game points"),
    "MPVGP": gettext_noop("Match points or game points, the score that is not primary"),
    "DE": gettext_noop("Direct encounter"),
    "EDE": gettext_noop("Extended direct encounter"),
    "EDET": gettext_noop("Extended direct encounter, then top board results"),
    "EDEB": gettext_noop("Extended direct encounter, then bottom board elimination"),
    "EDEBT": gettext_noop("Extended direct encounter, then board count and top board results"),
    "EDEBB": gettext_noop(
        "Extended direct encounter, then board count and bottom board elimination"
    ),
    "WIN": gettext_noop("Number of wins (played or not)"),
    "WON": gettext_noop("Number of wins over the board"),
    "BPG": gettext_noop("Number of matches (games) played with Black"),
    "BWG": gettext_noop("Number of matches (games) won with Black"),
    "PS": gettext_noop("Progressive scores"),
    "REP": gettext_noop("Rounds one elected to play"),
    "STD": gettext_noop("Standard points (1 / ½ / 0)"),
    "TPN": gettext_noop("Team pairing number"),
    "BH": gettext_noop("Buchholz"),
    "FB": gettext_noop("Fore Buchholz"),
    "AOB": gettext_noop("Average of opponents' Buchholz"),
    "SB": gettext_noop("Sonneborn-Berger"),
    "KS": gettext_noop("Koya system"),
    "EMMSB": gettext_noop("Extended Sonneborn-Berger: opponent's match points × own match points"),
    "EMGSB": gettext_noop("Extended Sonneborn-Berger: opponent's match points × own game points"),
    "EGMSB": gettext_noop("Extended Sonneborn-Berger: opponent's game points × own match points"),
    "EGGSB": gettext_noop("Extended Sonneborn-Berger: opponent's game points × own game points"),
    "SSSC": gettext_noop("Scores and schedule strength combination"),
    "BC": gettext_noop("Board count"),
    "TBR": gettext_noop("Top board results"),
    "BBE": gettext_noop("Bottom board elimination"),
}
"""Each team tie-break's title, marked for the catalogues (the reports show it translated)."""
ALIASES: Mapping[str, str] = {"MPTS": "MP", "GPTS": "GP", "GE": "REP", "TSN": "TPN"}
_EXTENDED_SB = frozenset({"EMMSB", "EMGSB", "EGMSB", "EGGSB"})
_SUMS = frozenset({"BH", "FB", "SB", "AOB"}) | _EXTENDED_SB
_GROUPED = frozenset({*encounter.ENCOUNTERS, "TBR", "BBE"})
_LOWER_FIRST = frozenset({"BC", "TPN"}) | _GROUPED
_SCORED = frozenset(
    {"BH", "FB", "SB", "AOB", "KS", "PS", "WIN", "WON", "BPG", "BWG", *encounter.ENCOUNTERS}
)
"""The tie-breaks that take ``:MP`` or ``:GP``."""
_MODIFIERS: Mapping[str, str] = {
    **dict.fromkeys(_SUMS, "CMP"),
    "PS": "C",
    "SSSC": "PK",
    **dict.fromkeys(encounter.ENCOUNTERS, "P"),
}
"""The modifier letters each tie-break takes."""


def default_team_tiebreaks(primary: str, *, round_robin: bool) -> list[str]:
    """The team tie-breaks a team event takes when it is created without a list, in C.07's
    codes: the other score first (Art. 11.1: game points after match points, or the
    reverse), then the extended Sonneborn-Berger on the primary score (Art. 13.2) and the
    Buchholz cut by the least significant value (Art. 8, 14); a round robin, where everyone
    meets everyone and a Buchholz separates nobody, the direct encounter (Art. 6) before the
    Sonneborn-Berger. Without any, teams level on the primary score share their place."""
    other, sonneborn = ("GP", "EMMSB") if primary == MATCH else ("MP", "EGGSB")
    if round_robin:
        return [other, "DE", sonneborn]
    return [other, sonneborn, f"BH:{primary}/C1"]


def higher_is_better(code: str) -> bool:
    """Whether a higher value ranks a team first (places, BC and TPN: the lower)."""
    return code not in _LOWER_FIRST


@dataclass(frozen=True)
class TeamTieBreakSpec:
    """A team tie-break: code, the score it uses (``None``: the primary), modifiers."""

    code: str
    score: str | None = None
    cut_low: int = 0
    cut_high: int = 0
    played_only: bool = False
    scheduled: bool = False
    """``/P``: an unplayed match counts as played against the scheduled opponent."""
    factor: int = 0
    """``/Kn``: the normalising factor of SSSC (13.4.2); 0: computed."""

    @property
    def name(self) -> str:
        text = self.code + (f":{self.score}" if self.score else "")
        if self.cut_low and self.cut_low == self.cut_high:
            text += f"/M{self.cut_low}"
        elif self.cut_low:
            text += f"/C{self.cut_low}"
        return text + ("/P" if self.scheduled else "") + (f"/K{self.factor}" if self.factor else "")


_TEXT = re.compile(r"([A-Z]+)(?::(MP|GP))?((?:/[A-Z]\d*)*)")


def parse_team_tiebreak(text: str) -> TeamTieBreakSpec:
    """``BH:GP/C1``, ``EMGSB/C1``, ``MPvGP``, ``EDEBT``, ``SSSC/K3``… as a spec."""
    match = _TEXT.fullmatch(text.strip().upper())
    code = ALIASES.get(match[1], match[1]) if match else ""
    if match is None or code not in TEAM_TIEBREAKS:
        known = ", ".join(TEAM_TIEBREAKS)
        raise TieBreakError(f"unknown team tie-break {text!r}; the known ones are {known}")
    score = match[2]
    if score and code not in _SCORED:
        raise TieBreakError(f"{code} takes no score (:{score}) (in {text!r})")
    cut_low = cut_high = factor = 0
    scheduled = False
    allowed = _MODIFIERS.get(code, "")
    for modifier in filter(None, match[3].split("/")):
        letter, digits = modifier[0], modifier[1:]
        number = int(digits) if digits.isdigit() else 0
        if letter in allowed and letter in "CMK" and number > 0:
            if letter == "K":
                factor = number
            else:
                cut_low, cut_high = number, (number if letter == "M" else 0)
        elif letter in allowed and letter == "P" and not digits:
            scheduled = True
        else:
            raise TieBreakError(f"{code} does not take the modifier /{modifier} (in {text!r})")
    return TeamTieBreakSpec(code, score, cut_low, cut_high, scheduled=scheduled, factor=factor)


@dataclass(frozen=True)
class TeamTieBreakSettings:
    primary: str = MATCH
    """The primary score, ``MP`` or ``GP`` (C.07 Art. 11.1, 13)."""
    regulations: Regulations | None = None
    """``None``: by the sheet's start date, as for players."""
    round_robin: bool | None = None
    """``None``: the sheet's, else a round robin when every team meets every other."""


class TeamTieBreakCalculator:
    """Computes team tie-breaks for one sheet."""

    def __init__(self, sheet: TeamSheet, settings: TeamTieBreakSettings | None = None) -> None:
        settings = settings or TeamTieBreakSettings()
        round_robin = settings.round_robin
        if round_robin is None:
            round_robin = sheet.round_robin
        if round_robin is None:
            round_robin = looks_like_round_robin(len(sheet.teams), sheet.played_rounds)
        self.event = TeamEvent(
            sheet,
            settings.primary,
            settings.regulations or regulations_for(sheet.start_date),
            round_robin,
        )
        self.sheet = sheet
        self.primary = settings.primary
        self.round_robin = round_robin
        self.totals = self.event.totals

    def values(
        self, spec: TeamTieBreakSpec | str, groups: Iterable[Sequence[int]] | None = None
    ) -> dict[int, Value]:
        """Each team's value. A tie-break that orders tied teams (DE, EDE…, TBR, BBE) places
        them within ``groups``: by default the teams tied on the primary score."""
        if isinstance(spec, str):
            spec = parse_team_tiebreak(spec)
        score = spec.score or self.primary
        if spec.code in _GROUPED:
            tied = (
                groups if groups is not None else encounter.tied_groups(self.totals[self.primary])
            )
            if spec.code in ("TBR", "BBE"):
                return encounter.board_order_places(self.event, spec.code, tied)
            encounters = encounter.Encounters(self.event, spec.code, score, spec.scheduled)
            return encounters.places(tied)
        return self._compute(spec, score)

    def _compute(self, spec: TeamTieBreakSpec, score: str) -> dict[int, Value]:
        event = self.event
        simple: dict[str, Callable[[], dict[int, Value]]] = {
            "MP": lambda: dict(event.totals[MATCH]),
            "GP": lambda: dict(event.totals[GAME]),
            "MPVGP": lambda: dict(event.totals[event.secondary]),
            "WIN": lambda: own_results.wins(event, "WIN", score),
            "WON": lambda: own_results.wins(event, "WON", score),
            "BPG": lambda: own_results.black_games(event, "BPG", score),
            "BWG": lambda: own_results.black_games(event, "BWG", score),
            "PS": lambda: own_results.progressive(event, score, spec.cut_low),
            "REP": lambda: own_results.rounds_elected_to_play(event),
            "STD": lambda: own_results.standard_points(event),
            "TPN": lambda: own_results.pairing_numbers(event),
            "KS": lambda: opponents.koya(event, score),
            "BC": lambda: boards.board_count(event),
        }
        if spec.code in simple:
            return simple[spec.code]()
        if spec.code in ("BH", "FB"):
            return opponents.opponent_sums(event, spec, score, None, fore=spec.code == "FB")
        if spec.code == "SB":
            return opponents.opponent_sums(event, spec, score, score)
        if spec.code == "AOB":
            buchholz = opponents.opponent_sums(event, spec, score, None)
            return opponents.average_of_opponents(event, buchholz)
        if spec.code == "SSSC":
            buchholz = opponents.opponent_sums(event, spec, self.primary, None)
            return opponents.schedule_strength_combination(event, buchholz, spec.factor or None)
        opponent_kind = MATCH if spec.code[1] == "M" else GAME
        own_kind = MATCH if spec.code[2] == "M" else GAME
        return opponents.opponent_sums(event, spec, opponent_kind, own_kind)


def team_tiebreak_values(
    sheet: TeamSheet, spec: TeamTieBreakSpec | str, settings: TeamTieBreakSettings | None = None
) -> dict[int, Value]:
    """Each team's value of one tie-break, by pairing number."""
    return TeamTieBreakCalculator(sheet, settings).values(spec)
