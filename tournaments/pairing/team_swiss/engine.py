"""The Swiss Team Pairing System engine (C.04.6, applied from 1 February 2026).

The procedure (3.3.2): the pairing-allocated bye first (3.4); then the top scoregroup, with
the upfloaters 3.5 chooses, forms a bracket paired by 3.6, again and again until every team is
paired; then the colours of every match (article 4). There are no downfloaters: a bracket
that cannot be paired takes more upfloaters. A round that cannot be completed (3.3.3, the
Chief Arbiter decides) raises :class:`PairingError`.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from tournaments.pairing.base import PairingError
from tournaments.pairing.double_swiss.criteria import RoundContext
from tournaments.pairing.double_swiss.upfloaters import choose_upfloaters, top_scoregroup
from tournaments.pairing.team_swiss.bracket import bracket_penalty, pair_bracket
from tournaments.pairing.team_swiss.bye import allocate_bye
from tournaments.pairing.team_swiss.colours import allocate_colours, table_key
from tournaments.pairing.team_swiss.criteria import Penalty, team_context
from tournaments.pairing.team_swiss.state import TeamPairing, TeamSwissState
from tournaments.pairing.team_swiss.teams import PairingTeam, pairing_teams

ENGINE_NAME = "Arbiter Team Swiss engine"
RULES = "FIDE C.04.6 (2026)"


@dataclass(frozen=True)
class Bracket:
    """One bracket as the procedure paired it: residents, upfloaters (3.5.3 order), pairs."""

    residents: tuple[int, ...]
    upfloaters: tuple[int, ...]
    pairs: tuple[tuple[int, int], ...]
    breaks_c6: bool = False
    c7: int = 0
    penalty: Penalty = field(default_factory=Penalty)


@dataclass(frozen=True)
class RoundProcedure:
    """The whole procedure's answer, for the checker and the explanations."""

    teams: dict[int, PairingTeam]
    context: RoundContext
    bye: int | None
    brackets: tuple[Bracket, ...]
    pairing: TeamPairing
    colour_articles: dict[tuple[int, int], str] = field(default_factory=dict)


def pair_round(state: TeamSwissState) -> RoundProcedure:
    """The pairing of ``state.round``, with the steps that made it."""
    teams = pairing_teams(state)
    context = team_context(state, teams)
    if len(teams) % 2 == 0 and not context.completable(teams):
        raise PairingError(_impossible(state))
    try:
        bye = allocate_bye(context)
    except PairingError as error:
        raise PairingError(f"round {state.round}: {error}") from None
    remaining = sorted(set(teams) - {bye} if bye is not None else set(teams))
    brackets: list[Bracket] = []
    while remaining:
        brackets.append(_pair_top_scoregroup(context, teams, remaining))
        paired = {team for pair in brackets[-1].pairs for team in pair}
        remaining = [team for team in remaining if team not in paired]
    pairs = [pair for bracket in brackets for pair in bracket.pairs]
    pairs.sort(key=lambda pair: table_key(teams[pair[0]], teams[pair[1]]))
    matches: list[tuple[int, int]] = []
    articles: dict[tuple[int, int], str] = {}
    for a, b in pairs:
        match, article = allocate_colours(
            teams[a], teams[b], state.initial_colour, state.secondary_for_colours
        )
        matches.append(match)
        articles[match] = article
    pairing = TeamPairing(tuple(matches), bye)
    return RoundProcedure(teams, context, bye, tuple(brackets), pairing, articles)


def _pair_top_scoregroup(
    context: RoundContext, teams: dict[int, PairingTeam], remaining: list[int]
) -> Bracket:
    residents = top_scoregroup(context, remaining)
    choice = choose_upfloaters(context, remaining)
    bracket = [*residents, *choice.upfloaters]
    pairs = pair_bracket(context, teams, bracket, choice.upfloaters)
    penalty = bracket_penalty(context, teams, pairs, choice.upfloaters)
    return Bracket(
        tuple(residents), choice.upfloaters, tuple(pairs), choice.breaks_c6, choice.c7, penalty
    )


def _impossible(state: TeamSwissState) -> str:
    return (
        f"round {state.round} cannot be paired: no pairing of the teams keeps them from "
        "meeting again ([C1], C.04.6 3.3.3: the Chief Arbiter decides)"
    )


@dataclass(frozen=True)
class TeamSwissEngine:
    """Pairs a round of a team Swiss by FIDE C.04.6 (2026)."""

    @property
    def label(self) -> str:
        return f"{ENGINE_NAME}, {RULES}"

    def pair(self, state: TeamSwissState) -> TeamPairing:
        """The matches of ``state.round`` as (White on board 1, other) in table order, and
        the pairing-allocated bye."""
        return pair_round(state).pairing
