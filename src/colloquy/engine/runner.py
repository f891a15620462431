"""One session's run, driven on the server: its state (models, counters, writes under way),
how it ends (completed, halted with an error, stopped, or cancelled to resume later) and
the stored messages' queue. The course of the run is run_loop.py's; its turns are
answer_turn.py's, moderator_turn.py's and private_turn.py's.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from colloquy.domain.constants import MSG_GENERATION_FAILED, MSG_SAVE_FAILED, MSG_STOPPED
from colloquy.domain.personas.evidence_budget import with_evidence
from colloquy.domain.personas.evidence_query import question_query
from colloquy.domain.sessions.messages import Message, NewMessage
from colloquy.engine import journal, run_loop
from colloquy.engine.halting import Halt, error_message
from colloquy.engine.journal import Counters, SessionGone
from colloquy.engine.natural_flow import NaturalFlow
from colloquy.engine.publisher import Publisher
from colloquy.engine.run_setup import Setup
from colloquy.engine.voices import Voice, VoiceBuilder, close_owned
from colloquy.llm.errors import LLMError
from colloquy.llm.metered import BudgetReached
from colloquy.llm.provider import Provider

log = logging.getLogger(__name__)

# (persona id, question and materials) -> the persona's evidence block ('' for none).
EvidenceLookup = Callable[[str | None, str], Awaitable[str]]


class SessionRunner:
    def __init__(
        self,
        session_id: str,
        factory: async_sessionmaker[AsyncSession],
        provider: Callable[[], Provider],
        publisher: Publisher,
        uploads_dir: Path,
        stop: asyncio.Event,
        session_provider: Callable[[dict[str, Any]], Provider] | None = None,
    ) -> None:
        self.session_id = session_id
        # Builds the provider of a session that names its own model (a re-run on another
        # model); that provider belongs to this run and is closed when it ends.
        self.session_provider = session_provider
        self.owns_provider = False
        self.factory = factory
        self.provider_factory = provider  # built on first use, inside the guarded loop
        self.provider: Provider | None = None
        self.pub = publisher
        self.uploads_dir = uploads_dir
        self.stop = stop
        self.generating: list[int] = []  # participants being generated right now
        self.quiet_stop = False  # End/Delete stop the runner without a 'stopped' error
        self.counters = Counters(0, 0)
        # Message writes under way: the loop goes on while a message commits (its event
        # waits for the commit, see Publisher.committed), and a failed write ends the run.
        self.writes: list[asyncio.Future[None]] = []
        self.system_prompts: dict[int, str] = {}  # per participant: the same all session
        # Evidence: per participant and question, so every turn of one question
        # sends the same system prompt; the persona's part before it never changes.
        self.evidence: EvidenceLookup | None = None
        self.evidence_blocks: dict[tuple[int, int], str] = {}
        # Called with the session id once the run completed (the session health report).
        self.on_complete: Callable[[str], None] | None = None
        # Called with (session id, completed) when a run completes or fails (webhooks).
        self.on_end: Callable[[str, bool], None] | None = None
        # Who answers on which model (built when the run starts, kept to its end).
        self.voice_builder: VoiceBuilder | None = None
        self.voices: dict[int, Voice] = {}
        # Natural mode and private answers; None: the round plan alone.
        self.flow: NaturalFlow | None = None
        self.images: list[str] = []  # the stimuli's images, for a model that reads them

    async def run(self) -> None:
        """Drive the session until it completes, halts or the task is cancelled.

        Cancellation (server shutdown) writes nothing: the session keeps running=True and
        is resumed from its stored messages on the next start.
        """
        try:
            await self._loop_then_settle()
        except Halt as h:
            await self._halt(h.error, h.complete)
        except BudgetReached as b:  # continue after the budget is raised
            await self._halt(b.error)
        except LLMError as err:
            await self._halt({"status": err.status, "message": error_message(err)})
        except SessionGone:
            log.info("session %s went away while running", self.session_id)
        except (DBAPIError, journal.EarlierWriteFailed):
            # A message write failed (a slot another runner stored, a refused value): the
            # run ends and says so, so a session never stays "running" with no runner.
            log.exception("session %s: a message could not be saved", self.session_id)
            await self._halt({"status": 500, "message": MSG_SAVE_FAILED})
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("session %s: runner failed", self.session_id)
            await self._halt({"status": 500, "message": MSG_GENERATION_FAILED})
        finally:
            self.generating = []
            # Deltas still buffered belong to answers that will not be stored (stored ones
            # were flushed before their `message`): do not let a timer publish them later.
            self.pub.drop_tokens()
            if self.owns_provider and self.provider is not None:
                with contextlib.suppress(Exception):
                    await self.provider.aclose()
            await close_owned(self.voices)

    async def _loop_then_settle(self) -> None:
        """The loop, then its message writes: the run ends only when they are done, and a
        write that failed (session gone, slot taken) decides how it ends."""
        try:
            await run_loop.drive(self)
        except asyncio.CancelledError:
            raise
        except BaseException as exc:
            failure = await self._settle_writes()
            if failure is not None and failure is not exc:
                raise failure from exc
            raise

    async def _settle_writes(self) -> BaseException | None:
        writes, self.writes = self.writes, []
        if writes:
            await asyncio.wait(writes)
        return next(
            (w.exception() for w in writes if not w.cancelled() and w.exception() is not None), None
        )

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
        """The system prompt with the persona's evidence for question q: chosen
        once per participant and question, the same for public and private answers."""
        if self.evidence is None:
            return system
        block = self.evidence_blocks.get((p, q))
        if block is None:
            query = question_query(setup.questions[q], setup.stimuli)
            block = await self.evidence(setup.participants[p].get("id"), query)
            self.evidence_blocks[(p, q)] = block
        return with_evidence(system, block)

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

    async def _halt(self, error: dict[str, Any] | None, complete: bool = False) -> None:
        try:
            if complete:
                await journal.complete(self.factory, self.session_id, self.counters)
            else:
                await journal.halt(self.factory, self.session_id, error, self.counters)
        except Exception:
            log.exception("session %s: could not record the end of the run", self.session_id)
            return
        if complete and self.on_complete is not None:
            try:
                self.on_complete(self.session_id)
            except Exception:
                log.exception("session %s: completion hook failed", self.session_id)
        failed = error is not None and error.get("message") != MSG_STOPPED
        if self.on_end is not None and not self.quiet_stop and (complete or failed):
            try:
                self.on_end(self.session_id, complete)
            except Exception:
                log.exception("session %s: end hook failed", self.session_id)
        if self.quiet_stop:
            return  # the caller (End, Delete) records and announces what happens next
        if error is not None:
            self.pub.error(error)
        self.pub.status("completed" if complete else "in-progress", running=False, error=error)
