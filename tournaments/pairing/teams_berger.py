"""Team round robins by the FIDE Berger tables (Handbook C.05, Annex 1), and their check.

The tables are those of individual events (:mod:`tournaments.pairing.berger`), read with
teams for players: the team pairing number (TPN) is the table number; the team the table
names first has White on board 1 (C.04.6 Art. 1.6: a team's colour in a match is its colour
on board 1), and the other boards follow the event's board colour sequence (TRF record 352).
With an odd number of teams the team that would meet the highest number has no match (a
bye). A double round robin plays the table again with the colours reversed; C.05 recommends
playing the first cycle's last two rounds in reverse order, which :func:`team_berger_rounds`
does when asked (``swap_last_two``), and which :func:`check_team_round_robin` recognises.

Framework-free.
"""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.pairing.berger import berger_rounds
from tournaments.pairing.checker import RoundFinding
from tournaments.pairing.team_swiss.check import recorded_team_pairing
from tournaments.pairing.team_swiss.state import TeamPairing
from tournaments.scoring.teams.sheet import TeamSheet

ARTICLE = "C.05 Annex 1"

Table = tuple[tuple[int, int], ...]
"""A round's tables: (White on board 1, other team); a team without a match is (team, 0)."""


def team_berger_rounds(
    teams: int, *, double: bool = False, swap_last_two: bool = False
) -> list[TeamPairing]:
    """Every round of a (double) team round robin for TPNs 1…teams, by the Berger tables."""
    return [
        TeamPairing(pairing.pairs, pairing.byes[0] if pairing.byes else None)
        for pairing in berger_rounds(teams, double=double, swap_last_two=swap_last_two)
    ]


def cycle_length(teams: int) -> int:
    """Rounds in one cycle: every team meets every other once (and each has one bye when
    the number of teams is odd)."""
    return teams - 1 + teams % 2


@dataclass(frozen=True)
class TeamRoundRobinCheck:
    rounds: tuple[RoundFinding, ...]
    double: bool
    swapped: bool
    """The first cycle's last two rounds are played in reverse order (C.05's advice for a
    double round robin)."""

    @property
    def differences(self) -> int:
        return sum(1 for finding in self.rounds if finding.has_findings)


def check_team_round_robin(sheet: TeamSheet) -> TeamRoundRobinCheck:
    """Every played round of ``sheet`` against the Berger table of its teams: the matches the
    file has and the table does not, and the other way round. A file with more rounds than
    one cycle is a double round robin; of the two orders of a double round robin's first
    cycle the one closer to the file is taken."""
    teams = len(sheet.teams)
    double = sheet.played_rounds > cycle_length(teams)
    candidates = [False, True] if double else [False]
    checks = [
        TeamRoundRobinCheck(_check_rounds(sheet, swapped), double, swapped)
        for swapped in candidates
    ]
    return min(checks, key=lambda check: check.differences)


def _check_rounds(sheet: TeamSheet, swapped: bool) -> tuple[RoundFinding, ...]:
    teams = len(sheet.teams)
    double = sheet.played_rounds > cycle_length(teams)
    schedule = team_berger_rounds(teams, double=double, swap_last_two=swapped)
    numbers = {team.number for team in sheet.teams}
    findings = []
    for number in range(1, sheet.played_rounds + 1):
        expected = schedule[number - 1] if number <= len(schedule) else None
        findings.append(_check_round(sheet, number, numbers, expected))
    return tuple(findings)


def recorded_tables(sheet: TeamSheet, number: int, teams: set[int]) -> set[tuple[int, int]]:
    """The round's matches (White on board 1 first) and each team without a match."""
    recorded = recorded_team_pairing(sheet, number)
    paired = {team for match in recorded.matches for team in match}
    return {*recorded.matches, *((team, 0) for team in teams - paired)}


def table_tables(pairing: TeamPairing) -> set[tuple[int, int]]:
    return {*pairing.matches, *(((pairing.bye, 0),) if pairing.bye is not None else ())}


def _check_round(
    sheet: TeamSheet, number: int, teams: set[int], expected: TeamPairing | None
) -> RoundFinding:
    in_file = recorded_tables(sheet, number, teams)
    boards = sum(1 for _white, black in in_file if black)
    if expected is None:
        error = f"round {number} is beyond the Berger table's rounds ({ARTICLE})"
        return RoundFinding(number, boards, errors=(error,))
    by_table = table_tables(expected)
    only_in_file = tuple(sorted(in_file - by_table))
    only_by_table = tuple(sorted(by_table - in_file))
    return RoundFinding(
        number,
        boards,
        engine=expected.pairing,
        only_in_file=only_in_file,
        only_by_engine=only_by_table,
        explanation=explain_round(number, only_in_file, only_by_table),
    )


def explain_round(number: int, only_in_file: Table, only_by_table: Table) -> str:
    """Why a round is not the table's: other colours on board 1, or other matches."""
    if not only_in_file and not only_by_table:
        return ""
    file_pairs = {frozenset(t) for t in only_in_file}
    table_pairs = {frozenset(t) for t in only_by_table}
    if file_pairs == table_pairs:
        return (
            f"the Berger table gives White on board 1 to the team it names first "
            f"({ARTICLE}); round {number} has the same matches with other colours"
        )
    moved = sorted(
        f"{a}-{b}" if b else f"{a} without a match"
        for a, b in only_by_table
        if frozenset((a, b)) not in file_pairs
    )
    return (
        f"the Berger table ({ARTICLE}) puts {', '.join(moved)} in round {number}, "
        "which the file does not"
    )
