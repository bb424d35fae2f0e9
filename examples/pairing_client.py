#!/usr/bin/env python3
"""A reference client of the Arbiter REST API, playing the part of a pairing program.

It creates a tournament, registers its players, pairs each round on the server (round robin,
FIDE Berger tables), publishes it, posts the round's results in one batch and prints the
standings. It uses only the documented API (``/api/schema/``) and the standard library.

    python examples/pairing_client.py --url http://127.0.0.1:8000 --user chief \\
        examples/held_round_robin.json

Before pairing a round it reads the tournament as TRF (``GET …/trf/``, ``Accept:
text/plain``), as a pairing engine would: a round already paired there (a draft left by an
earlier run) is published as it stands, not paired again.

The user must be allowed to create tournaments; the password is asked for, or read from
``ARBITER_PASSWORD``. The account is used twice only: to create the tournament and a
``pairing`` token for it; every later request uses the token, as a pairing program would.
Every write carries an ``Idempotency-Key``, so that a retried request never writes twice.
"""

from __future__ import annotations

import argparse
import base64
import getpass
import json
import os
import sys
import urllib.error
import urllib.request
import uuid
from typing import Any


class ApiError(Exception):
    """A refused request, with the server's error body."""

    def __init__(self, status: int, body: dict[str, Any]) -> None:
        self.status, self.body = status, body
        problems = "; ".join(e["detail"] for e in body.get("errors", [])) or body.get("detail")
        super().__init__(f"HTTP {status} {body.get('code', '')}: {problems}")


class Client:
    def __init__(self, base_url: str, authorization: str) -> None:
        self.base_url = base_url.rstrip("/") + "/api/v1/"
        self.authorization = authorization

    def request(
        self, method: str, path: str, body: Any = None, *, if_match: str | None = None
    ) -> tuple[Any, dict[str, str]]:
        headers = {"Authorization": self.authorization, "Accept": "application/json"}
        data = None
        if method != "GET":
            headers["Idempotency-Key"] = str(uuid.uuid4())
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        if if_match:
            headers["If-Match"] = if_match
        request = urllib.request.Request(
            self.base_url + path, data=data, headers=headers, method=method
        )
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                text = response.read().decode()
                return (json.loads(text) if text else None), dict(response.headers)
        except urllib.error.HTTPError as error:
            raise ApiError(error.code, json.loads(error.read().decode() or "{}")) from None

    def get(self, path: str) -> Any:
        return self.request("GET", path)[0]

    def trf(self, slug: str) -> str:
        """The tournament as TRF16, asked for as a pairing engine asks (``text/plain``)."""
        request = urllib.request.Request(
            self.base_url + f"tournaments/{slug}/trf/",
            headers={"Authorization": self.authorization, "Accept": "text/plain"},
        )
        try:
            with urllib.request.urlopen(request, timeout=60) as response:
                return str(response.read().decode("utf-8"))
        except urllib.error.HTTPError as error:
            raise ApiError(error.code, json.loads(error.read().decode() or "{}")) from None


ROUNDS_START, BLOCK = 89, 10
"""Where a TRF player line's round blocks start (0-based column) and how wide each is."""


def read_trf_games(text: str) -> dict[int, dict[int, tuple[int | None, str, str]]]:
    """Each round's blocks by starting rank: (opponent or None, colour, result code).

    A game paired but not yet played has a blank result code; a blank block is no entry."""
    rounds: dict[int, dict[int, tuple[int | None, str, str]]] = {}
    for line in text.splitlines():
        if not line.startswith("001"):
            continue
        rank = int(line[4:8])
        for number, start in enumerate(range(ROUNDS_START, len(line), BLOCK), start=1):
            block = line[start : start + BLOCK].ljust(BLOCK)
            if not block.strip():
                continue
            opponent = block[2:6].strip()
            rounds.setdefault(number, {})[rank] = (
                int(opponent) if opponent.strip("0") else None,
                block[7].strip(),
                block[9].strip(),
            )
    return rounds


