"""llama-cpp-python's own OpenAI-compatible server with the shipped SmolLM2 GGUF, on a free
loopback port (`python -m llama_cpp.server`), for the tests and benchmarks that need a
real tokenizer's usage."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager

import httpx

from colloquy.llm.llama_loader import embedded_model_path
from support.waiting import wait_for


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def running_llama_server(n_ctx: int | None = 4096) -> Iterator[str]:
    """The server's /v1 URL while it runs; stopped on exit. `n_ctx` None: the server's
    own default context."""
    model = embedded_model_path()
    assert model, "the shipped SmolLM2 GGUF is missing"
    port = _free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "llama_cpp.server", "--model", model]
        + ["--host", "127.0.0.1", "--port", str(port)]
        + (["--n_ctx", str(n_ctx)] if n_ctx is not None else []),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "OMP_NUM_THREADS": os.environ.get("OMP_NUM_THREADS", "1")},
    )
    base = f"http://127.0.0.1:{port}/v1"
    try:

        def answers() -> bool:
            assert proc.poll() is None, "llama_cpp.server exited"
            try:
                return httpx.get(f"{base}/models", timeout=2).status_code == 200
            except httpx.HTTPError:
                return False

        wait_for(answers, timeout=120, interval=0.5, what="llama_cpp.server's start")
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
