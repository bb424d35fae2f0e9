"""The API's serializers build their fields once per class and language
(:mod:`tournaments.api.serializers.model`): the answers must be DRF's own, in either language,
and no two serializers may share a field that binding changes."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import translation
from rest_framework import serializers

from games.api.serializers.games import GameSerializer
from tournaments.api.serializers.model import ModelSerializer
from tournaments.api.serializers.rounds import PairingSerializer, RoundSerializer
from tournaments.api.serializers.tournaments import TournamentSerializer
from tournaments.models import Round, Tournament

pytestmark = pytest.mark.django_db


def _as_drf_builds_them(serializer: serializers.BaseSerializer[Any]) -> dict[str, Any]:
    """The serializer's fields as DRF builds them from the model for each instance."""
    built: dict[str, Any] = serializers.ModelSerializer.get_fields(serializer)  # type: ignore[arg-type]
    return built


def test_the_kept_fields_serialize_as_drfs_own(published: Tournament) -> None:
    round_ = Round.objects.get(tournament=published, number=1)
    for serializer_class, instance in (
        (TournamentSerializer, published),
        (RoundSerializer, round_),
        (PairingSerializer, round_.pairings.first()),
    ):
        kept = serializer_class(instance)
        fresh = serializer_class(instance)
        fresh.get_fields = lambda fresh=fresh: _as_drf_builds_them(fresh)  # type: ignore[method-assign]
        assert kept.data == fresh.data, serializer_class.__name__


def test_labels_follow_the_language_of_the_request() -> None:
    with translation.override("en"):
        english = str(TournamentSerializer().fields["system"].label)
    with translation.override("zh-hans"):
        chinese = str(TournamentSerializer().fields["system"].label)
    with translation.override("en"):
        again = str(TournamentSerializer().fields["system"].label)
    assert (english, chinese, again) == ("Pairing system", "编排制度", "Pairing system")


def test_no_two_serializers_share_a_field_that_binding_changes() -> None:
    first, second = RoundSerializer(), RoundSerializer()
    for name, field in first.fields.items():
        assert field is not second.fields[name], name
        assert field.parent is first and second.fields[name].parent is second
    # A nested serializer's own fields are bound to it, not to the kept template.
    nested_first, nested_second = GameSerializer().fields, GameSerializer().fields
    for name in nested_first:
        assert nested_first[name] is not nested_second[name]


def test_every_api_serializer_keeps_its_fields() -> None:
    """A new model serializer that derives from DRF's directly builds its fields per request
    again: every one in the API derives from ours."""
    import games.api.serializers  # noqa: F401
    import tournaments.api.serializers
    import tournaments.api.views  # noqa: F401

    def subclasses(cls: type) -> set[type]:
        return {cls, *(s for sub in cls.__subclasses__() for s in subclasses(sub))}

    direct = {
        cls.__qualname__
        for cls in subclasses(serializers.ModelSerializer)
        if cls.__module__.startswith(("tournaments.", "games."))
        and not issubclass(cls, ModelSerializer)
    }
    assert direct == set()