def paired_rounds(text: str) -> int:
    """The last round with a game in the TRF (played or not yet)."""
    games = read_trf_games(text)
    return max((n for n, blocks in games.items() if any(b[0] for b in blocks.values())), default=0)


def initial_colour(text: str) -> str:
    """The top seed's colour in round 1 as the file's ``XXC`` states it (``white1``/``black1``)."""
    for line in text.splitlines():
        if line.startswith("XXC"):
            for word in line[4:].split():
                if word in ("white1", "black1"):
                    return word
    return "white1"


def basic(user: str, password: str) -> str:
    return "Basic " + base64.b64encode(f"{user}:{password}".encode()).decode()


# A result seen from the other player's side.
REVERSED = {"1-0": "0-1", "0-1": "1-0", "+/-": "-/+", "-/+": "+/-", "1/2-1/2": "1/2-1/2"}


def board_result(board: dict[str, Any], results: dict[frozenset[str], tuple[str, str]]) -> str:
    """The result of a paired board, from the event's list of games (any colours)."""
    white, black = board["white"]["name"], board["black"]["name"]
    first, result = results[frozenset((white, black))]
    return result if first == white else REVERSED[result]


def play(url: str, user: str, password: str, event: dict[str, Any]) -> list[dict[str, Any]]:
    """Run the whole event through the API; returns the final standings rows."""
    count = len(event["players"])
    account = Client(url, basic(user, password))
    tournament = account.request(
        "POST",
        "tournaments/",
        {
            "name": event["name"],
            "system": "round_robin",
            "number_of_rounds": count - 1 if count % 2 == 0 else count,
            "start_date": event.get("start_date"),
            "tiebreaks": event.get("tiebreaks", ["SB", "DE"]),
        },
    )[0]
    slug = tournament["slug"]
    token = account.request(
        "POST", f"tournaments/{slug}/tokens/", {"name": "pairing client", "scope": "pairing"}
    )[0]
    api = Client(url, f"Token {token['key']}")
    here = f"tournaments/{slug}/"

    for player in event["players"]:
        api.request("POST", here + "players/", player)
    api.request("POST", here + "players/numbering/", {})

    results = {
        frozenset(game["players"]): (game["players"][0], game["result"]) for game in event["games"]
    }
    for number in range(1, tournament["number_of_rounds"] + 1):
        if paired_rounds(api.trf(slug)) >= number:
            _, headers = api.request("GET", here + f"rounds/{number}/")
        else:
            _, headers = api.request("POST", here + "rounds/next/")
        published, headers = api.request(
            "POST", here + f"rounds/{number}/publish/", if_match=headers["ETag"]
        )
        boards = [p for p in published["pairings"] if p["black"] is not None]
        batch = [{"board": b["board"], "result": board_result(b, results)} for b in boards]
        api.request(
            "POST", here + f"rounds/{number}/results/", {"results": batch}, if_match=headers["ETag"]
        )
    return list(api.get(here + "standings/")["rows"])


def print_standings(rows: list[dict[str, Any]]) -> None:
    for row in rows:
        tiebreaks = "  ".join(f"{t['name']} {t['display']}" for t in row["tiebreaks"])
        print(f"{row['place']:>5}  {row['name']:<30} {row['points']:>5}  {tiebreaks}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("event", help="JSON: name, players, games (each pair's result)")
    parser.add_argument("--url", default="http://127.0.0.1:8000")
    parser.add_argument("--user", required=True)
    args = parser.parse_args(argv)
    password = os.environ.get("ARBITER_PASSWORD") or getpass.getpass()
    with open(args.event, encoding="utf-8") as file:
        event = json.load(file)
    try:
        rows = play(args.url, args.user, password, event)
    except ApiError as error:
        print(error, file=sys.stderr)
        return 1
    print_standings(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
