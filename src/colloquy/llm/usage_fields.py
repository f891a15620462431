"""Cached-token counts as the OpenAI-compatible servers report them (docs/usage-and-cost.md).

OpenAI: usage.prompt_tokens_details.cached_tokens (automatic caching of identical prompt
prefixes of 1,024+ tokens). vLLM and recent llama.cpp servers report the same field;
llama.cpp's server also says in `timings.cache_n` how many prompt tokens it reused from
the slot's cache. Absent or malformed: 0.
"""

from __future__ import annotations

from typing import Any


def _count(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) and value > 0 else 0


def cached_prompt_tokens(usage: Any, timings: Any = None) -> int:
    cached = 0
    if isinstance(usage, dict):
        details = usage.get("prompt_tokens_details")
        if isinstance(details, dict):
            cached = _count(details.get("cached_tokens"))
    if not cached and isinstance(timings, dict):
        cached = _count(timings.get("cache_n"))
    return cached


def anthropic_usage(usage: Any) -> tuple[int, int, int]:
    """(prompt, completion, cached) of an Anthropic message's usage. Anthropic's
    input_tokens leaves out the cached part: the prompt is input + cache reads + cache
    writes, and cached is the cache reads."""
    prompt, completion, cached, _ = anthropic_usage_with_writes(usage)
    return prompt, completion, cached


def anthropic_usage_with_writes(usage: Any) -> tuple[int, int, int, int]:
    """(prompt, completion, cached, written): also the prompt tokens written to the cache."""
    read = _count(getattr(usage, "cache_read_input_tokens", None))
    written = _count(getattr(usage, "cache_creation_input_tokens", None))
    prompt = _count(getattr(usage, "input_tokens", None)) + read + written
    return prompt, _count(getattr(usage, "output_tokens", None)), read, written
