"""A recorded team Swiss round against the absolute rules (C.04.6 2.1, 3.3.1 and 3.4).

Every team to pair is in exactly one match or has the pairing-allocated bye, and no other team
is paired (3.3.1); [C1] two teams do not meet twice, nor a forbidden pair; the bye is given
only when the number of teams is odd, to one team, and [C2] not to a team that already had a
pairing-allocated bye, won a match by forfeit or had a full-point bye.
"""

from __future__ import annotations

from collections import Counter

from tournaments.pairing.team_swiss.state import TeamPairing, TeamSwissState
from tournaments.pairing.team_swiss.teams import pairing_teams


def validate_team_round(state: TeamSwissState, pairing: TeamPairing) -> list[str]:
    """The rules ``pairing`` breaks in ``state.round``, each naming its article."""
    teams = pairing_teams(state)
    errors: list[str] = []
    seen = Counter(pairing.teams)
    for team, times in sorted(seen.items()):
        if team not in teams:
            errors.append(f"team {team} is paired but is not to be paired this round (3.3.1)")
        elif times > 1:
            errors.append(f"team {team} is paired {times} times (3.3.1)")
    missing = sorted(set(teams) - set(seen))
    if missing:
        errors.append(f"teams {missing} are not paired (3.3.1)")
    forbidden = {frozenset(pair) for pair in state.forbidden}
    for a, b in pairing.matches:
        if a in teams and b in teams[a].met:
            errors.append(f"teams {a} and {b} meet again ([C1], C.04.6 2.1.1)")
        if frozenset((a, b)) in forbidden:
            errors.append(f"teams {a} and {b} must not meet (forbidden pair, [C1])")
    if pairing.bye is not None:
        if len(teams) % 2 == 0:
            errors.append(
                f"team {pairing.bye} has the pairing-allocated bye with an even number of "
                "teams (3.4)"
            )
        elif pairing.bye in teams and teams[pairing.bye].bye_barred:
            errors.append(
                f"team {pairing.bye} cannot have the pairing-allocated bye again: it had one, "
                "won a match by forfeit or had a full-point bye ([C2], C.04.6 2.1.2)"
            )
    elif len(teams) % 2:
        errors.append("an odd number of teams and no pairing-allocated bye (3.4)")
    return errors
