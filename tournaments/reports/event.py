"""What every page's header says about the event: name, place, dates, arbiters, ruleset,
tie-breaks. Built from a tournament in the database or from an outcome sheet (a TRF file)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date

from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games.rules.rulesets import RULESETS
from tournaments.models import Tournament
from tournaments.scoring.sheet import TournamentSheet
from tournaments.scoring.tiebreaks import TieBreakSpec, parse_tiebreaks
from tournaments.selectors import fide_mode_mark
from tournaments.trf.document import parse_trf_date


@dataclass(frozen=True)
class ReportEvent:
    name: str
    place: str = ""
    start_date: date | None = None
    end_date: date | None = None
    chief_arbiter: str = ""
    ruleset: str = ""
    """The ruleset's title, as printed."""
    system: str = ""
    variant: str = ""
    """``Chess960`` for a Chess960 event (Guidelines II); empty for standard chess."""
    time_control: str = ""
    tiebreaks: tuple[TieBreakSpec, ...] = ()
    round_robin: bool = False
    double_round_robin: bool = False
    fide_mode_mark: str = ""
    """Set when the tournament left FIDE mode (checklist A5): printed on every page."""

    @property
    def dates(self) -> str:
        """``2005-07-28 – 2005-07-31``, one date, or nothing."""
        days = [d.isoformat() for d in (self.start_date, self.end_date) if d is not None]
        if len(days) == 2 and days[0] == days[1]:
            days = days[:1]
        return " – ".join(days)

    def facts(self) -> list[str]:
        """The header's second line, piece by piece (empty fields left out)."""
        facts = [self.place, self.dates]
        if self.chief_arbiter:
            facts.append(_("Chief arbiter: %(name)s") % {"name": self.chief_arbiter})
        if self.ruleset:
            facts.append(_("Ruleset: %(ruleset)s") % {"ruleset": self.ruleset})
        if self.system:
            facts.append(self.system)
        if self.variant:
            facts.append(self.variant)
        if self.time_control:
            facts.append(self.time_control)
        return [fact for fact in facts if fact]


def tiebreak_legend(specs: Sequence[TieBreakSpec]) -> str:
    """``TB1 SB: Sonneborn-Berger · TB2 BH/C1: Buchholz, cut 1`` (empty without tie-breaks)."""
    return " · ".join(
        f"TB{index} {spec.name}: {describe_tiebreak(spec)}"
        for index, spec in enumerate(specs, start=1)
    )


def describe_tiebreak(spec: TieBreakSpec) -> str:
    words = [_(spec.definition.title)]
    if spec.cut_low and spec.cut_low == spec.cut_high:
        words.append(_("median %(n)d") % {"n": spec.cut_low})
    elif spec.cut_low:
        words.append(_("cut %(n)d") % {"n": spec.cut_low})
    if spec.played_only:
        words.append(_("played games only"))
    return ", ".join(words)


def event_for_tournament(tournament: Tournament) -> ReportEvent:
    """The header of a tournament's reports."""
    ruleset = RULESETS.get(tournament.ruleset)
    chinese = (get_language() or "").startswith("zh")
    return ReportEvent(
        name=tournament.name,
        place=", ".join(p for p in (tournament.place, tournament.federation) if p),
        start_date=tournament.start_date,
        end_date=tournament.end_date,
        chief_arbiter=tournament.chief_arbiter,
        ruleset=ruleset.title("zh" if chinese else "en") if ruleset else "",
        system=str(tournament.get_system_display()),
        variant=_("Chess960") if tournament.is_chess960 else "",
        time_control=tournament.time_control,
        tiebreaks=parse_tiebreaks(tournament.player_tiebreaks),
        round_robin=tournament.is_round_robin,
        double_round_robin=tournament.system == "double_round_robin",
        fide_mode_mark=fide_mode_mark(tournament),
    )


def event_for_sheet(
    sheet: TournamentSheet, tiebreaks: Iterable[str | TieBreakSpec] = ()
) -> ReportEvent:
    """The header of a sheet read from a TRF file (its ``012``…``122`` records)."""
    extra = sheet.extra

    def field(code: str) -> str:
        return extra.get(code, "").split("\n")[0].strip()

    start = parse_trf_date(field("042")) or sheet.start_date
    return ReportEvent(
        name=sheet.name,
        place=field("022"),
        start_date=start,
        end_date=parse_trf_date(field("052")),
        chief_arbiter=field("102"),
        system=field("092"),
        time_control=field("122"),
        tiebreaks=parse_tiebreaks(tiebreaks),
    )
