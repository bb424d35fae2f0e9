"""FIDE tie-breaks (Handbook C.07), named by their acronyms, computed from an outcome sheet.

Three rule sets are selectable (:class:`Regulations`): the 2023 edition in force from 2024,
its March 2026 revision (Art. 16.4 caps the dummy opponent of an unplayed round), and the 2009
"virtual opponent" rule for events run under it. A sheet starting before 2026-03-01 gets the
2024 rules, a later one (or one without a date) the 2026 rules.

Unplayed rounds (Art. 16): a player's own unplayed round counts, in Buchholz-like tie-breaks,
as a game against a dummy opponent with the player's own final score (2026: capped at the
forfeiting opponent's score, or at a draw in every round for byes and absences); opponents'
unplayed rounds count at face value, except the rounds after an opponent stopped playing,
which count as draws; voluntary unplayed rounds (VUR: forfeit losses, half- and zero-point
byes, absences) are cut first. Round robins score unplayed games as played (pre-determined
pairings) and have no dummy opponents.

Every value is an exact :class:`~fractions.Fraction`; rating averages are rounded as FIDE
prints them (half up to a whole point; AOB to hundredths). ``None`` means undefined (for
example ARO of a player who played no game). Inside, points are whole numbers of the point
system's smallest unit (half a point for 1 / ½ / 0): a Buchholz of a 1,000-player event is
about 100,000 additions, which as Fractions cost more than all the rest of the standings.
Each value becomes a Fraction once, at the end, so the results stay exact.
"""

from __future__ import annotations

import enum
import math
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from operator import itemgetter
from typing import Final, NamedTuple

from tournaments.scoring.fide_tables import dp_for_score, expected_score, round_half_up
from tournaments.scoring.points import (
    VOLUNTARY_UNPLAYED,
    check_sheet,
    outcome_points,
    rounds_of,
)
from tournaments.scoring.sheet import Color, Outcome, TournamentSheet

Value = Fraction | None


class Regulations(enum.Enum):
    """Which FIDE tie-break rules apply to unplayed rounds."""

    FIDE_2009 = "2009"
    """The 2009 rule: a virtual opponent (score before the round, the forfeit reversed, draws
    afterwards); opponents' unplayed games count as draws."""
    FIDE_2024 = "2024"
    """C.07 as edited in 2023 and applied from 2024: the dummy opponent has the player's score."""
    FIDE_2026 = "2026"
    """C.07 as revised for 2026-03-01: Art. 16.4 caps the dummy opponent's score."""


REVISION_2026: Final = date(2026, 3, 1)


def regulations_for(start_date: date | None) -> Regulations:
    """The rules in force for an event starting on ``start_date`` (the newest without a date)."""
    if start_date is not None and start_date < REVISION_2026:
        return Regulations.FIDE_2024
    return Regulations.FIDE_2026


@dataclass(frozen=True)
class TieBreakSettings:
    """Choices the regulations leave to the event."""

    regulations: Regulations | None = None
    """``None``: chosen by the sheet's start date."""
    unrated_rating: int | None = None
    """The rating given to unrated players in rating-based tie-breaks. Without it, those
    tie-breaks are undefined whenever a player is unrated (C.07 requires the setting)."""
    unrated_left_out: bool = False
    """The other method (FIDE checklist C22): with no ``unrated_rating``, unrated opponents
    are left out of ARO, TPR, PTP, APRO and APPO, and an unrated player's RTNG is 0."""
    per_round_ratings: bool = False
    """Events over 30 days (FIDE checklist C23), the arbiter's choice: each opponent's rating
    as it was in the round of the game, and RTNG the latest rating. The default is every
    player's first rating."""
    round_robin: bool | None = None
    """``None``: a round robin when every player meets every other (players = rounds or
    rounds + 1, or twice that for a double round robin)."""


@dataclass(frozen=True)
class Definition:
    code: str
    title: str
    modifiers: str
    """Modifier letters the tie-break accepts: C (cut), M (median), P (played games only),
    R (reversed order: the lower value ranks first), L (Koya's limit moved by half points)."""
    decimals: int
    """Decimals shown at least (more when the value needs them)."""
    higher_is_better: bool = True


