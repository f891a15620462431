"""A real uvicorn server for an app, in a thread of the test process (its own loop)."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import uvicorn

from colloquy.app import create_app
from colloquy.settings import Settings


@contextmanager
def serve_in_thread(settings: Settings) -> Iterator[tuple[str, object]]:
    """(base URL, the app) while the server runs; stopped on exit."""
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    app = create_app(settings)
    config = uvicorn.Config(app, lifespan="on", log_level="warning", timeout_graceful_shutdown=1)
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 30
        while not srv.started:
            assert thread.is_alive() and time.monotonic() < deadline, "server did not start"
            time.sleep(0.02)
        yield f"http://127.0.0.1:{sock.getsockname()[1]}", app
    finally:
        srv.should_exit = True
        thread.join(timeout=15)
        sock.close()
