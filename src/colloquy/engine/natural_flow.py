"""The runner's side of natural mode and private answers (docs/natural-mode.md): the next step, the
speaker, the turn's request, optional model bids, the meaning vectors they rest on.

Vectors come from the offline wordllama embedder (llm/embeddings.py), never a remote
endpoint: the same text always gives the same vector, so the next step depends only on
the stored messages and the session's seed (a resumed or taken-over run agrees). If the
embedder cannot load, natural mode goes on without vectors (disagreement counts as
unknown, no early end by saturation; the turn budget decides).
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Mapping, Sequence
from typing import Any

from colloquy.domain.personas.records import PersonaRecord
from colloquy.domain.sessions import moderation
from colloquy.domain.sessions import natural_moderation as nm
from colloquy.domain.sessions.natural_prompts import LENGTH_RULE, natural_user_prompt
from colloquy.domain.sessions.prompts import build_system_prompt, trim_discussion
from colloquy.domain.sessions.turn_floor import min_tokens_for_words
from colloquy.domain.sessions.turn_length import max_tokens_for_words, reasoning_model
from colloquy.engine import natural_plan, plan
from colloquy.engine.journal import Counters
from colloquy.engine.private_plan import private_requests, with_private
from colloquy.engine.prompting import DISCUSSION_TOKEN_BUDGET
from colloquy.engine.run_setup import Setup
from colloquy.llm.embeddings import EmbeddingError, WordLlamaEmbedder
from colloquy.llm.errors import LLMError
from colloquy.llm.provider import Provider
from colloquy.llm.types import ChatMessage, ChatRequest

log = logging.getLogger(__name__)
Keys = list[tuple[str, int, int, int | None]]
BID_SYSTEM = "You judge, for every participant of a focus group, how much they want to speak next."


class NaturalFlow:
    """One run's natural-mode state (vectors by message id); the plan stays in the stored
    messages. Used for natural mode and for private answers in any mode."""

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.natural = setup.mode == plan.NATURAL
        self.vectors: dict[str, list[float]] = {}
        self.embedder: WordLlamaEmbedder | None = WordLlamaEmbedder() if self.natural else None
        self.last_scores: list[float | None] = []

    @property
    def counts(self) -> tuple[int, int]:
        return len(self.setup.questions), len(self.setup.participants)

    def indices_valid(self, keys: Keys) -> bool:
        q, p = self.counts
        if self.natural:
            return natural_plan.indices_valid(q, p, keys)
        return plan.indices_valid(q, p, keys)

    def extra_requests(self) -> int:
        """Model calls beyond the answers and the moderator's: private answers, bids."""
        q, p = self.counts
        extra = private_requests(q, p) if self.setup.private_answers else 0
        if self.natural and self.setup.model_bids:
            extra += q * natural_plan.turn_budget(p)
        return extra

    def extra_steps(self) -> int:
        q, p = self.counts
        return private_requests(q, p) if self.setup.private_answers else 0

    async def next_slot(
        self, messages: Sequence[Mapping[str, Any]], keys: Keys, first: plan.First
    ) -> tuple[plan.Slot | None, list[int]]:
        q_count, p_count = self.counts
        if self.natural:
            await self._embed(messages)
            base = natural_plan.next_slot(
                messages, q_count, p_count, self.setup.moderator, self.vectors
            )
        else:
            base = plan.next_slot(q_count, p_count, keys, self.setup.moderator, first)
        if self.setup.private_answers:
            return with_private(base, keys, q_count, p_count)
        return base, []

    async def _embed(self, messages: Sequence[Mapping[str, Any]]) -> None:
        todo = [m for m in messages if m["kind"] == plan.ANSWER and m["id"] not in self.vectors]
        if not todo or self.embedder is None:
            return
        try:
            vectors = await asyncio.to_thread(
                self.embedder.embed_sync, [m["content"] for m in todo]
            )
        except (EmbeddingError, OSError, ImportError) as exc:
            log.warning("natural mode goes on without meaning vectors: %s", exc)
            self.embedder = None
            return
        self.vectors.update({m["id"]: v for m, v in zip(todo, vectors, strict=True)})

    async def speaker(
        self,
        slot: plan.Slot,
        messages: Sequence[Mapping[str, Any]],
        provider: Provider,
        counters: Counters,
        may_call: bool,
    ) -> plan.Slot:
        """The turn's slot with its speaker (urgency, plus the model's bids if asked)."""
        q, t = slot.question_index, slot.round_index
        bids = None
        if self.setup.model_bids and may_call:
            bids = await self.bids(provider, counters, messages, q)
        seed = self.setup.seed or 0
        parts = self.setup.participants
        self.last_scores = natural_plan.urgency_scores(
            messages, q, t, parts, seed, self.vectors, bids
        )
        p = natural_plan.choose_speaker(messages, q, t, parts, seed, self.vectors, bids)
        return plan.Slot(plan.ANSWER, q, t, p)

    async def bids(
        self,
        provider: Provider,
        counters: Counters,
        messages: Sequence[Mapping[str, Any]],
        q: int,
    ) -> list[int] | None:
        """One call: every participant's 0-9 urge to speak next; None when unusable."""
        names = self.setup.names
        shown = trim_discussion(natural_plan.public_of(messages, q), DISCUSSION_TOKEN_BUDGET)
        lines = [f"The question under discussion: {self.setup.questions[q]}", "", "Discussion:"]
        lines += [f"{m.get('speaker')}: {m.get('content')}" for m in shown]
        lines += ["", "Participants, in order:"]
        for p in range(len(self.setup.participants)):
            ext = natural_plan.extraversions(self.setup.participants)[p]
            lines.append(f"{p + 1}. {names[p]} (extraversion {ext:g}/100)")
        lines += [
            "",
            (
                f"Reply with exactly {len(names)} digits 0-9 separated by spaces, one per "
                "participant in this order: how urgently each wants to speak next (9 = must "
                "speak now, 0 = would rather stay silent). Nothing else."
            ),
        ]
        request = ChatRequest(
            system=BID_SYSTEM,
            messages=[ChatMessage(role="user", content="\n".join(lines))],
            max_tokens=2 * len(names) + 4,
            temperature=0.0,
        )
        counters.requests += 1
        try:
            result = await provider.chat(request)
        except LLMError as err:
            log.warning("model bids failed, urgency alone decides: %s", err)
            return None
        return parse_bids(result.text or "", len(names))

    def system_prompt(self, persona: PersonaRecord) -> str:
        return build_system_prompt(
            persona,
            persona.get("enriched"),
            self.setup.moderator_style,
            self.setup.response_length,
            LENGTH_RULE,
        )

    def turn_words(self, q: int, t: int, p: int) -> int:
        """The words turn t of question q asks of participant p (seeded draw)."""
        return natural_plan.turn_target(
            self.setup.participants, self.setup.seed or 0, q, t, p, self.setup.response_length
        )

    def turn_request(
        self,
        q: int,
        t: int,
        p: int,
        discussion: Sequence[Mapping[str, Any]],
        system: str,
        images: list[str],
        model: str = "",
    ) -> ChatRequest:
        """A natural turn: the question's public discussion, the turn's length (the token
        limit leaves a reasoning model room for its hidden reasoning; a long turn may not
        end before its floor, turn_floor.py)."""
        words = self.turn_words(q, t, p)
        reasoning = reasoning_model(model)
        own = [m for m in discussion if m["questionIndex"] == q]
        who, by = natural_plan.addressed(own, self.setup.names)
        shown = trim_discussion(own, DISCUSSION_TOKEN_BUDGET) if own else []
        user = natural_user_prompt(
            self.setup.questions[q], self.setup.stimuli, shown, words, by if who == p else None
        )
        return ChatRequest(
            system=system,
            messages=[ChatMessage(role="user", content=user, images=list(images))],
            max_tokens=max_tokens_for_words(words, reasoning),
            min_tokens=min_tokens_for_words(words, reasoning),
        )

    def probe_request(self, slot: plan.Slot, messages: Sequence[Mapping[str, Any]]) -> ChatRequest:
        q, count = slot.question_index, len(self.setup.participants)
        own = natural_plan.public_of(messages, q)
        reason = natural_plan.probe_reason(own, count, self.vectors) or "stalling"
        spoken = {m["participantIndex"] for m in own if m["kind"] == plan.ANSWER}
        unspoken = next((n for i, n in enumerate(self.setup.names) if i not in spoken), None)
        shown = trim_discussion(own, moderation.DISCUSSION_TOKEN_BUDGET)
        user = nm.natural_probe_prompt(
            self.setup.questions[q], shown, own, self.setup.names, reason, unspoken
        )
        return ChatRequest(
            system=moderation.moderator_system_prompt(self.setup.moderator_style),
            messages=[ChatMessage(role="user", content=user)],
            max_tokens=nm.PROBE_MAX_TOKENS,
        )


_DIGIT = re.compile(r"(?<!\d)\d(?!\d)")


def parse_bids(text: str, count: int) -> list[int] | None:
    """The first `count` single digits of the reply; None when there are fewer."""
    digits = [int(d) for d in _DIGIT.findall(text)]
    return digits[:count] if len(digits) >= count else None


def flow_for(setup: Setup) -> NaturalFlow | None:
    """The flow a run needs: natural mode or private answers; None for the round plan alone."""
    if setup.mode == plan.NATURAL or setup.private_answers:
        return NaturalFlow(setup)
    return None
