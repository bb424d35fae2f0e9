"""FIDE tie-breaks for team events (Handbook C.07), computed from a :class:`TeamSheet`.

A team has two scores, match points (MP) and game points (GP); the event's regulations make
one of them primary (C.07 Art. 5; TRF-2026's tournament type says which, ``FIDE_TEAM_MP_GP``
by default) and the tie-breaks that add up scores name the one they use after a colon, as
C.07's list of tie-break codes writes them: ``BH:MP``, ``BH:GP/C1``, ``SB:GP``. Without one,
the primary score is used.

* ``MP``, ``GP``: the scores themselves; ``MPVGP``: the score that is not primary.
* ``BH`` (Art. 8.1) with its cut and median modifiers ``/Cn``, ``/Mn`` (Art. 14) and ``/P``:
  the sum of the opponents' scores.
* ``SB`` (Art. 9.1) for teams: each opponent's score times the team's score in the match, in
  the same kind of points (``SB:MP``: match points times match points).
* ``EMMSB``, ``EMGSB``, ``EGMSB``, ``EGGSB``: the extended Sonneborn-Berger of C.07's team
  tie-breaks, ``E<opponent's score><own score in the match>SB``: ``EGMSB`` multiplies each
  opponent's game points by the match points the team took from him (Mario Held's
  *Exercises in Tie-Breaking*, exercises 38-41, work them on C.07's text).
* ``WIN`` (Art. 7.1) and ``WON`` (Art. 7.2): matches won (``:MP``; unplayed wins count for
  ``WIN`` only) or games won (``:GP``).

Unplayed rounds follow Art. 16 as for players (:mod:`tournaments.scoring.tiebreaks`): a
team's own unplayed round counts against a dummy opponent with the team's own score (capped
by Art. 16.4 from March 2026), its opponents' voluntary unplayed rounds after their last
match count as drawn (Art. 16.3), voluntary unplayed rounds are cut first (Art. 16.5); in a
round robin unplayed matches count as played against the scheduled opponent.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

from tournaments.scoring.sheet import Outcome
from tournaments.scoring.teams.points import MatchResult, TeamRoundResult, team_results
from tournaments.scoring.teams.sheet import TeamSheet
from tournaments.scoring.tiebreaks import (
    Regulations,
    TieBreakError,
    looks_like_round_robin,
    regulations_for,
    total_after_cut,
)

Value = Fraction | None

MATCH, GAME = "MP", "GP"

TEAM_TIEBREAKS: Mapping[str, str] = {
    "MP": "Match points",
    "GP": "Game points",
    "MPVGP": "Match points or game points, the score that is not primary",
    "BH": "Buchholz",
    "SB": "Sonneborn-Berger",
    "EMMSB": "Extended Sonneborn-Berger: opponent's match points × own match points",
    "EMGSB": "Extended Sonneborn-Berger: opponent's match points × own game points",
    "EGMSB": "Extended Sonneborn-Berger: opponent's game points × own match points",
    "EGGSB": "Extended Sonneborn-Berger: opponent's game points × own game points",
    "WIN": "Number of wins (played or not)",
    "WON": "Number of wins over the board",
}
_CUTS = frozenset({"BH", "SB", "EMMSB", "EMGSB", "EGMSB", "EGGSB"})
_SCORED = frozenset({"BH", "SB", "WIN", "WON"})
"""The tie-breaks that take ``:MP`` or ``:GP``."""


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

    @property
    def name(self) -> str:
        text = self.code + (f":{self.score}" if self.score else "")
        if self.cut_low and self.cut_low == self.cut_high:
            text += f"/M{self.cut_low}"
        elif self.cut_low:
            text += f"/C{self.cut_low}"
        return text + ("/P" if self.scheduled else "")


_TEXT = re.compile(r"([A-Z]+)(?::(MP|GP))?((?:/[A-Z]\d*)*)")


def parse_team_tiebreak(text: str) -> TeamTieBreakSpec:
    """``BH:GP/C1``, ``EMGSB/C1``, ``MPvGP``, ``WIN:MP``… as a :class:`TeamTieBreakSpec`."""
    match = _TEXT.fullmatch(text.strip().upper())
    if match is None or match[1] not in TEAM_TIEBREAKS:
        known = ", ".join(TEAM_TIEBREAKS)
        raise TieBreakError(f"unknown team tie-break {text!r}; the known ones are {known}")
    code, score, cut_low, cut_high, scheduled = match[1], match[2], 0, 0, False
    if score and code not in _SCORED:
        raise TieBreakError(f"{code} takes no score (:{score}) (in {text!r})")
    for modifier in filter(None, match[3].split("/")):
        letter, digits = modifier[0], modifier[1:]
        if letter in "CM" and code in _CUTS and digits.isdigit() and int(digits) > 0:
            cut_low = int(digits)
            cut_high = cut_low if letter == "M" else 0
        elif letter == "P" and not digits and code in _CUTS:
            scheduled = True
        else:
            raise TieBreakError(f"{code} does not take the modifier /{modifier} (in {text!r})")
    return TeamTieBreakSpec(code, score, cut_low, cut_high, scheduled=scheduled)


@dataclass(frozen=True)
class TeamTieBreakSettings:
    primary: str = MATCH
    """The primary score, ``MP`` or ``GP`` (C.07 Art. 5)."""
    regulations: Regulations | None = None
    """``None``: by the sheet's start date, as for players."""
    round_robin: bool | None = None
    """``None``: the sheet's, else a round robin when every team meets every other."""


