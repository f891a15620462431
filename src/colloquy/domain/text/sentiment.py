"""Keyword sentiment of product-rules §4 and the sentiment aggregates of product-rules §2/§9.

Why keywords: the product rules define sentiment as a count of fixed positive against negative
words (whole words, case-insensitive); it is cheap, deterministic and needs no model.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from colloquy.domain.constants import SENTIMENT_LABEL_THRESHOLD

POSITIVE_WORDS = frozenset(
    ("great", "love", "excellent", "amazing", "fantastic", "wonderful", "good", "best", "perfect")
)
NEGATIVE_WORDS = frozenset(
    ("bad", "hate", "terrible", "awful", "horrible", "worst", "poor", "disappointing", "never")
)
_SCORES = {"positive": 1, "negative": -1, "neutral": 0}
_WORD_RE = re.compile(r"[^\W\d_]+")


def sentiment_of(text: Any) -> str:
    """'positive' if positive keywords outnumber negative ones, 'negative' if the
    reverse, otherwise (ties, none) 'neutral'."""
    if not isinstance(text, str):
        return "neutral"
    words = _WORD_RE.findall(text.lower())
    pos = sum(1 for w in words if w in POSITIVE_WORDS)
    neg = sum(1 for w in words if w in NEGATIVE_WORDS)
    if pos > neg:
        return "positive"
    return "negative" if neg > pos else "neutral"


def _known(sentiments: Iterable[Any]) -> list[str]:
    return [s for s in sentiments if s in _SCORES]


def average_sentiment(sentiments: Iterable[Any]) -> float:
    """Mean of +1/-1/0 over the items that have a sentiment; 0 when none do."""
    known = _known(sentiments)
    return sum(_SCORES[s] for s in known) / len(known) if known else 0.0


def sentiment_label(average: float) -> str:
    """'Positive' above 0.3, 'Negative' below -0.3, else 'Neutral'."""
    if average > SENTIMENT_LABEL_THRESHOLD:
        return "Positive"
    return "Negative" if average < -SENTIMENT_LABEL_THRESHOLD else "Neutral"


def overall_sentiment(sentiments: Iterable[Any]) -> str:
    """Lower-case overall sentiment of a set of messages, for insights
    ('positive', 'negative' or 'neutral'), using the dashboard's thresholds."""
    return sentiment_label(average_sentiment(sentiments)).lower()


def sentiment_breakdown(sentiments: Iterable[Any]) -> dict[str, int]:
    """Integer percentages {positive, neutral, negative} summing to 100 (largest
    remainder; ties go in that key order); all 0 when nothing has a sentiment."""
    known = _known(sentiments)
    keys = ("positive", "neutral", "negative")
    if not known:
        return dict.fromkeys(keys, 0)
    n = len(known)
    # Integer arithmetic: quotient and remainder of count * 100 / n, no float drift.
    parts = {k: divmod(known.count(k) * 100, n) for k in keys}
    result = {k: q for k, (q, _) in parts.items()}
    leftover = 100 - sum(result.values())
    by_remainder = sorted(keys, key=lambda k: -parts[k][1])  # stable: ties keep key order
    for k in by_remainder[:leftover]:
        result[k] += 1
    return result


def format_average(average: float) -> str:
    """Signed average with one decimal as on the dashboard card ('+0.4', '-0.2', '0.0')."""
    # Half away from zero on the decimal text, as JavaScript's toFixed(1) does.
    rounded = Decimal(repr(float(average))).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)
    text = f"{rounded:+.1f}"
    return "0.0" if text in ("+0.0", "-0.0") else text
