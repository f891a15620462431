"""Text and JSON that every database can store (PostgreSQL's text refuses NUL, UTF-8 refuses
unpaired surrogates, JSON refuses NaN) and names that only look filled in."""

from __future__ import annotations

import math
import re
from typing import Any

# NUL and unpaired UTF-16 surrogates (JSON's "\ud800" decodes to one) cannot be stored.
_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")
# What no id, path or query value holds: control characters (C0, DEL, C1), NUL, surrogates.
_NOT_IN_IDS = re.compile("[\x00-\x1f\x7f-\x9f\ud800-\udfff]")
# Characters that take no space: a name made only of these is blank.
_INVISIBLE = re.compile("[\u200b\u200c\u200d\u2060\ufeff\u00ad]")

JSON_MAX_DEPTH = 32
MSG_NOT_FINITE = "Numbers must be finite (NaN and Infinity are not allowed)"
MSG_TOO_DEEP = f"JSON is nested too deeply (max {JSON_MAX_DEPTH} levels)"


class UnstorableJson(ValueError):
    """JSON that cannot be stored as given; the message names the problem."""


def clean_text(text: str) -> str:
    """The text without characters that no database can store."""
    return _UNSTORABLE.sub("", text) if _UNSTORABLE.search(text) else text


def has_unusable_chars(text: str) -> bool:
    """True when text holds a control character, NUL or an unpaired surrogate: never an id,
    and never storable as one (PostgreSQL refuses NUL)."""
    return _NOT_IN_IDS.search(text) is not None


def is_blank(value: object) -> bool:
    """True for a non-string, or a string of only whitespace and zero-width characters."""
    return not isinstance(value, str) or not _INVISIBLE.sub("", value).strip()


def clean_json(value: Any, max_depth: int = JSON_MAX_DEPTH) -> Any:
    """A copy with every string (keys too) cleaned; refuses NaN/Infinity and deep nesting."""
    return _clean(value, max_depth)


def _clean(value: Any, depth: int) -> Any:
    if isinstance(value, str):
        return clean_text(value)
    if isinstance(value, float) and not math.isfinite(value):
        raise UnstorableJson(MSG_NOT_FINITE)
    if isinstance(value, dict | list | tuple):
        if depth <= 0:
            raise UnstorableJson(MSG_TOO_DEEP)
        if isinstance(value, dict):
            return {clean_text(str(k)): _clean(v, depth - 1) for k, v in value.items()}
        return [_clean(v, depth - 1) for v in value]
    return value
