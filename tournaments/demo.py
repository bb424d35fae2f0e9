"""The demo events ``make run`` loads on an empty database.

A ten-player round robin part-way through and a forty-player Swiss after a few rounds, with
forfeits, byes, a withdrawal, a late entry, an adjourned game and a corrected result, all
made through the services so that the audit trail looks as it would after a real event.
Deterministic: a fixed seed decides every result.
"""

from __future__ import annotations

import random
from datetime import date, datetime, time, timedelta

from django.db import transaction
from django.utils import timezone

from tournaments.models import (
    Absence,
    InitialColor,
    Pairing,
    PairingSystem,
    Round,
    Tournament,
)
from tournaments.scoring.fide_tables import expected_score
from tournaments.services import (
    add_player,
    adjourn_game,
    assign_start_ranks,
    correct_result,
    create_tournament,
    generate_round_robin_round,
    pair_swiss_round,
    publish_round,
    record_result,
    request_absence,
    withdraw_player,
)

SLUGS = ("demo-round-robin", "demo-swiss")

# name, title, federation, sex, FIDE standard rating, birth year
ROUND_ROBIN_PLAYERS = [
    ("Novák, Tomáš", "GM", "CZE", "m", 2587, 1991),
    ("李明轩", "GM", "CHN", "m", 2571, 1998),
    ("Øvergaard, Sindre", "IM", "NOR", "m", 2486, 2001),
    ("Müller, Jörg", "IM", "GER", "m", 2463, 1985),
    ("陈思涵", "WGM", "CHN", "w", 2412, 2003),
    ("García Pérez, Iñaki", "FM", "ESP", "m", 2351, 1994),
    ("Łukasiewicz, Zofia", "WIM", "POL", "w", 2335, 1999),
    ("Şahin, Emre", "FM", "TUR", "m", 2298, 2000),
    ("Nguyễn, Thị Lan", "WFM", "VIE", "w", 2208, 2006),
    ("Dupont-Lefèvre, Amélie", "", "FRA", "w", 2150, 1989),
]

SURNAMES = [
    ("Kovačević", "CRO"),
    ("Andersson", "SWE"),
    ("Petrosyan", "ARM"),
    ("O'Brien", "IRL"),
    ("Fernández", "ARG"),
    ("Takahashi", "JPN"),
    ("Kowalczyk", "POL"),
    ("Haddad", "LBN"),
    ("Rossi", "ITA"),
    ("Van der Berg", "NED"),
    ("Dvořák", "CZE"),
    ("Ivanova", "BUL"),
    ("Costa", "POR"),
    ("Nakamura", "JPN"),
    ("Schäfer", "GER"),
    ("Papadopoulos", "GRE"),
    ("Lindqvist", "FIN"),
    ("Mendes", "BRA"),
    ("Horváth", "HUN"),
    ("Okafor", "NGR"),
]
GIVEN_NAMES = [
    ("Luka", "m"),
    ("Elsa", "w"),
    ("Aram", "m"),
    ("Siobhán", "w"),
    ("Matías", "m"),
    ("Yui", "w"),
    ("Paweł", "m"),
    ("Leila", "w"),
    ("Giulia", "w"),
    ("Daan", "m"),
    ("Jiří", "m"),
    ("Rositsa", "w"),
    ("João", "m"),
    ("Hikaru", "m"),
    ("Lena", "w"),
    ("Nikos", "m"),
    ("Aino", "w"),
    ("Thiago", "m"),
    ("Réka", "w"),
    ("Chidi", "m"),
]
CHINESE_NAMES = [
    ("王浩然", "m"),
    ("刘雨桐", "w"),
    ("张子墨", "m"),
    ("赵欣怡", "w"),
    ("黄俊杰", "m"),
    ("周佳琪", "w"),
    ("吴宇航", "m"),
    ("孙诗雨", "w"),
]
TITLES = ["GM", "IM", "IM", "FM", "WGM", "FM", "CM", "WIM", "CM", "FM"]


def swiss_players() -> list[dict[str, object]]:
    """Forty players, ratings from about 2450 down to 1450."""
    rng = random.Random(40)
    people = [
        (f"{surname}, {given}", federation, sex)
        for (surname, federation), (given, sex) in zip(SURNAMES, GIVEN_NAMES, strict=True)
    ]
    people += [
        (f"{given}, {surname}", fed, sex)
        for (surname, fed), (given, sex) in zip(
            SURNAMES[::-1], GIVEN_NAMES[5:] + GIVEN_NAMES[:5], strict=True
        )
    ][:12]
    people += [(name, "CHN", sex) for name, sex in CHINESE_NAMES]
    players = []
    for index, (name, federation, sex) in enumerate(people):
        rating = 2450 - index * 25 + rng.randint(-12, 12)
        title = TITLES[index] if index < len(TITLES) else ""
        if sex == "m" and title.startswith("W"):
            title = title[1:]
        players.append(
            {
                "name": name,
                "title": title,
                "federation": federation,
                "sex": sex,
                "rating_standard": rating,
                "birth_year": 1960 + rng.randint(0, 50),
            }
        )
    return players


