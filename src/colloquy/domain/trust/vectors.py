"""Small vector and text helpers for the session health report (pure Python).

Vectors are plain lists of floats, unit length (the embedder normalises them), so the
cosine similarity of two vectors is their dot product. A session has a few hundred
answers of a few hundred dimensions: plain Python is fast enough (bench/health_bench.py).
"""

from __future__ import annotations

import math
import operator
import re
import statistics
from collections.abc import Sequence

Vector = Sequence[float]
_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)?")


def dot(a: Vector, b: Vector) -> float:
    return math.fsum(map(operator.mul, a, b)) if len(a) == len(b) else 0.0


def norm(a: Vector) -> float:
    return math.sqrt(dot(a, a))


def cosine(a: Vector, b: Vector) -> float:
    """Cosine similarity; 0 when either vector is zero."""
    na, nb = norm(a), norm(b)
    return dot(a, b) / (na * nb) if na > 0 and nb > 0 else 0.0


def distance(a: Vector, b: Vector) -> float:
    """Cosine distance, 1 - cosine similarity (0: same direction)."""
    return 1.0 - cosine(a, b)


def add(a: Vector, b: Vector) -> list[float]:
    return list(map(operator.add, a, b))


def centroid(vectors: Sequence[Vector]) -> list[float]:
    """The mean vector (not normalised); [] when there are none."""
    if not vectors:
        return []
    total = list(vectors[0])
    for v in vectors[1:]:
        total = add(total, v)
    n = len(vectors)
    return [x / n for x in total]


def mean_pairwise_distance(vectors: Sequence[Vector]) -> float | None:
    """Mean cosine distance over all pairs; None with fewer than two vectors."""
    pairs = [
        distance(vectors[i], vectors[j])
        for i in range(len(vectors))
        for j in range(i + 1, len(vectors))
    ]
    return sum(pairs) / len(pairs) if pairs else None


def words(text: str) -> list[str]:
    return _WORD.findall(text.lower()) if isinstance(text, str) else []


def word_count(text: str) -> int:
    return len(words(text))


def distinct_n(texts: Sequence[str], n: int = 2) -> float | None:
    """Distinct-n: distinct word n-grams / all word n-grams over `texts` (Li et al. 2016);
    None when there are no n-grams."""
    grams = [tuple(ws[i : i + n]) for ws in map(words, texts) for i in range(len(ws) - n + 1)]
    return len(set(grams)) / len(grams) if grams else None


def shingle_overlap(a: str, b: str, n: int = 3) -> float:
    """Jaccard overlap of word n-gram sets (1: the same wording)."""
    wa, wb = words(a), words(b)
    sa = {tuple(wa[i : i + n]) for i in range(len(wa) - n + 1)}
    sb = {tuple(wb[i : i + n]) for i in range(len(wb) - n + 1)}
    if not sa or not sb:
        return 1.0 if wa and wa == wb else 0.0
    return len(sa & sb) / len(sa | sb)


def pearson(xs: Sequence[float], ys: Sequence[float]) -> float | None:
    """Pearson r; None with fewer than 3 pairs or no variation on either side."""
    if len(xs) != len(ys) or len(xs) < 3:
        return None
    mx, my = statistics.fmean(xs), statistics.fmean(ys)
    sxy = math.fsum((x - mx) * (y - my) for x, y in zip(xs, ys))
    sxx = math.fsum((x - mx) ** 2 for x in xs)
    syy = math.fsum((y - my) ** 2 for y in ys)
    if sxx <= 0 or syy <= 0:
        return None
    return sxy / math.sqrt(sxx * syy)


def quartiles(values: Sequence[float]) -> tuple[float, float, float]:
    """(lower quartile, median, upper quartile), inclusive method; zeros when empty."""
    if not values:
        return 0.0, 0.0, 0.0
    if len(values) == 1:
        v = float(values[0])
        return v, v, v
    q1, q2, q3 = statistics.quantiles(values, n=4, method="inclusive")
    return q1, q2, q3


def rounded(value: float | None, digits: int = 3) -> float | None:
    return None if value is None else round(value, digits)