def gettext_noop(text: str) -> str:
    """Marks a title for the translation catalogue and returns it unchanged: this package
    imports no Django, and ``makemessages`` finds the call by this name. Pages translate
    the title when they show it."""
    return text


DEFINITIONS: Final[Mapping[str, Definition]] = {
    d.code: d
    for d in (
        Definition("DE", gettext_noop("Direct encounter"), "P", 0, higher_is_better=False),
        Definition("WIN", gettext_noop("Number of wins (played or not)"), "", 0),
        Definition("WON", gettext_noop("Number of games won over the board"), "", 0),
        Definition("BPG", gettext_noop("Number of games played with Black"), "", 0),
        Definition("BWG", gettext_noop("Number of games won with Black"), "", 0),
        Definition("REP", gettext_noop("Rounds one elected to play"), "", 0),
        Definition("PS", gettext_noop("Progressive score"), "C", 1),
        Definition("KS", gettext_noop("Koya system"), "L", 1),
        Definition("BH", gettext_noop("Buchholz"), "CMP", 1),
        Definition("FB", gettext_noop("Fore Buchholz"), "CMP", 1),
        Definition("AOB", gettext_noop("Average of opponents' Buchholz"), "CM", 2),
        Definition("SB", gettext_noop("Sonneborn-Berger"), "CMP", 2),
        Definition("ARO", gettext_noop("Average rating of opponents"), "CM", 0),
        Definition("TPR", gettext_noop("Tournament performance rating"), "CM", 0),
        Definition("PTP", gettext_noop("Perfect tournament performance"), "CM", 0),
        Definition("APRO", gettext_noop("Average performance rating of opponents"), "", 0),
        Definition("APPO", gettext_noop("Average perfect performance of opponents"), "", 0),
        Definition("RTNG", gettext_noop("Rating"), "R", 0),
        Definition(
            "TPN", gettext_noop("Tournament pairing number"), "R", 0, higher_is_better=False
        ),
        Definition("STD", gettext_noop("Standard points (1 / ½ / 0)"), "", 1),
        Definition("EXT", gettext_noop("External value (entered by the arbiter)"), "R", 0),
    )
}
ALIASES: Final = {"GE": "REP"}


class TieBreakError(ValueError):
    """A tie-break name that is not known, or a modifier it does not take."""


@dataclass(frozen=True)
class TieBreakSpec:
    """A tie-break with its modifiers, e.g. ``BH/C1``."""

    code: str
    cut_low: int = 0
    cut_high: int = 0
    played_only: bool = False
    reverse: bool = False
    """``/R``: the order reversed (RTNG/R ranks the lower rating first, TPN/R the higher
    pairing number)."""
    limit: int = 0
    """``/L±n``: Koya's 50% line moved up or down by ``n`` half points (a draw each)."""

    @property
    def definition(self) -> Definition:
        return DEFINITIONS[self.code]

    @property
    def higher_is_better(self) -> bool:
        """Whether a higher value ranks a player first, the ``/R`` modifier applied."""
        return self.definition.higher_is_better != self.reverse

    @property
    def name(self) -> str:
        modifiers = ""
        if self.cut_low and self.cut_low == self.cut_high:
            modifiers += f"/M{self.cut_low}"
        elif self.cut_low:
            modifiers += f"/C{self.cut_low}"
        if self.played_only:
            modifiers += "/P"
        if self.limit:
            modifiers += f"/L{self.limit}"
        if self.reverse:
            modifiers += "/R"
        return self.code + modifiers

    def __str__(self) -> str:
        return self.name


_MODIFIER = re.compile(r"([CMPRL])([+-]?\d*)")
KOYA_LIMIT_MAX: Final = 5
"""The most half points ``/L`` moves Koya's line (further would leave no one, or everyone)."""


