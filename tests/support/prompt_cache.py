"""What a caching model server would report, from prefix identity
(docs/usage-and-cost.md#prompt-caching).

Anthropic: the prompt is the system blocks then the messages' blocks, in order; every
block marked with cache_control ends a cacheable prefix, and is written to the cache. A
request reads the longest cached prefix that ends at a block boundary at or up to
LOOKBACK_BLOCKS blocks before one of its marks (Anthropic looks back over about 20 blocks
from each breakpoint) and is at least `min_tokens` long (cache_read_input_tokens); its
longest marked prefix past that is written (cache_creation_input_tokens); input_tokens is
the rest, as the Messages API counts it.

OpenAI: no marks; the longest prefix shared with an earlier prompt counts as cached in
steps of 128 tokens from 1,024 on (`min_tokens`), as prompt_tokens_details.cached_tokens.

Tokens are whitespace-separated words (the fakes' count). Install with
`fake.usage_hook = PrefixCache().anthropic` (or `.openai`).
"""

from __future__ import annotations

import threading
from typing import Any

from .fake_anthropic import system_text

LOOKBACK_BLOCKS = 20


def _words(text: str) -> list[str]:
    return text.split()


class PrefixCache:
    def __init__(self, min_tokens: int = 0, step: int = 1) -> None:
        self.min_tokens = min_tokens
        self.step = step
        self.seen: set[tuple[str, ...]] = set()  # Anthropic: cached marked prefixes
        self.prompts: list[list[str]] = []  # OpenAI: earlier prompts' words
        self.totals = {"prompt": 0, "read": 0, "written": 0}  # over every call answered
        self._lock = threading.Lock()

    # -- Anthropic ---------------------------------------------------------------------

    def anthropic(self, body: dict[str, Any], usage: dict[str, Any]) -> dict[str, Any]:
        words: list[str] = []
        marks: list[int] = []  # the indexes of the marked blocks
        ends: list[int] = []  # word counts at the end of every block
        system = body.get("system")
        blocks = system if isinstance(system, list) else [{"text": system_text(body)}]
        for message in body.get("messages", []):
            content = message.get("content")
            blocks = [*blocks, *(content if isinstance(content, list) else [{"text": content}])]
        for block in blocks:
            if not isinstance(block, dict):
                continue
            words += _words(str(block.get("text") or block.get("source", {}).get("data", "")))
            ends.append(len(words))
            if block.get("cache_control"):
                marks.append(len(ends) - 1)
        read = written = 0
        with self._lock:
            looked = {ends[b] for m in marks for b in range(max(0, m - LOOKBACK_BLOCKS), m + 1)}
            for end in sorted(looked, reverse=True):
                if end >= self.min_tokens and tuple(words[:end]) in self.seen:
                    read = end
                    break
            usable = [ends[m] for m in marks if ends[m] >= self.min_tokens]
            if usable and usable[-1] > read:
                written = usable[-1] - read
            for m in usable:
                self.seen.add(tuple(words[:m]))
            self._count(len(words), read, written)
        return {
            **usage,
            "input_tokens": len(words) - read - written,
            "cache_read_input_tokens": read,
            "cache_creation_input_tokens": written,
        }

    # -- OpenAI (automatic) ------------------------------------------------------------

    def openai(self, body: dict[str, Any], usage: dict[str, Any]) -> dict[str, Any]:
        words: list[str] = []
        for message in body.get("messages", []):
            content = message.get("content")
            if isinstance(content, list):
                content = " ".join(p.get("text", "") for p in content if isinstance(p, dict))
            words += _words(str(content or ""))
        with self._lock:
            shared = max((_common(words, p) for p in self.prompts), default=0)
            self.prompts.append(words)
            cached = shared - shared % self.step if shared >= self.min_tokens else 0
            self._count(len(words), cached, 0)
        return {
            **usage,
            "prompt_tokens": len(words),
            "prompt_tokens_details": {"cached_tokens": cached},
        }

    def _count(self, prompt: int, read: int, written: int) -> None:
        self.totals["prompt"] += prompt
        self.totals["read"] += read
        self.totals["written"] += written

    def input_equivalent(self, read_price: float, write_price: float = 1.0) -> float:
        """The prompt tokens' cost in tokens at the input price: the uncached at 1, the
        read at `read_price`, the written at `write_price` (Anthropic: 0.1 and 1.25;
        OpenAI: 0.5 for GPT-4o, 0.1 for GPT-5)."""
        t = self.totals
        rest = t["prompt"] - t["read"] - t["written"]
        return rest + t["read"] * read_price + t["written"] * write_price


def _common(a: list[str], b: list[str]) -> int:
    n = 0
    for x, y in zip(a, b, strict=False):
        if x != y:
            break
        n += 1
    return n