class TeamTieBreakCalculator:
    """Computes team tie-breaks for one sheet."""

    def __init__(self, sheet: TeamSheet, settings: TeamTieBreakSettings | None = None) -> None:
        settings = settings or TeamTieBreakSettings()
        self.sheet = sheet
        self.primary = settings.primary
        self.results = team_results(sheet)
        self.rounds = sheet.played_rounds
        self.regulations = settings.regulations or regulations_for(sheet.start_date)
        round_robin = settings.round_robin
        if round_robin is None:
            round_robin = sheet.round_robin
        if round_robin is None:
            round_robin = looks_like_round_robin(len(sheet.teams), self.rounds)
        self.round_robin = round_robin
        self.draw = {
            MATCH: sheet.match_points.draw,
            GAME: sheet.game_points.draw * sheet.boards,
        }
        self.totals = {kind: self._totals(kind) for kind in (MATCH, GAME)}
        self.adjusted = {kind: self._adjusted(kind) for kind in (MATCH, GAME)}

    def values(self, spec: TeamTieBreakSpec | str) -> dict[int, Value]:
        if isinstance(spec, str):
            spec = parse_team_tiebreak(spec)
        score = spec.score or self.primary
        if spec.code in (MATCH, GAME):
            return dict(self.totals[spec.code])
        if spec.code == "MPVGP":
            return dict(self.totals[GAME if self.primary == MATCH else MATCH])
        if spec.code in ("WIN", "WON"):
            return {t: Fraction(self._wins(t, spec.code, score)) for t in self.results}
        if spec.code == "BH":
            return self._sums(spec, score, None)
        if spec.code == "SB":
            return self._sums(spec, score, score)
        opponent_kind = MATCH if spec.code[1] == "M" else GAME
        own_kind = MATCH if spec.code[2] == "M" else GAME
        return self._sums(spec, opponent_kind, own_kind)

    # ---- scores ------------------------------------------------------------------------------

    @staticmethod
    def _points(result: TeamRoundResult, kind: str) -> Fraction:
        return result.match_points if kind == MATCH else result.game_points

    def _totals(self, kind: str) -> dict[int, Fraction]:
        return {
            team: sum((self._points(r, kind) for r in rounds), Fraction(0))
            for team, rounds in self.results.items()
        }

    def _adjusted(self, kind: str) -> dict[int, Fraction]:
        """Each team's score as its opponents' tie-breaks see it (Art. 16.3): the voluntary
        unplayed rounds after its last other round count as draws (nothing in a round robin)."""
        absent = Fraction(0) if self.round_robin else self.draw[kind]
        adjusted = {}
        for team, rounds in self.results.items():
            last_active = max((r.round for r in rounds if not r.voluntary), default=0)
            adjusted[team] = sum(
                (
                    self._points(r, kind)
                    if r.round <= last_active or r.opponent is not None
                    else absent
                    for r in rounds
                ),
                Fraction(0),
            )
        return adjusted

    def _dummy(self, team: int, result: TeamRoundResult, kind: str) -> Fraction:
        """The opponent a team's own unplayed round counts against (Art. 16.4)."""
        own = self.totals[kind][team]
        if self.regulations is Regulations.FIDE_2026:
            if result.opponent is not None:  # 16.4.1: no more than the forfeiting opponent
                return min(own, self.adjusted[kind][result.opponent])
            return min(own, self.draw[kind] * self.rounds)  # 16.4.2: a draw in every round
        return own

    # ---- Buchholz and Sonneborn-Berger -------------------------------------------------------

    def _sums(self, spec: TeamTieBreakSpec, kind: str, own_kind: str | None) -> dict[int, Value]:
        """Buchholz (``own_kind`` None) or a Sonneborn-Berger: opponent's ``kind`` score,
        times the team's ``own_kind`` points in the round."""
        scores = [r for rounds in self.results.values() for r in rounds]
        scale = _scale([self._points(r, kind) for r in scores])
        own_scale = _scale([self._points(r, own_kind) for r in scores]) if own_kind else 1
        result: dict[int, Value] = {}
        for team, rounds in self.results.items():
            contributions = []
            for r in rounds:
                scheduled = r.opponent is not None and (self.round_robin or spec.scheduled)
                if r.played or scheduled:
                    assert r.opponent is not None
                    score, voluntary = self.adjusted[kind][r.opponent], False
                elif self.round_robin:
                    continue
                else:
                    score, voluntary = self._dummy(team, r, kind), r.voluntary
                units = int(score * scale)
                value = units * int(self._points(r, own_kind) * own_scale) if own_kind else units
                contributions.append((units, value, voluntary))
            total = total_after_cut(contributions, spec.cut_low, spec.cut_high)
            result[team] = Fraction(total, scale * own_scale)
        return result

    # ---- wins --------------------------------------------------------------------------------

    def _wins(self, team: int, code: str, kind: str) -> int:
        """Art. 7.1 (WIN) and 7.2 (WON): matches, or with ``:GP`` games, won."""
        count = 0
        for r in self.results[team]:
            if kind == MATCH:
                won = r.result is MatchResult.WIN
                unplayed = r.result in (MatchResult.FORFEIT_WIN, MatchResult.FULL_BYE) or (
                    r.result is MatchResult.PAIRING_BYE
                    and r.match_points == self.sheet.match_points.win
                )
                count += won or (code == "WIN" and unplayed)
            else:
                count += self._games_won(r, code)
        return count

    def _games_won(self, r: TeamRoundResult, code: str) -> int:
        win = self.sheet.game_points.win
        if r.played:
            if code == "WON":
                return sum(o is Outcome.WIN for o in r.boards)
            return sum(self.sheet.game_points.points(o) == win for o in r.boards)
        if code == "WON":
            return 0
        # An unplayed round: every board scores what the round stands for (a forfeited match
        # won, or a full-point or pairing-allocated bye: a win on each board).
        wins = r.result in (MatchResult.FORFEIT_WIN, MatchResult.FULL_BYE, MatchResult.PAIRING_BYE)
        return self.sheet.boards if wins else 0


def _scale(values: list[Fraction]) -> int:
    """Units per point that make every value whole."""
    return math.lcm(1, *(v.denominator for v in values))


def team_tiebreak_values(
    sheet: TeamSheet, spec: TeamTieBreakSpec | str, settings: TeamTieBreakSettings | None = None
) -> dict[int, Value]:
    """Each team's value of one tie-break, by pairing number."""
    return TeamTieBreakCalculator(sheet, settings).values(spec)
