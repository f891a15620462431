"""A session's or survey's own budget and webhook (docs/usage-and-cost.md), inside its `settings`.

budgetUsd: a number >= 0 (USD); absent or null: the default of the Settings screen.
webhookUrl: an http(s) URL to POST to when the run completes or fails; absent or null:
the default of the Settings screen; "" turns it off for this run.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import Any
from urllib.parse import urlsplit

MAX_BUDGET_USD = 1_000_000.0
WEBHOOK_URL_MAX = 2000


def budget_errors(value: Any) -> list[str]:
    if value is None:
        return []
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        return ["Budget must be a number of US dollars"]
    if value < 0:
        return ["Budget must be 0 or more"]
    if value > MAX_BUDGET_USD:
        return [f"Budget must be at most {MAX_BUDGET_USD:,.0f} USD"]
    return []


def webhook_url_errors(value: Any) -> list[str]:
    if value is None or value == "":
        return []
    if not isinstance(value, str) or len(value) > WEBHOOK_URL_MAX:
        return [f"Webhook URL must be a text of at most {WEBHOOK_URL_MAX} characters"]
    parts = urlsplit(value.strip())
    if parts.scheme not in ("http", "https") or not parts.hostname:
        return ["Webhook URL must be an http:// or https:// address"]
    return []


def run_settings_errors(settings: Mapping[str, Any]) -> list[str]:
    return budget_errors(settings.get("budgetUsd")) + webhook_url_errors(settings.get("webhookUrl"))


def run_settings(settings: Mapping[str, Any]) -> dict[str, Any]:
    """The budget and webhook keys to store (only those given)."""
    out: dict[str, Any] = {}
    budget = settings.get("budgetUsd")
    if budget is not None:
        out["budgetUsd"] = float(budget)
    url = settings.get("webhookUrl")
    if isinstance(url, str):
        out["webhookUrl"] = url.strip()
    return out


def stored_run_settings(value: Any) -> dict[str, Any]:
    """The budget and webhook of stored settings, tolerant of odd values (left out)."""
    data = value if isinstance(value, Mapping) else {}
    return run_settings({k: v for k, v in data.items() if not run_settings_errors({k: v})})
