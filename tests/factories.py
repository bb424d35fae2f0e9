"""factory-boy factories for the tournaments models (shared by every app's tests)."""

from __future__ import annotations

import functools

import factory
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import make_password

from tournaments.models import InitialColor, Pairing, PairingSystem, Player, Round, Tournament


def hashed_once(password: str) -> str:
    """``make_password``, done once for each password and hasher setting: an Argon2 hash
    costs tens of milliseconds, and the suite makes over a thousand accounts. Every login
    still checks the password against the stored hash."""
    return _hashed(password, tuple(settings.PASSWORD_HASHERS))


@functools.cache
def _hashed(password: str, hashers: tuple[str, ...]) -> str:
    return make_password(password)


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)

    username = factory.Sequence(lambda n: f"arbiter{n}")
    password = factory.django.Password("correct horse battery staple", transform=hashed_once)


class TournamentFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Tournament

    name = factory.Sequence(lambda n: f"Open {n}")
    slug = factory.Sequence(lambda n: f"open-{n}")
    system = PairingSystem.SWISS
    number_of_rounds = 5
    # As if drawn before the event: the tests' expected pairings give the top seed white.
    initial_color = InitialColor.WHITE


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    tournament = factory.SubFactory(TournamentFactory)
    name = factory.Sequence(lambda n: f"Player, {n}")
    # Numbered in creation order within the tournament, strongest first.
    start_rank = factory.LazyAttribute(lambda player: player.tournament.players.count() + 1)
    rating_standard = factory.LazyAttribute(lambda player: 2400 - 10 * player.start_rank)


class RoundFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Round

    tournament = factory.SubFactory(TournamentFactory)
    number = 1
    status = Round.Status.PUBLISHED
    paired_by = Round.PairedBy.MANUAL


class PairingFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Pairing

    round = factory.SubFactory(RoundFactory)
    board = factory.Sequence(lambda n: n + 1)
    white = factory.SubFactory(
        PlayerFactory, tournament=factory.SelfAttribute("..round.tournament")
    )
    black = factory.SubFactory(
        PlayerFactory, tournament=factory.SelfAttribute("..round.tournament")
    )


def answering(service, *args, **kwargs):
    """Call a service as an arbiter who answers each of its warnings' questions (FIDE
    checklist L55): repeat it with the answer each question names, both steps of an L4."""
    from tournaments.services import NeedsConfirmation

    confirm = ""
    for _step in range(3):
        try:
            return service(*args, confirm=confirm, **kwargs)
        except NeedsConfirmation as question:
            confirm = question.answer
    raise AssertionError("more questions than an L4 asks")


def trf_player_line(rank: int, rounds: str = "") -> str:
    """A TRF16 player line, column by column (1-based: rank 5-8, name 15-47, rating 49-52,
    federation 54-56, FIDE id 58-68, birth 70-79, points 81-84, rank 86-89, rounds from 92),
    named ``Player <rank>``."""
    fields = [
        "001",
        f"{rank:4d}",
        "    ",  # sex, title
        f"{'Player ' + str(rank):<33}",
        "1800",
        "GER",
        f"{'':>11}",
        "1990/01/01",
        " 0.0",
        f"{rank:4d}",
    ]
    return " ".join(fields) + rounds
