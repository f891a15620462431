"""Cost estimate before a run: every planned call x prompt and answer sizes, as a range
(docs/usage-and-cost.md#estimate-before-a-run).

Prompt sizes come from the run's own prompts (the caller counts the system prompt of each
participant, with its evidence passages, and the user prompt of each question, with the
run's model's tokenizer when it is at hand, else the product's words x 1.3). What the
model will write is not known yet, so the plan can be computed at the low, typical and
high size for the response length ("2-4 sentences": 2 sentences of 20 tokens, 3 and 4 of
25, under the answer's token limit: small local models write up to the limit); longer
answers also lengthen every later prompt that carries the discussion, up to the budget
the engine trims it to. The range around the typical plan (answer sizes, the tokenizer,
re-asked answers) is estimate_range.py's.

Calls counted: every answer (3 rounds, or natural mode's turns), private answers before
and after each question, natural mode's speaking bids, the AI moderator's probes and
summaries, a survey's samples and its direct-rating calls. Each call names the
participant whose model makes it, so a mixed panel is priced per participant's model.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from colloquy.domain.constants import RESPONSE_MAX_TOKENS, ROUNDS_PER_QUESTION
from colloquy.domain.surveys.rules import ANSWER_MAX_TOKENS
from colloquy.domain.usage.cost import Usage, call_cost
from colloquy.domain.usage.prices import Price

TOKENS_PER_SENTENCE = 21
# Sentences of an answer at the low, typical and high end ("2-4 sentences": 2, 3, 4), and
# tokens a sentence at each end (a long sentence at the high end: small local models write
# to the answer's token limit, e.g. SmolLM2 ~50 tokens for "1-2 sentences").
SENTENCES: dict[str, tuple[float, float, float]] = {
    "brief": (1, 1.5, 2),
    "moderate": (2, 3, 4),
    "detailed": (4, 5, 6),
}
SENTENCE_TOKENS = (20, 25, 25)
LOW, TYPICAL, HIGH = 0, 1, 2
SPEAKER_TOKENS = 2  # "Ana: " before each line of the discussion
ROUND_INSTRUCTION_TOKENS = 45  # "This is discussion round 2 of 3. Respond to ..."
ROUND_LINE_TOKENS = 20  # the moderator's "[Round 2] ..." line in the discussion
TEMPLATE_TOKENS = 12  # a chat template's role markers around system and user messages
# The cache-friendly layout (domain/sessions/cache_layout.py): its group system prompt and
# labels (53 + 12 words x 1.3), and the whole session's discussion up to its budget.
CACHE_LAYOUT_TOKENS = 85
SESSION_DISCUSSION_BUDGET = 12_000
# Private answers: the request's own lines; the answer is one or two sentences and a stance.
PRIVATE_INSTRUCTION_TOKENS = 95
PRIVATE_ANSWER_TOKENS = (25, 40, 60)
# Natural mode: a turn asks for a human-like length, mean 52.7 words (turn_length.py's
# quantiles), scaled by the response length; bids are one short call per turn.
NATURAL_MEAN_WORDS = 52.7
NATURAL_LENGTH_SCALE = {"brief": 0.6, "moderate": 1.0, "detailed": 1.6}
BID_FIXED_TOKENS = 90
BID_PER_PARTICIPANT = 12
# The AI moderator: 2 probes and 1 summary per question.
MODERATOR_SYSTEM_TOKENS = 120
MODERATOR_INSTRUCTION_TOKENS = 90
PROBE_TOKENS = 45
SUMMARY_TOKENS = 55
MODERATOR_DISCUSSION_BUDGET = 2500
# Surveys: "one or two sentences", and at the high end the answer's token limit (small
# local models write towards it: SmolLM2 53 and 91 tokens a survey answer in two runs);
# the direct rating replies with a number.
SURVEY_ANSWER_TOKENS = (21, 32, ANSWER_MAX_TOKENS)
DIRECT_ANSWER_TOKENS = 2


@dataclass(frozen=True)
class Call:
    prompt: int
    completion: int
    who: int | None = None  # the participant whose model makes it; None: the run's model
    answer: bool = False  # an answer that may be asked again


@dataclass(frozen=True)
class Estimate:
    calls: int
    prompt_tokens: int
    completion_tokens: int
    cost_usd: float

    def usage(self) -> Usage:
        return Usage(self.prompt_tokens, self.completion_tokens, 0, self.cost_usd)


@dataclass(frozen=True)
class SessionShape:
    system_tokens: Sequence[int]  # each participant's system prompt
    question_tokens: Sequence[int]  # each question's first-round user prompt
    response_length: str = "moderate"
    mode: str = "sequential"
    moderator: str = "scripted"
    evidence_tokens: Sequence[Sequence[int]] = field(default_factory=tuple)  # [p][q]
    private_answers: bool = False
    model_bids: bool = False
    discussion_budget: int = 1500
    # The cache-friendly layout: every answer carries the whole session's discussion.
    whole_session: bool = False


def answer_tokens(response_length: str, end: int = TYPICAL) -> int:
    sentences = SENTENCES.get(response_length, SENTENCES["moderate"])[end]
    limit = RESPONSE_MAX_TOKENS.get(response_length, RESPONSE_MAX_TOKENS["moderate"])
    return min(limit, round(sentences * SENTENCE_TOKENS[end]))


def typical_answer(response_length: str) -> int:
    return answer_tokens(response_length, TYPICAL)


def _natural_answer(response_length: str, end: int) -> int:
    typical = NATURAL_MEAN_WORDS * NATURAL_LENGTH_SCALE.get(response_length, 1.0) * 1.3
    return round(typical * (0.75, 1.0, 1.25)[end])


def session_plan(shape: SessionShape, end: int = TYPICAL) -> list[Call]:
    """Every planned call of the session, in order, with answers at the `end` size."""
    natural = shape.mode == "natural"
    answer = (
        _natural_answer(shape.response_length, end)
        if natural
        else answer_tokens(shape.response_length, end)
    )
    line = answer + SPEAKER_TOKENS
    count = len(shape.system_tokens)
    calls: list[Call] = []

    def system(p: int, q: int) -> int:
        extra = shape.evidence_tokens[p][q] if p < len(shape.evidence_tokens) else 0
        return shape.system_tokens[p] + extra + TEMPLATE_TOKENS

    earlier = 0  # the earlier questions' discussion (the cache-friendly layout carries it)
    for q, q_tokens in enumerate(shape.question_tokens):
        if shape.private_answers:
            for p in range(count):
                prompt = system(p, q) + q_tokens + PRIVATE_INSTRUCTION_TOKENS
                calls.append(Call(prompt, PRIVATE_ANSWER_TOKENS[end], p))
        seen = 0
        for r in range(ROUNDS_PER_QUESTION):
            for p in range(count):
                visible = seen if shape.mode != "parallel" else r * count
                visible = 0 if r == 0 and not natural else visible  # first answers: alone
                discussion = visible * line + r * ROUND_LINE_TOKENS + q_tokens // 4
                if shape.whole_session:  # the whole session, then the persona (no cap)
                    whole = min(earlier + discussion, SESSION_DISCUSSION_BUDGET)
                    shown = CACHE_LAYOUT_TOKENS + whole + (ROUND_INSTRUCTION_TOKENS if r else 0)
                elif r == 0 and not natural:
                    shown = 0
                else:
                    shown = min(discussion, shape.discussion_budget) + ROUND_INSTRUCTION_TOKENS
                if natural and shape.model_bids:
                    bid = BID_FIXED_TOKENS + BID_PER_PARTICIPANT * count + q_tokens // 4
                    calls.append(Call(bid + min(seen * line, shape.discussion_budget), 2 * count))
                calls.append(Call(system(p, q) + q_tokens + shown, answer, p, answer=True))
                seen += 1
            if shape.moderator == "ai" and r < ROUNDS_PER_QUESTION - 1:
                calls.append(_moderator_call((r + 1) * count * line, PROBE_TOKENS))
        if shape.moderator == "ai":
            calls.append(_moderator_call(ROUNDS_PER_QUESTION * count * line, SUMMARY_TOKENS))
        rounds = ROUNDS_PER_QUESTION
        earlier += rounds * count * line + (rounds - 1) * ROUND_LINE_TOKENS + q_tokens // 4
        if shape.private_answers:
            heard = min(ROUNDS_PER_QUESTION * count * line, shape.discussion_budget)
            for p in range(count):
                prompt = system(p, q) + q_tokens + heard + PRIVATE_INSTRUCTION_TOKENS
                calls.append(Call(prompt, PRIVATE_ANSWER_TOKENS[end], p))
    return calls


def session_calls(
    system_tokens: Sequence[int],
    question_tokens: Sequence[int],
    response_length: str,
    mode: str = "sequential",
    moderator: str = "scripted",
    discussion_budget: int = 1500,
) -> list[tuple[int, int]]:
    """(prompt, completion) of every planned call of a plain session (typical sizes)."""
    shape = SessionShape(
        system_tokens,
        question_tokens,
        response_length,
        mode,
        moderator,
        discussion_budget=discussion_budget,
    )
    return [(c.prompt, c.completion) for c in session_plan(shape)]


def _moderator_call(discussion: int, completion: int) -> Call:
    shown = min(discussion, MODERATOR_DISCUSSION_BUDGET)
    return Call(MODERATOR_SYSTEM_TOKENS + MODERATOR_INSTRUCTION_TOKENS + shown, completion)


def survey_plan(
    system_tokens: Sequence[int],
    prompt_tokens: Sequence[int],
    samples: int,
    ask_direct: bool,
    direct_prompt_tokens: int = 40,
    end: int = TYPICAL,
) -> list[Call]:
    """Every planned survey call: each respondent (`system_tokens`, with evidence) x each
    (concept, question) prompt x samples; with ask_direct a second call per answer that
    carries the first exchange and asks for the number."""
    answer = SURVEY_ANSWER_TOKENS[end]
    calls: list[Call] = []
    for who, system in enumerate(system_tokens):
        base = system + TEMPLATE_TOKENS
        for prompt in prompt_tokens:
            for _ in range(max(0, samples)):
                calls.append(Call(base + prompt, answer, who))
                if ask_direct:
                    carried = base + prompt + answer + direct_prompt_tokens
                    calls.append(Call(carried, DIRECT_ANSWER_TOKENS, who))
    return calls


def survey_calls(
    system_tokens: Sequence[int],
    prompt_tokens: Sequence[int],
    samples: int,
    ask_direct: bool,
    direct_prompt_tokens: int = 40,
) -> list[tuple[int, int]]:
    plan = survey_plan(system_tokens, prompt_tokens, samples, ask_direct, direct_prompt_tokens)
    return [(c.prompt, c.completion) for c in plan]


PriceOf = Callable[[int | None], Price | None]


def priced_plan(
    calls: Sequence[Call], price_of: PriceOf, prompt_factor: float = 1.0, reasks: float = 0.0
) -> Estimate:
    """The calls summed and priced, each at its participant's model (no cache assumed:
    the input side is an upper bound). `prompt_factor` scales prompt tokens (the
    tokenizer); `reasks`: the share of answers made twice."""
    prompt = completion = 0
    cost = 0.0
    count = 0.0
    for c in calls:
        times = 1 + (reasks if c.answer else 0.0)
        p, a = round(c.prompt * prompt_factor * times), round(c.completion * times)
        prompt, completion, count = prompt + p, completion + a, count + times
        cost += call_cost(price_of(c.who), p, a)
    return Estimate(round(count), prompt, completion, round(cost, 8))


def priced_estimate(calls: Sequence[tuple[int, int]], price: Price | None) -> Estimate:
    """(prompt, completion) calls summed and priced at one price."""
    return priced_plan([Call(p, c) for p, c in calls], lambda _: price)


def relative_error(estimate: float, actual: float) -> float:
    """(estimate - actual) / actual; 0 when both are 0."""
    if actual == 0:
        return 0.0 if estimate == 0 else float("inf")
    return (estimate - actual) / actual
