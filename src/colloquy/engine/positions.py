"""SSE event ids that every process understands (docs/deployment.md), and the replay decision.

An id is "<epoch>.<local>.<seq>":
  epoch  the event bus that sent it (a process's life; engine/events.py EventBus.epoch),
  local  the event's id on that bus (its replay buffer resumes from it),
  seq    the stream's position in the session's stored messages: every message with a seq
         up to this one was sent on the stream before this event, or was already stored
         when the stream sent `ready` or `reset` (after which the client fetched the
         session). A safe lower bound, so replaying the stored messages after it misses
         nothing (a message sent twice is fine: clients dedupe messages by id).

Reconnecting with such an id: the same bus with the event still in its buffer replays
from the buffer; anything else (another process, a restarted one, an id older than the
buffer) replays the stored messages after `seq` from the database. Only what cannot be
replayed at all (an unreadable id) resets the client.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

_MAX_DIGITS = 19  # fits in a BIGINT; longer is not one of ours


@dataclass(frozen=True)
class EventId:
    epoch: str
    local: int
    seq: int

    def __str__(self) -> str:
        return f"{self.epoch}.{self.local}.{self.seq}"


def format_id(epoch: str, local: int, seq: int) -> str:
    return str(EventId(epoch, local, seq))


def parse_id(value: str | None) -> EventId | None:
    """The id a client sent back, or None when it is not one of ours."""
    parts = (value or "").strip().split(".")
    if len(parts) != 3:
        return None
    epoch, local, seq = parts
    if not epoch or not (epoch.isascii() and epoch.isalnum()) or len(epoch) > 32:
        return None
    if not all(p.isascii() and p.isdigit() and len(p) <= _MAX_DIGITS for p in (local, seq)):
        return None
    return EventId(epoch, int(local), int(seq))


class Replay(Enum):
    NONE = "none"  # a new stream: `ready`
    BUFFER = "buffer"  # this bus still holds what followed the id
    DATABASE = "database"  # the stored messages after the id's seq, then the state now
    RESET = "reset"  # unreadable: the client refetches the session


def decide(sent: str | None, last: EventId | None, epoch: str, in_buffer: bool) -> Replay:
    """How to resume a stream. `sent`: the raw Last-Event-ID (None or empty: a new
    stream); `last`: it parsed; `in_buffer`: this bus can replay from last.local."""
    if not (sent or "").strip():
        return Replay.NONE
    if last is None:
        return Replay.RESET
    if last.epoch == epoch and in_buffer:
        return Replay.BUFFER
    return Replay.DATABASE


@dataclass
class Position:
    """A stream's position in the stored messages (the seq part of its ids)."""

    seq: int = 0

    def gap(self, seq: int) -> bool:
        """Whether a message with this seq would skip some not yet sent on the stream."""
        return seq > self.seq + 1

    def sent(self, seq: int | None) -> None:
        """A message was sent; messages up to seq - 1 were sent before (no gap)."""
        if seq is not None and seq <= self.seq + 1:
            self.seq = max(self.seq, seq)

    def known(self, seq: int) -> None:
        """Every message up to seq has been sent or is in what the client fetched."""
        self.seq = max(self.seq, seq)
