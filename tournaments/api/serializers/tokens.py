"""API tokens: listed without their key, which is shown once, on creation."""

from __future__ import annotations

from typing import Any

from rest_framework import serializers

from tournaments.api.serializers.model import ModelSerializer
from tournaments.models import ApiToken


class ApiTokenSerializer(ModelSerializer[ApiToken]):
    class Meta:
        model = ApiToken
        fields = ["id", "name", "scope", "lookup", "created_at", "last_used_at", "revoked_at"]
        read_only_fields = fields


class ApiTokenCreatedSerializer(ApiTokenSerializer):
    key = serializers.CharField(help_text="The full key: store it now, it is never shown again.")

    class Meta(ApiTokenSerializer.Meta):
        fields = [*ApiTokenSerializer.Meta.fields, "key"]
        read_only_fields = fields


class ApiTokenCreateSerializer(serializers.Serializer[Any]):
    name = serializers.CharField(max_length=100)
    scope = serializers.ChoiceField(choices=ApiToken.Scope.choices)
