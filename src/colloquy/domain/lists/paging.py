"""Cursor paging of the lists (docs/performance.md#lists-that-page): a page is the rows
after the last row of the previous page in the list's sort order, so a page costs the same
at the first and the hundredth page (no OFFSET), and rows added meanwhile never shift it.

A cursor is the sort key of the last row shown (its sort value and id) in URL-safe base64
JSON, tagged with the sort it belongs to so a cursor of another sort is refused."""

from __future__ import annotations

import base64
import binascii
import json
from dataclasses import dataclass
from typing import Any

DEFAULT_PAGE_SIZE = 50
MAX_PAGE_SIZE = 200
MAX_SEARCH_LENGTH = 200


class BadCursor(ValueError):
    """A cursor that this list did not make (edited, truncated or of another sort)."""


@dataclass(frozen=True)
class Cursor:
    sort: str
    value: Any  # the sort column's value of the last row shown (ISO text for times)
    id: str


def encode_cursor(cursor: Cursor) -> str:
    raw = json.dumps([cursor.sort, cursor.value, cursor.id], separators=(",", ":"))
    return base64.urlsafe_b64encode(raw.encode("utf-8")).decode("ascii").rstrip("=")


def decode_cursor(text: str, sort: str) -> Cursor:
    """The cursor of `text`; BadCursor when it is not one of this list's sort."""
    try:
        padded = text + "=" * (-len(text) % 4)
        data = json.loads(base64.urlsafe_b64decode(padded.encode("ascii")).decode("utf-8"))
    except (binascii.Error, UnicodeError, ValueError) as exc:
        raise BadCursor("The cursor is not one this list made; start from the first page") from exc
    if not (isinstance(data, list) and len(data) == 3 and isinstance(data[2], str)):
        raise BadCursor("The cursor is not one this list made; start from the first page")
    if data[0] != sort:
        raise BadCursor(f"The cursor belongs to the sort '{data[0]}', not '{sort}'")
    if not isinstance(data[1], str | int | float):
        raise BadCursor("The cursor is not one this list made; start from the first page")
    return Cursor(sort=sort, value=data[1], id=data[2])


def clean_search(text: str | None) -> str:
    """The search text as matched: trimmed; an empty one matches everything."""
    return (text or "").strip()
