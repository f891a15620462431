"""The live events a runner publishes, with their payloads in one place.

Payloads (camelCase, as the API):
  message   the stored message (same shape as in GET /api/sessions/{id})
  token     {participantIndex, personaId, questionIndex, round, delta}
  thinking  {questionIndex, round, participants: [{participantIndex, personaId, name}]}
  progress  {responses, total, questionIndex, round, participantIndex, speakingPersonaId,
             tokensUsed}
  status    {status, running, error}
  error     {status, message}

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
from colloquy.domain.sessions.moderation import AI, SCRIPTED
from colloquy.engine import natural_plan, plan
from colloquy.engine.events import EventBus
from colloquy.engine.journal import slot_key

if TYPE_CHECKING:
    from colloquy.engine.run_setup import Setup


def message_payload(message: Mapping[str, Any]) -> dict[str, Any]:
    out = {k: v for k, v in message.items() if k not in ("seq", "tokens")}
    ts = out.get("timestamp")
    if ts is not None and hasattr(ts, "isoformat"):
        out["timestamp"] = ts.isoformat().replace("+00:00", "Z")
    return out


def progress_payload(
    participants: Sequence[Mapping[str, Any]],
    question_count: int,
    messages: Sequence[Mapping[str, Any]],
    generating: list[int],
    moderator: str = SCRIPTED,
    mode: str = plan.SEQUENTIAL,
) -> dict[str, Any]:
    if mode == plan.NATURAL:  # turns, not rounds (issue 28)
        out = natural_plan.progress(question_count, len(participants), messages, generating)
        out["speakingPersonaId"] = participants[generating[0]].get("id") if generating else None
        out["tokensUsed"] = sum(m.get("tokens", 0) for m in messages)
        return out
    first = None
    if moderator == AI:
        first = plan.first_speakers(messages, [str(p.get("name") or "") for p in participants])
    keys = [slot_key(m) for m in messages]
    out = plan.progress(question_count, len(participants), keys, moderator, first)
    speaking = generating[0] if generating else None
    out["speakingPersonaId"] = participants[speaking].get("id") if speaking is not None else None
    out["tokensUsed"] = sum(m.get("tokens", 0) for m in messages)
    return out


TOKEN_FLUSH_SECONDS = 0.05  # buffered deltas go out at most this late (~20 events/s)

EventList = list[tuple[str, dict[str, Any], int | None]]  # name, payload, message seq


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

    def _send(self, name: str, data: dict[str, Any]) -> None:
        self.flush_tokens()  # keep every event after the deltas that preceded it
        self._emit(name, data)

    def _emit(self, name: str, data: dict[str, Any]) -> None:
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
            pending = self._tokens[(p, q, r)] = (
                {
                    "participantIndex": p,
                    "personaId": persona.get("id"),
                    "questionIndex": q,
                    "round": r,
                    **(extra or {}),
                },
                [],
            )
        pending[1].append(delta)
        if self._timer is None:
            self._timer = asyncio.get_running_loop().call_later(
                TOKEN_FLUSH_SECONDS, self.flush_tokens
            )

    def retrying(self, persona: Mapping[str, Any], p: int | None, q: int, r: int) -> None:
        """The model call for this answer is tried again: the text streamed so far is void
        (a stream cut short), so its buffered deltas go and viewers clear it."""
        self._tokens.pop((p, q, r), None)
        self._send(
            "retrying",
            {"participantIndex": p, "personaId": persona.get("id"), "questionIndex": q, "round": r},
        )

    def waiting(self, persona: Mapping[str, Any], p: int | None, q: int, r: int) -> None:
        """This answer's model call queues for a busy endpoint (llm/concurrency.py)."""
        self._send(
            "waiting",
            {"participantIndex": p, "personaId": persona.get("id"), "questionIndex": q, "round": r},
        )

    def flush_tokens(self) -> None:
        """Publish the buffered deltas now, one `token` event per answer."""
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        if not self._tokens:
            return
        pending, self._tokens = self._tokens, {}
        for payload, parts in pending.values():
            self._emit("token", {**payload, "delta": "".join(parts)})

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
        data: dict[str, Any] = {
            "questionIndex": q,
            "round": r,
            "participants": [
                {
                    "participantIndex": i,
                    "personaId": participants[i].get("id"),
                    "name": participants[i].get("name"),
                }
                for i in indices
            ],
        }
        if moderator is not None:
            data["moderator"] = moderator
        self._send("thinking", data)

    def status(self, status: str, *, running: bool, error: dict[str, Any] | None = None) -> None:
        self._send("status", {"status": status, "running": running, "error": error})

    def error(self, error: dict[str, Any]) -> None:
        self._send("error", {"status": error.get("status"), "message": error.get("message")})
