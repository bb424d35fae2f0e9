"""The three rulesets a tournament can choose, as data.

Every number the Laws name (one hour, five minutes, fifty moves, a quarter of the first
period, fifteen moves, three offers, …) is a field here with the Laws' value as its default,
so a ruling never branches on a ruleset's name: it reads the setting. An organiser's own
values (e.g. fide2023's default time) come in through :func:`get_ruleset`'s overrides.
"""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass
from datetime import date
from typing import Any

import chess

from games.rules.articles import (
    CLASSIC_ARTICLES,
    FIDE2023_ARTICLES,
    ONLINE_ARTICLES,
    ArticleTable,
)
from games.rules.material import NamedPosition, material_of


class ClaimPenalty(enum.Enum):
    """Who pays for an incorrect draw claim (10.13(2))."""

    CLAIMANT_USED_TIME = "claimant_used_time"
    """The claimant's used time grows by the penalty; he loses if that exceeds his time."""

    OPPONENT_EXTRA_TIME = "opponent_extra_time"
    """The claimant's opponent receives the penalty as extra time."""


class ColoursReversedRule(enum.Enum):
    """When a game begun with the colours reversed goes on (classic 8.6, 2023 7.3)."""

    FIRST_PERIOD_SHARE = "first_period_share"
    """classic 8.6: play continues once more than ``colours_reversed_fraction`` of the first
    period's time has been used; before that the arbiter may have the game restarted."""

    MOVE_COUNT = "move_count"
    """2023 7.3: before both players have made ``colours_reversed_moves`` moves the game is
    discontinued and a new game played with the right colours; after that it continues."""


class OnlineRatingTable(enum.Enum):
    """The online room's two rating-change tables (seed 002)."""

    FIRST = "first"
    SECOND = "second"


@dataclass(frozen=True, kw_only=True)
class Ruleset:
    """One ruleset's settings. Times are in seconds, counts in full moves unless named plies."""

    name: str
    title_en: str
    title_zh: str
    # The article each ruling cites, by concept (see :mod:`games.rules.articles`).
    articles: ArticleTable

    # Adjournment and sealed moves (classic only).
    adjournment: bool
    # 10.15 / 10.17: a player arriving more than this after the session start loses.
    # ``None`` means the ruleset has no default by lateness (online play).
    default_time: int | None
    # 10.13: a wrong draw claim.
    claim_penalty: ClaimPenalty
    claim_penalty_seconds: int
    # 10.12: fifty-move rule; whether a claim may rest on a written, not yet played move.
    fifty_move_count: int = 50
    fifty_move_written_move: bool = False
    # 10.12: the organiser's higher counts for positions he names before the event.
    fifty_move_named_positions: tuple[NamedPosition, ...] = ()
    # fide2023 9.6: positions ending the game without a claim.
    fivefold_repetition_ends_game: bool = False
    seventy_five_move_rule: bool = False
    seventy_five_move_count: int = 75
    # Flag fall (classic 10.14 with 10.5: a draw only against a lone king; fide2023 6.9: a
    # draw whenever the opponent cannot checkmate by any series of legal moves).
    flag_fall_draw_if_no_mate_possible: bool = False
    # Illegal moves (modern Laws 7.5): time to the opponent, and the count that loses.
    illegal_move_opponent_bonus: int = 0
    illegal_moves_to_lose: int | None = None
    # Illegal moves and displaced pieces when the position before the irregularity cannot
    # be determined: classic 8.1/8.2 annul the game; 2023 7.5.1/7.6 continue "from the last
    # identifiable position prior to the irregularity".
    continue_from_last_identifiable_position: bool = False
    # Colours reversed: classic 8.6 by the share of the first period's time used, 2023 7.3
    # by the moves both players have made.
    colours_reversed_rule: ColoursReversedRule = ColoursReversedRule.FIRST_PERIOD_SHARE
    colours_reversed_fraction: float = 0.25
    colours_reversed_moves: int = 10
    # 11.2 / 2023 8.4: below this much time left before the control, a player need not keep
    # score — under 2023 only without "additional time of 30 seconds or more added with
    # each move" (``None``: the increment does not matter).
    scoresheet_exemption: int = 300
    scoresheet_exemption_increment_limit: float | None = None
    # 2023 5.1.2: a resignation is a draw when the opponent cannot checkmate the resigner's
    # king by any series of legal moves (classic 10.2: a resignation always loses).
    resignation_draw_if_no_mate_possible: bool = False
    # 2023 5.2.2: a dead position "immediately ends the game", so a resignation or a draw
    # claim made in one comes too late: the game was already drawn.
    dead_position_ends_game: bool = False
    # The online room's house rules (``None``/0 where a rule does not exist).
    resign_min_moves: int = 0
    flag_fall_void_max_moves: int = 0
    draw_offer_min_moves: int = 0
    # Online (seed 003): an offer only on one's own turn, made together with one's move.
    draw_offer_own_turn_only: bool = False
    draw_offers_max: int | None = None
    draw_offer_needs_opponent_offer_after_rejection: bool = False
    auto_draw_quiet_moves: int | None = None
    auto_draw_consecutive_checks: int | None = None
    auto_draw_total_checks: int | None = None
    king_into_check_fouls_to_lose: int | None = None
    abandonment_loss_multiplier: int = 1
    abandonment_draw_after_moves: int | None = None
    online_rating_table: OnlineRatingTable | None = None

    def fifty_move_count_for(self, board: chess.Board) -> int:
        """The moves each side must make without a pawn move or capture in ``board``'s
        position: the organiser's count if he named the position (by its material), else
        the ruleset's."""
        material = material_of(board)
        for named in self.fifty_move_named_positions:
            if named.material == material:
                return named.moves
        return self.fifty_move_count

    def article(self, concept: str) -> str:
        """The article this ruleset cites for ``concept``; an unknown concept raises
        :class:`~games.rules.articles.UnknownConceptError`."""
        return self.articles.article(concept)

    @property
    def voids_games(self) -> bool:
        """Whether a game may end void, with no result (the online room's early flag fall)."""
        return self.flag_fall_void_max_moves > 0

    def title(self, language: str) -> str:
        """The ruleset's name in ``language`` (Simplified Chinese for ``zh…``, else English)."""
        return self.title_zh if language.lower().startswith("zh") else self.title_en

    def with_overrides(self, **overrides: Any) -> Ruleset:
        """The same ruleset with an organiser's announced values."""
        unknown = set(overrides) - {f.name for f in dataclasses.fields(self)}
        if unknown:
            raise ValueError(f"unknown ruleset settings: {', '.join(sorted(unknown))}")
        return dataclasses.replace(self, **overrides)


