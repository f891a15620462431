"""A public answer turn of a run: the participants of a batch answer the slot's question
(each on their own model, streamed to the live view), an unusable answer is asked again,
and the answers are stored in participant order.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from colloquy.domain.constants import MSG_NO_RESPONSE
from colloquy.domain.sessions.answer_cleaning import (
    CleanedAnswer,
    clean_answer,
    without_leading_labels,
)
from colloquy.domain.sessions.answer_quality import (
    MAX_REASKS,
    MIN_WORDS,
    reask_repairs,
    unusable_reason,
)
from colloquy.domain.sessions.messages import Message, NewMessage
from colloquy.domain.sessions.prompts import build_system_prompt
from colloquy.domain.sessions.tokens import estimate_tokens, word_count
from colloquy.domain.sessions.turn_floor import REASKED_SHORT, closer_to_asked, far_too_short
from colloquy.domain.sessions.turn_trim import TRIMMED, trim_to_length
from colloquy.domain.text.sentiment import sentiment_of
from colloquy.domain.text.text_safety import clean_text
from colloquy.engine import moderator_turn, plan, run_usage
from colloquy.engine.interview_flow import InterviewFlow
from colloquy.engine.natural_flow import NaturalFlow
from colloquy.engine.prompting import answer_request
from colloquy.engine.run_setup import Setup
from colloquy.engine.run_state import RunState
from colloquy.llm.errors import LLMError


@dataclass
class Answer:
    """A participant's answer as stored, the repairs that cleaned it and the model's text."""

    text: str
    repairs: list[str]
    raw: str


def participant_message(
    run: RunState, setup: Setup, p: int, q: int, r: int, kind: str, text: str
) -> NewMessage:
    """What every participant's message holds (public and private answers alike)."""
    persona = setup.participants[p]
    return {
        "speaker": persona.get("name") or f"Participant {p + 1}",
        "content": text,
        "sentiment": sentiment_of(text),
        "personaId": persona.get("id"),
        "questionIndex": q,
        "round": r,
        "participantIndex": p,
        "kind": kind,
        **run.voice(p).stamp(),  # type: ignore[typeddict-item]
    }


async def answer_slot(
    run: RunState, setup: Setup, slot: plan.Slot, batch: list[int], messages: list[Message]
) -> None:
    """The participants in `batch` answer the slot, at once; stored in participant order."""
    q, r = slot.question_index, slot.round_index
    scope = plan.session_scope if setup.cache_friendly else plan.discussion_scope
    discussion = scope(messages, q, r, setup.mode)
    follow_up = moderator_turn.follow_up(messages, q, r)
    run.generating = list(batch)
    run.pub.thinking(setup.participants, batch, q, r)
    tasks = {
        p: asyncio.create_task(_generate(run, setup, q, r, p, discussion, follow_up)) for p in batch
    }
    try:
        for p in batch:  # stored in participant order, each as soon as it may be
            answer = await run.unless_stopped(tasks[p])
            text = answer.text
            tokens = estimate_tokens(text)
            run.generating = [i for i in run.generating if i != p]
            run.store(
                messages,
                {
                    **participant_message(run, setup, p, q, r, plan.ANSWER, text),
                    "tokens": tokens,
                    "repairs": answer.repairs,
                    "rawContent": answer.raw if answer.repairs else None,
                    "usage": run_usage.usage_json(run.provider, tasks[p]),
                },
                setup,
            )
            run.pub.thinking(setup.participants, run.generating, q, r)
    finally:
        run.generating = []
        pending = [t for t in tasks.values() if not t.done()]
        for task in pending:
            task.cancel()
        await asyncio.gather(*tasks.values(), return_exceptions=True)


