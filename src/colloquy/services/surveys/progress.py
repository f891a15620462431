"""A survey's live progress on the session machinery's event bus (engine/events.py).

The runner publishes every change of its counts as a `progress` event {status, done,
total, errors} on the bus channel `survey:<id>` (session ids never contain ':'); on
PostgreSQL the bus's relay (engine/cluster.py, LISTEN/NOTIFY or Redis) carries it to every
other process, so a stream on any process follows the run to its end, whichever process
runs it. A service that changes a survey's state without a runner (a stop recorded where
no process runs it) publishes the new state the same way, after its commit. One client's
stream of it is progress_stream.py's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from colloquy.engine import event_payloads as payloads
from colloquy.engine.events import EventBus

PROGRESS: Final = "progress"


def channel(survey_id: str) -> str:
    """The survey's channel on the event bus."""
    return f"survey:{survey_id}"


@dataclass
class Progress:
    """Live counts of one survey's run, published on every change."""

    total: int = 0
    done: int = 0
    errors: int = 0
    status: str = "running"
    publish: Callable[[dict[str, Any]], None] | None = None

    def bump(self) -> None:
        if self.publish is not None:
            self.publish(self.snapshot())

    def snapshot(self) -> dict[str, Any]:
        return payloads.survey_progress(self.status, self.done, self.total, self.errors)


def publisher(bus: EventBus, survey_id: str) -> Callable[[dict[str, Any]], None]:
    """Publishes a progress snapshot to every process's streams of the survey."""

    def publish(snapshot: dict[str, Any]) -> None:
        bus.publish(channel(survey_id), PROGRESS, snapshot)

    return publish
