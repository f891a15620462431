"""A real uvicorn server for an app, in a thread of the test process (its own loop)."""

from __future__ import annotations

import socket
import threading
from collections.abc import Iterator
from contextlib import contextmanager

import uvicorn

from colloquy.app import create_app
from colloquy.settings import Settings
from support.waiting import wait_for


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

        def started() -> bool:
            assert thread.is_alive(), "the server's thread ended"
            return srv.started

        wait_for(started, timeout=30, interval=0.02, what="the server's start")
        yield f"http://127.0.0.1:{sock.getsockname()[1]}", app
    finally:
        srv.should_exit = True
        thread.join(timeout=15)
        sock.close()
