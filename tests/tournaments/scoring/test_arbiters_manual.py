"""The worked unplayed-round examples of the FIDE Arbiters' Manual 2026 (C.07 annex).

The manual gives, for each example, the player's rounds and each opponent's rating and final
score (Laxman, 1st SOA GM 2024) or only the totals that matter. The events are rebuilt here
from exactly those inputs: each opponent meets the player once and reaches his final score
through byes placed before a full-point bye, so that his score counts at face value.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from fractions import Fraction

import pytest

from tests.tournaments.scoring.tiebreak_data import load_json
from tournaments.scoring.sheet import Outcome, PlayerSheet, RoundEntry, TournamentSheet
from tournaments.scoring.tiebreaks import Regulations, TieBreakCalculator, TieBreakSettings

EXAMPLES = load_json("arbiters_manual_2026_examples.json")
REVERSED = {
    Outcome.WIN: Outcome.LOSS,
    Outcome.DRAW: Outcome.DRAW,
    Outcome.LOSS: Outcome.WIN,
    Outcome.FORFEIT_WIN: Outcome.FORFEIT_LOSS,
    Outcome.FORFEIT_LOSS: Outcome.FORFEIT_WIN,
}
# Each example is one player's Swiss; with ten players in nine rounds it would look like a
# round robin.
SWISS = TieBreakSettings(round_robin=False)
BY_SCORE = {Fraction(1): Outcome.WIN, Fraction(1, 2): Outcome.DRAW, Fraction(0): Outcome.LOSS}


@dataclass(frozen=True)
class Opponent:
    round: int
    outcome: Outcome
    """The player's outcome against him."""
    final_points: Fraction
    rating: int = 2000
    excluded: bool = False
    """Excluded after this round: absent from every later round."""


def _opponent_rounds(opponent: Opponent, rounds: int, number: int) -> list[RoundEntry]:
    theirs = REVERSED[opponent.outcome]
    entries = [RoundEntry(opponent.round, theirs, opponent=1)]
    others = [r for r in range(1, rounds + 1) if r != opponent.round]
    if opponent.excluded:
        return entries  # the later rounds stay empty: not paired
    rest = opponent.final_points - (1 if theirs in (Outcome.WIN, Outcome.FORFEIT_WIN) else 0)
    rest -= Fraction(1, 2) if theirs is Outcome.DRAW else 0
    full, half = int(rest), int((rest - int(rest)) * 2)
    byes = (
        [Outcome.ZERO_BYE] * (len(others) - full - half)
        + [Outcome.HALF_BYE] * half
        + [Outcome.FULL_BYE] * full
    )
    assert byes[-1] is Outcome.FULL_BYE, f"opponent {number} would end on a voluntary bye"
    return entries + [RoundEntry(r, bye) for r, bye in zip(others, byes, strict=True)]


def _event(
    rounds: int,
    own: Sequence[tuple[int, Outcome]],
    opponents: Sequence[Opponent],
    start: date,
) -> TournamentSheet:
    entries = [RoundEntry(r, outcome) for r, outcome in own]
    players = []
    for number, opponent in enumerate(opponents, start=2):
        entries.append(RoundEntry(opponent.round, opponent.outcome, opponent=number))
        players.append(
            PlayerSheet(
                number,
                f"Opponent {number}",
                rating=opponent.rating,
                rounds=tuple(_opponent_rounds(opponent, rounds, number)),
            )
        )
    player = PlayerSheet(1, "Player", rating=2400, rounds=tuple(entries))
    return TournamentSheet("example", rounds, [player, *players], start_date=start)


def _values(sheet: TournamentSheet, regulations: Regulations) -> dict[str, Fraction | None]:
    calculator = TieBreakCalculator(sheet, TieBreakSettings(regulations, round_robin=False))
    return {code: calculator.values(code)[1] for code in ("BH", "BH/C1", "SB")}


