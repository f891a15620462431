"""The moderator's turns in a run: the scripted question and round prompts, and the AI
moderator's probes (the next round's prompt) and summaries, asked of the model.

The runner decides when a turn comes (plan.py) and stores what this module writes.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping, Sequence
from typing import Any

from colloquy.domain.constants import MODERATOR_SPEAKER, MSG_REQUEST_LIMIT
from colloquy.domain.sessions import moderation
from colloquy.domain.sessions.messages import Message, NewMessage
from colloquy.domain.sessions.natural_moderation import FALLBACK_PROBE
from colloquy.domain.sessions.private_answers import is_private
from colloquy.domain.sessions.prompts import round_moderator_message
from colloquy.domain.sessions.tokens import estimate_tokens
from colloquy.domain.text.text_safety import clean_text
from colloquy.engine import plan, run_usage
from colloquy.engine.halting import error_message
from colloquy.engine.journal import Counters
from colloquy.engine.natural_flow import NaturalFlow
from colloquy.engine.prompting import moderator_request
from colloquy.engine.publisher import Publisher
from colloquy.engine.run_setup import Setup
from colloquy.engine.run_state import RunState
from colloquy.llm.errors import LLMError
from colloquy.llm.provider import Provider
from colloquy.llm.types import ChatRequest

log = logging.getLogger(__name__)


def follow_up(messages: Sequence[Mapping[str, Any]], q: int, r: int) -> str | None:
    """The AI moderator's probe that opened round r of question q (not a scripted
    fallback), the prompt the participants answer in that round."""
    for m in reversed(messages):
        if m["kind"] == moderation.PROBE and m["questionIndex"] == q and m["round"] == r:
            return None if m.get("note") else m["content"]
    return None


def scripted(setup: Setup, slot: plan.Slot) -> NewMessage:
    """The product's fixed moderator lines: the question itself, then "[Round N] ..."."""
    if slot.kind == plan.QUESTION:
        content = setup.questions[slot.question_index]
    else:
        content = round_moderator_message(slot.round_index + 1)
    return {
        "speaker": MODERATOR_SPEAKER,
        "content": content,
        "sentiment": None,
        "personaId": None,
        "questionIndex": slot.question_index,
        "round": slot.round_index,
        "participantIndex": None,
        "kind": slot.kind,
        "tokens": 0,
    }


def written(setup: Setup, slot: plan.Slot, text: str, note: str | None) -> NewMessage:
    """A probe or summary as stored. Without usable text (the call failed or replied
    nothing) the scripted fallback is stored with a note saying why."""
    q, r, kind = slot.question_index, slot.round_index, slot.kind
    if not text:
        if kind == moderation.PROBE and setup.mode == plan.NATURAL:
            text = FALLBACK_PROBE  # natural mode has no rounds to announce
        elif kind == moderation.PROBE:
            text = round_moderator_message(r + 1)
        else:
            text = moderation.fallback_summary(q == len(setup.questions) - 1)
        note = note or moderation.fallback_note(kind, "no usable reply")
    return {
        "speaker": MODERATOR_SPEAKER,
        "content": text,
        "sentiment": None,
        "personaId": None,
        "questionIndex": q,
        "round": r,
        "participantIndex": None,
        "kind": kind,
        "tokens": 0 if note else estimate_tokens(text),  # written by the model
        "note": note,
        "rawContent": None,
    }


async def ask(
    provider: Provider,
    pub: Publisher,
    counters: Counters,
    setup: Setup,
    slot: plan.Slot,
    messages: Sequence[Mapping[str, Any]],
    may_call: bool,
    request: ChatRequest | None = None,
) -> str:
    """The model's probe or summary for this slot, streamed to the live view. `request`:
    one built by the caller (natural mode's probe, natural_flow.py)."""
    q, r, kind = slot.question_index, slot.round_index, slot.kind
    if not may_call:  # the request breaker: no more model calls for the moderator
        raise LLMError(MSG_REQUEST_LIMIT)
    discussion = [m for m in messages if m["questionIndex"] == q and not is_private(m)]
    request = request or moderator_request(
        kind=kind,
        moderator_style=setup.moderator_style,
        question=setup.questions[q],
        discussion=discussion,
        names=setup.names,
        next_round_index=r,
        is_last_question=q == len(setup.questions) - 1,
    )
    extra = {"speaker": MODERATOR_SPEAKER, "kind": kind}
    nobody: dict[str, Any] = {"id": None}
    counters.requests += 1
    result = await provider.stream(
        request,
        lambda delta: pub.token(nobody, None, q, r, delta, extra),
        lambda: pub.retrying(nobody, None, q, r),
        lambda: pub.waiting(nobody, None, q, r),
    )
    raw = clean_text(result.text or "")  # NUL: PostgreSQL refuses it
    if kind == moderation.SUMMARY:
        return moderation.summary_text(raw)
    return moderation.clean_moderator_text(raw)


async def moderate(
    run: RunState, setup: Setup, slot: plan.Slot, messages: list[Message], may_call: bool
) -> None:
    """The AI moderator's probe (the next round's prompt) or summary, streamed like an
    answer. A failed call falls back to the scripted text with a note on the message,
    and the session goes on; Stop drops it (a resumed run writes it again)."""
    q, r, kind = slot.question_index, slot.round_index, slot.kind
    run.generating = []
    run.pub.thinking(setup.participants, [], q, r, moderator=kind)
    provider = run.provider
    assert provider is not None  # run() builds it before the first call
    note = None
    flow = run.flow if isinstance(run.flow, NaturalFlow) and run.flow.natural else None
    request = flow.probe_request(slot, messages) if flow and kind == moderation.PROBE else None
    task = asyncio.create_task(
        ask(provider, run.pub, run.counters, setup, slot, messages, may_call, request)
    )
    try:
        text = await run.unless_stopped(task)
    except LLMError as err:
        log.warning("session %s: AI moderator %s failed: %s", run.session_id, kind, err)
        note = moderation.fallback_note(kind, error_message(err))
        text = ""
    finally:
        if not task.done():
            task.cancel()
        await asyncio.gather(task, return_exceptions=True)
    message = written(setup, slot, text, note)
    message["usage"] = run_usage.usage_json(run.provider, task)
    run.store(messages, message, setup)
    run.pub.thinking(setup.participants, [], q, r)
