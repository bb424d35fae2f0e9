"""Checking a submitted round (from an engine, the API, a TRF import or by hand).

Errors make the round illegal: a player left out or paired twice, an unknown player, a rematch
not allowed, a forbidden pair, more than one pairing-allocated bye (PAB) or a PAB to a player
who already had one or a forfeit win (C.04.1 d), a withdrawn or excused player paired.
Warnings (the FIDE checklist's L3 level: confirm or cancel) flag what is legal but unusual: a
third consecutive game with the same colour, a colour difference above 2, a rematch of a game
that was never played (a forfeit). Everything is reported at once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from tournaments.pairing.base import Pairing, PairingState
from tournaments.scoring.sheet import Color, Outcome, PlayerSheet

_REQUESTED = {
    Outcome.HALF_BYE: "asked for a half-point bye",
    Outcome.FULL_BYE: "was given a full-point bye",
    Outcome.ZERO_BYE: "is absent by notice",
}


@dataclass(frozen=True)
class RoundCheck:
    """The problems of a submitted round: ``errors`` forbid it, ``warnings`` need a confirmation."""

    errors: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    rule_breaks: list[str] = field(default_factory=list)
    """The errors an arbiter pairing by hand may override with a confirmation (checklist D29:
    a rematch, a forbidden pair, a PAB to an ineligible player); each is also in ``errors``."""
    notes: list[str] = field(default_factory=list)
    """The warnings that break no rule (two players paired again whose earlier game was not
    played, which the rules allow); each is also in ``warnings``."""

    @property
    def breaches(self) -> list[str]:
        """Every rule the round breaks: the errors and the warnings but the notes."""
        return [*self.errors, *(w for w in self.warnings if w not in self.notes)]

    def break_rule(self, message: str) -> None:
        self.errors.append(message)
        self.rule_breaks.append(message)

    @property
    def structural_errors(self) -> list[str]:
        """What no confirmation overrides: a player left out, paired twice, unknown, …"""
        return [error for error in self.errors if error not in self.rule_breaks]

    @property
    def ok(self) -> bool:
        return not self.errors


def validate_round(
    state: PairingState, pairing: Pairing, *, meetings_allowed: int = 1
) -> RoundCheck:
    """Check ``pairing`` as the pairing of ``state.round``.

    ``meetings_allowed`` is how often two players may meet in the event (2 for a double round
    robin). Messages name players by starting rank and name.
    """
    check = RoundCheck()
    known = {p.start_rank: p for p in state.sheet.players}

    def who(rank: int) -> str:
        player = known.get(rank)
        return f"player {rank} {player.name}" if player else f"player {rank}"

    for board, (white, black) in enumerate(pairing.pairs, start=1):
        for rank in (white, black):
            if rank not in known:
                check.errors.append(f"board {board}: there is no player with starting rank {rank}")
        if white == black:
            check.errors.append(f"board {board}: {who(white)} is paired with himself")
    for rank in pairing.byes:
        if rank not in known:
            check.errors.append(f"bye: there is no player with starting rank {rank}")

    # A player paired with himself is reported once, above, not also as paired twice.
    counts = Counter(pairing.players) - Counter(w for w, b in pairing.pairs if w == b)
    for rank, times in sorted(counts.items()):
        if times > 1 and rank in known:
            check.errors.append(f"{who(rank)} is paired {times} times")
    to_pair = set(state.to_pair)
    for rank in known:
        if rank in counts:
            _check_paired_player(check, state, rank, who(rank))
        elif rank in to_pair:
            check.errors.append(f"{who(rank)} is neither paired nor given a bye")

    _check_byes(check, state, pairing, known, who)
    for board, (white, black) in enumerate(pairing.pairs, start=1):
        if white in known and black in known and white != black:
            _check_pair(check, state, board, known[white], known[black], who, meetings_allowed)
    return check


def _check_paired_player(check: RoundCheck, state: PairingState, rank: int, name: str) -> None:
    if state.is_withdrawn(rank):
        withdrawn = state.sheet.player(rank).withdrawn_after
        check.errors.append(f"{name} withdrew after round {withdrawn} and cannot be paired")
    elif rank in state.requested_byes:
        reason = _REQUESTED[state.requested_byes[rank]]
        check.errors.append(f"{name} {reason} in round {state.round} and cannot be paired")


Namer = Callable[[int], str]


def _check_byes(
    check: RoundCheck,
    state: PairingState,
    pairing: Pairing,
    known: Mapping[int, PlayerSheet],
    who: Namer,
) -> None:
    if len(pairing.byes) > 1:
        names = ", ".join(who(rank) for rank in pairing.byes)
        check.errors.append(
            f"only one pairing-allocated bye per round, not {len(pairing.byes)} ({names})"
        )
    for rank in pairing.byes:
        player = known.get(rank)
        if player is None:
            continue
        earlier = [e for e in player.rounds if e.round < state.round]
        if any(e.outcome is Outcome.PAIRING_BYE for e in earlier):
            check.break_rule(f"{who(rank)} already had a pairing-allocated bye")
        elif any(e.outcome is Outcome.FORFEIT_WIN for e in earlier):
            check.break_rule(
                f"{who(rank)} already scored a forfeit win and cannot get the pairing-allocated bye"
            )


def _check_pair(
    check: RoundCheck,
    state: PairingState,
    board: int,
    white: PlayerSheet,
    black: PlayerSheet,
    who: Namer,
    meetings_allowed: int,
) -> None:
    earlier = [e for e in white.rounds if e.round < state.round and e.opponent == black.start_rank]
    played = [e for e in earlier if e.outcome.played]
    pair = f"board {board}: {who(white.start_rank)} and {who(black.start_rank)}"
    if len(played) >= meetings_allowed:
        rounds = ", ".join(str(e.round) for e in played)
        check.break_rule(f"{pair} already played each other (round {rounds})")
    elif len(earlier) > len(played):
        rounds = ", ".join(str(e.round) for e in earlier if not e.outcome.played)
        note = f"{pair} were paired before, but the game was not played (round {rounds})"
        check.warnings.append(note)
        check.notes.append(note)
    if {white.start_rank, black.start_rank} in [set(p) for p in state.forbidden]:
        check.break_rule(f"{pair} must not be paired (forbidden pair)")
    if _topscorer_exception(state, white, black):
        return  # C.04.3 C3: the last round's topscorers may break the colour rules
    for player, color in ((white, Color.WHITE), (black, Color.BLACK)):
        _check_colours(check, state, player, color, who(player.start_rank))


def _topscorer_exception(state: PairingState, white: PlayerSheet, black: PlayerSheet) -> bool:
    """Whether the pair is paired in the event's last round with a topscorer in it (C.04.3
    A.7: more than half the maximum score so far), whom the absolute colour criterion C3
    does not bind."""
    if not state.planned_rounds or state.round < state.planned_rounds:
        return False
    points = state.sheet.points
    threshold = (state.round - 1) * max(points.win, points.draw) / 2
    return any(
        sum(
            (points.points(e.outcome) for e in player.rounds if e.round < state.round),
            Fraction(0),
        )
        > threshold
        for player in (white, black)
    )


def _check_colours(
    check: RoundCheck, state: PairingState, player: PlayerSheet, color: Color, name: str
) -> None:
    history = [
        e.color
        for e in sorted(player.rounds, key=lambda e: e.round)
        if e.round < state.round and e.outcome.played and e.color is not None
    ] + [color]
    word = "white" if color is Color.WHITE else "black"
    if len(history) >= 3 and history[-3] == history[-2] == color:
        check.warnings.append(f"{name} gets {word} for the third game running")
    difference = history.count(Color.WHITE) - history.count(Color.BLACK)
    if abs(difference) > 2:
        more = "white" if difference > 0 else "black"
        check.warnings.append(
            f"{name} would have {abs(difference)} more games with {more} than with the other colour"
        )


def colour_preference(player: PlayerSheet, before_round: int) -> Color | None:
    """The colour the Dutch system (C.04.3 A.6) wants for ``player`` in ``before_round``,
    from his games played before it: the colour he had less of when the difference is not
    zero, the other colour after two games running with one, else the other colour than in
    his last game; ``None`` before his first game."""
    history = [
        e.color
        for e in sorted(player.rounds, key=lambda e: e.round)
        if e.round < before_round and e.outcome.played and e.color is not None
    ]
    if not history:
        return None
    difference = history.count(Color.WHITE) - history.count(Color.BLACK)
    if difference:
        return Color.BLACK if difference > 0 else Color.WHITE
    return Color.BLACK if history[-1] is Color.WHITE else Color.WHITE


def both_wrong_colours(state: PairingState, pairing: Pairing) -> list[str]:
    """Boards whose two players both get the colour they do not prefer (FIDE checklist D29,
    Q67): swapping the board's colours would give each his preference."""
    known = {p.start_rank: p for p in state.sheet.players}
    warnings = []
    for board, (white, black) in enumerate(pairing.pairs, start=1):
        if white not in known or black not in known:
            continue
        if (
            colour_preference(known[white], state.round) is Color.BLACK
            and colour_preference(known[black], state.round) is Color.WHITE
        ):
            warnings.append(
                f"board {board}: both players get the colour they do not prefer "
                f"(player {white} {known[white].name} is due black, player {black} "
                f"{known[black].name} white); swapping the colours would suit both"
            )
    return warnings
