"""Size limits of what a tool returns: an assistant's context is small, a session's
transcript is not (up to 50 questions x 50 participants x 3 rounds). Lists are paged with
an offset, long texts are cut with a note, and one answer stays under RESULT_MAX_CHARS."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

T = TypeVar("T")

RESULT_MAX_CHARS = 200_000  # one tool answer, as JSON text
MESSAGES_DEFAULT, MESSAGES_MAX = 200, 1000  # transcript messages per call
MESSAGE_CHARS_DEFAULT, MESSAGE_CHARS_MAX = 2000, 20_000  # one message's text
PERSONAS_DEFAULT, PERSONAS_MAX = 100, 500
ANSWERS_DEFAULT, ANSWERS_MAX = 50, 500  # survey answers per call
WAIT_DEFAULT, WAIT_MAX = 600, 3600  # seconds a run tool waits for the end of the run


def clip(text: str, limit: int) -> str:
    """`text` cut to `limit` characters with a note saying how much was left out."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… [cut: {len(text) - limit} more characters]"


def json_size(value: Any) -> int:
    return len(json.dumps(value, default=str, ensure_ascii=False))


def page(
    items: Sequence[T],
    offset: int,
    limit: int,
    budget: int = RESULT_MAX_CHARS,
    size: Callable[[T], int] = json_size,
) -> tuple[list[T], int | None]:
    """Up to `limit` items from `offset` whose sizes add up to at most `budget` (always at
    least one, so paging moves on), and the offset of the next page (None at the end)."""
    taken: list[T] = []
    used = 0
    for item in items[offset : offset + limit]:
        cost = size(item)
        if taken and used + cost > budget:
            break
        taken.append(item)
        used += cost
    end = offset + len(taken)
    return taken, (end if end < len(items) else None)
