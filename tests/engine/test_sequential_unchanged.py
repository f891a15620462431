"""The sequential discussion (product-rules §4) is unchanged byte for byte by the natural mode
and private answers. The golden file was written by the code before natural mode existed (the same
session, the same deterministic fake model): every stored message and every request the
model received must be identical. Write it again only on purpose:
COLLOQUY_WRITE_GOLDEN=1 pytest tests/engine/test_sequential_unchanged.py
"""

import json
import os
from pathlib import Path

import pytest

pytestmark = pytest.mark.timeout(60)
GOLDEN = Path(__file__).parent / "golden" / "sequential_transcript.json"
FIELDS = (
    "speaker",
    "content",
    "kind",
    "questionIndex",
    "round",
    "participantIndex",
    "tokens",
    "sentiment",
    "repairs",
    "rawContent",
    "note",
)


def transcript_bytes(messages, requests) -> bytes:
    record = {
        "messages": [{k: m.get(k) for k in FIELDS} for m in messages],
        "requests": [
            {k: body.get(k) for k in ("messages", "max_tokens", "temperature")} for body in requests
        ],
    }
    return json.dumps(record, indent=1, sort_keys=True, ensure_ascii=False).encode() + b"\n"


async def test_sequential_transcript_and_prompts_are_byte_for_byte_unchanged(env):
    sid = await env.create(participants=3, questions=2, mode="sequential")
    env.fake.reset()
    await env.run(sid)
    view = await env.wait_idle(sid)
    assert view["status"] == "completed"
    # Answers of round 1 go out together: order the requests as the transcript does.
    requests = sorted(env.fake.requests, key=lambda b: json.dumps(b, sort_keys=True))
    data = transcript_bytes(await env.messages(sid), requests)
    if os.environ.get("COLLOQUY_WRITE_GOLDEN") == "1":
        GOLDEN.write_bytes(data)
    assert data == GOLDEN.read_bytes()
