"""Theme recall and precision between two theme sets: how many of a reference's themes (a
human interview's, say) a simulated synthesis found, and how many of its themes the
reference has (docs/synthesis.md, "Comparing theme sets").

Two themes match when the Jaccard overlap of their content words (lower-cased, stop words
and one-letter words left out, a plural's final "s" dropped) is at least MATCH_AT. Each
theme matches at most one of the other set: the pairs are taken best overlap first.
recall = matched / reference themes, precision = matched / candidate themes.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from colloquy.domain.text.stopwords import STOP_WORDS

MATCH_AT = 0.5
_WORD = re.compile(r"[a-z0-9]+")


def content_words(label: str) -> frozenset[str]:
    words = (w for w in _WORD.findall(label.lower()) if len(w) > 1 and w not in STOP_WORDS)
    return frozenset(w[:-1] if len(w) > 3 and w.endswith("s") else w for w in words)


def overlap(a: str, b: str) -> float:
    wa, wb = content_words(a), content_words(b)
    if not wa or not wb:
        return 0.0
    return len(wa & wb) / len(wa | wb)


def match_themes(reference: Sequence[str], candidate: Sequence[str]) -> dict[str, Any]:
    """The matched pairs (reference, candidate, overlap) and recall/precision; None for a
    figure whose set is empty."""
    scored = sorted(
        ((overlap(r, c), i, j) for i, r in enumerate(reference) for j, c in enumerate(candidate)),
        key=lambda t: (-t[0], t[1], t[2]),
    )
    used_r: set[int] = set()
    used_c: set[int] = set()
    pairs = []
    for score, i, j in scored:
        if score < MATCH_AT:
            break
        if i in used_r or j in used_c:
            continue
        used_r.add(i)
        used_c.add(j)
        pairs.append({"reference": reference[i], "candidate": candidate[j], "overlap": score})
    return {
        "pairs": pairs,
        "recall": len(pairs) / len(reference) if reference else None,
        "precision": len(pairs) / len(candidate) if candidate else None,
        "missed": [r for i, r in enumerate(reference) if i not in used_r],
        "extra": [c for j, c in enumerate(candidate) if j not in used_c],
    }
