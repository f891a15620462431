"""Coded quotes and what they add up to: per theme, the respondents that support it (count and
share of all respondents) and the contradictions inside it (docs/synthesis.md).

A respondent is one persona in one session: the one persona of an interview, or each
participant of a group. A respondent supports a theme when at least one of their quotes is
coded under it, whatever its stance; several quotes of one respondent count once. Each quote
carries a stance towards its theme: "for", "against" or "neutral"; two respondents with
quotes of opposite stances ("for" and "against") under one theme contradict each other.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal, get_args

from colloquy.domain.numbers.significance import wilson_interval

Stance = Literal["for", "against", "neutral"]
STANCES: tuple[str, ...] = get_args(Stance)
OPPOSITE: dict[str, str] = {"for": "against", "against": "for"}


@dataclass(frozen=True)
class CodedQuote:
    """One verbatim quote of a respondent's message, coded under one theme."""

    theme_id: str
    respondent: str
    message_id: str
    text: str
    stance: str = "neutral"


def quote_dict(q: CodedQuote) -> dict[str, str]:
    return {
        "themeId": q.theme_id,
        "respondent": q.respondent,
        "messageId": q.message_id,
        "text": q.text,
        "stance": q.stance,
    }


def respondent_key(session_id: str, speaker_key: str) -> str:
    """The respondent's key: the same persona in two sessions is two respondents."""
    return f"{session_id}/{speaker_key}"


def supporters(quotes: Sequence[CodedQuote]) -> dict[str, set[str]]:
    """Theme id -> the respondents with at least one quote under it."""
    found: dict[str, set[str]] = {}
    for q in quotes:
        found.setdefault(q.theme_id, set()).add(q.respondent)
    return found


def theme_support(
    theme_ids: Sequence[str], quotes: Sequence[CodedQuote], respondents: int
) -> list[dict[str, Any]]:
    """Per theme (in the order given): supporting respondents, their count, their share of
    all `respondents` with its 95 % Wilson interval. Sorted by count, most first (ties keep
    the given order). A theme no quote supports is kept with count 0."""
    if respondents < 0:
        raise ValueError("the number of respondents cannot be negative")
    found = supporters(quotes)
    rows = []
    for theme_id in theme_ids:
        who = found.get(theme_id, set())
        if len(who) > respondents:
            raise ValueError(f"theme {theme_id} has more supporters than respondents")
        low, high = wilson_interval(len(who), respondents)
        rows.append(
            {
                "themeId": theme_id,
                "respondents": sorted(who),
                "count": len(who),
                "share": len(who) / respondents if respondents else 0.0,
                "shareLow": low,
                "shareHigh": high,
            }
        )
    return sorted(rows, key=lambda r: -r["count"])


def contradictions(quotes: Sequence[CodedQuote]) -> list[dict[str, Any]]:
    """Per theme where respondents take opposite stances: who is for, who is against, the
    pairs of respondents that contradict each other, and the first quote of each side
    (in the order given). A respondent who is both for and against (they changed their mind)
    is on both sides, but never contradicts themselves."""
    by_theme: dict[str, dict[str, list[CodedQuote]]] = {}
    for q in quotes:
        if q.stance in OPPOSITE:
            by_theme.setdefault(q.theme_id, {"for": [], "against": []})[q.stance].append(q)
    found = []
    for theme_id, sides in by_theme.items():
        pro = sorted({q.respondent for q in sides["for"]})
        con = sorted({q.respondent for q in sides["against"]})
        pairs = [(a, b) for a in pro for b in con if a != b]
        if not pairs:
            continue
        found.append(
            {
                "themeId": theme_id,
                "for": pro,
                "against": con,
                "pairs": [list(p) for p in pairs],
                "forQuote": quote_dict(sides["for"][0]),
                "againstQuote": quote_dict(sides["against"][0]),
            }
        )
    return found
