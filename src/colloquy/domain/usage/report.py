"""A run's usage as the reports state it (CSV, Markdown; the JSON export carries `usage`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from colloquy.domain.usage.cost import format_usd, usage_from_json


def usage_rows(record: Mapping[str, Any]) -> list[tuple[str, str]]:
    """('Tokens (reported)', '1,234 prompt (400 cached) + 56 answer'), ('Cost', '$0.0123');
    none when the record carries no usage or no model call was measured."""
    if not isinstance(record.get("usage"), Mapping):
        return []
    usage = usage_from_json(record["usage"])
    if not usage.prompt_tokens and not usage.completion_tokens:
        return []
    tokens = f"{usage.prompt_tokens:,} prompt ({usage.cached_tokens:,} cached) + "
    tokens += f"{usage.completion_tokens:,} answer"
    return [("Tokens (reported)", tokens), ("Cost", format_usd(usage.cost_usd))]
