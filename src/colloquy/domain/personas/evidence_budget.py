"""The evidence block of a persona's system prompt, within a token budget (issue 29).

Why a block at the end of the system prompt, chosen per question: the persona's
description is the same for the whole session and comes first, so a provider's prompt
cache keeps it; the evidence block changes only when the question changes, so every turn
of one question sends the very same system prompt. The budget counts the whole block,
heading included, with the product's token estimate (words x 1.3, rounded up).
"""

from __future__ import annotations

from collections.abc import Sequence

DEFAULT_BUDGET_TOKENS = 600
HEADING = (
    "What you have said or written before (your own words; stay consistent with them "
    "and draw on them when they bear on the question):"
)


def estimate_tokens(text: str) -> int:
    """ceil(words x 1.3), words split on any whitespace (the product's estimate)."""
    return -(-len(text.split()) * 13 // 10)


def _line(text: str) -> str:
    return f'- "{text}"'


def fit_passages(ranked: Sequence[str], budget_tokens: int) -> list[int]:
    """Indices into `ranked` (best first) of the passages that go into the block: each in
    turn when the block with it still fits the budget; a passage too big is skipped and
    smaller ones after it may still fit. Nothing fits a budget below the heading's cost."""
    used = estimate_tokens(HEADING)
    chosen: list[int] = []
    if used > budget_tokens:
        return chosen
    for i, text in enumerate(ranked):
        cost = estimate_tokens(_line(text))
        if cost == 0 or used + cost > budget_tokens:
            continue
        chosen.append(i)
        used += cost
    return chosen


def evidence_block(passages: Sequence[str]) -> str:
    """The block for the chosen passages ('' for none)."""
    if not passages:
        return ""
    return "\n".join([HEADING, *(_line(p) for p in passages)])


def with_evidence(system_prompt: str, block: str) -> str:
    """The persona's stable system prompt, then the question's evidence block."""
    return f"{system_prompt}\n\n{block}" if block else system_prompt
