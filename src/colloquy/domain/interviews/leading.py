"""The interviewer never asks a leading question (docs/interviews.md), pure.

A follow-up is leading when it presupposes or suggests the answer: it asks for agreement
("don't you think", "wouldn't you agree", a tag such as "..., right?"), asserts the view
it asks about ("surely", "obviously", "of course you"), or takes for granted a feeling the
persona has not stated ("how much do you love", "why do you hate"). `leading_reason`
returns why a text is leading, or None; the interviewer then asks a neutral follow-up
instead and notes the rejected one.
"""

from __future__ import annotations

import re

_RULES: tuple[tuple[str, re.Pattern[str]], ...] = (
    (
        "it asks for agreement",
        re.compile(
            r"\b(don'?t|doesn'?t|wouldn'?t|won'?t|isn'?t|aren'?t|wasn'?t|can'?t|shouldn'?t|"
            r"didn'?t|haven'?t)\s+(you|it|that|this|they|we)\s+(think|agree|feel|find|"
            r"be|seem|sound|say|mean|like|want|love|prefer)\b",
            re.IGNORECASE,
        ),
    ),
    (
        "it asks for agreement",
        re.compile(
            r"\b(you('d| would| must)? agree|would you agree|do you agree that)\b", re.IGNORECASE
        ),
    ),
    (
        "it ends with a tag asking for agreement",
        re.compile(
            r",\s*(right|correct|isn'?t it|don'?t you|wouldn'?t you|aren'?t you|"
            r"didn'?t you|no|yes|true)\s*\?\s*$",
            re.IGNORECASE,
        ),
    ),
    (
        "it asserts the answer",
        re.compile(
            r"\b(surely|obviously|of course you|clearly you|you must (have|be|feel|think)|"
            r"i'?m sure you|i bet you)\b",
            re.IGNORECASE,
        ),
    ),
    (
        "it presupposes a feeling the persona has not stated",
        re.compile(
            r"\b(?:how much do you|why do you|what do you|what makes you)\s+"
            r"(?P<feeling>love|hate|like|dislike|enjoy|fear|worry)\b",
            re.IGNORECASE,
        ),
    ),
)


def leading_reason(text: str, answer: str = "") -> str | None:
    """Why `text` is a leading question, or None. `answer`: the persona's last answer; a
    feeling the answer states itself ("I love it") may be asked about."""
    said = answer.lower()
    for reason, pattern in _RULES:
        match = pattern.search(text)
        if match is None:
            continue
        feeling = match.groupdict().get("feeling")
        if feeling and re.search(rf"\b{feeling.lower()}", said):
            continue  # the persona said it: asking why is laddering, not leading
        return reason
    return None
