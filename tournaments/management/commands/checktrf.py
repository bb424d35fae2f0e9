"""``checktrf FILE [--tiebreaks BH/C1,BH,SB]``: the free pairing and tie-break checker.

Re-pairs every round of a TRF16/TRF-2026 file with the built-in engine of its Swiss system
(record 192, or ``--system dutch|dubov|burstein|double_swiss``; the Dutch system by default,
by the rules in force when the event began, record 042: our engine for events from 1 July
2025, py4swiss for older ones; ``--rules 2025|2017`` chooses), checks each round
against the pairing rules and the final ranks against the file's tie-break list (record 202,
else ``--tiebreaks``). A team file (records 310/013) is checked as a team event
(:mod:`tournaments.pairing.team_checker`). Exit status: 0 when everything agrees, 1 when there
are findings, 2 on bad input. Nothing is stored.
"""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from tournaments.pairing.checker import (
    RULE_EDITIONS,
    CheckInputError,
    RoundFinding,
    TrfCheck,
    check_trf,
)
from tournaments.pairing.systems import SYSTEMS
from tournaments.pairing.team_checker import (
    TEAM_SYSTEMS,
    TeamTrfCheck,
    check_team_trf,
    is_team_document,
)
from tournaments.services import TournamentError
from tournaments.services.trf_exchange import read_trf_file

from ._common import bad_input, read_bytes

FINDINGS = 1


def _boards(boards: tuple[tuple[int, int], ...]) -> str:
    return ", ".join(
        f"{white} bye" if black == 0 else f"{white}-{black}" for white, black in boards
    )


class Command(BaseCommand):
    help = (
        "Check a TRF file: re-pair each round with the built-in engine, check it against the "
        "pairing rules, and check the final ranks against the tie-break list. A team file "
        "(records 310/013): the team Swiss rounds re-paired by C.04.6, or a team round robin "
        "against the Berger tables, and each team's points and rank (310) against its games "
        "and the team tie-breaks (C.07). Exit 0 when all agrees, 1 with findings, 2 on bad input."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", help="the TRF16 or TRF-2026 file")
        parser.add_argument(
            "--tiebreaks",
            help="comma-separated FIDE acronyms, e.g. BH/C1,BH,SB (for teams MP,GP,EMMSB), "
            "when the file has no record 202",
        )
        parser.add_argument(
            "--rules",
            choices=RULE_EDITIONS,
            help="the Dutch rules to re-pair by: 2025 (applied from 1 July 2025, our engine) or "
            "2017 (until 30 June 2025, py4swiss); by default those of the file's start date",
        )
        parser.add_argument(
            "--system",
            choices=(*SYSTEMS, *TEAM_SYSTEMS),
            help="the FIDE Swiss system to re-pair by; by default the one record 192 names, "
            "else the Dutch system (a team file: team_swiss or team_round_robin)",
        )

    def handle(self, *args, **options):
        path = Path(options["file"])
        try:
            document = read_trf_file(read_bytes(path), str(path))
        except TournamentError as error:
            raise bad_input("\n".join(error.problems)) from None
        tiebreaks = [t.strip() for t in (options["tiebreaks"] or "").split(",") if t.strip()]
        result: TrfCheck | TeamTrfCheck
        try:
            if is_team_document(document):
                result = check_team_trf(document, tiebreaks=tiebreaks, system=options["system"])
            else:
                result = check_trf(
                    document, tiebreaks=tiebreaks, rules=options["rules"], system=options["system"]
                )
        except CheckInputError as error:
            raise bad_input(f"{path}: {error}") from None
        for note in result.notes:
            self.stdout.write(f"Note: {note}.")
        matches = isinstance(result, TrfCheck) and result.matches
        for finding in result.rounds:
            for line in self._round_lines(finding, matches=matches):
                self.stdout.write(line)
        if isinstance(result, TeamTrfCheck):
            standings = result.standings_lines()
        else:
            standings = self._standings_lines(result)
        for line in standings:
            self.stdout.write(line)
        if result.has_findings:
            raise CommandError(
                "the file does not agree with the engine, the pairing rules or its tie-breaks",
                returncode=FINDINGS,
            )
        self.stdout.write("All rounds and ranks agree.")

    def _round_lines(self, finding: RoundFinding, *, matches: bool = False) -> list[str]:
        where = f"Round {finding.round}"
        if matches:  # a Double-Swiss match: two games, two rounds of the file
            first = 2 * finding.round - 1
            where = f"Match {finding.round} (rounds {first} and {first + 1})"
        lines = []
        if finding.engine_error:
            lines.append(f"{where}: the engine could not pair it: {finding.engine_error}")
        elif finding.engine is None:
            lines.append(f"{where}: round robin, {finding.boards} boards (not re-paired)")
        elif finding.pairing_matches:
            lines.append(f"{where}: pairing matches the engine ({finding.boards} boards)")
        else:
            lines.append(
                f"{where}: pairing differs from the engine: file {_boards(finding.only_in_file)}; "
                f"engine {_boards(finding.only_by_engine)}"
            )
            if finding.explanation:
                lines.append(f"{where}: why: {finding.explanation}")
        lines += [f"{where}: rule broken: {error}" for error in finding.errors]
        lines += [f"{where}: note: {warning}" for warning in finding.warnings]
        return lines

    def _standings_lines(self, result: TrfCheck) -> list[str]:
        names = ", ".join(spec.name for spec in result.tiebreaks) or "points only"
        heading = f"Standings ({names}; tie-breaks from {result.tiebreak_source})"
        if not result.ranked:
            return [f"{heading}: the file gives no ranks; not checked"]
        lines = [f"{heading}: {len(result.players)} of {result.ranked} ranked players disagree"]
        lines += [f"  {finding.describe()}" for finding in result.players]
        return lines
