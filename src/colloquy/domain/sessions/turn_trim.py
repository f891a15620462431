"""A natural turn far longer than it asked for is cut back to whole sentences (pure).

Why: a small model reads "about 6 words" as a hint and writes until the token limit
(measured on SmolLM2-135M: 6 asked, 11-15 written; docs/natural-mode.md#measured), so the
short reactions natural mode draws would never be stored as short. A turn over
OVER_FACTOR x the words asked plus OVER_ROOM keeps the run of its first sentences whose
length is closest to the words asked (at least the first sentence; the shorter on a tie):
"Yeah, I agree with Marcus. I'd try it if it was cheap." asked for 6 keeps "Yeah, I agree
with Marcus." (5 words). A turn within that tolerance, or of one sentence, is kept whole;
the raw text stays on the message for audit.
"""

from __future__ import annotations

import re

from colloquy.domain.sessions.tokens import word_count

TRIMMED = "trimmed_to_length"  # the repair's name, as stored on the message
OVER_FACTOR = 1.25  # "about N words": a quarter over is still about N
OVER_ROOM = 2  # and two words more, for the shortest turns ("Same here, honestly.")
_SENTENCE_BREAK = re.compile(r"(?<=[.!?…])\s+")


def trim_to_length(text: str, words: int) -> str:
    """`text`, or its first sentences closest to `words` when it runs far over."""
    if word_count(text) <= words * OVER_FACTOR + OVER_ROOM:
        return text
    sentences = _SENTENCE_BREAK.split(text.strip())
    best, best_gap, count = 1, None, 0
    for i, sentence in enumerate(sentences, start=1):
        count += word_count(sentence)
        gap = abs(count - words)
        if best_gap is None or gap < best_gap:
            best, best_gap = i, gap
    return " ".join(sentences[:best])
