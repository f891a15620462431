"""A session's prompt layout setting, `promptLayout` (docs/usage-and-cost.md#prompt-caching):
"persona-first" (the default: the persona's system prompt, then the materials, the
question and the question's discussion) or "cache-friendly" (what every call shares
first, the whole session's discussion, then the persona: cache_layout.py)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

PERSONA_FIRST, CACHE_FRIENDLY = "persona-first", "cache-friendly"
PROMPT_LAYOUTS = (PERSONA_FIRST, CACHE_FRIENDLY)
MSG_BAD_LAYOUT = "Prompt layout must be persona-first or cache-friendly"


def prompt_layout(settings: Mapping[str, Any]) -> str:
    """The stored layout; anything else (older sessions: none stored) is persona-first."""
    value = settings.get("promptLayout")
    return value if value in PROMPT_LAYOUTS else PERSONA_FIRST


def prompt_layout_errors(settings: Mapping[str, Any]) -> list[str]:
    value = settings.get("promptLayout")
    return [] if value is None or value in PROMPT_LAYOUTS else [MSG_BAD_LAYOUT]
