"""The AI interviewer's turn in a run (docs/interviews.md): after each answer, the stop
rule or the model decides to follow up or move on (domain/interviews/decisions.py); the
decision is stored with its reason in the message's note and streamed like the moderator's.
"""

from __future__ import annotations

import asyncio
import logging

from colloquy.domain.constants import MODERATOR_SPEAKER
from colloquy.domain.interviews import decisions, prompts
from colloquy.domain.interviews import plan as iplan
from colloquy.domain.sessions import moderation
from colloquy.domain.sessions.messages import Message, NewMessage
from colloquy.domain.sessions.tokens import estimate_tokens
from colloquy.domain.text.text_safety import clean_text
from colloquy.engine import plan, run_usage
from colloquy.engine.halting import error_message
from colloquy.engine.run_setup import Setup
from colloquy.engine.run_state import RunState
from colloquy.llm.errors import LLMError
from colloquy.llm.types import ChatMessage, ChatRequest

log = logging.getLogger(__name__)


async def decide(
    run: RunState, setup: Setup, slot: plan.Slot, messages: list[Message], may_call: bool
) -> None:
    """The AI interviewer's move after an answer: the stop rule first (no model call), else
    the model's decision, kept only when it is not leading. Stored as a `probe` (a
    follow-up) or a `summary` (move on), with the decision and its reason in the note."""
    q, r = slot.question_index, slot.round_index
    own = iplan.topic(messages, q)
    answers = [str(m["content"]) for m in iplan.answers_of(own)]
    last_topic = q == len(setup.questions) - 1
    limit = setup.max_probes
    stop = decisions.stop_reason(answers, iplan.probes_asked(messages, q), limit)
    task: asyncio.Task[str] | None = None
    if stop is not None:
        decision = decisions.moving_on(stop, last_topic)
    elif not may_call:
        decision = decisions.moving_on("the run's request limit was reached", last_topic)
    else:
        run.generating = []
        run.pub.thinking(setup.participants, [], q, r, moderator=moderation.PROBE)
        probes_left = limit - iplan.probes_asked(messages, q)
        user = prompts.decision_prompt(setup.questions[q], own, setup.names[0], probes_left)
        task = asyncio.create_task(_ask(run, user))
        try:
            reply = await run.unless_stopped(task)
        except LLMError as err:
            log.warning("session %s: AI interviewer failed: %s", run.session_id, err)
            reply = ""
            stop = f"the model did not answer: {error_message(err)}"
        finally:
            if not task.done():
                task.cancel()
            await asyncio.gather(task, return_exceptions=True)
        decision = (
            decisions.moving_on(stop, last_topic)
            if stop
            else decisions.decide(reply, answers[-1] if answers else "", last_topic)
        )
    log.info("session %s topic %d: %s", run.session_id, q + 1, decision.note)
    message = interviewer_message(slot, decision, called=task is not None)
    if task is not None:
        message["usage"] = run_usage.usage_json(run.provider, task)
    run.store(messages, message, setup)
    run.pub.thinking(setup.participants, [], q, r)


async def _ask(run: RunState, user: str) -> str:
    provider = run.provider
    assert provider is not None  # run() builds it before the first call
    run.counters.requests += 1
    request = ChatRequest(
        system=prompts.INTERVIEWER_SYSTEM,
        messages=[ChatMessage(role="user", content=user)],
        max_tokens=prompts.DECISION_MAX_TOKENS,
        temperature=0.0,
    )
    result = await provider.chat(request)
    return clean_text(result.text or "")


def interviewer_message(slot: plan.Slot, decision: decisions.Decision, called: bool) -> NewMessage:
    kind = moderation.PROBE if decision.follows_up else moderation.SUMMARY
    return {
        "speaker": MODERATOR_SPEAKER,
        "content": decision.question,
        "sentiment": None,
        "personaId": None,
        "questionIndex": slot.question_index,
        "round": slot.round_index,
        "participantIndex": None,
        "kind": kind,
        "tokens": estimate_tokens(decision.question) if called else 0,
        "note": decision.note,
        "rawContent": None,
    }
