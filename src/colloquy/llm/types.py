"""Provider-neutral request and result types."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from colloquy.domain.sessions.tokens import estimate_tokens
from colloquy.domain.text.text_safety import clean_text


@dataclass
class ChatMessage:
    role: str  # "user" | "assistant" (the system prompt lives on ChatRequest)
    content: str
    # Image URLs or data: URLs. Remote providers cannot reach our own /uploads paths,
    # so callers pass data: URLs for uploaded files.
    images: list[str] = field(default_factory=list)
    # The length of the content's leading part that stays the same across a run's calls
    # (materials and question): providers that cache by explicit marks (Anthropic) mark the
    # end of it; 0: no mark. The text sent is the same either way.
    cache_prefix: int = 0
    # Where the lines of that leading part end (characters, ascending, the last at
    # cache_prefix): Anthropic gets each as a block of its own, as it finds an earlier
    # call's cached beginning only at block boundaries. Empty: one block.
    block_ends: tuple[int, ...] = ()


@dataclass
class ChatRequest:
    system: str
    messages: list[ChatMessage]
    max_tokens: int
    temperature: float = 0.8
    # The model may not end before this many tokens (0: whenever it likes). The local
    # llama.cpp backends hold off end-of-sequence until then (in-process and
    # llama-cpp-python's server); other providers have no such control and ignore it.
    min_tokens: int = 0
    # When set the provider asks for JSON matching this schema; ChatResult.text is then
    # the JSON document as text (parse it with llm.json_output).
    json_schema: dict[str, Any] | None = None


@dataclass
class ChatResult:
    text: str
    prompt_tokens: int
    completion_tokens: int
    model: str
    finish_reason: str | None = None  # "stop", "length" (cut at max_tokens), ...
    # Prompt tokens the model computed (the rest came from its cache); None when unknown.
    prompt_evaluated: int | None = None
    # Prompt tokens the provider reports as read from its prompt cache: OpenAI's
    # prompt_tokens_details.cached_tokens, Anthropic's cache_read_input_tokens, llama.cpp's
    # reused context. Part of prompt_tokens.
    cached_tokens: int = 0
    # Prompt tokens written to the provider's cache (Anthropic's cache_creation_input_tokens,
    # billed above the input price). Part of prompt_tokens.
    cache_write_tokens: int = 0

    def __post_init__(self) -> None:
        # Model output is cleaned once, here, for every store (PostgreSQL's text refuses
        # NUL; UTF-8 refuses lone surrogates): sessions, surveys, insights, audits alike.
        self.text = clean_text(self.text) if isinstance(self.text, str) else self.text

    @property
    def total_tokens(self) -> int:
        return self.prompt_tokens + self.completion_tokens


def estimate_prompt_tokens(req: ChatRequest) -> int:
    """Fallback usage when a server reports none."""
    return estimate_tokens(req.system) + sum(estimate_tokens(m.content) for m in req.messages)
