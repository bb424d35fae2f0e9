"""A crowd of HTTP clients made by ``wrk``, a load generator written in C, with every answer
counted by status like the benchmarks' own Python clients (:class:`bench._timing.Outcomes`).

Python client threads cost more CPU than the nginx serving them: on a two-core machine their
own scheduling shows in the latency tail they measure. ``wrk`` keeps thousands of connections
on an event loop per thread for a fraction of that. Its Lua hooks count each response by
status and report the latency percentiles, and every socket error (refused, reset, timed
out) is counted as an answer that did not come, so a run with errors cannot print a figure.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path

from bench._timing import NO_ANSWER, Outcomes

# Each wrk thread counts its statuses in its own Lua state; ``done`` reads them back from
# every thread and prints one parseable line per figure.
_COUNTING_SCRIPT = """
local threads = {}
function setup(thread) table.insert(threads, thread) end
function init(args) statuses = {} end
function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end
function done(summary, latency, requests)
  for _, thread in ipairs(threads) do
    for status, n in pairs(thread:get("statuses")) do
      io.write(string.format("status %d %d\\n", status, n))
    end
  end
  local e = summary.errors
  io.write(string.format("errors %d\\n", e.connect + e.read + e.write + e.timeout))
  io.write(string.format("requests %d\\n", summary.requests))
  io.write(string.format("seconds %f\\n", summary.duration / 1e6))
  io.write(string.format("p50 %f\\n", latency:percentile(50) / 1e3))
  io.write(string.format("p99 %f\\n", latency:percentile(99) / 1e3))
end
"""


def wrk_path() -> str | None:
    """The ``wrk`` program, or None when it is not installed."""
    return shutil.which("wrk")


def wrk_load(
    url: str,
    seconds: float,
    clients: int,
    outcomes: Outcomes,
    threads: int = 2,
    headers: dict[str, str] | None = None,
) -> tuple[float, float, float]:
    """Requests per second, p50 and p99 latency (ms) of ``clients`` connections kept by
    ``threads`` wrk threads reading ``url`` (with ``headers``) for ``seconds``; every answer
    counted in ``outcomes``, which ends the benchmark on any it does not expect."""
    program = wrk_path()
    if program is None:
        raise RuntimeError("wrk is not installed")
    with tempfile.TemporaryDirectory(prefix="arbiter-wrk-") as folder:
        script = Path(folder) / "count.lua"
        script.write_text(_COUNTING_SCRIPT)
        command = [program, f"-t{threads}", f"-c{clients}", f"-d{seconds:g}s", "-s", str(script)]
        for name, value in (headers or {}).items():
            command += ["-H", f"{name}: {value}"]
        command += ["--timeout", "10s", url]
        run = subprocess.run(command, capture_output=True, text=True, check=False)
    if run.returncode != 0:
        raise RuntimeError(f"wrk failed (exit status {run.returncode}): {run.stderr.strip()}")
    figures: dict[str, float] = {}
    counted = 0
    for line in run.stdout.splitlines():
        words = line.split()
        if words[:1] == ["status"] and len(words) == 3:
            outcomes.by_status[int(words[1])] += int(words[2])
            counted += int(words[2])
        elif len(words) == 2 and words[0] in {"errors", "requests", "seconds", "p50", "p99"}:
            figures[words[0]] = float(words[1])
    if "requests" not in figures or counted != figures["requests"]:
        raise RuntimeError(f"wrk answered {figures.get('requests')} requests, {counted} counted")
    if figures.get("errors"):
        outcomes.by_status[NO_ANSWER] += int(figures["errors"])
    outcomes.check()
    return figures["requests"] / figures["seconds"], figures["p50"], figures["p99"]