def parse_tiebreak(text: str) -> TieBreakSpec:
    """Parse ``BH/C1``, ``SB/M1``, ``DE/P``, ``GE``… into a :class:`TieBreakSpec`."""
    code, *modifiers = text.strip().upper().split("/")
    code = ALIASES.get(code, code)
    definition = DEFINITIONS.get(code)
    if definition is None:
        known = ", ".join(sorted([*DEFINITIONS, *ALIASES]))
        raise TieBreakError(f"unknown tie-break {text!r}; the known ones are {known}")
    cut_low = cut_high = limit = 0
    played_only = reverse = False
    for modifier in modifiers:
        match = _MODIFIER.fullmatch(modifier)
        if match is None or match[1] not in definition.modifiers:
            allowed = ", ".join(f"/{letter}" for letter in definition.modifiers) or "none"
            raise TieBreakError(
                f"tie-break {code} does not take the modifier /{modifier} "
                f"(in {text!r}); it takes: {allowed}"
            )
        letter, digits = match[1], match[2]
        if letter in "PR":
            if digits:
                raise TieBreakError(f"/{letter} takes no number (in {text!r})")
            played_only = played_only or letter == "P"
            reverse = reverse or letter == "R"
            continue
        if letter == "L":
            if not digits.lstrip("+-") or not 0 < abs(int(digits)) <= KOYA_LIMIT_MAX:
                raise TieBreakError(
                    f"/L needs a number of half points from -{KOYA_LIMIT_MAX} to "
                    f"{KOYA_LIMIT_MAX}, not 0, as in /L1 or /L-1 (in {text!r})"
                )
            limit = int(digits)
            continue
        if not digits.isdigit() or int(digits) < 1:
            raise TieBreakError(f"/{letter} needs a number of values to cut, as in /{letter}1")
        cut_low = int(digits)
        cut_high = cut_low if letter == "M" else 0
    return TieBreakSpec(code, cut_low, cut_high, played_only, reverse, limit)


def parse_tiebreaks(texts: Iterable[str | TieBreakSpec]) -> tuple[TieBreakSpec, ...]:
    return tuple(t if isinstance(t, TieBreakSpec) else parse_tiebreak(t) for t in texts)


def display(spec: TieBreakSpec, value: Value) -> str:
    """The value as printed in standings: at least the tie-break's decimals, exact if it can
    be in four, else rounded half up to four."""
    if value is None:
        return "-"
    # In whole numbers (a standings read prints thousands of values; Fraction arithmetic
    # costs several times more): the value in units of the last decimal shown.
    numerator, denominator = value.numerator, value.denominator
    decimals = spec.definition.decimals
    while decimals < 4 and (10**decimals) % denominator:
        decimals += 1
    units, remainder = divmod(abs(numerator) * 10**decimals, denominator)
    units += 2 * remainder >= denominator
    sign = "-" if numerator < 0 and units else ""
    if not decimals:
        return f"{sign}{units}"
    whole, fraction = divmod(units, 10**decimals)
    return f"{sign}{whole}.{fraction:0{decimals}d}"


class _Round(NamedTuple):
    """One of a player's rounds as the calculator reads it (a tuple: there are a player's
    rounds times the players of them, built and read many times)."""

    number: int
    outcome: Outcome
    units: int
    """The round's points in the calculator's units (``points * scale``)."""
    opponent: int | None
    color: Color | None
    played: bool
    """Played over the board (an unrated game of less than one move included)."""
    voluntary: bool
    """A voluntary unplayed round (VUR)."""


_new_round = tuple.__new__
"""Makes a :class:`_Round` from a tuple of its fields, as its own constructor does but
without the checks of the generated Python function (twice as fast)."""

_Contribution = tuple[int, int, bool]
"""One round's part of a Buchholz-like sum, with what a cut looks at (in units): the
opponent's score, the value added (the score, or for Sonneborn-Berger score times result)
and whether the round was a voluntary unplayed one. A plain tuple: a 1,000-player event
makes tens of thousands of them per tie-break."""
_SCORE, _VALUE, _VOLUNTARY = 0, 1, 2


