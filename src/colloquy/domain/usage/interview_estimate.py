"""The call plan of an interview and of a study before they run (docs/usage-and-cost.md,
docs/interviews.md#studies), pure; estimate_range.py turns a plan into a range and a price.

An interview's topic holds at most 1 + maxProbes answers with the AI interviewer (one with
the scripted one). Each answer is one call: the persona's system prompt, the topic's
exchange so far and what the interviewer asks now. With the AI interviewer every answer but
the last one a topic can hold is followed by one decision call (the interviewer's system
prompt, the topic's exchange, a JSON reply); after the last, the stop rule ends the topic
with no call. So a topic costs (1 + maxProbes) answers + maxProbes decisions at most.

A study is its interviews (one per persona) and its synthesis: one themes call over every
answer (each cut to 600 characters, the whole within 24,000) and one coding call per
respondent (the themes and that persona's answers), as services/studies/coding_calls.py makes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from colloquy.domain.usage.estimate import (
    SPEAKER_TOKENS,
    TEMPLATE_TOKENS,
    TYPICAL,
    Call,
    answer_tokens,
)

FOLLOW_UP_TOKENS = 15  # a follow-up question ("Why does being compostable matter to you?")
DECISION_REPLY_TOKENS = (30, 45, 60)  # {"action", "reason", "question"} at each end
# The synthesis: chars per token of English prose, its prompts' fixed parts, its replies.
CHARS_PER_TOKEN = 4
EXCERPT_TOKENS = 600 // CHARS_PER_TOKEN  # one answer in the themes prompt, at most
THEMES_ANSWERS_TOKENS = 24_000 // CHARS_PER_TOKEN  # every answer in the themes prompt, at most
SYNTHESIS_INSTRUCTION_TOKENS = 200  # a themes or coding call's system prompt and instructions
THEMES_REPLY_TOKENS = 8 * 35  # up to 8 themes: a label and a one-sentence description each
THEME_LIST_TOKENS = 8 * 30  # the themes as the coding call shows them
QUOTE_REPLY_TOKENS = 30  # one coded quote (theme, answer number, the words, stance) per answer


@dataclass(frozen=True)
class InterviewShape:
    system_tokens: int  # the persona's system prompt
    first_prompts: Sequence[int]  # each topic's first answer prompt (no exchange yet)
    decision_prompts: Sequence[int] = ()  # each topic's decision prompt with no exchange
    response_length: str = "moderate"
    ai: bool = True
    max_probes: int = 2


def answers_per_topic(ai: bool, max_probes: int) -> int:
    return 1 + max_probes if ai else 1


def interview_plan(shape: InterviewShape, end: int = TYPICAL, who: int = 0) -> list[Call]:
    """Every call of the interview at its most (every topic to its last follow-up)."""
    answer = answer_tokens(shape.response_length, end)
    calls: list[Call] = []
    for q, first in enumerate(shape.first_prompts):
        exchange = 0  # the topic's lines so far: what was asked and what was answered
        for r in range(answers_per_topic(shape.ai, shape.max_probes)):
            asked = 0 if r == 0 else FOLLOW_UP_TOKENS + SPEAKER_TOKENS
            prompt = shape.system_tokens + TEMPLATE_TOKENS + first + exchange + asked
            calls.append(Call(prompt, answer, who, answer=True))
            exchange += asked + answer + SPEAKER_TOKENS
            if shape.ai and r < shape.max_probes:
                base = shape.decision_prompts[q] if q < len(shape.decision_prompts) else 0
                calls.append(Call(base + TEMPLATE_TOKENS + exchange, DECISION_REPLY_TOKENS[end]))
    return calls


def synthesis_plan(answers_each: Sequence[int], answer: int) -> list[Call]:
    """The synthesis of respondents with `answers_each` answers of `answer` tokens."""
    excerpt = min(answer, EXCERPT_TOKENS)
    shown = min(sum(answers_each) * excerpt, THEMES_ANSWERS_TOKENS)
    calls = [Call(SYNTHESIS_INSTRUCTION_TOKENS + shown, THEMES_REPLY_TOKENS)]
    for n in answers_each:
        prompt = SYNTHESIS_INSTRUCTION_TOKENS + THEME_LIST_TOKENS + n * (answer + 3)
        calls.append(Call(prompt, n * QUOTE_REPLY_TOKENS))
    return calls


def study_plan(interviews: Sequence[InterviewShape], end: int = TYPICAL) -> list[Call]:
    """Each persona's interview (its calls on that persona's model: `who` = its index),
    then the synthesis of their answers."""
    calls: list[Call] = []
    answers_each = []
    for who, shape in enumerate(interviews):
        planned = interview_plan(shape, end, who)
        calls += planned
        answers_each.append(sum(1 for c in planned if c.answer))
    if interviews:
        answer = answer_tokens(interviews[0].response_length, end)
        calls += synthesis_plan(answers_each, answer)
    return calls