async def _generate(
    run: RunState,
    setup: Setup,
    q: int,
    r: int,
    p: int,
    discussion: list[Message],
    follow_up: str | None = None,
) -> Answer:
    persona = setup.participants[p]
    system = run.system_prompts.get(p)
    natural = run.flow if isinstance(run.flow, NaturalFlow) and run.flow.natural else None
    interview = run.flow if isinstance(run.flow, InterviewFlow) else None
    if system is None and interview is not None:
        system = run.system_prompts[p] = interview.system_prompt()
    if system is None and natural is not None:
        system = run.system_prompts[p] = natural.system_prompt(persona)
    if system is None:
        system = run.system_prompts[p] = build_system_prompt(
            persona, persona.get("enriched"), setup.moderator_style, setup.response_length
        )
    system = await run.grounded(setup, p, q, system)
    provider = run.voice(p).provider  # its model in a mixed panel (docs/models.md)
    if natural is not None:
        model = str(getattr(provider, "model", "") or "")
        request = natural.turn_request(q, r, p, discussion, system, run.images, model)
    elif interview is not None:
        request = interview.answer_request(q, r, discussion, system, run.images)
    else:
        request = answer_request(
            persona=persona,
            moderator_style=setup.moderator_style,
            response_length=setup.response_length,
            question=setup.questions[q],
            stimuli=setup.stimuli,
            discussion=discussion,
            round_index=r,
            images=run.images,
            system=system,
            follow_up=follow_up,
            cache_friendly=setup.cache_friendly,
        )
    others = [str(x.get("name") or "") for i, x in enumerate(setup.participants) if i != p]
    names = [str(x.get("name") or "") for x in setup.participants]
    # An answer that cleans to nothing, a name, a round line or under 3 words is asked
    # again, at most twice (answer_quality.py); then the last one is kept, marked. A
    # natural turn may be a word or two ("Yeah.") when that is what it asked for.
    min_words = 1 if natural is not None else MIN_WORDS
    prompt = request.system or ""  # the persona and its rules: never to be copied
    reasks = 0
    asked = natural.turn_words(q, r, p) if natural is not None else 0  # 0: no length rule
    short: Answer | None = None  # a natural turn far shorter than asked, kept to compare
    while True:
        run.counters.requests += 1
        result = await provider.stream(
            request,
            lambda delta: run.pub.token(persona, p, q, r, delta),
            lambda: run.pub.retrying(persona, p, q, r),
            lambda: run.pub.waiting(persona, p, q, r),
        )
        raw = clean_text(result.text or "").strip()  # NUL: PostgreSQL refuses it
        if not raw:
            raise LLMError(MSG_NO_RESPONSE, kind="empty")
        cleaned = clean_answer(
            raw, speaker=str(persona.get("name") or ""), others=others, prompt=prompt
        )
        if natural is not None:  # a short turn written long is cut back (turn_trim.py)
            trimmed = trim_to_length(cleaned.text, asked)
            if trimmed != cleaned.text:
                cleaned = CleanedAnswer(trimmed, [*cleaned.repairs, TRIMMED])
        unusable = unusable_reason(cleaned.text, names, min_words) is not None
        if short is not None:  # the length re-ask's answer: the closer of the two is kept
            again = Answer(cleaned.text, reask_repairs(reasks, False, cleaned.repairs), raw)
            return _closer(short, None if unusable else again, asked)
        if not unusable or reasks >= MAX_REASKS:
            text = cleaned.text or without_leading_labels(raw, others)
            answer = Answer(text, reask_repairs(reasks, unusable, cleaned.repairs), raw)
            if unusable or not far_too_short(asked, word_count(text)):
                return answer
            short = answer  # a long turn far too short: asked once more (turn_floor.py)
        else:
            reasks += 1
        run.pub.retrying(persona, p, q, r)  # the live view drops the unusable answer


def _closer(first: Answer, second: Answer | None, asked: int) -> Answer:
    """After a length re-ask: the answer closer to the words asked (the first on a tie or
    when the second is unusable), marked as asked again for its length."""
    if second is not None and closer_to_asked(
        asked, word_count(first.text), word_count(second.text)
    ):
        return Answer(second.text, [*second.repairs, REASKED_SHORT], second.raw)
    return Answer(first.text, [*first.repairs, REASKED_SHORT], first.raw)
