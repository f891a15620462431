"""Reading the moments stored on sessions and messages.

Why: timestamps arrive as datetimes (database), ISO texts (API, JSON) or JavaScript-style
epoch milliseconds (imported browser data); every rule that needs a moment reads all three.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from colloquy.domain.numbers.mathutil import is_number


def to_datetime(value: Any) -> datetime | None:
    """An aware datetime, or None when the value is not a readable moment.
    Naive times are taken as UTC so they compare with aware ones."""
    if isinstance(value, datetime):
        moment = value
    elif is_number(value):  # epoch milliseconds
        try:
            moment = datetime.fromtimestamp(value / 1000, tz=UTC)
        except (OverflowError, OSError, ValueError):
            return None
    elif isinstance(value, str) and value.strip():
        try:
            moment = datetime.fromisoformat(value.strip())
        except ValueError:
            return None
    else:
        return None
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)
