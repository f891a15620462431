"""The live events a runner publishes, in its order; their payloads are built in
engine/event_payloads.py (message, token, thinking, progress, retrying, waiting, status,
error).

Token deltas are coalesced (TOKEN_FLUSH_SECONDS): a model streams one chunk per token, and
an event per chunk cost most of the server's CPU per answer (bench/CHANGES.md). A
coalesced `token` is the same event with a longer `delta`; the text is neither lost nor
repeated, since buffered deltas are flushed, in order, before any other event (so an
answer's tokens always precede its `message`, and a run's tokens its final `status`).
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from colloquy.domain.sessions.messages import Message
from colloquy.domain.sessions.moderation import SCRIPTED
from colloquy.engine import event_payloads as payloads
from colloquy.engine import plan
from colloquy.engine.event_payloads import (
    EventName,
    interview_progress,
    message_payload,
    progress_payload,
)
from colloquy.engine.events import EventBus

if TYPE_CHECKING:
    from colloquy.engine.run_setup import Setup


TOKEN_FLUSH_SECONDS = 0.05  # buffered deltas go out at most this late (~20 events/s)

EventList = list[tuple[EventName, dict[str, Any], int | None]]  # name, payload, message seq


class Publisher:
    """A runner's events, in the order it sends them.

    A stored message is announced only once its transaction has committed (committed()),
    while the runner already goes on; the events it sends meanwhile wait behind the
    announcement, so subscribers still see everything in the runner's order.
    """

    def __init__(self, bus: EventBus, session_id: str) -> None:
        self.bus = bus
        self.session_id = session_id
        # Events waiting for a commit: (commit future, builds the events) or (None, events).
        self._held: deque[
            tuple[asyncio.Future[None] | None, Callable[[], EventList] | EventList]
        ] = deque()
        # (participant, question, round) -> [payload without delta, deltas]; dict order is
        # the order of each answer's first buffered delta.
        self._tokens: dict[tuple[int | None, int, int], tuple[dict[str, Any], list[str]]] = {}
        self._timer: asyncio.TimerHandle | None = None

    def _send(self, name: EventName, data: dict[str, Any]) -> None:
        self.flush_tokens()  # keep every event after the deltas that preceded it
        self._emit(name, data)

    def _emit(self, name: EventName, data: dict[str, Any]) -> None:
        if self._held:
            self._held.append((None, [(name, data, None)]))
        else:
            self.bus.publish(self.session_id, name, data)

    def committed(
        self,
        commit: asyncio.Future[None],
        message: Message,
        setup: Setup,
        messages: Sequence[Mapping[str, Any]],
        generating: list[int],
    ) -> None:
        """Announce a stored message and the progress it makes once `commit` succeeds (and
        never if it fails). Progress is taken now: `messages` goes on growing."""
        progress = progress_payload(
            setup.participants,
            len(setup.questions),
            messages,
            generating,
            getattr(setup, "moderator", SCRIPTED),
            getattr(setup, "mode", plan.SEQUENTIAL),
            interview_progress(setup),
        )
        self.flush_tokens()
        self._held.append(
            (
                commit,
                lambda: [
                    ("message", message_payload(message), message["seq"]),
                    ("progress", progress, None),
                ],
            )
        )
        commit.add_done_callback(self.release)

    def release(self, _commit: asyncio.Future[None] | None = None) -> None:
        """Publish held events in order, up to the first commit still under way. Runs as
        the commit future's callback; the journal also calls it at once on commit."""
        while self._held:
            commit, events = self._held[0]
            if commit is not None and not commit.done():
                return
            self._held.popleft()
            if commit is not None:
                if commit.cancelled() or commit.exception() is not None:
                    continue  # not stored: nothing to announce
                events = events()  # type: ignore[operator]
            for name, data, seq in events:  # type: ignore[union-attr]
                self.bus.publish(self.session_id, name, data, seq)

    def token(
        self,
        persona: Mapping[str, Any],
        p: int | None,
        q: int,
        r: int,
        delta: str,
        extra: dict[str, Any] | None = None,
    ) -> None:
        """A delta of an answer (or, with p None and `extra` {speaker, kind}, of the AI
        moderator's probe or summary)."""
        pending = self._tokens.get((p, q, r))
        if pending is None:
            head = payloads.answer_ref(persona.get("id"), p, q, r, extra)
            pending = self._tokens[(p, q, r)] = (head, [])
        pending[1].append(delta)
        if self._timer is None:
            self._timer = asyncio.get_running_loop().call_later(
                TOKEN_FLUSH_SECONDS, self.flush_tokens
            )

    def retrying(self, persona: Mapping[str, Any], p: int | None, q: int, r: int) -> None:
        """The model call for this answer is tried again: the text streamed so far is void
        (a stream cut short), so its buffered deltas go and viewers clear it."""
        self._tokens.pop((p, q, r), None)
        self._send("retrying", payloads.answer_ref(persona.get("id"), p, q, r))

    def waiting(self, persona: Mapping[str, Any], p: int | None, q: int, r: int) -> None:
        """This answer's model call queues for a busy endpoint (llm/concurrency.py)."""
        self._send("waiting", payloads.answer_ref(persona.get("id"), p, q, r))

    def flush_tokens(self) -> None:
        """Publish the buffered deltas now, one `token` event per answer."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if not self._tokens:
            return
        pending, self._tokens = self._tokens, {}
        for payload, parts in pending.values():
            self._emit("token", payloads.token(payload, "".join(parts)))

    def drop_tokens(self) -> None:
        """Forget buffered deltas: the run ended and their answers will not be stored."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self._tokens.clear()

    def thinking(
        self,
        participants: Sequence[Mapping[str, Any]],
        indices: list[int],
        q: int,
        r: int,
        moderator: str | None = None,
    ) -> None:
        """Who is being generated now; `moderator`: the kind (probe, summary) the AI
        moderator is writing, when it is (the payload then has `moderator`)."""
        self._send("thinking", payloads.thinking(participants, indices, q, r, moderator))

    def status(self, status: str, *, running: bool, error: dict[str, Any] | None = None) -> None:
        self._send("status", payloads.status(status, running=running, error=error))

    def takeover(self, taken_over: bool, typed_question: str | None) -> None:
        self._send("takeover", payloads.takeover(taken_over, typed_question))

    def error(self, error: dict[str, Any]) -> None:
        self._send("error", payloads.error(error))
