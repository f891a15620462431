"""Which earlier answer of the same participant each answer repeats (the health check's
repetition finding): the first earlier answer whose word 3-grams overlap by at least
`overlap_min` (Jaccard) or whose meaning is at least `cosine_min` alike.

Every pair was compared one by one (a 5,000-message session: 500,000 pairs, minutes of
CPU). Here the 3-gram overlaps come from an index of which earlier answers hold each 3-gram
(only answers sharing one are ever compared) and the similarities from one matrix product;
the answers found and their figures are the same (docs/performance.md#long-transcripts)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from colloquy.domain.numbers.vectors import dot
from colloquy.domain.text.words import words


@dataclass(frozen=True)
class Repeat:
    earlier: int  # position in the participant's list
    overlap: float
    similarity: float


def _grams(text: str) -> frozenset[tuple[str, ...]]:
    ws = words(text)
    return frozenset(tuple(ws[i : i + 3]) for i in range(len(ws) - 2))


def _similarities(vectors: Sequence[Sequence[float]]) -> np.ndarray | None:
    """All pairwise dot products, or None when the vectors differ in length."""
    if not vectors or len({len(v) for v in vectors}) != 1:
        return None
    m = np.asarray(vectors, dtype=np.float64)
    return m @ m.T


def first_repeats(
    texts: Sequence[str],
    vectors: Sequence[Sequence[float]],
    overlap_min: float,
    cosine_min: float,
) -> list[Repeat | None]:
    """For each answer (in order, each of at least three words), its first repeat."""
    grams = [_grams(t) for t in texts]
    sims = _similarities(vectors)
    postings: dict[tuple[str, ...], list[int]] = {}
    out: list[Repeat | None] = []
    for j, mine in enumerate(grams):
        shared = Counter(i for g in mine for i in postings.get(g, ()))
        overlaps = {i: n / (len(mine) + len(grams[i]) - n) for i, n in shared.items()}
        if sims is not None:
            row = sims[j, :j]
            alike = np.nonzero(row >= cosine_min)[0]
            first_alike = int(alike[0]) if len(alike) else None
        else:
            row = np.array([dot(vectors[j], vectors[i]) for i in range(j)], dtype=np.float64)
            alike = np.nonzero(row >= cosine_min)[0]
            first_alike = int(alike[0]) if len(alike) else None
        close = [i for i, o in overlaps.items() if o >= overlap_min]
        candidates = [*close, *([first_alike] if first_alike is not None else [])]
        if candidates:
            i = min(candidates)
            out.append(Repeat(i, overlaps.get(i, 0.0), float(row[i])))
        else:
            out.append(None)
        for g in mine:
            postings.setdefault(g, []).append(j)
    return out
