"""Where the stable part of an answer prompt ends (docs/usage-and-cost.md#prompt-caching).

The user prompt starts with what is the same for every call on a question (the materials
and the moderator's question); the discussion and the round's instruction follow. Its
length is what a provider marks for its prompt cache (Anthropic's cache_control); OpenAI's
automatic cache reuses the same prefix without marks.
"""

from __future__ import annotations

QUESTION_LABEL = "Moderator's question: "  # domain/sessions/prompts.build_user_prompt


def stable_prefix_length(user_prompt: str, question: str) -> int:
    """Characters up to the end of the question line; 0 when it is not found."""
    line = f"{QUESTION_LABEL}{question}"
    at = user_prompt.find(line)
    return at + len(line) if at >= 0 else 0
