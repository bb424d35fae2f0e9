"""DRF's ModelSerializer with its fields built once per class and language.

DRF builds a ModelSerializer's fields from the model's fields for every serializer instance:
for the tournament's 40 fields that was half the CPU time of a small API GET (field
arguments, validators and labels read from the model again each time). The built fields are
kept here and each instance gets copies: a plain field a shallow copy (binding it to the new
serializer only sets attributes of the copy), a field holding other fields (a nested
serializer, a list's child) a deep copy, as DRF gives every instance its declared fields, since
binding those changes the fields inside. Labels and help texts follow the language of the
request, hence the language in the key.

A read-only choice field keeps saying that it may be blank (DRF drops ``allow_blank`` from
read-only fields), so that the schema's enum admits the ``""`` the reply holds: a tournament
whose colour in round 1 is drawn by lot has ``"initial_color": ""``.
"""

from __future__ import annotations

import copy
from typing import Any, ClassVar, TypeVar

from django.db import models
from django.utils.translation import get_language
from rest_framework import serializers
from rest_framework.fields import Field

_Model = TypeVar("_Model", bound=models.Model)


class ModelSerializer(serializers.ModelSerializer[_Model]):
    _built: ClassVar[dict[tuple[type, str | None], dict[str, Field[Any, Any, Any, Any]]]] = {}

    def get_fields(self) -> dict[str, Field[Any, Any, Any, Any]]:
        key = (type(self), get_language())
        built = ModelSerializer._built.get(key)
        if built is None:
            built = ModelSerializer._built[key] = super().get_fields()
        return {name: _copied(field) for name, field in built.items()}

    def include_extra_kwargs(
        self, kwargs: dict[str, Any], extra_kwargs: dict[str, Any]
    ) -> dict[str, Any]:
        blank_choice = "choices" in kwargs and kwargs.get("allow_blank", False)
        kwargs = super().include_extra_kwargs(kwargs, extra_kwargs)
        if blank_choice:
            kwargs["allow_blank"] = True
        return kwargs


def _copied(field: Field[Any, Any, Any, Any]) -> Field[Any, Any, Any, Any]:
    if isinstance(field, serializers.BaseSerializer) or hasattr(field, "child"):
        return copy.deepcopy(field)
    return copy.copy(field)
