"""HTTP side of the benchmark: create sessions, run them, follow them over SSE.

Timing is taken from the stream, not by polling: a session is done when its `status`
event says running=false, and each `message` event's arrival is compared with the
timestamp the runner stored with it (set inside the commit's transaction, so the delay
measured here also includes the commit itself: an upper bound).

The client is aiohttp on uvloop, reading raw lines: with 100-200 streams open, httpx's
line decoding in this process (which shares the machine's two cores with the server and
the model) added tens of milliseconds to the measured p99 (bench/CHANGES.md).
"""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import dataclass, field
from datetime import datetime

import aiohttp


def run_async(coro):
    """Run a coroutine on uvloop (as the server does), or asyncio's loop without it."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(coro)
    return uvloop.run(coro)


def session_body(participants: int, questions: int, mode: str, length: str = "brief") -> dict:
    return {
        "name": f"bench {participants}x{questions} {mode}",
        "description": "benchmark",
        "participantIds": [f"p{i}" for i in range(1, participants + 1)],  # seeded p1..p10
        "moderatorStyle": "casual",
        "stimuli": [],
        "questions": [
            f"Question {i + 1}: what do you think of the new refill pouch?"
            for i in range(questions)
        ],
        "settings": {"responseLength": length, "discussionMode": mode, "autoAdvance": False},
    }


def new_client() -> aiohttp.ClientSession:
    # One connection per SSE stream plus the POSTs: no cap (aiohttp's default is 100).
    return aiohttp.ClientSession(
        connector=aiohttp.TCPConnector(limit=0),
        timeout=aiohttp.ClientTimeout(total=60, sock_connect=10),
    )


@dataclass
class Watch:
    ready: asyncio.Event = field(default_factory=asyncio.Event)
    delays: list[float] = field(default_factory=list)  # stored timestamp -> arrival, s
    arrivals: list[tuple[str, float]] = field(default_factory=list)  # (message id, time)
    messages: int = 0
    tokens: int = 0
    resets: int = 0  # `reset` events after `ready` (the client would refetch the session)
    ended_at: float | None = None  # time.monotonic() of the final status event
    final: dict | None = None


async def follow(
    client: aiohttp.ClientSession, url: str, sid: str, watch: Watch, timeout: float
) -> Watch:
    """Read the session's event stream until its runner stops (or `timeout`)."""

    async def read() -> None:
        async with client.get(
            f"{url}/api/sessions/{sid}/events",
            timeout=aiohttp.ClientTimeout(total=None, sock_connect=10, sock_read=timeout),
        ) as resp:
            resp.raise_for_status()
            name, data = None, []
            async for raw in resp.content:
                line = raw.decode().rstrip("\r\n")
                if line.startswith("event:"):
                    name = line[6:].strip()
                elif line.startswith("data:"):
                    data.append(line[5:].lstrip())
                elif not line:
                    if _dispatch(name, "\n".join(data), watch):
                        return
                    name, data = None, []

    await asyncio.wait_for(read(), timeout)
    return watch


def _dispatch(name: str | None, data: str, watch: Watch) -> bool:
    """Handle one event; True when the run is over."""
    if name == "token":
        watch.tokens += 1
    elif name in ("ready", "reset"):
        if name == "reset" and watch.ready.is_set():
            watch.resets += 1
        watch.ready.set()
    elif name == "message":
        arrived = time.time()
        message = json.loads(data)
        watch.delays.append(arrived - datetime.fromisoformat(message["timestamp"]).timestamp())
        watch.arrivals.append((message["id"], arrived))
        watch.messages += 1
    elif name == "status":
        status = json.loads(data)
        if not status.get("running"):
            watch.ended_at = time.monotonic()
            watch.final = status
            return True
    return False


async def create(client: aiohttp.ClientSession, url: str, body: dict) -> str:
    async with client.post(f"{url}/api/sessions", json=body) as resp:
        if resp.status != 201:
            raise RuntimeError(f"create session: {resp.status} {(await resp.text())[:500]}")
        return (await resp.json())["id"]


async def run(client: aiohttp.ClientSession, url: str, sid: str) -> int:
    async with client.post(f"{url}/api/sessions/{sid}/run") as resp:
        await resp.read()
        return resp.status


async def view(client: aiohttp.ClientSession, url: str, sid: str) -> dict:
    async with client.get(f"{url}/api/sessions/{sid}") as resp:
        return await resp.json()


async def run_sessions(url: str, bodies: list[dict], timeout: float, subscribers: int = 1) -> dict:
    """Create the sessions, subscribe to each (`subscribers` streams per session, as several
    open tabs would), start them all at once, wait for all.

    Returns wall (first run POST to last completion), per-session times, SSE delays,
    message counts and errors (a session that did not complete cleanly is an error).
    """
    async with new_client() as client:
        ids = await asyncio.gather(*(create(client, url, b) for b in bodies))
        # watches[i] is session i's first subscriber (timing); extra ones only add load and
        # their own delays and errors.
        groups = [[Watch() for _ in range(max(1, subscribers))] for _ in ids]
        watches = [g[0] for g in groups]
        everyone = [w for g in groups for w in g]
        followers = [
            asyncio.create_task(follow(client, url, sid, w, timeout))
            for sid, g in zip(ids, groups, strict=False)
            for w in g
        ]
        await asyncio.wait_for(asyncio.gather(*(w.ready.wait() for w in everyone)), 60)
        started = time.monotonic()
        runs = await asyncio.gather(*(run(client, url, sid) for sid in ids), return_exceptions=True)
        outcomes = await asyncio.gather(*followers, return_exceptions=True)
        errors = [repr(r) for r in runs if isinstance(r, Exception)]
        errors += [f"run POST {r}" for r in runs if isinstance(r, int) and r != 200]
        errors += [repr(o) for o in outcomes if isinstance(o, BaseException)]
        views = await asyncio.gather(*(view(client, url, sid) for sid in ids))
    ends = [w.ended_at for w in watches if w.ended_at is not None]
    for group, v in zip(groups, views, strict=False):
        if v.get("status") != "completed" or v.get("error"):
            errors.append(f"session {v.get('id')}: status={v.get('status')} error={v.get('error')}")
        stored = len(v.get("messages", []))
        # Every subscriber was listening before the run started: it must see every message.
        errors += [
            f"session {v.get('id')}: a subscriber got {w.messages} of {stored} messages"
            for w in group
            if w.messages != stored
        ]
    return {
        "wall": (max(ends) - started) if ends else float("nan"),
        "per_session": [e - started for e in ends],
        "delays": [d for w in everyone for d in w.delays],
        "arrivals": [a for w in everyone for a in w.arrivals],
        "messages": sum(len(v.get("messages", [])) for v in views),
        "sse_messages": sum(w.messages for w in everyone),
        "token_events": sum(w.tokens for w in everyone),
        "errors": errors,
    }
