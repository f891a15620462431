"""Word-level text measures shared by the features (health, comparison, surveys)."""

from __future__ import annotations

import re
from collections.abc import Sequence

_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)?")


def words(text: str) -> list[str]:
    return _WORD.findall(text.lower()) if isinstance(text, str) else []


def word_count(text: str) -> int:
    return len(words(text))


def distinct_n(texts: Sequence[str], n: int = 2) -> float | None:
    """Distinct-n: distinct word n-grams / all word n-grams over `texts` (Li et al. 2016);
    None when there are no n-grams."""
    grams = [tuple(ws[i : i + n]) for ws in map(words, texts) for i in range(len(ws) - n + 1)]
    return len(set(grams)) / len(grams) if grams else None


def shingle_overlap(a: str, b: str, n: int = 3) -> float:
    """Jaccard overlap of word n-gram sets (1: the same wording)."""
    wa, wb = words(a), words(b)
    sa = {tuple(wa[i : i + n]) for i in range(len(wa) - n + 1)}
    sb = {tuple(wb[i : i + n]) for i in range(len(wb) - n + 1)}
    if not sa or not sb:
        return 1.0 if wa and wa == wb else 0.0
    return len(sa & sb) / len(sa | sb)