class TieBreakCalculator:
    """Computes tie-breaks for one sheet, caching what several tie-breaks share."""

    def __init__(self, sheet: TournamentSheet, settings: TieBreakSettings | None = None) -> None:
        settings = settings or TieBreakSettings()
        self.sheet = sheet
        self.players = check_sheet(sheet)
        self.rounds = sheet.rounds
        self.regulations = settings.regulations or regulations_for(sheet.start_date)
        self.unrated_rating = settings.unrated_rating
        self.unrated_left_out = settings.unrated_left_out
        self.per_round_ratings = settings.per_round_ratings
        self.round_robin = (
            settings.round_robin
            if settings.round_robin is not None
            else looks_like_round_robin(len(self.players), self.rounds)
        )
        self.win = sheet.points.win
        self.draw = sheet.points.draw
        worth = outcome_points(sheet.points)
        self.scale = math.lcm(*(points.denominator for points in worth.values()))
        """Units per point: every outcome is worth a whole number of units."""
        self._units = {outcome: int(points * self.scale) for outcome, points in worth.items()}
        self._win = int(self.win * self.scale)
        self._draw = int(self.draw * self.scale)
        # What each outcome is worth and is, looked up once per outcome, not once per round.
        kinds = {o: (self._units[o], o.played, o in VOLUNTARY_UNPLAYED) for o in Outcome}
        self.games: dict[int, tuple[_Round, ...]] = {}
        for number, player in self.players.items():
            games = []
            for entry in rounds_of(player, self.rounds):
                units, played, voluntary = kinds[entry.outcome]
                opponent = entry.opponent
                played = played and opponent is not None
                fields = (
                    entry.round,
                    entry.outcome,
                    units,
                    opponent,
                    entry.color,
                    played,
                    voluntary,
                )
                games.append(_new_round(_Round, fields))
            self.games[number] = tuple(games)
        self._score = {p: sum(g.units for g in games) for p, games in self.games.items()}
        """Each player's points, in units."""
        self._fractions: dict[int, dict[int, Fraction]] = {}
        self.points: Mapping[int, Fraction] = {
            p: self._fraction(units) for p, units in self._score.items()
        }
        self._cache: dict[object, Mapping[int, Value]] = {}
        self._first_rating: Mapping[int, int | None] | None = None
        self._adjusted_cache: dict[object, Mapping[int, int]] = {}

    def _fraction(self, units: int, unit: int | None = None) -> Fraction:
        """``units / unit`` (default: the point's units) as a Fraction, made once per value:
        a thousand players share a few hundred values, and each Fraction costs a gcd."""
        unit = unit or self.scale
        made = self._fractions.setdefault(unit, {})
        value = made.get(units)
        if value is None:
            value = made[units] = Fraction(units, unit)
        return value

    # ---- public --------------------------------------------------------------------------

    def values(self, spec: TieBreakSpec | str) -> Mapping[int, Value]:
        """Each player's value of a tie-break. DE is resolved among players tied on points."""
        if isinstance(spec, str):
            spec = parse_tiebreak(spec)
        if spec.code == "DE":
            return self.direct_encounter(self._groups_by_points(), played_only=spec.played_only)
        key = ("values", spec)
        if key not in self._cache:
            self._cache[key] = self._compute(spec)
        return self._cache[key]

    def direct_encounter(
        self, groups: Iterable[Sequence[int]], *, played_only: bool = False
    ) -> dict[int, Value]:
        """DE (C.07 Art. 6) within each group of tied players: the place in the group (1 best)."""
        ranks: dict[int, Value] = {}
        for group in groups:
            for place, block in _places(self._resolve_encounters(list(group), played_only)):
                for player in block:
                    ranks[player] = Fraction(place)
        return ranks

    # ---- dispatch ------------------------------------------------------------------------

    def _compute(self, spec: TieBreakSpec) -> Mapping[int, Value]:
        simple: dict[str, Callable[[int], Value]] = {
            "WIN": lambda p: self._count(p, lambda g: g.units == self._win),
            "WON": lambda p: self._count(p, lambda g: g.played and g.units == self._win),
            "BPG": lambda p: self._count(p, lambda g: g.played and g.color is Color.BLACK),
            "BWG": lambda p: self._count(
                p, lambda g: g.played and g.color is Color.BLACK and g.units == self._win
            ),
            "REP": lambda p: self._count(p, lambda g: not g.voluntary),
            "PS": lambda p: self._progressive(p, spec.cut_low),
            "KS": lambda p: self._koya(p, spec.limit),
            "STD": self._standard_points,
            "TPN": Fraction,
            "EXT": lambda p: self.players[p].external,
        }
        if spec.code in simple:
            return {p: simple[spec.code](p) for p in self.players}
        if spec.code in ("BH", "FB", "SB"):
            return self._buchholz_family(spec)
        if spec.code == "AOB":
            buchholz = self.values(TieBreakSpec("BH", spec.cut_low, spec.cut_high))
            return {p: self._opponents_average(p, buchholz, Fraction(1, 100)) for p in self.players}
        return self._rating_based(spec)

    # ---- counts and scores -----------------------------------------------------------------

    def _count(self, player: int, predicate: Callable[[_Round], bool]) -> Fraction:
        return Fraction(sum(1 for game in self.games[player] if predicate(game)))

    def _progressive(self, player: int, cut: int) -> Fraction:
        total = running = 0
        for game in self.games[player]:
            running += game.units
            if game.number > cut:
                total += running
        return self._fraction(total)

    def _standard_points(self, player: int) -> Fraction:
        games = self.games[player]
        wins = sum(1 for g in games if g.units > self._draw)
        draws = sum(1 for g in games if g.units == self._draw)
        return Fraction(2 * wins + draws, 2)

    def _koya(self, player: int, limit: int = 0) -> Fraction:
        """Points scored against the opponents who made 50% of the most they could score,
        the line moved by ``limit`` half points (KS/L±n)."""
        games = self.rounds
        if self.round_robin:
            # Rounds with an opponent (the free round of an odd field, and the games against
            # a player whose results C.05 annuls, are not games): the most anyone has had.
            games = max(
                (sum(g.opponent is not None for g in rounds) for rounds in self.games.values()),
                default=0,
            )
        return self._fraction(
            sum(
                g.units
                for g in self.games[player]
                if g.opponent is not None
                and 2 * self._score[g.opponent] >= self._win * games + 2 * limit * self._draw
            )
        )

    # ---- Buchholz, Fore Buchholz, Sonneborn-Berger ----------------------------------------

    def _last_paired_round(self, player: int) -> int:
        return max(
            (
                g.number
                for g in self.games[player]
                if g.opponent is not None or g.outcome is Outcome.PAIRING_BYE
            ),
            default=0,
        )

    def _adjusted_score(self, player: int, fore: bool) -> int:
        """A player's score as his opponents' tie-breaks see it (Art. 16.3).

        Rounds after the player stopped playing (voluntary unplayed rounds with no opponent
        after his last non-voluntary round) count as draws; under the 2009 rule every unplayed
        round does. Fore Buchholz takes a last round with an opponent as drawn.
        """
        games = self.games[player]
        if self.regulations is Regulations.FIDE_2009:
            score = sum(g.units if g.played else self._draw for g in games)
        else:
            last_active = max((g.number for g in games if not g.voluntary), default=0)
            if fore and self._last_paired_round(player) == self.rounds:
                last_active = self.rounds
            absent = 0 if self.round_robin else self._draw
            score = sum(
                g.units if g.number <= last_active or g.opponent is not None else absent
                for g in games
            )
        return score + self._fore_adjustment(player, fore)

    def _fore_adjustment(self, player: int, fore: bool) -> int:
        if not fore or not self.games[player]:
            return 0
        last = self.games[player][-1]
        if last.opponent is None or self._last_paired_round(player) != self.rounds:
            return 0
        return self._draw - last.units

    def adjusted_scores(self, fore: bool = False) -> Mapping[int, Fraction]:
        """Every player's score as opponents' tie-breaks count it (ABH; AFB with ``fore``)."""
        return {p: self._fraction(units) for p, units in self._adjusted(fore).items()}

    def _adjusted(self, fore: bool) -> Mapping[int, int]:
        """:meth:`adjusted_scores` in units, computed once."""
        key = ("adjusted", fore)
        if key not in self._adjusted_cache:
            self._adjusted_cache[key] = {p: self._adjusted_score(p, fore) for p in self.players}
        return self._adjusted_cache[key]

    def _dummy_score(self, player: int, game: _Round, fore: bool) -> int:
        """The score of the opponent a player's own unplayed round is counted against."""
        own = self._score[player] + self._fore_adjustment(player, fore)
        if self.regulations is Regulations.FIDE_2009:
            before = sum(g.units for g in self.games[player][: game.number - 1])
            return before + (self._win - game.units) + self._draw * (self.rounds - game.number)
        if self.regulations is Regulations.FIDE_2026:
            if game.opponent is not None:  # 16.4.1: no more than the forfeiting opponent
                return min(own, self._adjusted(fore)[game.opponent])
            return min(own, self._draw * self.rounds)  # 16.4.2: no more than all draws
        return own

    def _contributions(
        self, player: int, spec: TieBreakSpec, adjusted: Mapping[int, int]
    ) -> list[_Contribution]:
        fore = spec.code == "FB"
        sonneborn = spec.code == "SB"
        played_only, round_robin, last = spec.played_only, self.round_robin, self.rounds
        contributions = []
        for game in self.games[player]:
            opponent = game.opponent
            if game.played or (
                opponent is not None
                and not played_only
                and (round_robin or (fore and game.number == last))
            ):
                assert opponent is not None
                score, voluntary = adjusted[opponent], False
            elif played_only or round_robin:
                continue
            else:
                score, voluntary = self._dummy_score(player, game, fore), game.voluntary
            value = score * game.units if sonneborn else score
            contributions.append((score, value, voluntary))
        return contributions

    def _buchholz_family(self, spec: TieBreakSpec) -> dict[int, Value]:
        # Sonneborn-Berger multiplies two scores: its sum is in units squared.
        unit = self.scale * self.scale if spec.code == "SB" else self.scale
        adjusted = self._adjusted(spec.code == "FB")
        result: dict[int, Value] = {}
        for player in self.players:
            contributions = self._contributions(player, spec, adjusted)
            total = total_after_cut(contributions, spec.cut_low, spec.cut_high)
            result[player] = self._fraction(total, unit)
        return result

    # ---- rating-based -------------------------------------------------------------------

    def _rating(self, player: int, round_number: int | None = None) -> int | None:
        """The player's tie-break rating: his first, or with per-round ratings the one in
        force in ``round_number`` (the last round when not given); unrated: the event's
        rating of unrated players."""
        sheet = self.players[player]
        if self.per_round_ratings:
            rating = sheet.tiebreak_rating_in_round(round_number or self.rounds)
        else:
            rating = sheet.rating_for_tiebreaks
        return rating if rating > 0 else self.unrated_rating

    def _ratings_defined(self) -> bool:
        return (
            self.unrated_rating is not None
            or self.unrated_left_out
            or all(p.rating_for_tiebreaks > 0 for p in self.players.values())
        )

    def _rated_games(self, player: int, spec: TieBreakSpec) -> list[tuple[int, int]]:
        """(opponent's rating, game score in half points) of the games played, after the cuts."""
        if self.per_round_ratings:
            games = [
                (rating, _HALF_POINTS[g.outcome])
                for g in self.games[player]
                if g.played and g.opponent is not None
                if (rating := self._rating(g.opponent, g.number)) is not None
            ]
        else:
            ratings = self._first_ratings()
            games = [
                (rating, _HALF_POINTS[g.outcome])
                for g in self.games[player]
                if g.played and g.opponent is not None
                if (rating := ratings[g.opponent]) is not None
            ]
        games.sort(key=itemgetter(0))  # by rating alone: TPR keeps the games' order
        return games[spec.cut_low : len(games) - spec.cut_high]

    def _first_ratings(self) -> Mapping[int, int | None]:
        """Every player's tie-break rating (:meth:`_rating` without per-round ratings), once."""
        if self._first_rating is None:
            self._first_rating = {p: self._rating(p) for p in self.players}
        return self._first_rating

    def _rating_based(self, spec: TieBreakSpec) -> dict[int, Value]:
        if not self._ratings_defined():
            return dict.fromkeys(self.players)
        if spec.code == "RTNG":
            return {p: Fraction(self._rating(p) or 0) for p in self.players}
        if spec.code in ("APRO", "APPO"):
            inner = self.values(TieBreakSpec("TPR" if spec.code == "APRO" else "PTP"))
            return {p: self._opponents_average(p, inner, Fraction(1)) for p in self.players}
        performance = {"ARO": _average_rating, "TPR": _performance, "PTP": _perfect_performance}
        function = performance[spec.code]
        return {p: function(self._rated_games(p, spec)) for p in self.players}

    def _opponents_average(self, player: int, values: Mapping[int, Value], unit: Fraction) -> Value:
        found = [
            value
            for g in self.games[player]
            if g.played and g.opponent is not None
            if (value := values[g.opponent]) is not None
        ]
        if not found:
            return None
        return round_half_up(sum(found, Fraction(0)) / len(found) / unit) * unit

    # ---- direct encounter -----------------------------------------------------------------

    def _groups_by_points(self) -> list[list[int]]:
        groups: dict[int, list[int]] = {}
        for player, points in self._score.items():
            groups.setdefault(points, []).append(player)
        return [groups[points] for points in sorted(groups, reverse=True)]

    def _resolve_encounters(self, group: list[int], played_only: bool) -> list[list[int]]:
        """Split a tied group into ordered blocks by the games among its members, recursively."""
        if len(group) < 2:
            return [group]
        members = set(group)
        scores: dict[int, Fraction] = {}
        best_possible: dict[int, Fraction] = {}
        met_all = True
        for player in group:
            by_opponent: dict[int, list[int]] = {}
            for g in self.games[player]:
                counts = g.played or (self.round_robin and not played_only)
                if g.opponent in members and counts:
                    by_opponent.setdefault(g.opponent, []).append(g.units)
            # Players who met more than once count the average of their games.
            scores[player] = sum(
                (Fraction(sum(results), len(results)) for results in by_opponent.values()),
                Fraction(0),
            )
            missing = len(group) - 1 - len(by_opponent)
            if missing and not self.round_robin:
                met_all = False
            best_possible[player] = scores[player] + missing * self._win
        if met_all:
            blocks = _blocks(group, key=lambda p: scores[p])
        else:
            blocks = _leaders_out_of_reach(group, scores, best_possible)
        if len(blocks) == 1:
            return blocks
        return [sub for block in blocks for sub in self._resolve_encounters(block, played_only)]


