"""Results-screen analytics of product-rules §2 Results/Analytics and product-rules §9 Analytics.

Why here: the word cloud, quotes, trait patterns and per-round sentiment are pure
functions of the stored messages and personas, so the API just serves their output.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from colloquy.domain.constants import (
    FONT_MAX_PX,
    FONT_MIN_PX,
    MODERATOR_SPEAKER,
    QUOTE_MIN_CHARS,
    QUOTES_MAX,
    TRAIT_DEFAULT,
    TRAIT_PATTERN_HIGH,
    TRAIT_PATTERN_LOW,
    TRAITS,
    WORD_CLOUD_SHOWN,
    WORD_CLOUD_TOP,
    WORD_MIN_LETTERS,
)
from colloquy.domain.numbers.mathutil import is_number, number_or, round_half_up
from colloquy.domain.stored.timeutil import to_datetime
from colloquy.domain.text.sentiment import average_sentiment, sentiment_breakdown, sentiment_of
from colloquy.domain.text.stopwords import STOP_WORDS

_WORD_RE = re.compile(r"[^\W\d_]+(?:'[^\W\d_]+)*")


def _is_moderator(message: Mapping[str, Any]) -> bool:
    return message.get("speaker") == MODERATOR_SPEAKER


def word_cloud(texts: Iterable[Any], top: int = WORD_CLOUD_TOP) -> list[dict[str, Any]]:
    """The `top` most frequent words of 4+ letters (lower-cased, stop words removed),
    as [{text, count}]; most frequent first, ties alphabetical."""
    counts: Counter[str] = Counter()
    for text in texts:
        if not isinstance(text, str):
            continue
        for word in _WORD_RE.findall(text.lower().replace("\u2019", "'")):
            if len(word.replace("'", "")) >= WORD_MIN_LETTERS and word not in STOP_WORDS:
                counts[word] += 1
    ranked = sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))
    return [{"text": w, "count": c} for w, c in ranked[: max(0, top)]]


def word_cloud_sizes(
    words: Sequence[dict[str, Any]], top: int = WORD_CLOUD_SHOWN
) -> list[dict[str, Any]]:
    """The first `top` words with a font size: linear from 12 px (least frequent shown)
    to 32 px (most frequent). When all counts are equal every word is "the most frequent",
    so all get 32 px."""
    shown = sorted(words, key=lambda w: -w["count"])[: max(0, top)]
    if not shown:
        return []
    high = max(w["count"] for w in shown)
    low = min(w["count"] for w in shown)
    span = FONT_MAX_PX - FONT_MIN_PX
    result = []
    for w in shown:
        ratio = 1.0 if high == low else (w["count"] - low) / (high - low)
        size = round_half_up(FONT_MIN_PX + ratio * span)
        result.append({"text": w["text"], "count": w["count"], "size": size})
    return result


def highlighted_quotes(
    messages: Iterable[Mapping[str, Any]], limit: int = QUOTES_MAX
) -> list[dict[str, Any]]:
    """Each participant's longest message over 30 characters, up to `limit`, in the order
    the speakers first said something quotable."""
    best: dict[str, dict[str, Any]] = {}
    for m in messages:
        content = m.get("content")
        speaker = m.get("speaker")
        if _is_moderator(m) or not isinstance(content, str) or not speaker:
            continue
        if len(content.strip()) <= QUOTE_MIN_CHARS:
            continue
        if speaker not in best or len(content) > len(best[speaker]["content"]):
            best[speaker] = {
                "speaker": speaker,
                "content": content,
                "sentiment": m.get("sentiment") or sentiment_of(content),
            }
    return list(best.values())[: max(0, limit)]


def trait_pattern_level(value: Any) -> str | None:
    """'High' above 70, 'Low' below 30, otherwise None (missing counts as 50)."""
    v = number_or(value, TRAIT_DEFAULT)
    if v > TRAIT_PATTERN_HIGH:
        return "High"
    return "Low" if v < TRAIT_PATTERN_LOW else None


def trait_patterns(personas: Iterable[dict[str, Any]]) -> dict[str, list[dict[str, Any]]]:
    """Per trait, the participants at the extremes: [{personaId, name, value, level}]."""
    result: dict[str, list[dict[str, Any]]] = {t: [] for t in TRAITS}
    for p in personas:
        traits = p.get("traits") or {}
        for t in TRAITS:
            level = trait_pattern_level(traits.get(t))
            if level:
                value = number_or(traits.get(t), TRAIT_DEFAULT)
                result[t].append(
                    {
                        "personaId": p.get("id"),
                        "name": p.get("name"),
                        "value": value,
                        "level": level,
                    }
                )
    return result


def participation(messages: Iterable[Mapping[str, Any]]) -> dict[str, int]:
    """Responses per participant, keyed by personaId (the speaker's name when a message
    has no personaId); moderator messages are not responses."""
    counts: Counter[str] = Counter()
    for m in messages:
        if not _is_moderator(m):
            key = m.get("personaId") or m.get("speaker")
            if key:
                counts[str(key)] += 1
    return dict(counts)


def sentiment_by_question_round(messages: Iterable[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Sentiment aggregated per (questionIndex, round) over participant messages:
    [{questionIndex, round, count, average, breakdown}] sorted by question then round."""
    groups: dict[tuple[int, int], list[str | None]] = {}
    for m in messages:
        q, r = m.get("questionIndex"), m.get("round")
        if _is_moderator(m) or not is_number(q) or not is_number(r):
            continue
        groups.setdefault((int(q), int(r)), []).append(m.get("sentiment"))
    return [
        {
            "questionIndex": q,
            "round": r,
            "count": len(items),
            "average": round(average_sentiment(items), 3),
            "breakdown": sentiment_breakdown(items),
        }
        for (q, r), items in sorted(groups.items())
    ]


def duration_minutes(created_at: Any, completed_at: Any) -> int:
    """Whole minutes from creation to completion (rounded); 0 if not completed."""
    start, end = to_datetime(created_at), to_datetime(completed_at)
    if start is None or end is None:
        return 0
    return max(0, round_half_up((end - start).total_seconds() / 60))
