"""Answers too poor to keep as they are (answer cleaning).

After cleaning (answer_cleaning.py) a small model's answer can be left as a name ("Emily"),
a line of the discussion's own machinery ("This is round 2 of the discussion.", "[Round 2]
Let's hear more.") or a word or two. Such an answer is asked again, at most MAX_REASKS
times, each re-ask counted in the message's repairs (REASKED); if the last one is still
unusable it is kept, marked KEPT_UNUSABLE (shown as "cleaned" like every repair), and the
session health report counts it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

MIN_WORDS = 3
MAX_REASKS = 2
REASKED = "reasked"  # one per re-ask, in the message's repairs
KEPT_UNUSABLE = "kept_unusable"  # still unusable after the re-asks: kept as it was

TOO_SHORT = "too_short"
NAME_ONLY = "name_only"
ROUND_LINE = "round_line"

_ROUND_LINE = re.compile(
    r"^\s*(?:\[?\s*round\s+\d+\s*\]?|this\s+is\s+(?:discussion\s+)?round\s+\d+"
    r"|discussion\s+round\s+\d+|moderator'?s?\s+question\s*:|give\s+your\s+own\s+first\s+answer"
    r"|respond\s+to\s+what\s+the\s+others\s+have\s+shared)",
    re.IGNORECASE,
)
_WORD = re.compile(r"[\w'’-]+")


def _words(text: str) -> list[str]:
    return _WORD.findall(text)


def unusable_reason(text: str, names: Iterable[str], min_words: int = MIN_WORDS) -> str | None:
    """Why a cleaned answer cannot be kept as an answer; None when it can. `min_words`:
    a natural turn may be a backchannel ("Yeah.", "Same here."), so natural mode passes 1
    (docs/natural-mode.md)."""
    words = _words(text)
    if not words:
        return TOO_SHORT
    name_words = {w.lower() for name in names for w in _words(name)}
    if name_words and all(w.lower() in name_words for w in words):
        return NAME_ONLY
    if _ROUND_LINE.match(text) and len(words) <= 14:
        return ROUND_LINE
    if len(words) < min_words:
        return TOO_SHORT
    return None


def reask_repairs(reasks: int, kept_unusable: bool, repairs: Sequence[str]) -> list[str]:
    """The repairs stored with an answer: cleaning's own, one REASKED per re-ask, and
    KEPT_UNUSABLE when the last answer was still unusable."""
    out = list(repairs) + [REASKED] * reasks
    return [*out, KEPT_UNUSABLE] if kept_unusable else out


def reask_counts(messages: Iterable[Mapping[str, Any]]) -> tuple[int, int, list[str]]:
    """(answers re-asked, answers kept unusable, ids of either) of a session's answers."""
    reasked = kept = 0
    ids: list[str] = []
    for m in messages:
        repairs = m.get("repairs") or []
        if REASKED in repairs or KEPT_UNUSABLE in repairs:
            ids.append(str(m.get("id")))
        reasked += REASKED in repairs
        kept += KEPT_UNUSABLE in repairs
    return reasked, kept, ids