def _result(rng: random.Random, white: int, black: int) -> str:
    """A result drawn with FIDE's expected score, a third of the games drawn."""
    white_expects = float(expected_score(white, black))
    roll = rng.random()
    if roll < white_expects - 1 / 6:
        return "1-0"
    if roll < white_expects + 1 / 6:
        return "1/2-1/2"
    return "0-1"


def _play(round_: Round, rng: random.Random, *, special: dict[int, str] | None = None) -> None:
    publish_round(round_)
    special = special or {}
    boards = round_.pairings.filter(black__isnull=False).select_related("white", "black")
    for board in boards:
        result = special.get(board.board) or _result(
            rng, board.white.rating_standard or 0, board.black.rating_standard or 0
        )
        if result == "adjourned":
            adjourn_game(board, user=None, reason="session ended; sealed move with the arbiter")
        else:
            record_result(board, result, source="hand", user=None)


def _round_start(tournament: Tournament, number: int) -> datetime:
    day = (tournament.start_date or date.today()) + timedelta(days=number - 1)
    return timezone.make_aware(datetime.combine(day, time(15, 0)))


def _timed(round_: Round) -> Round:
    round_.starts_at = _round_start(round_.tournament, round_.number)
    round_.save(update_fields=["starts_at"])
    return round_


def build_round_robin() -> Tournament:
    """Ten players, nine rounds; five played, round five with an adjourned game."""
    rng = random.Random(10)
    tournament = create_tournament(
        name="Spring Masters 2026",
        slug=SLUGS[0],
        system=PairingSystem.ROUND_ROBIN,
        number_of_rounds=9,
        place="Hangzhou",
        federation="CHN",
        start_date=date(2026, 11, 24),
        end_date=date(2026, 12, 2),
        chief_arbiter="IA Chen Wei",
        deputy_arbiters="FA Anna Kowalska",
        ruleset="classic",
        time_control="40/7200:3600",
        tiebreaks=["DE", "SB", "WIN", "KS"],
    )
    for name, title, federation, sex, rating, born in ROUND_ROBIN_PLAYERS:
        add_player(
            tournament,
            name=name,
            title=title,
            federation=federation,
            sex=sex,
            rating_standard=rating,
            birth_year=born,
        )
    assign_start_ranks(tournament)
    for number in range(1, 6):
        round_ = _timed(generate_round_robin_round(tournament))
        _play(round_, rng, special={3: "adjourned"} if number == 5 else None)
    # The arbiter finds that a decisive result in round 4 was in fact a draw.
    slip = (
        Pairing.objects.filter(round__tournament=tournament, round__number=4)
        .filter(result__in=["1-0", "0-1"])
        .order_by("board")
        .first()
    )
    if slip is not None:
        correct_result(
            slip, "1/2-1/2", user=None, reason="both scoresheets record a draw by agreement"
        )
    return tournament


def build_swiss() -> Tournament:
    """Forty players, nine rounds; four played, the fifth paired."""
    rng = random.Random(9)
    tournament = create_tournament(
        name="Autumn Open 2026",
        slug=SLUGS[1],
        system=PairingSystem.SWISS,
        number_of_rounds=9,
        initial_color=InitialColor.WHITE,  # drawn before the event; fixed, for a repeatable demo
        place="Ljubljana",
        federation="SLO",
        start_date=date(2026, 11, 25),
        end_date=date(2026, 12, 3),
        chief_arbiter="IA Marko Novak",
        deputy_arbiters="FA Ana Kralj, NA Tim Zupan",
        ruleset="fide2023",
        time_control="90'/40 + 30' + 30\"",
        tiebreaks=["BH/C1", "BH", "SB", "WIN"],
        unrated_rating=1400,
    )
    players = [add_player(tournament, **fields) for fields in swiss_players()[:39]]
    assign_start_ranks(tournament)
    request_absence(players[12], 2, Absence.Kind.HALF_POINT_BYE, reason="exam")
    request_absence(players[30], 3, Absence.Kind.ZERO_POINT_BYE, reason="ill")
    request_absence(players[5], 4, Absence.Kind.HALF_POINT_BYE)
    # Round 1: 39 players, so a pairing-allocated bye; a forfeit on board 9.
    _play(_timed(pair_swiss_round(tournament)), rng, special={9: "+/-"})
    add_player(tournament, **swiss_players()[39])
    _play(_timed(pair_swiss_round(tournament)), rng, special={15: "-/+"})
    withdraw_player(players[25], after_round=2, reason="left for family reasons")
    _play(_timed(pair_swiss_round(tournament)), rng, special={18: "-/-"})
    _play(_timed(pair_swiss_round(tournament)), rng)
    round_5 = _timed(pair_swiss_round(tournament))
    publish_round(round_5)
    return tournament


@transaction.atomic
def load_demo() -> list[Tournament]:
    """Replace the demo events with fresh copies."""
    Tournament.objects.filter(slug__in=SLUGS).delete()
    return [build_round_robin(), build_swiss()]
