"""One session's generation loop (product-rules §4 "Live generation loop"), driven on the server.

The loop asks for the next empty slot (plan.py), fills it, commits, then publishes. There
are no artificial pauses: pacing is the screen's business.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy.exc import DBAPIError
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from colloquy.domain.constants import (
    MAX_ITERATIONS,
    MSG_GENERATION_FAILED,
    MSG_ITERATION_LIMIT,
    MSG_NO_RESPONSE,
    MSG_REQUEST_LIMIT,
    MSG_SAVE_FAILED,
    MSG_STOPPED,
    REQUEST_LIMIT,
)
from colloquy.domain.personas.evidence_budget import with_evidence
from colloquy.domain.personas.evidence_query import question_query
from colloquy.domain.sentiment import sentiment_of
from colloquy.domain.sessions import moderation
from colloquy.domain.sessions.answer_cleaning import clean_answer
from colloquy.domain.sessions.answer_quality import MAX_REASKS, reask_repairs, unusable_reason
from colloquy.domain.sessions.messages import Message, NewMessage
from colloquy.domain.sessions.prompts import build_system_prompt
from colloquy.domain.sessions.tokens import estimate_tokens
from colloquy.domain.text_safety import clean_text
from colloquy.engine import journal, moderator_turn, plan, private_turn, provenance, run_usage
from colloquy.engine.journal import Counters, SessionGone
from colloquy.engine.natural_flow import NaturalFlow, flow_for
from colloquy.engine.prompting import answer_request, image_urls
from colloquy.engine.publisher import Publisher
from colloquy.engine.run_setup import Setup
from colloquy.engine.voices import Mixed, Voice, VoiceBuilder, close_owned
from colloquy.llm.errors import LLMError
from colloquy.llm.metered import BudgetReached
from colloquy.llm.provider import Provider
from colloquy.store.models import SessionRow

log = logging.getLogger(__name__)

# (persona id, question and materials) -> the persona's evidence block ('' for none).
EvidenceLookup = Callable[[str | None, str], Awaitable[str]]


# The spec's own wordings (429, 402, timeout, empty) are kept as they are; anything else
# reads as the spec's default with the provider's detail after it.
_SPEC_WORDED = {"rate_limit", "credits", "timeout", "empty"}


def error_message(err: LLMError) -> str:
    if err.kind in _SPEC_WORDED or not err.message:
        return err.message or MSG_GENERATION_FAILED
    if err.message.startswith(MSG_GENERATION_FAILED):
        return err.message
    return f"{MSG_GENERATION_FAILED}: {err.message}"


class Halt(Exception):
    """End this run, keeping progress; `error` is stored on the session."""

    def __init__(self, error: dict[str, Any] | None, complete: bool = False) -> None:
        super().__init__(error)
        self.error = error
        self.complete = complete


@dataclass
class Answer:
    """A participant's answer as stored, the repairs that cleaned it and the model's text."""

    text: str
    repairs: list[str]
    raw: str


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
        # Evidence (issue 29): per participant and question, so every turn of one question
        # sends the same system prompt; the persona's part before it never changes.
        self.evidence: EvidenceLookup | None = None
        self.evidence_blocks: dict[tuple[int, int], str] = {}
        # Called with the session id once the run completed (the session health report).
        self.on_complete: Callable[[str], None] | None = None
        # Called with (session id, completed) when a run completes or fails (webhooks).
        self.on_end: Callable[[str, bool], None] | None = None
        # Issue 30: who answers on which model (built when the run starts, kept to its end).
        self.voice_builder: VoiceBuilder | None = None
        self.voices: dict[int, Voice] = {}
        # Natural mode and private answers (issue 28); None: the spec's plan alone.
        self.flow: NaturalFlow | None = None

    async def run(self) -> None:
        """Drive the session until it completes, halts or the task is cancelled.

        Cancellation (server shutdown) writes nothing: the session keeps running=True and
        is resumed from its stored messages on the next start.
        """
        try:
            await self._loop_then_settle()
        except Halt as h:
            await self._halt(h.error, h.complete)
        except BudgetReached as b:  # issue 31: continue after the budget is raised
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
            await self._loop()
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

    def _check_writes(self) -> None:
        """Raise the error of a message write that failed; forget those that succeeded."""
        pending = []
        for write in self.writes:
            if not write.done():
                pending.append(write)
            elif not write.cancelled() and write.exception() is not None:
                raise write.exception()  # type: ignore[misc]
        self.writes = pending

    async def _loop(self) -> None:
        async with self.factory() as db:
            row = await db.get(SessionRow, self.session_id)
            if row is None:
                raise SessionGone(self.session_id)
            messages = await journal.load_messages(db, self.session_id)
        setup = Setup.of(row)
        try:
            if row.model_override and self.session_provider is not None:
                self.provider = self.session_provider(row.model_override)
                self.owns_provider = True
            else:
                self.provider = self.provider_factory()
        except Exception as exc:  # e.g. a bad COLLOQUY_LLM_* setting or a missing model file
            log.exception("could not build the model provider")
            raise Halt({"status": 503, "message": f"Model unavailable: {exc}"}) from exc
        await self._build_voices(row)
        await provenance.record_model(
            self.factory, self.session_id, Mixed(list(self.voices.values()))
        )
        # Issue 31: every call of the run is metered against one budget, whoever's model.
        self.provider, self.voices = await run_usage.metered_run(
            self.factory, self.provider, self.voices, row.settings, session_id=self.session_id
        )
        self.counters = Counters(row.request_count, row.iteration_count)
        self.images: list[str] = []
        if getattr(self.provider, "supports_images", False):
            self.images = await asyncio.to_thread(image_urls, setup.stimuli, self.uploads_dir)
        q_count, p_count = len(setup.questions), len(setup.participants)
        flow = self.flow = flow_for(setup)
        stored_keys = [journal.slot_key(m) for m in messages]
        if not (
            flow.indices_valid(stored_keys)
            if flow
            else plan.indices_valid(q_count, p_count, stored_keys)
        ):
            raise Halt(None, complete=True)  # the spec: an invalid index saves and completes
        # The spec's breakers (150 requests, 150 iterations) would stop any session with more
        # than 150 answers (up to 10 x 8 x 3 = 240), and the spec itself calls the request
        # guard unreliable. Here they count requests and iterations beyond the session's
        # planned ones, so they only trip on a runaway loop (repeated failures and retries).
        ai = setup.moderator == moderation.AI
        max_requests = (
            plan.planned_answers(q_count, p_count)
            + plan.moderator_calls(q_count, setup.moderator)
            + REQUEST_LIMIT
        )
        max_iterations = plan.planned_steps(q_count, p_count, setup.moderator) + MAX_ITERATIONS
        if flow is not None:
            max_requests += flow.extra_requests()
            max_iterations += flow.extra_steps()
        while True:
            self._check_writes()
            if self.stop.is_set():
                raise self._stopped()
            first = plan.first_speakers(messages, setup.names) if ai else {}
            keys = [journal.slot_key(m) for m in messages]
            batch: list[int] = []
            if flow is not None:
                slot, batch = await flow.next_slot(messages, keys, first)
            else:
                slot = plan.next_slot(q_count, p_count, keys, setup.moderator, first)
            if slot is None:
                raise Halt(None, complete=True)
            self.counters.iterations += 1
            if self.counters.iterations > max_iterations:
                raise Halt({"status": None, "message": MSG_ITERATION_LIMIT})
            if batch:  # private answers (issue 28)
                if self.counters.requests >= max_requests:
                    raise Halt({"status": None, "message": MSG_REQUEST_LIMIT})
                await private_turn.answer_privately(self, setup, slot, batch, messages)
                continue
            if slot.kind in (moderation.PROBE, moderation.SUMMARY):
                await self._moderate(setup, slot, messages, self.counters.requests < max_requests)
                continue
            if slot.kind != plan.ANSWER:
                self._post_moderator(setup, slot, messages)
                continue
            if self.counters.requests >= max_requests:
                raise Halt({"status": None, "message": MSG_REQUEST_LIMIT})
            if flow is not None and flow.natural:
                assert self.provider is not None
                may_bid = self.counters.requests + 1 < max_requests
                slot = await flow.speaker(slot, messages, self.provider, self.counters, may_bid)
                batch = [slot.participant_index or 0]
            else:
                order = plan.round_order(
                    p_count, first.get((slot.question_index, slot.round_index))
                )
                batch = plan.answer_batch(slot, p_count, setup.mode, order)
            await self._answer(setup, slot, batch, messages)

    async def _build_voices(self, row: SessionRow) -> None:
        provider = self.provider
        assert provider is not None
        if self.voice_builder is None:
            self.voices = {i: Voice(provider) for i in range(len(row.participants or []))}
            return
        try:
            self.voices = await self.voice_builder(row, provider)
        except Exception as exc:  # a profile deleted meanwhile, a bad saved profile
            log.exception("session %s: could not build the participants' models", row.id)
            raise Halt({"status": 503, "message": f"Model unavailable: {exc}"}) from exc

    def voice(self, p: int) -> Voice:
        voice = self.voices.get(p)
        if voice is None:
            assert self.provider is not None
            voice = self.voices[p] = Voice(self.provider)
        return voice

    def _post_moderator(self, setup: Setup, slot: plan.Slot, messages: list[Message]) -> None:
        self._store(messages, moderator_turn.scripted(setup, slot), setup)

    async def _moderate(
        self, setup: Setup, slot: plan.Slot, messages: list[Message], may_call: bool
    ) -> None:
        """The AI moderator's probe (the next round's prompt) or summary, streamed like an
        answer. A failed call falls back to the scripted text with a note on the message,
        and the session goes on; Stop drops it (a resumed run writes it again)."""
        q, r, kind = slot.question_index, slot.round_index, slot.kind
        self.generating = []
        self.pub.thinking(setup.participants, [], q, r, moderator=kind)
        provider = self.provider
        assert provider is not None  # run() builds it before the first call
        note = None
        natural = self.flow is not None and self.flow.natural and kind == moderation.PROBE
        request = self.flow.probe_request(slot, messages) if natural and self.flow else None
        task = asyncio.create_task(
            moderator_turn.ask(
                provider, self.pub, self.counters, setup, slot, messages, may_call, request
            )
        )
        try:
            text = await self._unless_stopped(task)
        except LLMError as err:
            log.warning("session %s: AI moderator %s failed: %s", self.session_id, kind, err)
            note = moderation.fallback_note(kind, error_message(err))
            text = ""
        finally:
            if not task.done():
                task.cancel()
            await asyncio.gather(task, return_exceptions=True)
        written = moderator_turn.written(setup, slot, text, note)
        written["usage"] = run_usage.usage_json(self.provider, task)
        self._store(messages, written, setup)
        self.pub.thinking(setup.participants, [], q, r)

    async def _answer(
        self, setup: Setup, slot: plan.Slot, batch: list[int], messages: list[Message]
    ) -> None:
        q, r = slot.question_index, slot.round_index
        discussion = plan.discussion_scope(messages, q, r, setup.mode)
        follow_up = moderator_turn.follow_up(messages, q, r)
        self.generating = list(batch)
        self.pub.thinking(setup.participants, batch, q, r)
        tasks = {
            p: asyncio.create_task(self._generate(setup, q, r, p, discussion, follow_up))
            for p in batch
        }
        try:
            for p in batch:  # stored in participant order, each as soon as it may be
                answer = await self._unless_stopped(tasks[p])
                text = answer.text
                persona = setup.participants[p]
                tokens = estimate_tokens(text)
                self.generating = [i for i in self.generating if i != p]
                self._store(
                    messages,
                    {
                        "speaker": persona.get("name") or f"Participant {p + 1}",
                        "content": text,
                        "sentiment": sentiment_of(text),
                        "personaId": persona.get("id"),
                        "questionIndex": q,
                        "round": r,
                        "participantIndex": p,
                        "kind": plan.ANSWER,
                        "tokens": tokens,
                        "repairs": answer.repairs,
                        "rawContent": answer.raw if answer.repairs else None,
                        "usage": run_usage.usage_json(self.provider, tasks[p]),
                        **self.voice(p).stamp(),  # type: ignore[typeddict-item]
                    },
                    setup,
                )
                self.pub.thinking(setup.participants, self.generating, q, r)
        finally:
            self.generating = []
            pending = [t for t in tasks.values() if not t.done()]
            for task in pending:
                task.cancel()
            await asyncio.gather(*tasks.values(), return_exceptions=True)

    async def grounded(self, setup: Setup, p: int, q: int, system: str) -> str:
        """The system prompt with the persona's evidence for question q (issue 29): chosen
        once per participant and question, the same for public and private answers."""
        if self.evidence is None:
            return system
        block = self.evidence_blocks.get((p, q))
        if block is None:
            query = question_query(setup.questions[q], setup.stimuli)
            block = await self.evidence(setup.participants[p].get("id"), query)
            self.evidence_blocks[(p, q)] = block
        return with_evidence(system, block)

    async def _generate(
        self,
        setup: Setup,
        q: int,
        r: int,
        p: int,
        discussion: list[Message],
        follow_up: str | None = None,
    ) -> Answer:
        persona = setup.participants[p]
        system = self.system_prompts.get(p)
        natural = self.flow if self.flow is not None and self.flow.natural else None
        if system is None and natural is not None:
            system = self.system_prompts[p] = natural.system_prompt(persona)
        if system is None:
            system = self.system_prompts[p] = build_system_prompt(
                persona, persona.get("enriched"), setup.moderator_style, setup.response_length
            )
        system = await self.grounded(setup, p, q, system)
        if natural is not None:
            request = natural.turn_request(q, r, p, discussion, system, self.images)
        else:
            request = answer_request(
                persona=persona,
                moderator_style=setup.moderator_style,
                response_length=setup.response_length,
                question=setup.questions[q],
                stimuli=setup.stimuli,
                discussion=discussion,
                round_index=r,
                images=self.images,
                system=system,
                follow_up=follow_up,
            )
        others = [str(x.get("name") or "") for i, x in enumerate(setup.participants) if i != p]
        names = [str(x.get("name") or "") for x in setup.participants]
        provider = self.voice(p).provider  # the participant's model (issue 30)
        # An answer that cleans to nothing, a name, a round line or under 3 words is asked
        # again, at most twice (answer_quality.py); then the last one is kept, marked.
        reasks = 0
        while True:
            self.counters.requests += 1
            result = await provider.stream(
                request,
                lambda delta: self.pub.token(persona, p, q, r, delta),
                lambda: self.pub.retrying(persona, p, q, r),
                lambda: self.pub.waiting(persona, p, q, r),
            )
            raw = clean_text(result.text or "").strip()  # NUL: PostgreSQL refuses it
            if not raw:
                raise LLMError(MSG_NO_RESPONSE, kind="empty")
            cleaned = clean_answer(raw, speaker=str(persona.get("name") or ""), others=others)
            unusable = unusable_reason(cleaned.text, names) is not None
            if not unusable or reasks >= MAX_REASKS:
                text = cleaned.text or raw
                return Answer(text, reask_repairs(reasks, unusable, cleaned.repairs), raw)
            reasks += 1
            self.pub.retrying(persona, p, q, r)  # the live view drops the unusable answer

    async def _unless_stopped(self, task: asyncio.Task[Any]) -> Any:
        """The task's result, or Halt when Stop comes first (the answer is dropped)."""
        if not task.done():
            stop_wait = asyncio.create_task(self.stop.wait())
            try:
                await asyncio.wait({task, stop_wait}, return_when=asyncio.FIRST_COMPLETED)
            finally:
                stop_wait.cancel()
        if not task.done():
            raise self._stopped()
        return task.result()

    def _stopped(self) -> Halt:
        return Halt(None if self.quiet_stop else {"status": None, "message": MSG_STOPPED})

    def _store(self, messages: list[Message], message: NewMessage, setup: Setup) -> None:
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
