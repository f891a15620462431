"""Evidence text cut into passages (docs/evidence.md): the pieces that are embedded and retrieved.

Why passages of about 80-160 words: a passage must be small enough that several fit in
the prompt's evidence budget (600 tokens by default, about 460 words) and large enough to
carry one thought. Paragraphs are kept whole when they fit; short ones are joined with
their neighbours; a long paragraph is cut between sentences, and a sentence longer than
the limit is cut between words.
"""

from __future__ import annotations

import re

TARGET_WORDS = 80  # join paragraphs until a passage has at least this many words
MAX_WORDS = 160  # never more than this in one passage

_PARAGRAPH = re.compile(r"\n\s*\n")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")


def count_words(text: str) -> int:
    """Words separated by any whitespace (spaces, newlines, tabs)."""
    return len(text.split())


def _pieces(paragraph: str, max_words: int) -> list[str]:
    """A paragraph as pieces of at most `max_words`: whole sentences where possible."""
    out: list[str] = []
    current: list[str] = []
    for sentence in _SENTENCE_END.split(paragraph):
        words = sentence.split()
        while len(words) > max_words:  # one sentence too long: cut between words
            if current:
                out.append(" ".join(current))
                current = []
            out.append(" ".join(words[:max_words]))
            words = words[max_words:]
        if current and len(current) + len(words) > max_words:
            out.append(" ".join(current))
            current = []
        current += words
    if current:
        out.append(" ".join(current))
    return out


def split_passages(
    text: str, target_words: int = TARGET_WORDS, max_words: int = MAX_WORDS
) -> list[str]:
    """The passages of `text` in reading order; whitespace inside a passage is one space.

    Every word of the text is in exactly one passage, in order."""
    paragraphs = [p for p in _PARAGRAPH.split(text.replace("\r\n", "\n")) if p.strip()]
    pieces = [piece for p in paragraphs for piece in _pieces(p, max_words)]
    passages: list[str] = []
    current = ""
    for piece in pieces:
        if not current:
            current = piece
        elif count_words(current) < target_words and (
            count_words(current) + count_words(piece) <= max_words
        ):
            current = f"{current} {piece}"
        else:
            passages.append(current)
            current = piece
    if current:
        passages.append(current)
    return passages
