"""The runner's side of an interview (docs/interviews.md): the next step from the stored
messages (domain/interviews/plan.py) and the persona's answer request. The AI
interviewer's decisions are interviewer_turn.py's.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from colloquy.domain.interviews import plan as iplan
from colloquy.domain.interviews import prompts
from colloquy.domain.interviews.rules import INTERVIEW
from colloquy.domain.sessions import moderation
from colloquy.domain.sessions.prompts import build_system_prompt
from colloquy.domain.sessions.tokens import max_tokens_for
from colloquy.engine import plan
from colloquy.engine.run_setup import Setup
from colloquy.llm.types import ChatMessage, ChatRequest

Keys = list[tuple[str, int, int, int | None]]


class InterviewFlow:
    """One interview run's plan; everything it decides rests on the stored messages."""

    natural = False

    def __init__(self, setup: Setup) -> None:
        self.setup = setup
        self.ai = setup.moderator == moderation.AI
        self.limit = setup.max_probes if self.ai else 0

    def indices_valid(self, keys: Keys) -> bool:
        return iplan.indices_valid(len(self.setup.questions), self.limit, keys)

    def extra_requests(self) -> int:
        """Model calls beyond a one-persona group's: the run's request guard counts these."""
        q = len(self.setup.questions)
        mine = iplan.planned_answers(q, self.ai, self.limit) + (q * self.limit if self.ai else 0)
        mine += iplan.TYPED_ROUNDS  # an answer per typed question
        return mine - plan.planned_answers(q, 1) - plan.moderator_calls(q, self.setup.moderator)

    def extra_steps(self) -> int:
        q = len(self.setup.questions)
        mine = iplan.planned_steps(q, self.ai, self.limit) + 2 * iplan.TYPED_ROUNDS
        return mine - plan.planned_steps(q, 1, self.setup.moderator)

    async def next_slot(
        self, messages: Sequence[Mapping[str, Any]], keys: Keys, first: plan.First
    ) -> tuple[plan.Slot | None, list[int]]:
        step = iplan.next_step(messages, len(self.setup.questions), self.ai)
        if step is None:
            return None, []
        return plan.Slot(
            step.kind, step.question_index, step.round_index, step.participant_index
        ), []

    def system_prompt(self) -> str:
        persona = self.setup.participants[0]
        return build_system_prompt(
            persona,
            persona.get("enriched"),
            None,
            self.setup.response_length,
            setting=prompts.INTERVIEW_SETTING,
            moderated=False,
        )

    def answer_request(
        self, q: int, r: int, messages: Sequence[Mapping[str, Any]], system: str, images: list[str]
    ) -> ChatRequest:
        """The persona's answer to the guide question (r = 0) or to follow-up r: the topic
        so far (everything before round r), then what the interviewer asks now."""
        topic = iplan.topic(messages, q)
        earlier = [m for m in topic if m["round"] < r]
        follow_up = [m for m in topic if m["kind"] in iplan.ASKED and m["round"] == r]
        asked = str(follow_up[0]["content"]) if follow_up else self.setup.questions[q]
        user = prompts.answer_prompt(
            self.setup.questions[q], earlier, asked, self.setup.names[0], self.setup.memory
        )
        return ChatRequest(
            system=system,
            messages=[ChatMessage(role="user", content=user, images=list(images))],
            max_tokens=max_tokens_for(self.setup.response_length),
        )


def flow_for(setup: Setup) -> InterviewFlow | None:
    return InterviewFlow(setup) if setup.kind == INTERVIEW else None
