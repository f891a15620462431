"""In-memory live events per session, for GET /api/sessions/{id}/events (SSE).

Events are published after the change they describe is committed, so a client that
refetches the session on `reset` never sees an event for data it cannot load.

Ids: integers, monotonic per session. A channel's first id is derived from the clock
(microseconds), so ids issued after a server restart are larger than any issued before it
and a stale id is recognised as a gap instead of being mistaken for a recent position.
These ids mean something on this process only (`epoch` names it); the SSE route adds the
position in the session's stored messages (engine/positions.py), which every process can
replay from the database.

A `message` event carries its message's `seq` (not in its payload): a session's messages
are published in `seq` order (the runner announces each once committed, in order).
"""

from __future__ import annotations

import asyncio
import time
import uuid
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from colloquy.engine import event_payloads as payloads

if TYPE_CHECKING:
    from colloquy.engine.event_payloads import EventName

REPLAY_BUFFER = 2000  # events kept per session for Last-Event-ID resumption
SUBSCRIBER_QUEUE = 5000  # a subscriber that falls this far behind is reset
IDLE_CHANNELS = 64  # channels nobody listens to that are kept (most recently used first)
# Token deltas are previews of an answer that its `message` event delivers whole, so they
# are never replayed: keeping them would push the durable events out of the buffer.
EPHEMERAL = frozenset({"token"})


@dataclass(frozen=True)
class Event:
    id: int
    name: str
    data: dict[str, Any]
    seq: int | None = None  # a `message` event: its message's seq
    # The event as written to the wire, built by the first stream that sends it and reused
    # by every other subscriber: serialised once, not once per subscriber.
    _wire: bytes | None = field(default=None, compare=False, repr=False)

    def wire(self, encode: Callable[[Event], bytes]) -> bytes:
        if self._wire is None:
            object.__setattr__(self, "_wire", encode(self))  # a cache, not a state change
        return self._wire  # type: ignore[return-value]


@dataclass(eq=False)  # identity: subscriptions live in sets
class Subscription:
    queue: asyncio.Queue[Event | None] = field(
        default_factory=lambda: asyncio.Queue(maxsize=SUBSCRIBER_QUEUE)
    )
    overflowed: bool = False


class _Channel:
    def __init__(self) -> None:
        self.last_id = time.time_ns() // 1000
        self.floor = self.last_id  # events up to this id can no longer be replayed
        self.buffer: deque[Event] = deque()
        self.subscribers: set[Subscription] = set()
        # The answers being written, for subscribers that join mid-answer: the latest
        # `thinking` and, per answer, the text its published `token` events carried so far.
        self.thinking: dict[str, Any] | None = None
        self.partial: dict[tuple[Any, ...], dict[str, Any]] = {}

    def track(self, name: str, data: dict[str, Any]) -> None:
        if name == "token":
            key = _slot(data)
            before = self.partial.get(key)
            text = (before["delta"] if before else "") + str(data.get("delta") or "")
            self.partial[key] = payloads.token(data, text)
        elif name == "thinking":
            self.thinking = data
        elif name in ("message", "retrying"):  # stored, or its streamed text is void
            self.partial.pop(_slot(data), None)
        elif name == "error" or (name == "status" and not data.get("running")):
            self.thinking = None
            self.partial.clear()

    def remember(self, event: Event) -> None:
        if event.name in EPHEMERAL:
            return
        self.buffer.append(event)
        while len(self.buffer) > REPLAY_BUFFER:
            self.floor = self.buffer.popleft().id


Forward = Callable[[str, str, dict[str, Any], int | None], None]


