"""``make bench`` finds every benchmark and each one starts (its options parse), and a timed
request answered what its benchmark did not expect fails it; the measurements themselves
are not run here (no timings in tests)."""

from __future__ import annotations

import ast
import asyncio
import http.server
import subprocess
import sys
import threading
from pathlib import Path

import pytest

import bench
from bench.__main__ import benchmarks, run_all
from bench._timing import Outcomes, UnexpectedOutcome, best_answer, expect

# The benchmarks the issues ask for: file checking, pairing, standings, wall chart, API, the
# random generator, the cross-test and the live round page's two candidates.
REQUIRED = {
    "api",
    "checkgames",
    "crosstest",
    "generator",
    "live",
    "pairing",
    "pairing_1000",
    "rating_list",
    "standings_queries",
    "standings_scoring",
    "wallchart",
}


def test_every_benchmark_module_is_run():
    assert set(benchmarks()) >= REQUIRED
    assert "__main__" not in benchmarks()


@pytest.mark.parametrize("name", benchmarks())
def test_each_benchmark_starts_as_its_own_module(name):
    done = subprocess.run(
        [sys.executable, "-m", f"bench.{name}", "--help"],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("usage:")
    # What it measures, in a whole sentence: the docstring's first, not a line cut short.
    description = " ".join(done.stdout.split("\n\n")[1].split())
    assert description.endswith("."), description
    source = (Path(bench.__path__[0]) / f"{name}.py").read_text(encoding="utf-8")
    assert description == bench.summary(ast.get_docstring(ast.parse(source)))


@pytest.mark.parametrize(
    ("doc", "summary"),
    [
        (
            "PDF reports of a 1,000-player Swiss: how long the request\ntakes. The wall "
            "chart, and the pairing list.\n\nMeasured in one run.",
            "PDF reports of a 1,000-player Swiss: how long the request takes.",
        ),
        (
            "checkgames against ``python-chess``'s own loop.",
            "checkgames against python-chess's own loop.",
        ),
    ],
)
def test_a_benchmarks_help_opens_with_the_first_sentence_of_its_docstring(doc, summary):
    assert bench.summary(doc) == summary


def test_an_unknown_benchmark_is_named(capsys):
    assert run_all(["wallchart", "no_such_bench"]) == 1
    assert capsys.readouterr().out.startswith("no benchmark named no_such_bench; known: api, ")


# Every timed request is counted by status, and an answer a benchmark did not expect ends it
# with an error: a benchmark that swallows a refusal times the refusal (bench.stack once
# timed 403s as result writes).


class _Reply:
    def __init__(self, status_code: int) -> None:
        self.status_code = status_code


@pytest.mark.parametrize("status", [403, 500, 404, 0])
def test_an_unexpected_answer_voids_the_figures(status):
    answers = Outcomes("result PUT")
    assert answers.count(_Reply(200))
    assert not answers.count(_Reply(status))
    with pytest.raises(UnexpectedOutcome) as raised:
        answers.check()
    assert isinstance(raised.value, SystemExit)  # the benchmark exits non-zero
    message = str(raised.value)
    assert message.startswith("ERROR: result PUT: 1 of 2 answers not 200")
    assert "1 x 200" in message


def test_expected_answers_are_counted_by_status():
    answers = Outcomes("poll", {200, 304})
    for status in (200, 304, 304):
        answers.count(status)
    answers.check()
    assert answers.summary() == "1 x 200, 2 x 304"
    with pytest.raises(UnexpectedOutcome, match="no request was answered"):
        Outcomes("nothing").check()


def test_one_off_and_repeated_requests_are_checked():
    assert expect("job page", _Reply(302), 302).status_code == 302
    with pytest.raises(UnexpectedOutcome):
        expect("standings", _Reply(403))
    with pytest.raises(UnexpectedOutcome):
        best_answer(3, lambda: _Reply(500), "standings")
    reply, seconds = best_answer(2, lambda: _Reply(200), "standings")
    assert reply.status_code == 200 and seconds >= 0


class _Refusing(http.server.BaseHTTPRequestHandler):
    """Refuses every write (403) and answers every read 200 with an ETag."""

    def do_PUT(self):
        self.send_response(403)
        self.end_headers()

    def do_GET(self):
        self.send_response(200)
        self.send_header("ETag", '"1"')
        self.send_header("Content-Length", "2")
        self.end_headers()
        self.wfile.write(b"{}")

    def log_message(self, *args):
        pass


@pytest.fixture
def refusing_server():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), _Refusing)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server.server_address[1]
    server.shutdown()
    server.server_close()


def test_the_stack_writer_fails_on_refused_writes(refusing_server):
    from bench import stack

    web = f"http://127.0.0.1:{refusing_server}"
    write = stack._put_results(web, "event", 1, "no-rights")
    assert write(0) == 403  # the status is read, not swallowed
    with pytest.raises(UnexpectedOutcome, match=r"answers not 200 \(\d+ x 403\)"):
        stack.load(write, 0.2, 2, Outcomes("result PUT"), limit=5)


def test_the_live_poll_fails_on_a_200_where_a_304_was_asked(refusing_server):
    from bench import live

    loop = live._closed_loop(refusing_server, "/version/", '"0"', 0.2, 2, expected=304)
    with pytest.raises(UnexpectedOutcome, match="not 304"):
        asyncio.run(loop)


def test_no_benchmark_suppresses_an_http_error():
    for path in Path(bench.__path__[0]).glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and ast.unparse(node.func).endswith("suppress"):
                assert "HTTP" not in ast.unparse(node), f"{path.name}: {ast.unparse(node)}"
