"""The evidence block of a persona's system prompt, within a token budget (docs/evidence.md).

Why a block at the end of the system prompt, chosen per question: the persona's
description is the same for the whole session and comes first, so a provider's prompt
cache keeps it; the evidence block changes only when the question changes, so every turn
of one question sends the very same system prompt. The budget counts the whole block,
heading included, with the active model's tokenizer when there is one (the embedded
model's), else with `estimate_tokens`.

A passage goes in only when its cosine to the question is at least MIN_SIMILARITY, so an
unrelated passage never fills the budget (the block may stay short, or empty). 0.15 was
set on real interview text with the offline wordllama embedder: twelve public interview
transcripts, 190 questions with the answer that followed each; at 0.15, 88 % of the
questions' own answers are kept and 8 % of 1,900 pairings of the same answers with
unrelated consumer questions (at 0.10: 94 % and 26 %; at 0.20: 79 % and 2 %). Another
embedder has its own scale: set COLLOQUY_EVIDENCE_MIN_SIMILARITY (docs/evidence.md).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

DEFAULT_BUDGET_TOKENS = 600
MIN_SIMILARITY = 0.15
HEADING = (
    "What you have said or written before (your own words; stay consistent with them "
    "and draw on them when they bear on the question; a note [Asked: ...] is the question "
    "you were answering, not your words):"
)
# Scripts written without spaces between words: Han, Hiragana, Katakana, Hangul
# syllables, Thai, Lao, Khmer, Myanmar. Each character counts as one token.
_UNSPACED = re.compile(
    "[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\uac00-\ud7af"
    "\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff\uff66-\uff9f]"
)
TokenCounter = Callable[[str], int]


def estimate_tokens(text: str) -> int:
    """Without a tokenizer: one token per character of a script written without spaces
    (a paragraph of Chinese is hundreds of tokens, not one "word"), and ceil(words x 1.3)
    for the rest, words split on any whitespace."""
    unspaced = len(_UNSPACED.findall(text))
    rest = _UNSPACED.sub(" ", text)
    return unspaced + -(-len(rest.split()) * 13 // 10)


def above_floor(scored: Sequence[tuple[object, float]], floor: float) -> list[int]:
    """Indices of the (passage, cosine) pairs at or above the similarity floor."""
    return [i for i, (_, score) in enumerate(scored) if score >= floor]


def _line(text: str) -> str:
    return f'- "{text}"'


def fit_passages(
    ranked: Sequence[str], budget_tokens: int, count: TokenCounter = estimate_tokens
) -> list[int]:
    """Indices into `ranked` (best first) of the passages that go into the block: each in
    turn when the block with it still fits the budget; a passage too big is skipped and
    smaller ones after it may still fit. Nothing fits a budget below the heading's cost.
    `count`: the active model's token count, else the estimate."""
    used = count(HEADING)
    chosen: list[int] = []
    if used > budget_tokens:
        return chosen
    for i, text in enumerate(ranked):
        cost = count(_line(text))
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
