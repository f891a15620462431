"""Private answers before and after a question (docs/natural-mode.md): asked of every participant at
once (nobody sees another's), stored with their stance, never streamed to the live view
(no token deltas) and never shown to anyone else (plan.discussion_scope and the moderator
leave them out of every prompt)."""

from __future__ import annotations

import asyncio

from colloquy.domain.constants import MSG_NO_RESPONSE
from colloquy.domain.sessions.answer_cleaning import clean_answer
from colloquy.domain.sessions.messages import STANCE_STATED, Message
from colloquy.domain.sessions.private_answers import (
    AGREEMENT_ANCHORS,
    PRIVATE_AFTER,
    PRIVATE_MAX_TOKENS,
    SSR_PURCHASE,
    inference_method,
    parse_stance,
    private_prompt,
    public,
    stance_from_pmf,
)
from colloquy.domain.sessions.prompts import build_system_prompt, trim_discussion
from colloquy.domain.sessions.tokens import estimate_tokens
from colloquy.domain.sessions.turn_length import REASONING_ROOM, reasoning_model
from colloquy.domain.surveys.scales import anchor_sets
from colloquy.domain.surveys.ssr import ssr_pmf
from colloquy.domain.text.text_safety import clean_text
from colloquy.engine import plan, run_usage
from colloquy.engine.answer_turn import participant_message
from colloquy.engine.natural_flow import NaturalFlow
from colloquy.engine.prompting import DISCUSSION_TOKEN_BUDGET
from colloquy.engine.run_setup import Setup
from colloquy.engine.run_state import RunState
from colloquy.llm.embeddings import EmbeddingError, WordLlamaEmbedder
from colloquy.llm.errors import LLMError
from colloquy.llm.types import ChatMessage, ChatRequest

PURCHASE_SCALE = "purchase_intent"


async def answer_privately(
    run: RunState, setup: Setup, slot: plan.Slot, batch: list[int], messages: list[Message]
) -> None:
    """Every participant in `batch` answers the slot's private question; stored in order."""
    q, kind = slot.question_index, slot.kind
    after = kind == PRIVATE_AFTER
    own = public([m for m in messages if m["questionIndex"] == q]) if after else []
    shown = trim_discussion(own, DISCUSSION_TOKEN_BUDGET) if own else []
    user = private_prompt(setup.questions[q], setup.stimuli, shown, after)
    run.generating = list(batch)
    run.pub.thinking(setup.participants, batch, q, 0)
    tasks = {p: asyncio.create_task(_ask(run, setup, p, q, user)) for p in batch}
    try:
        for p in batch:
            text, stance = await run.unless_stopped(tasks[p])
            method: str | None = STANCE_STATED
            if stance is None:  # none stated: inferred from the wording, and marked so
                method = inference_method(setup.questions[q])
                stance = await _ssr_stance(text, method)
                method = method if stance is not None else None
            run.generating = [i for i in run.generating if i != p]
            run.store(
                messages,
                {
                    **participant_message(run, setup, p, q, 0, kind, text),
                    "tokens": estimate_tokens(text),
                    "stance": stance,
                    "stanceMethod": method,
                    "usage": run_usage.usage_json(run.provider, tasks[p]),
                },
                setup,
            )
    finally:
        run.generating = []
        for task in tasks.values():
            if not task.done():
                task.cancel()
        await asyncio.gather(*tasks.values(), return_exceptions=True)


async def _ask(run: RunState, setup: Setup, p: int, q: int, user: str) -> tuple[str, int | None]:
    persona = setup.participants[p]
    flow = run.flow
    if isinstance(flow, NaturalFlow) and flow.natural:
        system = flow.system_prompt(persona)
    else:
        system = build_system_prompt(
            persona, persona.get("enriched"), setup.moderator_style, setup.response_length
        )
    system = await run.grounded(setup, p, q, system)  # the evidence of public answers
    provider = run.voice(p).provider  # own model in a mixed panel (docs/models.md)
    room = REASONING_ROOM if reasoning_model(str(getattr(provider, "model", "") or "")) else 0
    request = ChatRequest(
        system=system,
        messages=[ChatMessage(role="user", content=user)],
        max_tokens=PRIVATE_MAX_TOKENS + room,
    )
    run.counters.requests += 1
    result = await provider.chat(request)
    raw = clean_text(result.text or "").strip()
    if not raw:
        raise LLMError(MSG_NO_RESPONSE, kind="empty")
    others = [str(x.get("name") or "") for i, x in enumerate(setup.participants) if i != p]
    answer, stance = parse_stance(raw)  # before cleaning: it drops a bare "Stance: 4"
    cleaned = clean_answer(
        answer, speaker=str(persona.get("name") or ""), others=others, prompt=system
    )
    return cleaned.text or answer, stance


_ANCHORS: dict[str, list[list[list[float]]]] = {}


async def _ssr_stance(text: str, method: str) -> int | None:
    """The answer's SSR point (1-5) on the method's anchors (purchase intent or
    agreement); None when it cannot embed."""
    embedder = WordLlamaEmbedder()
    try:
        if method not in _ANCHORS:
            sets = (
                anchor_sets(PURCHASE_SCALE) if method == SSR_PURCHASE else [list(AGREEMENT_ANCHORS)]
            )
            vectors = await embedder.embed([a for s in sets for a in s])
            size = len(sets[0])
            _ANCHORS[method] = [vectors[i : i + size] for i in range(0, len(vectors), size)]
        answer = (await embedder.embed([text]))[0]
    except (EmbeddingError, OSError, ImportError):
        return None
    return stance_from_pmf(ssr_pmf(answer, _ANCHORS[method]))
