"""A message's or survey answer's usage (docs/usage-and-cost.md) between its JSON form and its
columns."""

from __future__ import annotations

from typing import Any

USAGE_COLUMNS = {
    "promptTokens": "prompt_tokens",
    "completionTokens": "completion_tokens",
    "cachedTokens": "cached_tokens",
    "costUsd": "cost_usd",
}


def usage_columns(usage: Any) -> dict[str, Any]:
    """The columns of a usage object; every column is written (None when not measured)."""
    if not isinstance(usage, dict):
        return dict.fromkeys(USAGE_COLUMNS.values())
    return {column: usage.get(key) for key, column in USAGE_COLUMNS.items()}


def message_usage(row: Any) -> dict[str, Any] | None:
    """The usage of a stored row; None when nothing was measured (scripted, older rows)."""
    if getattr(row, "prompt_tokens", None) is None:
        return None
    return {
        "promptTokens": row.prompt_tokens or 0,
        "completionTokens": row.completion_tokens or 0,
        "cachedTokens": row.cached_tokens or 0,
        "costUsd": float(row.cost_usd or 0.0),
    }
