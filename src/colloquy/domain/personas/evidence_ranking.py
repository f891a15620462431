"""Which passages of a persona's evidence answer the current question (docs/evidence.md).

Passages are ranked by the cosine between their vector and the question's (both from the
same embedder, unit length). When no vectors are available (the embedder failed), a plain
word-overlap score ranks them instead, so a question still finds the passage that names
its subject. Ties keep the evidence's reading order.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass

from colloquy.domain.text.stopwords import STOP_WORDS

_WORD = re.compile(r"[a-z0-9']+")
# Short words STOP_WORDS leaves out (it lists words of four letters or more).
_SHORT_STOP = frozenset(
    [
        "the",
        "and",
        "you",
        "are",
        "was",
        "were",
        "for",
        "how",
        "why",
        "who",
        "did",
        "does",
        "not",
        "but",
        "all",
        "any",
        "can",
        "had",
        "has",
        "her",
        "him",
        "his",
        "its",
        "our",
        "out",
        "she",
        "they",
        "them",
        "too",
        "use",
        "way",
        "yes",
        "one",
        "get",
        "got",
        "let",
        "may",
        "now",
        "own",
        "say",
        "see",
    ]
)


@dataclass(frozen=True)
class Passage:
    id: str
    text: str
    position: int  # reading order across the persona's evidence (document, then passage)
    vector: Sequence[float] | None = None


def cosine(a: Sequence[float], b: Sequence[float]) -> float:
    """Cosine similarity; 0.0 when either vector is zero or their lengths differ."""
    if len(a) != len(b) or not a:
        return 0.0
    dot = sum(x * y for x, y in zip(a, b, strict=True))
    na = math.sqrt(sum(x * x for x in a))
    nb = math.sqrt(sum(y * y for y in b))
    return dot / (na * nb) if na > 0 and nb > 0 else 0.0


def content_words(text: str) -> set[str]:
    """Lower-case words of three letters or more, without stop words."""
    words = _WORD.findall(text.lower())
    return {w for w in words if len(w) > 2 and w not in STOP_WORDS and w not in _SHORT_STOP}


def overlap_score(query: str, passage: str) -> float:
    """Share of the query's content words found in the passage (0..1)."""
    wanted = content_words(query)
    if not wanted:
        return 0.0
    return len(wanted & content_words(passage)) / len(wanted)


def rank_passages(
    passages: Sequence[Passage], query: str, query_vector: Sequence[float] | None
) -> list[tuple[Passage, float]]:
    """Passages with their scores, best first. With a query vector every passage needs
    a vector (cosine); without one the word-overlap score is used."""
    if query_vector is not None and all(p.vector is not None for p in passages):
        scored = [(p, cosine(query_vector, p.vector or ())) for p in passages]
    else:
        scored = [(p, overlap_score(query, p.text)) for p in passages]
    return sorted(scored, key=lambda item: (-item[1], item[0].position))