CLASSIC = Ruleset(
    name="classic",
    title_en="FIDE Laws of Chess (adjournment era)",
    title_zh="国际象棋竞赛规则（封棋时代）",
    articles=CLASSIC_ARTICLES,
    adjournment=True,
    default_time=3600,
    claim_penalty=ClaimPenalty.CLAIMANT_USED_TIME,
    claim_penalty_seconds=300,
)

FIDE2023 = Ruleset(
    name="fide2023",
    title_en="FIDE Laws of Chess (2023)",
    title_zh="国际棋联国际象棋竞赛规则（2023）",
    articles=FIDE2023_ARTICLES,
    adjournment=False,
    default_time=0,
    claim_penalty=ClaimPenalty.OPPONENT_EXTRA_TIME,
    claim_penalty_seconds=120,
    fifty_move_written_move=True,
    fivefold_repetition_ends_game=True,
    seventy_five_move_rule=True,
    flag_fall_draw_if_no_mate_possible=True,
    illegal_move_opponent_bonus=120,
    illegal_moves_to_lose=2,
    continue_from_last_identifiable_position=True,
    colours_reversed_rule=ColoursReversedRule.MOVE_COUNT,
    scoresheet_exemption_increment_limit=30,
    resignation_draw_if_no_mate_possible=True,
    dead_position_ends_game=True,
)

ONLINE = Ruleset(
    name="online",
    title_en="Online chess room house rules",
    title_zh="网络棋室规则",
    articles=ONLINE_ARTICLES,
    adjournment=False,
    default_time=None,
    claim_penalty=ClaimPenalty.OPPONENT_EXTRA_TIME,
    claim_penalty_seconds=0,
    resign_min_moves=15,
    flag_fall_void_max_moves=5,
    draw_offer_min_moves=15,
    draw_offer_own_turn_only=True,
    draw_offers_max=3,
    draw_offer_needs_opponent_offer_after_rejection=True,
    auto_draw_quiet_moves=30,
    auto_draw_consecutive_checks=10,
    auto_draw_total_checks=30,
    king_into_check_fouls_to_lose=3,
    abandonment_loss_multiplier=3,
    abandonment_draw_after_moves=25,
    online_rating_table=OnlineRatingTable.FIRST,
)

ONLINE_BANDS = dataclasses.replace(
    ONLINE,
    name="online_bands",
    title_en="Online chess room house rules, later rating table",
    title_zh="网络棋室规则（后期等级分表）",
    online_rating_table=OnlineRatingTable.SECOND,
)
"""The same house rules with the room's later rating table (fixed amounts by bands)."""

RULESETS: dict[str, Ruleset] = {r.name: r for r in (CLASSIC, FIDE2023, ONLINE, ONLINE_BANDS)}

LAWS_IN_FORCE: tuple[tuple[date, str], ...] = ((date(2023, 1, 1), FIDE2023.name),)
"""The ruleset of the FIDE Laws in force from each date on, oldest first; before the first,
the adjournment-era Laws (``classic``)."""


def ruleset_in_force(day: date) -> str:
    """The ruleset of the Laws in force on ``day``: a new event's when none is chosen (its
    start date, else today), so that an event of 2026 is not played under the Laws of the
    adjournment era."""
    name = CLASSIC.name
    for since, ruleset in LAWS_IN_FORCE:
        if day >= since:
            name = ruleset
    return name


def get_ruleset(name: str, **overrides: Any) -> Ruleset:
    """The ruleset called ``name``, with any organiser's overrides applied."""
    try:
        ruleset = RULESETS[name]
    except KeyError:
        known = ", ".join(RULESETS)
        raise ValueError(f"unknown ruleset {name!r}: expected one of {known}") from None
    return ruleset.with_overrides(**overrides) if overrides else ruleset
