"""The cache-friendly answer prompt: a session's setting "Prompt layout: cache-friendly"
(docs/usage-and-cost.md#prompt-caching).

Hosted providers read a prompt's beginning from their cache when an earlier call sent the
same beginning and it is long enough (OpenAI: 1,024 tokens and up, in 128-token steps;
Anthropic: 1,024, Haiku 2,048). The usual layout starts with the persona, so no two
participants share a beginning, and a question's materials and discussion pass 1,024
tokens late if at all. This layout puts first what every call of the session shares and
only grows: the materials, then the whole session's discussion (every earlier question's
and the current one's, one line a message, never trimmed from the front while it fits
SESSION_TOKEN_BUDGET), and only then the persona and the turn's instruction. So every
call's beginning extends the previous call's, and from the second question on it passes
the providers' minimums.

`shared` is where the shared part ends (what a provider marks for its cache), and
`block_ends` where each line of it ends: Anthropic looks for a cached beginning at the
content blocks' boundaries before a mark, so each line is a block of its own.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from colloquy.domain.sessions.stimuli import StimulusRecord, stimulus_block
from colloquy.domain.sessions.tokens import estimate_tokens

SHARED_SYSTEM = (
    "You are one participant in a market research focus group. The message gives the "
    "materials shown to the group and the whole discussion so far, then who you are and "
    "what to do now. Answer only as that person, in the first person, with your own "
    "words, and never write for anyone else."
)
MATERIALS_LABEL = "Materials shown to the group:"
DISCUSSION_LABEL = "The discussion so far:"
NOTHING_YET = "(nothing said yet)"
WHO_YOU_ARE = "Who you are in this group:"
# The discussion carried whole up to this many tokens; past it the oldest questions' parts
# go, a whole question at a time (the beginning then changes once, not on every call).
SESSION_TOKEN_BUDGET = 12_000


@dataclass(frozen=True)
class CachePrompt:
    system: str
    user: str
    shared: int  # characters of `user` every later call begins with
    block_ends: tuple[int, ...]  # where each line of the shared part ends (characters)


def _line(message: Mapping[str, Any]) -> str:
    return f"{message.get('speaker')}: {message.get('content')}"


def session_history(
    messages: Sequence[Mapping[str, Any]], budget: int = SESSION_TOKEN_BUDGET
) -> list[Mapping[str, Any]]:
    """`messages` (the session's public messages so far, oldest first) within `budget`
    tokens: the oldest questions' messages dropped whole while over it, the current
    question's never."""
    kept = list(messages)
    while sum(estimate_tokens(_line(m)) for m in kept) > budget:
        first = kept[0].get("questionIndex")
        rest = [m for m in kept if m.get("questionIndex") != first]
        if not rest:
            break
        kept = rest
    return kept


def cache_friendly_prompt(
    *,
    persona_prompt: str,
    stimuli: Sequence[StimulusRecord] | None,
    history: Sequence[Mapping[str, Any]],
    turn: str,
) -> CachePrompt:
    """The answer request's texts. `persona_prompt`: the persona's system prompt (with its
    evidence); `history`: what the turn may see of the session, oldest first
    (session_history); `turn`: the question and the round's instruction
    (prompts.build_user_prompt with no materials and no discussion)."""
    parts: list[str] = []
    ends: list[int] = []

    def add(text: str) -> None:
        parts.append(text)
        ends.append(sum(len(p) for p in parts))

    if stimuli:
        lines = [MATERIALS_LABEL]
        for i, s in enumerate(stimuli, 1):
            lines += stimulus_block(i, s)
        add("\n".join(lines) + "\n\n")
    add(DISCUSSION_LABEL + "\n")
    for message in history:
        add(_line(message) + "\n")
    if not history:
        add(NOTHING_YET + "\n")
    shared = ends[-1]
    user = "".join(parts) + f"\n{WHO_YOU_ARE}\n{persona_prompt}\n\n{turn}"
    return CachePrompt(SHARED_SYSTEM, user, shared, tuple(ends))
