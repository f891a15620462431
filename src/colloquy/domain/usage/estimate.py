"""Cost estimate before a run: planned calls x typical prompt and answer sizes.

Prompt sizes come from the session's own prompts (the caller measures the system prompt of
each participant and the user prompt of each question with the spec's words x 1.3, the
same count the discussion budget uses); what the model will write is not known yet, so
answers count at a typical size per response length (TYPICAL_ANSWER_TOKENS: the middle of
the length instruction, "2-4 sentences" = 3 sentences, at 21 tokens a sentence, under
the answer's token limit). A later answer's prompt carries the discussion so far (every
earlier answer of the question in sequential mode, the earlier rounds in parallel mode),
up to the discussion budget the engine trims to. The bench (bench/usage_bench.py) runs
sessions and compares this with the usage the server reported.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from colloquy.domain.constants import RESPONSE_MAX_TOKENS, ROUNDS_PER_QUESTION
from colloquy.domain.usage.cost import Usage, call_cost
from colloquy.domain.usage.prices import Price

TOKENS_PER_SENTENCE = 21
TYPICAL_ANSWER_TOKENS: dict[str, int] = {
    "brief": min(RESPONSE_MAX_TOKENS["brief"], round(1.5 * TOKENS_PER_SENTENCE)),  # 32
    "moderate": min(RESPONSE_MAX_TOKENS["moderate"], 3 * TOKENS_PER_SENTENCE),  # 63
    "detailed": min(RESPONSE_MAX_TOKENS["detailed"], 5 * TOKENS_PER_SENTENCE),  # 105
}
SPEAKER_TOKENS = 2  # "Ana: " before each line of the discussion
ROUND_INSTRUCTION_TOKENS = 45  # "This is discussion round 2 of 3. Respond to ..."
ROUND_LINE_TOKENS = 20  # the moderator's "[Round 2] ..." line in the discussion
# The AI moderator (issue 15): 2 probes and 1 summary per question.
MODERATOR_SYSTEM_TOKENS = 120
MODERATOR_INSTRUCTION_TOKENS = 90
PROBE_TOKENS = 45
SUMMARY_TOKENS = 55
MODERATOR_DISCUSSION_BUDGET = 2500
# Surveys: "one or two sentences"; the direct rating replies with a number.
SURVEY_ANSWER_TOKENS = 32
DIRECT_ANSWER_TOKENS = 2


@dataclass(frozen=True)
class Estimate:
    calls: int
    prompt_tokens: int
    completion_tokens: int
    cost_usd: float

    def usage(self) -> Usage:
        return Usage(self.prompt_tokens, self.completion_tokens, 0, self.cost_usd)


def typical_answer(response_length: str) -> int:
    return TYPICAL_ANSWER_TOKENS.get(response_length, TYPICAL_ANSWER_TOKENS["moderate"])


def session_calls(
    system_tokens: Sequence[int],
    question_tokens: Sequence[int],
    response_length: str,
    mode: str = "sequential",
    moderator: str = "scripted",
    discussion_budget: int = 1500,
) -> list[tuple[int, int]]:
    """(prompt, completion) tokens of every planned call, in order.

    system_tokens: each participant's system prompt; question_tokens: each question's user
    prompt without discussion (materials, question, first-round instruction)."""
    answer = typical_answer(response_length)
    line = answer + SPEAKER_TOKENS
    participants = len(system_tokens)
    calls: list[tuple[int, int]] = []
    for q_tokens in question_tokens:
        # The discussion starts with the moderator's question (already counted in q_tokens).
        for r in range(ROUNDS_PER_QUESTION):
            for k, system in enumerate(system_tokens):
                if r == 0:
                    shown = 0
                else:
                    seen = r * participants + (k if mode != "parallel" else 0)
                    discussion = seen * line + r * ROUND_LINE_TOKENS + q_tokens // 4
                    shown = min(discussion, discussion_budget) + ROUND_INSTRUCTION_TOKENS
                calls.append((system + q_tokens + shown, answer))
            if moderator == "ai" and r < ROUNDS_PER_QUESTION - 1:
                calls.append(_moderator_call((r + 1) * participants * line, PROBE_TOKENS))
        if moderator == "ai":
            calls.append(_moderator_call(ROUNDS_PER_QUESTION * participants * line, SUMMARY_TOKENS))
    return calls


def _moderator_call(discussion: int, completion: int) -> tuple[int, int]:
    shown = min(discussion, MODERATOR_DISCUSSION_BUDGET)
    return (MODERATOR_SYSTEM_TOKENS + MODERATOR_INSTRUCTION_TOKENS + shown, completion)


def survey_calls(
    system_tokens: Sequence[int],
    prompt_tokens: Sequence[int],
    samples: int,
    ask_direct: bool,
    direct_prompt_tokens: int = 40,
) -> list[tuple[int, int]]:
    """(prompt, completion) of every planned survey call: each respondent x each
    (concept, question) prompt x samples; with ask_direct a second call per answer that
    carries the first exchange and asks for the number."""
    calls: list[tuple[int, int]] = []
    for system in system_tokens:
        for prompt in prompt_tokens:
            for _ in range(max(0, samples)):
                calls.append((system + prompt, SURVEY_ANSWER_TOKENS))
                if ask_direct:
                    carried = system + prompt + SURVEY_ANSWER_TOKENS + direct_prompt_tokens
                    calls.append((carried, DIRECT_ANSWER_TOKENS))
    return calls


def priced_estimate(calls: Sequence[tuple[int, int]], price: Price | None) -> Estimate:
    """The calls summed and priced (no cache assumed: an upper bound on the input side)."""
    prompt = sum(p for p, _ in calls)
    completion = sum(c for _, c in calls)
    return Estimate(len(calls), prompt, completion, call_cost(price, prompt, completion))


def relative_error(estimate: float, actual: float) -> float:
    """(estimate - actual) / actual; 0 when both are 0."""
    if actual == 0:
        return 0.0 if estimate == 0 else float("inf")
    return (estimate - actual) / actual
