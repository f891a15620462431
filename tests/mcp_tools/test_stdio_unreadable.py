"""`colloquy mcp` over stdio answers a line it cannot read (not JSON, a lone surrogate,
JSON that is no JSON-RPC message) with a JSON-RPC error and a log line, as /mcp does over
HTTP, instead of leaving the client waiting; the next good request is served."""

from __future__ import annotations

import json
import queue
import subprocess
import sys
import threading

import anyio
import mcp_types as types
import pytest
from mcp.shared.message import SessionMessage

from colloquy.mcp.stdio_errors import answer_unreadable
from support.live_server import ROOT, server_env

NOT_JSON = "this is not json"
LONE_SURROGATE = '{"jsonrpc": "2.0", "id": 1, "method": "ping\\ud800"}'
NOT_A_MESSAGE = '{"hello": "world"}'
PING = '{"jsonrpc": "2.0", "id": 7, "method": "ping"}'


def _unreadable(line: str) -> Exception:
    try:
        types.jsonrpc_message_adapter.validate_json(line, by_name=False)
    except Exception as exc:  # noqa: BLE001 - what the SDK's stdio reader hands on
        return exc
    raise AssertionError(f"{line!r} was read")


async def _answers(items: list) -> tuple[list, list]:
    source_in, source = anyio.create_memory_object_stream(10)
    sink, server_side = anyio.create_memory_object_stream(10)
    write, written = anyio.create_memory_object_stream(10)
    async with source_in:
        for item in items:
            await source_in.send(item)
    await answer_unreadable(source, sink, write)
    passed = [m async for m in server_side]
    write.close()
    answered = [m async for m in written]
    return passed, answered


def test_each_unreadable_line_is_answered_and_the_rest_passed_on(caplog):
    good = SessionMessage(types.jsonrpc_message_adapter.validate_json(PING, by_name=False))
    items = [_unreadable(NOT_JSON), _unreadable(LONE_SURROGATE), good, _unreadable(NOT_A_MESSAGE)]
    passed, answered = anyio.run(_answers, items)
    assert passed == [good]
    errors = [m.message for m in answered]
    assert all(isinstance(e, types.JSONRPCError) and e.id is None for e in errors)
    assert [e.error.code for e in errors] == [-32700, -32700, -32600]
    assert len([r for r in caplog.records if "unreadable line" in r.message]) == 3


@pytest.mark.slow
@pytest.mark.timeout(120)
def test_the_stdio_server_answers_unreadable_lines(settings):
    env = server_env(settings, "http://127.0.0.1:9/v1")
    proc = subprocess.Popen(
        [sys.executable, "-m", "colloquy.cli", "mcp"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=env,
        cwd=str(ROOT),
        text=True,
    )
    lines: queue.Queue[str] = queue.Queue()
    threading.Thread(target=lambda: [lines.put(x) for x in proc.stdout], daemon=True).start()
    try:
        assert proc.stdin is not None
        for line in (NOT_JSON, LONE_SURROGATE, NOT_A_MESSAGE, PING):
            proc.stdin.write(line + "\n")
            proc.stdin.flush()
        answers = [json.loads(lines.get(timeout=60)) for _ in range(4)]
    finally:
        proc.stdin.close()
        try:
            proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
    codes = [a.get("error", {}).get("code") for a in answers[:3]]
    assert codes == [-32700, -32700, -32600], answers
    assert all(a["id"] is None for a in answers[:3])
    assert answers[3]["id"] == 7, answers[3]  # served as before
    assert "unreadable line" in proc.stderr.read()
