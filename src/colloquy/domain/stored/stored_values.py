"""Reading JSON values stored by any version of the app (or by hand) without failing: each
reader returns the expected type, with a default for a missing or odd value.

Why: the session row's JSON columns (domain/session_record.py) hold values of older shapes;
a pure rule or a typed API schema must never fail on them.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import datetime
from typing import Any, TypeVar, cast

from colloquy.domain.numbers.mathutil import is_number, round_half_up
from colloquy.domain.stored.timeutil import to_datetime

_T = TypeVar("_T", bound=str)
_D = TypeVar("_D", bound=Mapping[str, Any])
# An ISO 8601 time as stored by the app (and as the API's schema reads it): kept as written.
_ISO_TIME = re.compile(r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})?")


def one_of(value: Any, allowed: tuple[_T, ...], default: _T) -> _T:
    """`value` when it is one of `allowed`, else `default`."""
    for option in allowed:
        if value == option:
            return option
    return default


def text(value: Any, default: str = "") -> str:
    if isinstance(value, str):
        return value
    if value is None or isinstance(value, (dict, list)):
        return default
    return str(value)


def optional_text(value: Any) -> str | None:
    return None if value is None else text(value)


def integer(value: Any, default: int = 0) -> int:
    if is_number(value):
        return round_half_up(value)
    if isinstance(value, str):
        try:
            number = float(value.strip())
        except ValueError:
            return default
        return round_half_up(number) if is_number(number) else default
    return default


def texts(value: Any) -> list[str]:
    """A list of strings: other items are dropped (None) or written as text (numbers)."""
    if not isinstance(value, list):
        return []
    return [text(v) for v in value if v is not None and not isinstance(v, (dict, list))]


def dicts(value: Any) -> list[Mapping[str, Any]]:
    if not isinstance(value, list):
        return []
    return [v for v in value if isinstance(v, Mapping)]


def in_stored_order(out: _D, stored: Mapping[str, Any]) -> _D:
    """`out` with its keys in the stored order (then any added), so a copy of a stored
    value (the JSON export) reads as before."""
    ordered = {k: out[k] for k in stored if k in out}
    ordered.update((k, v) for k, v in out.items() if k not in ordered)
    return cast(_D, ordered)


def stored_time(value: Any, default: datetime) -> datetime | str:
    """A stored moment: an ISO text as written, anything else readable as a datetime."""
    if isinstance(value, str) and _ISO_TIME.fullmatch(value) and to_datetime(value):
        return value
    return to_datetime(value) or default
