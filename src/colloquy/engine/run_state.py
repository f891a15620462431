"""What one session's run holds while it runs: its models, counters, the participants being
generated, the message writes under way, and the few acts every turn shares (store a
message, wait for an answer unless Stop comes first, the persona's evidence).

runner.py owns a RunState and ends the run; run_loop.py and the turn modules
(answer_turn.py, moderator_turn.py, private_turn.py) receive it, so none of them needs the
runner itself.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from colloquy.domain.constants import MSG_STOPPED
from colloquy.domain.personas.evidence_budget import with_evidence
from colloquy.domain.personas.evidence_query import question_query
from colloquy.domain.sessions.messages import Message, NewMessage
from colloquy.engine import journal
from colloquy.engine.halting import Halt
from colloquy.engine.interview_flow import InterviewFlow
from colloquy.engine.journal import Counters
from colloquy.engine.natural_flow import NaturalFlow
from colloquy.engine.publisher import Publisher
from colloquy.engine.run_setup import Setup
from colloquy.engine.voices import Voice, VoiceBuilder
from colloquy.llm.provider import Provider

# (persona id, question and materials) -> the persona's evidence block ('' for none).
EvidenceLookup = Callable[[str | None, str], Awaitable[str]]


@dataclass(frozen=True)
class RunHooks:
    """What the server plugs into every run, given when the runner is built."""

    # Called with the session id once the run completed (the session health report).
    on_complete: Callable[[str], None] | None = None
    # Called with (session id, completed) when a run completes or fails (webhooks).
    on_end: Callable[[str, bool], None] | None = None
    # Builds who answers on which model when the run starts (mixed panels).
    voice_builder: VoiceBuilder | None = None
    # The persona's evidence block for a question (grounded answers).
    evidence: EvidenceLookup | None = None


@dataclass
class RunState:
    session_id: str
    factory: async_sessionmaker[AsyncSession]
    provider_factory: Callable[[], Provider]  # built on first use, inside the guarded loop
    pub: Publisher
    uploads_dir: Path
    stop: asyncio.Event
    hooks: RunHooks = field(default_factory=RunHooks)
    # Builds the provider of a session that names its own model (a re-run on another
    # model); that provider belongs to this run and is closed when it ends.
    session_provider: Callable[[dict[str, Any]], Provider] | None = None
    owns_provider: bool = False
    provider: Provider | None = None
    generating: list[int] = field(default_factory=list)  # participants being generated now
    quiet_stop: bool = False  # End/Delete stop the runner without a 'stopped' error
    counters: Counters = field(default_factory=lambda: Counters(0, 0))
    # Message writes under way: the loop goes on while a message commits (its event waits
    # for the commit, see Publisher.committed), and a failed write ends the run.
    writes: list[asyncio.Future[None]] = field(default_factory=list)
    system_prompts: dict[int, str] = field(default_factory=dict)  # the same all session
    # Evidence per participant and question, so every turn of one question sends the same
    # system prompt; the persona's part before it never changes.
    evidence_blocks: dict[tuple[int, int], str] = field(default_factory=dict)
    evidence_lookups: dict[tuple[int, int], asyncio.Future[str]] = field(default_factory=dict)
    # Who answers on which model (built when the run starts, kept to its end).
    voices: dict[int, Voice] = field(default_factory=dict)
    # Natural mode and private answers; None: the scripted plan alone.
    flow: NaturalFlow | InterviewFlow | None = None
    images: list[str] = field(
        default_factory=list
    )  # the stimuli's images, for models that read them

    def check_writes(self) -> None:
        """Raise the error of a message write that failed; forget those that succeeded."""
        pending = []
        for write in self.writes:
            if not write.done():
                pending.append(write)
            elif not write.cancelled() and write.exception() is not None:
                raise write.exception()  # type: ignore[misc]
        self.writes = pending

    def voice(self, p: int) -> Voice:
        voice = self.voices.get(p)
        if voice is None:
            assert self.provider is not None
            voice = self.voices[p] = Voice(self.provider)
        return voice

    async def grounded(self, setup: Setup, p: int, q: int, system: str) -> str:
        """The system prompt with the persona's evidence for question q: chosen once per
        participant and question, the same for public and private answers."""
        if self.hooks.evidence is None:
            return system
        block = self.evidence_blocks.get((p, q))
        if block is None:
            lookup = self._evidence(setup, p, q)
            # The next question's evidence is looked up while this one is discussed, so
            # its first answers do not wait for the database (docs/performance.md).
            if q + 1 < len(setup.questions):
                for i in range(len(setup.participants)):
                    self._evidence(setup, i, q + 1)
            block = self.evidence_blocks[(p, q)] = await asyncio.shield(lookup)
        return with_evidence(system, block)

    def _evidence(self, setup: Setup, p: int, q: int) -> asyncio.Future[str]:
        """The lookup of participant p's evidence for question q, started once (again
        only if it was cancelled)."""
        lookup = self.evidence_lookups.get((p, q))
        if lookup is None or lookup.cancelled():
            evidence = self.hooks.evidence
            assert evidence is not None
            query = question_query(setup.questions[q], setup.stimuli)
            lookup = asyncio.ensure_future(evidence(setup.participants[p].get("id"), query))
            lookup.add_done_callback(lambda f: f.cancelled() or f.exception())  # seen
            self.evidence_lookups[(p, q)] = lookup
        return lookup

    async def unless_stopped(self, task: asyncio.Task[Any]) -> Any:
        """The task's result, or Halt when Stop comes first (the answer is dropped)."""
        if not task.done():
            stop_wait = asyncio.create_task(self.stop.wait())
            try:
                await asyncio.wait({task, stop_wait}, return_when=asyncio.FIRST_COMPLETED)
            finally:
                stop_wait.cancel()
        if not task.done():
            raise self.halt_for_stop()
        return task.result()

    def halt_for_stop(self) -> Halt:
        return Halt(None if self.quiet_stop else {"status": None, "message": MSG_STOPPED})

    def store(self, messages: list[Message], message: NewMessage, setup: Setup) -> None:
        """Queue the message's write and go on; it is announced once committed."""
        message["seq"] = (messages[-1]["seq"] + 1) if messages else 1
        stored, commit = journal.enqueue_message(
            self.factory, self.session_id, message, self.counters, on_commit=self.pub.release
        )
        messages.append(stored)
        self.writes.append(commit)
        self.pub.committed(commit, stored, setup, messages, self.generating)
