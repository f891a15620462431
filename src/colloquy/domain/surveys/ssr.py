"""Semantic-similarity rating (SSR), after Maier et al. (2025).

A respondent answers in words; the answer's embedding is compared with one anchor
statement per scale point (cosine similarity). For one anchor set the similarities minus
their minimum, divided by their sum, give a probability distribution over the points (all
equal: uniform). Distributions of several anchor sets are averaged. Summary figures:
expected value (the mean rating, points numbered 1..k), top-2-box (probability of the two
highest points; the highest only on a 2- or 3-point scale), and percentile bootstrap 95 %
intervals over respondents with a seeded generator so figures are reproducible.

Vectors are plain lists of floats (numpy does the arithmetic); no I/O.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from colloquy.domain.numbers.vectors import Array, cosine_matrix

BOOTSTRAP_RESAMPLES = 1000
CONFIDENCE = 0.95
DEFAULT_SEED = 20250101

Vector = Sequence[float]


def pmf_from_similarities(similarities: Sequence[float]) -> list[float]:
    """Similarities minus their minimum, normalised to sum 1; uniform when all equal."""
    if not similarities:
        raise ValueError("A scale needs at least one point")
    low = min(similarities)
    shifted = [s - low for s in similarities]
    total = sum(shifted)
    if total <= 1e-12:
        return [1.0 / len(similarities)] * len(similarities)
    return [s / total for s in shifted]


def ssr_pmf(answer: Vector, anchor_sets: Sequence[Sequence[Vector]]) -> list[float]:
    """The answer's distribution over the scale points, averaged over anchor sets."""
    if not anchor_sets:
        raise ValueError("SSR needs at least one anchor set")
    points = len(anchor_sets[0])
    if any(len(s) != points for s in anchor_sets):
        raise ValueError("Every anchor set needs one anchor per scale point")
    pmfs = [pmf_from_similarities(cosine_matrix([answer], s)[0]) for s in anchor_sets]
    return average_pmf(pmfs)


def average_pmf(pmfs: Sequence[Sequence[float]]) -> list[float]:
    if not pmfs:
        raise ValueError("Nothing to average")
    n = len(pmfs)
    return [sum(p[i] for p in pmfs) / n for i in range(len(pmfs[0]))]


def expected_value(pmf: Sequence[float]) -> float:
    """Mean rating with points numbered 1..k."""
    return sum((i + 1) * p for i, p in enumerate(pmf))


def top_box_points(points: int) -> int:
    """How many top points the top-box counts: 2, or 1 on scales of 2-3 points."""
    return 2 if points >= 4 else 1


def top2(pmf: Sequence[float]) -> float:
    return sum(pmf[-top_box_points(len(pmf)) :])


def percentile(sorted_values: Sequence[float], q: float) -> float:
    """Linear-interpolated percentile (q in 0..1) of the values."""
    if not sorted_values:
        raise ValueError("No values")
    return float(np.percentile(np.asarray(sorted_values, dtype=np.float64), q * 100))


def _interval(stats: Array, estimate: float) -> tuple[float, float]:
    alpha = (1 - CONFIDENCE) / 2
    lo, hi = (float(x) for x in np.percentile(stats, [alpha * 100, (1 - alpha) * 100]))
    # A percentile interval can miss its own point estimate on skewed data by a hair;
    # widen to include it so the reported interval always brackets the estimate.
    return min(lo, estimate), max(hi, estimate)


def _resample_means(values: Sequence[float], rng: random.Random, resamples: int) -> Array:
    """Means of `resamples` draws with replacement. The draws come from Python's seeded
    generator (one index sequence per resample, as `rng.choices` makes them) so a seed gives
    the same figures it always gave; numpy does the arithmetic."""
    n = len(values)
    idx = np.array([rng.choices(range(n), k=n) for _ in range(resamples)], dtype=np.intp)
    means: Array = np.asarray(values, dtype=np.float64)[idx].mean(axis=1)
    return means


def bootstrap_mean(
    values: Sequence[float],
    *,
    seed: int | str = DEFAULT_SEED,
    resamples: int = BOOTSTRAP_RESAMPLES,
) -> tuple[float, float, float]:
    """The mean of per-respondent values and its 95 % percentile bootstrap interval,
    from one computation (report this estimate with this interval: an estimate computed
    another way can differ in the last place and fall outside)."""
    n = len(values)
    if n == 0:
        raise ValueError("No respondents")
    estimate = math.fsum(values) / n
    if n == 1:
        return estimate, estimate, estimate
    stats = _resample_means(values, random.Random(seed), resamples)
    return (estimate, *_interval(stats, estimate))


def bootstrap_mean_ci(
    values: Sequence[float],
    *,
    seed: int | str = DEFAULT_SEED,
    resamples: int = BOOTSTRAP_RESAMPLES,
) -> tuple[float, float]:
    """95 % percentile bootstrap interval of the mean of per-respondent values."""
    _, lo, hi = bootstrap_mean(values, seed=seed, resamples=resamples)
    return lo, hi


def bootstrap_difference_ci(
    a: dict[str, float],
    b: dict[str, float],
    *,
    seed: int | str = DEFAULT_SEED,
    resamples: int = BOOTSTRAP_RESAMPLES,
) -> tuple[float, float, float, bool]:
    """Difference of means mean(a) - mean(b) of per-respondent values, its 95 % interval
    and whether the interval excludes 0. Respondents in both (the usual survey: everyone
    rates every concept, one at a time) are resampled in pairs; otherwise the two groups
    are resampled independently."""
    if not a or not b:
        raise ValueError("Both groups need respondents")
    diff = sum(a.values()) / len(a) - sum(b.values()) / len(b)
    rng = random.Random(seed)
    shared = sorted(set(a) & set(b))
    if shared and len(shared) == len(a) == len(b):
        stats = _resample_means([a[k] - b[k] for k in shared], rng, resamples)
    else:
        va, vb = list(a.values()), list(b.values())
        stats = np.array(
            [
                _resample_means(va, rng, 1)[0] - _resample_means(vb, rng, 1)[0]
                for _ in range(resamples)
            ]
        )
    if len(a) == 1 and len(b) == 1:
        return diff, diff, diff, False
    lo, hi = _interval(stats, diff)
    return diff, lo, hi, lo > 0 or hi < 0


def summarise(
    respondent_pmfs: dict[str, list[float]],
    *,
    seed: int | str = DEFAULT_SEED,
    resamples: int = BOOTSTRAP_RESAMPLES,
) -> dict[str, object]:
    """A group's SSR summary from each respondent's pmf (their samples already averaged):
    {n, pmf, mean, ci, top2, top2Ci}."""
    ids = sorted(respondent_pmfs)
    pmfs = [respondent_pmfs[i] for i in ids]
    pmf = average_pmf(pmfs)
    mean, *ci = bootstrap_mean(
        [expected_value(p) for p in pmfs], seed=f"{seed}:mean", resamples=resamples
    )
    share, *share_ci = bootstrap_mean(
        [top2(p) for p in pmfs], seed=f"{seed}:top2", resamples=resamples
    )
    # Each estimate comes with its own interval's computation (the mean of respondents'
    # values equals the value of the averaged pmf, up to the last place).
    return {"n": len(ids), "pmf": pmf, "mean": mean, "ci": ci, "top2": share, "top2Ci": share_ci}


def group_by(
    items: Sequence[dict[str, Any]], key: Callable[[dict[str, Any]], str]
) -> dict[str, list[dict[str, Any]]]:
    out: dict[str, list[dict[str, Any]]] = {}
    for item in items:
        out.setdefault(key(item), []).append(item)
    return out
