"""Token estimates of product-rules §9 (no tokenizer: the product's cheap word-based estimate).

Why integer arithmetic: 1.3 has no exact binary value, so words x 1.3 in floating point is
only close (3 x 1.3 = 3.9000000000000004), and ceil() of a product that should be a whole
number would depend on which way that error falls. ceil(words * 13 / 10) in integers is
exact for every count. (This is the only copy: the model clients use it too.)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from colloquy.domain.constants import DEFAULT_RESPONSE_LENGTH, RESPONSE_MAX_TOKENS


def word_count(text: Any) -> int:
    """Words split on spaces; empty pieces (runs of spaces, leading/trailing) don't count."""
    if not isinstance(text, str):
        return 0
    pieces = text.split(" ")
    return len(pieces) - pieces.count("")


def estimate_tokens(text: Any) -> int:
    """Runtime estimate: ceil(word count x 1.3); '' -> 0, 'a b c' -> 4."""
    return -(-word_count(text) * 13 // 10)


def max_tokens_for(response_length: Any) -> int:
    """Answer token limit: brief 50, moderate 150, detailed 300; unknown -> moderate."""
    return RESPONSE_MAX_TOKENS.get(response_length, RESPONSE_MAX_TOKENS[DEFAULT_RESPONSE_LENGTH])


def setup_token_estimate(
    participants: int, nonblank_questions: int | Sequence[Any], response_length: Any
) -> int:
    """Setup screen estimate: participants x non-blank questions x tokens per answer.
    `nonblank_questions` may be the count or the question list (blanks are skipped)."""
    if isinstance(nonblank_questions, int):
        questions = nonblank_questions
    else:
        questions = sum(1 for q in nonblank_questions if isinstance(q, str) and q.strip())
    return max(0, participants) * max(0, questions) * max_tokens_for(response_length)


def format_token_estimate(tokens: int) -> str:
    """'~N tokens' as shown on the setup screen."""
    return f"~{tokens} tokens"
