"""AI Assist (product-rules §7.3): the Big Five traits read from a document analysis text."""

from __future__ import annotations

import re
from typing import Any

from colloquy.domain.constants import TRAIT_DEFAULT, TRAIT_MAX, TRAIT_MIN, TRAITS
from colloquy.domain.numbers.mathutil import is_number

_NUMBER_AFTER = (
    r"(?:\s+to\s+experience)?[*_\s]*(?:\([^)]{0,20}\))?[*_\s]*"
    r"(?:[:=\-–—]|\bis\b|\bof\b|\bat\b)?[*_\s]*(\d{1,3}(?:\.\d+)?)(?![\d.]*\d)"
)


def trait_numbers(text: str) -> dict[str, float]:
    """The number after each trait name that has one, in range or not."""
    found: dict[str, float] = {}
    for trait in TRAITS:
        match = re.search(rf"\b{trait}\b{_NUMBER_AFTER}", text or "", re.IGNORECASE)
        if match:
            found[trait] = float(match.group(1))
    return found


def traits_from_analysis(text: str, current: dict[str, Any] | None = None) -> dict[str, float]:
    """The number after each trait name ('Openness: 72', 'openness - 72/100',
    'Neuroticism is 40'), accepted only within 0-100; otherwise the current value, or 50."""
    current = current or {}
    found = trait_numbers(text)
    out: dict[str, float] = {}
    for trait in TRAITS:
        value = found.get(trait)
        if value is not None and TRAIT_MIN <= value <= TRAIT_MAX:
            out[trait] = int(value) if value.is_integer() else value
        else:
            fallback = current.get(trait)
            if is_number(fallback) and TRAIT_MIN <= fallback <= TRAIT_MAX:
                out[trait] = fallback
            else:
                out[trait] = TRAIT_DEFAULT
    return out


def score_lines(scores: dict[str, Any], traits: tuple[str, ...] | list[str]) -> list[str]:
    """'Openness: 72' lines for a model's structured scores, to append to its analysis.
    Scores that all lie within 1-5 are read as a 1-5 rating scale (small models use it)."""
    numbers = {t: v for t in traits if is_number(v := scores.get(t))}
    likert = bool(numbers) and all(0 <= v <= 5 for v in numbers.values())
    lines = []
    for trait, value in numbers.items():
        value = max(0, (value - 1) * 25) if likert else value
        if TRAIT_MIN <= value <= TRAIT_MAX:
            lines.append(f"{trait.capitalize()}: {round(value)}")
    return lines