class EventBus:
    def __init__(self) -> None:
        self._channels: dict[str, _Channel] = {}
        # Names this bus (this process's life) in event ids: its local ids mean nothing
        # to another process or after a restart.
        self.epoch = uuid.uuid4().hex[:12]
        # PostgreSQL with several processes (engine/cluster.py): also sends each event
        # published here to the other processes. None on SQLite.
        self.forward: Forward | None = None

    def _channel(self, session_id: str) -> _Channel:
        channel = self._channels.pop(session_id, None)
        created = channel is None
        if channel is None:
            channel = _Channel()
        self._channels[session_id] = channel  # dict order = least recently used first
        if created:
            # Only a new channel can push the idle count over the limit; scanning every
            # channel on each publish cost O(sessions) per token (bench/RESULTS.md).
            self._evict_idle()
        return channel

    def _evict_idle(self) -> None:
        idle = [sid for sid, ch in self._channels.items() if not ch.subscribers]
        for sid in idle[: max(0, len(idle) - IDLE_CHANNELS)]:
            del self._channels[sid]

    def publish(
        self, session_id: str, name: EventName, data: dict[str, Any], seq: int | None = None
    ) -> Event:
        event = self.publish_local(session_id, name, data, seq)
        if self.forward is not None:
            self.forward(session_id, name, data, seq)
        return event

    def publish_local(
        self, session_id: str, name: str, data: dict[str, Any], seq: int | None = None
    ) -> Event:
        """Publish to this process's subscribers only (events from another process)."""
        channel = self._channel(session_id)
        channel.last_id += 1
        event = Event(channel.last_id, name, data, seq)
        channel.remember(event)
        channel.track(name, data)
        for sub in list(channel.subscribers):
            if sub.overflowed:
                continue
            try:
                sub.queue.put_nowait(event)
            except asyncio.QueueFull:
                # A stalled reader: stop feeding it; it will be told to reset and refetch.
                channel.subscribers.discard(sub)
                _overflow(sub)
        return event

    def subscribe(
        self, session_id: str, last_event_id: int | None
    ) -> tuple[Subscription, list[Event], bool]:
        """(subscription, events to replay, whether the client must reset)."""
        channel = self._channel(session_id)
        sub = Subscription()
        channel.subscribers.add(sub)
        if last_event_id is None:
            return sub, [], False
        if last_event_id > channel.last_id or last_event_id < channel.floor:
            return sub, [], True
        return sub, [e for e in channel.buffer if e.id > last_event_id], False

    def live(self, session_id: str) -> list[Event]:
        """Who is being generated and the text streamed so far, as `thinking` and `token`
        events at the channel's current position. Taken right after subscribe() (no await
        between), later token events continue exactly where this text ends."""
        channel = self._channel(session_id)
        events = []
        thinking = channel.thinking
        if thinking is not None and (thinking.get("participants") or thinking.get("moderator")):
            events.append(Event(channel.last_id, "thinking", thinking))
        events += [Event(channel.last_id, "token", payload) for payload in channel.partial.values()]
        return events

    def next_reset_id(self, session_id: str) -> int:
        """An id for a synthetic `reset` event: the channel's current position."""
        return self._channel(session_id).last_id

    def unsubscribe(self, session_id: str, sub: Subscription) -> None:
        channel = self._channels.get(session_id)
        if channel is not None:
            channel.subscribers.discard(sub)

    def close_session(self, session_id: str) -> None:
        """The session is gone: end its streams and forget its history."""
        self.close_local(session_id)
        if self.forward is not None:
            self.forward(session_id, "__close", {}, None)

    def close_local(self, session_id: str) -> None:
        channel = self._channels.pop(session_id, None)
        if channel is None:
            return
        for sub in channel.subscribers:
            _close(sub)

    def reset_all(self) -> None:
        """Tell every subscriber to reset (refetch): events may have been missed."""
        for session_id, channel in list(self._channels.items()):
            if channel.subscribers:
                self.publish_local(session_id, "reset", payloads.empty())

    def close_all(self) -> None:
        for session_id in list(self._channels):
            channel = self._channels[session_id]
            for sub in channel.subscribers:
                _close(sub)
            channel.subscribers.clear()


STORED_REFERENCE = "__stored"  # in a `message` event's data: read the message from storage


def stored_reference(data: dict[str, Any]) -> dict[str, Any]:
    """A `message` event's data reduced to what names the message and its answer: the
    streams that send it read the message itself from the database (engine/positions.py)."""
    keys = ("id", "participantIndex", "questionIndex", "round", "kind")
    return {**{k: data.get(k) for k in keys}, STORED_REFERENCE: True}


def is_reference(event: Event) -> bool:
    return event.name == "message" and bool(event.data.get(STORED_REFERENCE))


def _slot(data: dict[str, Any]) -> tuple[Any, Any, Any]:
    return data.get("participantIndex"), data.get("questionIndex"), data.get("round")


def _drain(sub: Subscription) -> None:
    while not sub.queue.empty():
        sub.queue.get_nowait()


def _overflow(sub: Subscription) -> None:
    sub.overflowed = True
    _drain(sub)
    sub.queue.put_nowait(None)


def _close(sub: Subscription) -> None:
    if sub.queue.full():
        _drain(sub)
    sub.queue.put_nowait(None)
