"""A run's course (product-rules §4 "Live generation loop"): build the models, then ask the
plan for the next empty slot and fill it, until the plan is done, a breaker trips or Stop.

The loop asks for the next empty slot (plan.py), fills it, commits, then publishes. There
are no artificial pauses: pacing is the screen's business.
"""

from __future__ import annotations

import asyncio
import logging

from colloquy.domain.constants import (
    MAX_ITERATIONS,
    MSG_ITERATION_LIMIT,
    MSG_REQUEST_LIMIT,
    REQUEST_LIMIT,
)
from colloquy.domain.sessions import moderation
from colloquy.domain.usage.prices import missing_price_message
from colloquy.engine import (
    answer_turn,
    interview_flow,
    interviewer_turn,
    journal,
    moderator_turn,
    plan,
    private_turn,
    provenance,
    run_usage,
    takeover_turn,
)
from colloquy.engine.halting import Halt
from colloquy.engine.journal import Counters, SessionGone
from colloquy.engine.natural_flow import NaturalFlow, flow_for
from colloquy.engine.prompting import image_urls
from colloquy.engine.run_setup import Setup
from colloquy.engine.run_state import RunState
from colloquy.engine.voices import Mixed, Voice
from colloquy.store.tables import SessionRow

log = logging.getLogger(__name__)


async def drive(run: RunState) -> None:
    """Run the session's slots until the run halts (Halt) or is cancelled."""
    async with run.factory() as db:
        row = await db.get(SessionRow, run.session_id)
        if row is None:
            raise SessionGone(run.session_id)
        messages = await journal.load_messages(db, run.session_id)
    setup = Setup.of(row)
    await _prepare(run, row, setup)
    q_count, p_count = len(setup.questions), len(setup.participants)
    flow = run.flow = interview_flow.flow_for(setup) or flow_for(setup)
    stored_keys = [journal.slot_key(m) for m in messages]
    if not (
        flow.indices_valid(stored_keys)
        if flow
        else plan.indices_valid(q_count, p_count, stored_keys)
    ):
        raise Halt(None, complete=True)  # product-rules §4: an invalid index saves and completes
    # The product's breakers (150 requests, 150 iterations) would stop any session with more
    # than 150 answers (up to 10 x 8 x 3 = 240), and the product rules call the request
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
        run.check_writes()
        if run.stop.is_set():
            raise run.halt_for_stop()
        first = plan.first_speakers(messages, setup.names) if ai else {}
        keys = [journal.slot_key(m) for m in messages]
        batch: list[int] = []
        if flow is not None:
            slot, batch = await flow.next_slot(messages, keys, first)
        else:
            slot = plan.next_slot(q_count, p_count, keys, setup.moderator, first)
        interviewer_step = slot is None or slot.kind != plan.ANSWER
        if (
            isinstance(flow, interview_flow.InterviewFlow)
            and interviewer_step
            and await takeover_turn.researcher_turn(run, setup, messages)
        ):
            continue  # the researcher's question was asked, or the run waits for one
        if slot is None:
            raise Halt(None, complete=True)
        run.counters.iterations += 1
        if run.counters.iterations > max_iterations:
            raise Halt({"status": None, "message": MSG_ITERATION_LIMIT})
        if batch:  # private answers
            if run.counters.requests >= max_requests:
                raise Halt({"status": None, "message": MSG_REQUEST_LIMIT})
            await private_turn.answer_privately(run, setup, slot, batch, messages)
            continue
        if slot.kind in (moderation.PROBE, moderation.SUMMARY):
            may_call = run.counters.requests < max_requests
            if isinstance(flow, interview_flow.InterviewFlow):
                await interviewer_turn.decide(run, setup, slot, messages, may_call)
            else:
                await moderator_turn.moderate(run, setup, slot, messages, may_call)
            continue
        if slot.kind != plan.ANSWER:
            run.store(messages, moderator_turn.scripted(setup, slot), setup)
            continue
        if run.counters.requests >= max_requests:
            raise Halt({"status": None, "message": MSG_REQUEST_LIMIT})
        if isinstance(flow, NaturalFlow) and flow.natural:
            assert run.provider is not None
            may_bid = run.counters.requests + 1 < max_requests
            slot = await flow.speaker(slot, messages, run.provider, run.counters, may_bid)
            batch = [slot.participant_index or 0]
        else:
            order = plan.round_order(p_count, first.get((slot.question_index, slot.round_index)))
            batch = plan.answer_batch(slot, p_count, setup.mode, order)
        await answer_turn.answer_slot(run, setup, slot, batch, messages)


async def _prepare(run: RunState, row: SessionRow, setup: Setup) -> None:
    """The run's models (metered), its counters and the images it shows the models."""
    try:
        if row.model_override and run.session_provider is not None:
            run.provider = run.session_provider(row.model_override)
            run.owns_provider = True
        else:
            run.provider = run.provider_factory()
    except Exception as exc:  # e.g. a bad COLLOQUY_LLM_* setting or a missing model file
        log.exception("could not build the model provider")
        raise Halt({"status": 503, "message": f"Model unavailable: {exc}"}) from exc
    await _build_voices(run, row)
    await provenance.record_model(run.factory, run.session_id, Mixed(list(run.voices.values())))
    # Every call of the run is metered against one budget, whoever's model.
    metered, run.voices = await run_usage.metered_run(
        run.factory, run.provider, run.voices, row.settings, session_id=run.session_id
    )
    run.provider = metered
    # No silent budget: a model without a price stops the run before its first call.
    providers = [metered, *(v.provider for v in run.voices.values())]
    missing = run_usage.unpriced_voices(metered.meter, providers)
    if missing:
        raise Halt({"status": None, "message": missing_price_message(missing[0])})
    run.counters = Counters(row.request_count, row.iteration_count)
    run.images = []
    if getattr(run.provider, "supports_images", False):
        run.images = await asyncio.to_thread(image_urls, setup.stimuli, run.uploads_dir)


async def _build_voices(run: RunState, row: SessionRow) -> None:
    provider = run.provider
    assert provider is not None
    if run.hooks.voice_builder is None:
        run.voices = {i: Voice(provider) for i in range(len(row.participants or []))}
        return
    try:
        run.voices = await run.hooks.voice_builder(row, provider)
    except Exception as exc:  # a profile deleted meanwhile, a bad saved profile
        log.exception("session %s: could not build the participants' models", row.id)
        raise Halt({"status": 503, "message": f"Model unavailable: {exc}"}) from exc
