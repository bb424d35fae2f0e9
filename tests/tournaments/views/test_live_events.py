"""The live round page's event stream (server-sent events from the asynchronous server):
the first event carries the version, a result entered brings the next one, and it is
refused to whoever may not read the tournament, as the polled version is."""

from __future__ import annotations

import asyncio
import json
from collections.abc import AsyncIterator, Awaitable, Callable
from typing import Any

import pytest
from asgiref.sync import async_to_sync, sync_to_async
from django.test import AsyncClient, Client
from django.urls import reverse

from tests.factories import UserFactory
from tests.tournaments.views.test_live import _put_result, live_event
from tournaments.models import Tournament

# Real commits: the version is bumped when a write commits (tournaments.versions).
pytestmark = pytest.mark.django_db(transaction=True)

GUARD = 60.0
"""Seconds after which a stream that never answers fails the test instead of hanging it."""


@pytest.fixture
def chief() -> Any:
    return UserFactory(username="chief")


@pytest.fixture
def event(chief: Any) -> Tournament:
    return live_event(chief)


def _url(event: Tournament) -> str:
    return reverse("tournaments:version_events", args=[event.pk])


def _run(scenario: Callable[[], Awaitable[None]]) -> None:
    async def guarded() -> None:
        async with asyncio.timeout(GUARD):
            await scenario()

    async_to_sync(guarded)()


def _versions(chunk: bytes) -> list[int]:
    """The versions the chunk's events carry (comments and the retry hint carry none)."""
    return [
        json.loads(line.removeprefix("data:"))["version"]
        for line in chunk.decode().splitlines()
        if line.startswith("data:")
    ]


async def _next_event(stream: AsyncIterator[bytes]) -> list[int]:
    """The versions of the next chunk that carries any (a keep-alive carries none)."""
    while not (versions := _versions(await anext(stream))):
        pass
    return versions


def test_the_first_event_is_the_version_and_a_result_entered_sends_the_next(
    event: Tournament, chief: Any
) -> None:
    async def scenario() -> None:
        reply = await AsyncClient().get(_url(event))
        assert reply.status_code == 200
        assert reply["Content-Type"] == "text/event-stream"
        assert reply["Cache-Control"] == "no-cache"
        stream = aiter(reply.streaming_content)
        first = await anext(stream)
        assert first.decode().startswith("retry: 5000\n")
        assert _versions(first) == [event.version]

        await sync_to_async(_put_result)(event, chief, 1, "1-0")
        fresh = await sync_to_async(Tournament.objects.get)(pk=event.pk)
        assert fresh.version > event.version
        assert await _next_event(stream) == [fresh.version]

        await sync_to_async(_put_result)(event, chief, 2, "1/2-1/2")
        again = await sync_to_async(Tournament.objects.get)(pk=event.pk)
        assert await _next_event(stream) == [again.version]
        await stream.aclose()

    _run(scenario)


def test_two_streams_of_one_tournament_both_see_the_result(event: Tournament, chief: Any) -> None:
    async def scenario() -> None:
        streams = [aiter((await AsyncClient().get(_url(event))).streaming_content) for _ in "ab"]
        for stream in streams:
            assert _versions(await anext(stream)) == [event.version]
        await sync_to_async(_put_result)(event, chief, 1, "0-1")
        fresh = await sync_to_async(Tournament.objects.get)(pk=event.pk)
        for stream in streams:
            assert await _next_event(stream) == [fresh.version]
            await stream.aclose()

    _run(scenario)


def test_the_stream_ends_when_its_tournament_is_deleted(event: Tournament) -> None:
    async def scenario() -> None:
        stream = aiter((await AsyncClient().get(_url(event))).streaming_content)
        assert _versions(await anext(stream)) == [event.version]
        await sync_to_async(Tournament.objects.filter(pk=event.pk).delete)()
        with pytest.raises(StopAsyncIteration):
            await _next_event(stream)

    _run(scenario)


def test_a_private_tournament_s_stream_is_refused_like_its_version(chief: Any) -> None:
    event = live_event(chief, public=False)
    poll = reverse("tournaments:version", args=[event.pk])
    stranger = UserFactory(username="stranger")

    async def scenario() -> None:
        anonymous = await AsyncClient().get(_url(event))
        assert anonymous.status_code == 302
        assert anonymous["Location"] == (await AsyncClient().get(poll))["Location"].replace(
            poll, _url(event)
        )
        assert anonymous["Location"].startswith(reverse("login"))
        client = AsyncClient()
        await sync_to_async(client.force_login)(stranger)
        assert (await client.get(_url(event))).status_code == 404
        assert (await client.get(poll)).status_code == 404
        arbiter = AsyncClient()
        await sync_to_async(arbiter.force_login)(chief)
        reply = await arbiter.get(_url(event))
        assert reply.status_code == 200
        stream = aiter(reply.streaming_content)
        assert _versions(await anext(stream)) == [event.version]
        await stream.aclose()

    _run(scenario)


def test_an_unknown_tournament_s_stream_is_404_for_a_logged_in_user(chief: Any) -> None:
    async def scenario() -> None:
        client = AsyncClient()
        await sync_to_async(client.force_login)(chief)
        unknown = reverse("tournaments:version_events", args=[999_999])
        assert (await client.get(unknown)).status_code == 404
        assert (await client.post(_url(await _first_public()))).status_code == 405

    async def _first_public() -> Tournament:
        return await Tournament.objects.aget(public=True)

    live_event(chief)
    _run(scenario)


def test_under_wsgi_the_stream_is_refused_at_once_so_the_page_polls(event: Tournament) -> None:
    reply = Client().get(_url(event))
    assert reply.status_code == 503
    assert not reply.streaming
    assert "asynchronous server" in reply.content.decode()
