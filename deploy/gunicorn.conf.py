"""gunicorn's settings for ``deploy/arbiter.sh web`` beyond its command line: how a web
process starts and stops without leaving the reverse proxy's requests waiting.

A connection to an address something listens on is accepted by the system at once and waits
in its queue until a worker takes it; the proxy then waits for an answer, for up to its
read timeout. So a web process must listen only while a worker can answer:

* starting, it loads the application before it binds its address (``preload_app``): while
  it loads (seconds), connections are refused and the proxy answers 503 at once, or passes
  the request to another web process, rather than holding it until the workers are ready;
* stopping (SIGTERM: a restart), each worker stops listening at once and finishes the
  request it is serving (:func:`post_worker_init`).
"""

from __future__ import annotations

import signal
from types import FrameType
from typing import Any

preload_app = True


def post_worker_init(worker: Any) -> None:
    """A worker told to stop closes its copy of the listening socket first, then stops as
    gunicorn has it (the request it is serving finished, up to the graceful timeout).

    gunicorn's master closes its own copy at once, but each worker holds one too: a worker
    busy with a request kept the address accepting connections that no one would take,
    reset only when it ended (a request 14 s from its end held the next one 13.5 s). With
    every copy closed the address refuses them. A worker replaced while the process goes on
    (a reload, fewer workers) closes only its own copy: the others still listen."""
    stop = signal.getsignal(signal.SIGTERM)

    def stop_listening(signum: int, frame: FrameType | None) -> None:
        for listener in worker.sockets:
            close_keeping_name(listener)
        if callable(stop):
            stop(signum, frame)

    signal.signal(signal.SIGTERM, stop_listening)


def close_keeping_name(listener: Any) -> None:
    """Close gunicorn's ``listener``, which still tells its address afterwards.

    A request the worker accepted just before the stop is still served: gunicorn asks the
    listener for its address as the request starts (the WSGI environment's server name and
    port), and a closed listener, whose socket gunicorn drops, answered with an error that
    became a 500 for that request."""
    name = listener.getsockname()
    listener.close()
    listener.getsockname = lambda: name
