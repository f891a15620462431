"""Real `colloquy serve` processes for the reliability and security tests (kill -9,
concurrent writers, off-loopback start), plus a look at the stored messages.

Each server is a process of its own forked from one that has imported the app
(support/forked_server.py): a fresh `python -m colloquy.cli serve` spent about 3 s of CPU on
imports before it answered, and these tests start some forty of them."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import time
from pathlib import Path

import httpx
from sqlalchemy import text
from sqlalchemy.ext.asyncio import create_async_engine

from support import forked_server
from support.forked_server import ForkedProcess

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def server_env(settings, llm_url: str, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("COLLOQUY_")}
    env.update(
        {
            "COLLOQUY_DATA_DIR": str(settings.data_dir),
            "COLLOQUY_DATABASE_URL": settings.resolved_database_url,
            "COLLOQUY_LLM_PROVIDER": "openai",
            "COLLOQUY_LLM_BASE_URL": llm_url,
            "COLLOQUY_LLM_API_KEY": "test",
            "COLLOQUY_LLM_MODEL": "fake",
            "COLLOQUY_LLM_RETRY_BASE_DELAY": "0.01",
            "COLLOQUY_FRONTEND_DIST": str(settings.frontend_dist),
            **extra,
        }
    )
    return env


def spawn(env: dict[str, str], log: Path, port: int, host: str | None = None) -> ForkedProcess:
    args = ["serve", "--port", str(port), "--log-level", "warning"]
    return forked_server.start(env, [*args, *(["--host", host] if host else [])], log, ROOT)


def start(env: dict[str, str], log: Path, host: str | None = None) -> tuple[ForkedProcess, str]:
    """A server that answers /api/health, and its URL (always reached over 127.0.0.1)."""
    port = free_port()
    proc = spawn(env, log, port, host)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        assert proc.poll() is None, log.read_text()[-3000:]
        try:
            if httpx.get(f"{url}/api/health", timeout=1).status_code == 200:
                return proc, url
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    proc.kill()
    raise AssertionError("server did not start")


def stop(proc: ForkedProcess | subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=10)


def stored_messages(database_url: str) -> dict[str, list[tuple]]:
    """Every stored message per session: (seq, kind, question, round, participant, id)."""

    async def read() -> dict[str, list[tuple]]:
        engine = create_async_engine(database_url)
        try:
            async with engine.connect() as conn:
                rows = await conn.execute(
                    text(
                        "SELECT session_id, seq, kind, question_index, round_index, "
                        "participant_index, id FROM messages ORDER BY session_id, seq"
                    )
                )
                out: dict[str, list[tuple]] = {}
                for sid, *rest in rows:
                    out.setdefault(sid, []).append(tuple(rest))
                return out
        finally:
            await engine.dispose()

    return asyncio.run(read())


def assert_complete_plan(rows: list[tuple], questions: int, participants: int) -> None:
    """seq 1..n with no gap, no slot twice, and every planned answer present."""
    assert [r[0] for r in rows] == list(range(1, len(rows) + 1)), "seq has a gap"
    slots = [r[1:5] for r in rows]
    assert len(set(slots)) == len(slots), "a message was stored twice"
    answers = {(q, r, p) for kind, q, r, p in slots if kind == "response"}
    plan = {(q, r, p) for q in range(questions) for r in range(3) for p in range(participants)}
    assert answers == plan
    assert len(rows) == questions * 3 * (participants + 1)  # plus question and round posts