# ---- helpers --------------------------------------------------------------------------------


def looks_like_round_robin(players: int, rounds: int) -> bool:
    if players < 2 or rounds < 1:
        return False
    return rounds in (players - 1, players) or rounds in (2 * (players - 1), 2 * players)


_HALF_POINTS: Final = {
    outcome: 2
    if outcome in (Outcome.WIN, Outcome.UNRATED_WIN)
    else 1
    if outcome in (Outcome.DRAW, Outcome.UNRATED_DRAW, Outcome.ADJOURNED)
    else 0
    for outcome in Outcome
}
"""The score of a played game for rating purposes, 1, ½ or 0 whatever the point system,
in half points."""


def total_after_cut(contributions: list[_Contribution], low: int, high: int) -> int:
    """The sum of the values :func:`_cut` keeps. Without a voluntary unplayed round among
    them (most players), the cut is the lowest and highest scores: one sort, no search."""
    if not (low or high):
        return sum(c[_VALUE] for c in contributions)
    if any(c[_VOLUNTARY] for c in contributions):
        return sum(c[_VALUE] for c in _cut(contributions, low, high))
    # Contributions equal in score and value are interchangeable for the sum.
    ordered = sorted(contributions)
    low = min(low, len(ordered))
    high = min(high, len(ordered) - low)
    return sum(c[_VALUE] for c in ordered[low : len(ordered) - high])


