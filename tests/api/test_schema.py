"""The OpenAPI document: valid OpenAPI 3, and every API route is in it."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.urls import URLPattern, URLResolver, get_resolver
from drf_spectacular.validation import validate_schema
from rest_framework.test import APIClient


def api_routes() -> set[str]:
    """Every route under /api/v1/, in OpenAPI's ``{name}`` form."""
    routes = set()

    def walk(patterns: list[Any], prefix: str) -> None:
        for pattern in patterns:
            text = prefix + str(pattern.pattern)
            if isinstance(pattern, URLResolver):
                walk(pattern.url_patterns, text)
            elif isinstance(pattern, URLPattern) and text.startswith("api/v1/"):
                routes.add("/" + re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", text))

    walk(get_resolver().url_patterns, "")
    return routes


@pytest.fixture(scope="module")
def schema() -> dict[str, Any]:
    response = APIClient().get("/api/schema/", {"format": "json"})
    assert response.status_code == 200
    return response.json()


def test_the_schema_is_valid_openapi_3(schema: dict[str, Any]) -> None:
    assert schema["openapi"].startswith("3.")
    validate_schema(schema)  # raises on any violation of the OpenAPI 3 JSON schema


def test_every_route_is_documented(schema: dict[str, Any]) -> None:
    routes = api_routes()
    assert len(routes) >= 20
    assert routes <= set(schema["paths"]), routes - set(schema["paths"])


def test_every_operation_documents_its_errors(schema: dict[str, Any]) -> None:
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            errors = [code for code in operation["responses"] if code.startswith("4")]
            assert errors, (method, path)
            for code in errors:
                body = operation["responses"][code]["content"]["application/json"]["schema"]
                assert body == {"$ref": "#/components/schemas/Error"}, (method, path, code)


def test_the_documentation_page_answers() -> None:
    response = APIClient().get("/api/docs/")
    assert response.status_code == 200
    assert b"/api/schema/" in response.content


def test_blank_choices_the_api_returns_are_in_the_schema_and_key_errors_documented(client):
    """Issue: TitleEnum, SexEnum and ByeEnum omitted "" though the API returns it; the 400
    for a bad Idempotency-Key was undocumented (rounds_publish)."""
    schema = client.get("/api/schema/", {"format": "json"}).json()
    components = schema["components"]["schemas"]
    blank = {"$ref": "#/components/schemas/BlankEnum"}
    assert blank in components["Player"]["properties"]["title"]["oneOf"]
    assert blank in components["Player"]["properties"]["sex"]["oneOf"]
    assert blank in components["Pairing"]["properties"]["bye"]["oneOf"]
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            names = [p["name"] for p in operation.get("parameters", [])]
            if "Idempotency-Key" in names:
                assert "400" in operation["responses"], (method, path)


@pytest.mark.django_db
def test_the_api_root_lists_the_resources(client):
    root = client.get("/api/v1/")
    assert root.status_code == 200
    links = root.json()
    assert links["tournaments"].endswith("/api/v1/tournaments/")
    assert links["tournament"]["standings"].endswith("/api/v1/tournaments/{slug}/standings/")
    assert client.get(links["tournaments"]).status_code == 200
    assert links["documentation"].endswith("/api/docs/")


@pytest.mark.django_db
def test_the_documentation_page_needs_nothing_from_the_internet(client):
    page = client.get("/api/docs/").content.decode()
    external = re.findall(r'(?:src|href)="(https?://[^"]+)"', page)
    assert external == []
    script = re.search(r'<script src="([^"]+)"', page).group(1)
    assert script.startswith("/static/")
    assert "redoc" in script
    served = client.get(script)
    assert served.status_code == 200
    assert b"Redoc" in b"".join(served.streaming_content)


@pytest.mark.django_db
def test_the_api_roots_schema_names_every_field_it_returns(client, schema):
    """Issue: the root's reply was documented as a bare object, which the documentation
    page showed as "property1", "property2"."""

    def properties(node: dict[str, Any]) -> dict[str, Any]:
        while "$ref" in node or "allOf" in node:
            node = node["allOf"][0] if "allOf" in node else node
            node = schema["components"]["schemas"][node["$ref"].rsplit("/", 1)[1]]
        return node["properties"]

    content = schema["paths"]["/api/v1/"]["get"]["responses"]["200"]["content"]
    documented = properties(content["application/json"]["schema"])
    links = client.get("/api/v1/").json()
    assert set(documented) == set(links)
    assert set(properties(documented["tournament"])) == set(links["tournament"])
    assert documented["tournaments"]["format"] == "uri"
    assert all(field.get("description") for field in documented.values())