@pytest.mark.parametrize(
    ("regulations", "expected"),
    [
        (Regulations.FIDE_2024, EXAMPLES["laxman_soa_gm_2024"]["expected_2024_rules"]),
        (Regulations.FIDE_2026, EXAMPLES["laxman_soa_gm_2024"]["expected_2026_rules"]),
    ],
)
def test_laxman(regulations: Regulations, expected: dict[str, float]) -> None:
    example = EXAMPLES["laxman_soa_gm_2024"]
    opponents = [
        Opponent(
            game["round"],
            BY_SCORE[Fraction(game["result"])],
            Fraction(game["opponent_final_points"]),
            game["opponent_rating"],
        )
        for game in example["rounds"]
        if "opponent_rating" in game
    ]
    event = _event(10, [(4, Outcome.ZERO_BYE)], opponents, date(2024, 5, 1))
    assert TieBreakCalculator(event, SWISS).points[1] == Fraction(example["player"]["points"])
    assert _values(event, regulations) == {
        "BH": Fraction(expected["BH"]),
        "BH/C1": Fraction(expected["BH_C1"]),
        "SB": Fraction(expected["SB"]),
    }


def _summary(identifier: str) -> dict[str, float]:
    for example in EXAMPLES["summary_examples"]:
        if example["id"] == identifier:
            return dict(example["expected"])
    raise KeyError(identifier)


def _games(rounds: Sequence[int], score: Fraction, finals: Sequence[Fraction]) -> list[Opponent]:
    """Played games in ``rounds`` worth ``score`` to the player (wins first, then a draw, then
    losses) against opponents finishing on ``finals``."""
    outcomes = [Outcome.WIN] * int(score) + [Outcome.DRAW] * int((score - int(score)) * 2)
    outcomes += [Outcome.LOSS] * (len(rounds) - len(outcomes))
    return [Opponent(r, o, f) for r, o, f in zip(rounds, outcomes, finals, strict=True)]


def _buchholz(event: TournamentSheet) -> dict[str, Fraction | None]:
    return {
        "BH_2024": _values(event, Regulations.FIDE_2024)["BH"],
        "BH_2026": _values(event, Regulations.FIDE_2026)["BH"],
    }


def test_ex01_forfeit_win_capped_at_the_opponents_score() -> None:
    # 7.0/9 with a forfeit win in round 7 over an opponent whose adjusted score is 5.5; the
    # eight opponents met over the board total 44.
    played = _games([1, 2, 3, 4, 5, 6, 8, 9], Fraction(6), [Fraction(11, 2)] * 8)
    event = _event(
        9, [], [*played, Opponent(7, Outcome.FORFEIT_WIN, Fraction(11, 2))], date(2025, 1, 1)
    )
    assert _buchholz(event) == {k: Fraction(v) for k, v in _summary("Ex01").items()}


def test_ex02_a_bye_below_half_the_rounds_is_not_capped() -> None:
    # 4.0/9 with a round-1 bye: the dummy opponent is worth 4.0 under both rules.
    played = _games(list(range(2, 10)), Fraction(3), [Fraction(4)] * 8)
    event = _event(9, [(1, Outcome.PAIRING_BYE)], played, date(2025, 1, 1))
    dummy = Fraction(_summary("Ex02")["dummy_contribution_both_rules"])
    assert _buchholz(event) == {"BH_2024": 32 + dummy, "BH_2026": 32 + dummy}


def test_ex03_forfeit_loss_and_withdrawal() -> None:
    # 6.5/10: a forfeit loss in round 5 (to an opponent on 7.0) and absent in round 10 after
    # withdrawing; the eight opponents met over the board total 51.5.
    finals = [Fraction(13, 2)] * 7 + [Fraction(6)]
    played = _games([1, 2, 3, 4, 6, 7, 8, 9], Fraction(13, 2), finals)
    opponents = [*played, Opponent(5, Outcome.FORFEIT_LOSS, Fraction(7))]
    event = _event(10, [], opponents, date(2025, 1, 1))
    assert _buchholz(event) == {k: Fraction(v) for k, v in _summary("Ex03").items()}


def test_ex04_forfeit_win_over_an_excluded_opponent() -> None:
    # 9.5/10 with a round-1 forfeit win over an opponent then excluded: his nine absent rounds
    # count as draws, an adjusted 4.5; the nine opponents met over the board total 64.5.
    finals = [Fraction(7)] * 8 + [Fraction(17, 2)]
    played = _games(list(range(2, 11)), Fraction(17, 2), finals)
    excluded = Opponent(1, Outcome.FORFEIT_WIN, Fraction(0), excluded=True)
    event = _event(10, [], [*played, excluded], date(2025, 1, 1))
    assert TieBreakCalculator(event, SWISS).adjusted_scores()[11] == Fraction(9, 2)
    assert _buchholz(event) == {k: Fraction(v) for k, v in _summary("Ex04").items()}