def _cut(contributions: list[_Contribution], low: int, high: int) -> list[_Contribution]:
    """Cut the ``low`` least and ``high`` most significant contributions (C.07 Art. 14, 16.5).

    The least significant is the opponent with the lowest score; a voluntary unplayed round
    is cut in its place unless its value is already the smaller one.
    """
    kept = list(contributions)
    for _ in range(min(low, len(kept))):
        lowest = min(kept, key=_score_then_value)
        voluntary = [c for c in kept if c[_VOLUNTARY]]
        if voluntary:
            candidate = min(voluntary, key=_value_then_score)
            if not lowest[_VALUE] > candidate[_VALUE]:
                lowest = candidate
        kept.remove(lowest)
    for _ in range(min(high, len(kept))):
        kept.remove(max(kept, key=_score_then_value))
    return kept


def _score_then_value(contribution: _Contribution) -> tuple[int, int]:
    return contribution[_SCORE], contribution[_VALUE]


def _value_then_score(contribution: _Contribution) -> tuple[int, int]:
    return contribution[_VALUE], contribution[_SCORE]


def _average_rating(games: list[tuple[int, int]]) -> Value:
    if not games:
        return None
    total, count = sum(r for r, _ in games), len(games)
    # round_half_up(total / count) in whole numbers: halves away from zero.
    sign = -1 if total < 0 else 1
    return Fraction(sign * ((2 * abs(total) + count) // (2 * count)))


def _performance(games: list[tuple[int, int]]) -> Value:
    average = _average_rating(games)
    if average is None:
        return None
    score = Fraction(sum(s for _, s in games), 2)
    return average + dp_for_score(score, len(games))


def _perfect_performance(games: list[tuple[int, int]]) -> Value:
    """The lowest rating whose expected score against the opponents reaches the score."""
    if not games:
        return None
    ratings = [r for r, _ in games]
    score = Fraction(sum(s for _, s in games), 2)
    if score == 0:
        return Fraction(min(ratings) - 800)
    if score >= len(games):
        return Fraction(max(ratings) + 800)

    def expected(rating: int) -> Fraction:
        return sum((expected_score(rating, r) for r in ratings), Fraction(0))

    low, high = min(ratings) - 800, max(ratings) + 800  # expected(low) < score <= expected(high)
    while high - low > 1:
        middle = (low + high) // 2
        if expected(middle) >= score:
            high = middle
        else:
            low = middle
    return Fraction(high)


def _blocks(group: Sequence[int], key: Callable[[int], Fraction]) -> list[list[int]]:
    """Split into blocks of equal key, the highest first."""
    ordered = sorted(group, key=lambda p: (-key(p), p))
    blocks: list[list[int]] = []
    for player in ordered:
        if blocks and key(blocks[-1][0]) == key(player):
            blocks[-1].append(player)
        else:
            blocks.append([player])
    return blocks


def _leaders_out_of_reach(
    group: Sequence[int], scores: Mapping[int, Fraction], best: Mapping[int, Fraction]
) -> list[list[int]]:
    """Not all have met: a player is placed ahead only when nobody below can still reach him."""
    ordered = sorted(group, key=lambda p: (-scores[p], -best[p], p))
    blocks: list[list[int]] = []
    for index, player in enumerate(ordered):
        rest = ordered[index:]
        if index and scores[ordered[index - 1]] > max(best[p] for p in rest):
            blocks.append([player])
        elif blocks:
            blocks[-1].append(player)
        else:
            blocks.append([player])
        if len(blocks[-1]) > 1:
            blocks[-1].extend(ordered[index + 1 :])
            break
    return blocks


def _places(blocks: Sequence[Sequence[int]]) -> Iterable[tuple[int, Sequence[int]]]:
    place = 1
    for block in blocks:
        yield place, block
        place += len(block)


def tiebreak_values(
    sheet: TournamentSheet,
    spec: TieBreakSpec | str,
    settings: TieBreakSettings | None = None,
) -> Mapping[int, Value]:
    """Each player's value of one tie-break (by starting rank)."""
    return TieBreakCalculator(sheet, settings).values(spec)
