"""Small numeric helpers shared by the domain modules.

Why: the original product's formulas come from a JavaScript app, so rounding follows Math.round
(half up) rather than Python's banker's rounding, and user data may hold junk values
(strings, bools, NaN) that must never crash a pure rule.
"""

from __future__ import annotations

import math
from typing import Any, TypeGuard


def is_number(value: Any) -> TypeGuard[int | float]:
    """True for finite ints/floats; bools and NaN/inf are not numbers here."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    return math.isfinite(value)


def clamp(value: float, low: float = 0, high: float = 100) -> float:
    return max(low, min(high, value))


def round_half_up(value: float) -> int:
    """Math.round semantics: 0.5 goes up (2.5 -> 3), unlike Python's round().
    The value is first rounded to 9 decimals so that float noise on an exact half
    (0.3 x 21.666... = 6.4999999...) still rounds up as the arithmetic intends."""
    return math.floor(round(value, 9) + 0.5)


def clamp_int(value: float, low: int = 0, high: int = 100) -> int:
    """Clamp to [low, high] then round half up: the shape of every 0-100 score."""
    return int(clamp(round_half_up(clamp(value, low, high)), low, high))


def number_or(value: Any, default: float) -> float:
    """The value when it is a real number, otherwise the default."""
    return float(value) if is_number(value) else float(default)
