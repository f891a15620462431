"""A survey's simulated ratings beside people's own (docs/measured-against-people.md), per concept x
question.

- Distributions: the people's is the share of each scale point among their ratings; the
  simulation's is SSR's distribution averaged over respondents (each respondent's samples
  averaged first), as on the results screen.
- KS similarity = 1 - the Kolmogorov-Smirnov statistic, the largest gap between the two
  cumulative distributions over the scale points: 1 = the same distribution, 0 = no overlap.
  On two samples of whole ratings it equals the two-sample KS statistic (scipy's ks_2samp).
- Mean difference = simulated mean - people's mean (in scale points; positive: the
  simulation rates higher), with a 95 % percentile bootstrap interval: the two groups are
  resampled independently (1,000 times, numpy's generator seeded from the survey and cell,
  so the figures are reproducible).
- Floors, scored on the same metrics against the same people: a uniform-random rater
  (every point equally likely) and a majority rater (always gives the people's most common
  rating; a tie goes to the lowest tied point). Their means are fixed, so their intervals
  come from resampling the people only. A simulation worth using beats both: a higher KS
  similarity and a mean difference nearer 0.
"""

from __future__ import annotations

import hashlib
import math
import statistics
from collections.abc import Sequence
from typing import Any

import numpy as np

from colloquy.domain.surveys.ssr import BOOTSTRAP_RESAMPLES, CONFIDENCE, average_pmf, expected_value

Cell = tuple[str, str]
BOOTSTRAP_BLOCK = 1_000_000


def rating_pmf(ratings: Sequence[int], points: int) -> list[float]:
    """The share of each point 1..points among the ratings."""
    return [sum(1 for r in ratings if r == p) / len(ratings) for p in range(1, points + 1)]


def ks_statistic(p: Sequence[float], q: Sequence[float]) -> float:
    """The largest gap between the cumulative sums of two distributions on the same points."""
    if len(p) != len(q):
        raise ValueError("Both distributions need the same scale points")
    gaps = np.abs(
        np.cumsum(np.asarray(p, dtype=np.float64)) - np.cumsum(np.asarray(q, dtype=np.float64))
    )
    return float(gaps.max()) if len(gaps) else 0.0


def ks_similarity(p: Sequence[float], q: Sequence[float]) -> float:
    return 1.0 - ks_statistic(p, q)


def majority_point(ratings: Sequence[int]) -> int:
    """The most common rating; a tie goes to the lowest tied point."""
    counts: dict[int, int] = {}
    for r in ratings:
        counts[r] = counts.get(r, 0) + 1
    top = max(counts.values())
    return min(r for r, n in counts.items() if n == top)


def seed_of(*parts: object) -> int:
    """A stable 64-bit seed from text (Python's hash() changes between processes)."""
    digest = hashlib.sha256(":".join(str(p) for p in parts).encode()).digest()
    return int.from_bytes(digest[:8], "big")


def bootstrap_means(
    values: Sequence[float], rng: np.random.Generator, resamples: int
) -> np.ndarray:
    """Means of `resamples` draws with replacement of len(values) values each (drawn in
    blocks of about a million indices, so 10,000 ratings need no 80 MB index array)."""
    data = np.asarray(values, dtype=np.float64)
    per = max(1, BOOTSTRAP_BLOCK // len(data))
    means = np.empty(resamples, dtype=np.float64)
    for at in range(0, resamples, per):
        k = min(per, resamples - at)
        means[at : at + k] = data[rng.integers(0, len(data), size=(k, len(data)))].mean(axis=1)
    return means


def percentile_interval(stats: np.ndarray, estimate: float) -> tuple[float, float]:
    """The 95 % percentile interval, widened by a hair if needed to hold the estimate."""
    alpha = (1 - CONFIDENCE) / 2 * 100
    lo, hi = (float(x) for x in np.percentile(stats, [alpha, 100 - alpha]))
    return min(lo, estimate), max(hi, estimate)


def _score(
    name: str,
    pmf: list[float],
    mean: float,
    human_pmf: list[float],
    human_mean: float,
    boot: np.ndarray,
) -> dict[str, Any]:
    diff = mean - human_mean
    lo, hi = percentile_interval(boot, diff)
    return {
        "rater": name,
        "pmf": pmf,
        "mean": mean,
        "ksSimilarity": ks_similarity(pmf, human_pmf),
        "meanDifference": diff,
        "ci": [lo, hi],
        "holds": lo > 0 or hi < 0,
    }


def compare_cell(
    human: Sequence[int],
    simulated: dict[str, list[float]] | None,
    points: int,
    *,
    seed: int | str,
    resamples: int = BOOTSTRAP_RESAMPLES,
) -> dict[str, Any]:
    """People's ratings (one per respondent) against the simulation's respondents' pmfs
    (None or empty: not simulated yet): {human, scores, beats}."""
    if not human:
        raise ValueError("No human ratings")
    rng = np.random.default_rng(seed_of(seed))
    human_pmf = rating_pmf(human, points)
    human_mean = math.fsum(human) / len(human)
    human_boot = bootstrap_means(human, rng, resamples)
    uniform = [1.0 / points] * points
    mode = majority_point(human)
    majority = [1.0 if p == mode else 0.0 for p in range(1, points + 1)]
    scores: list[dict[str, Any]] = []
    if simulated:
        ids = sorted(simulated)
        means = [expected_value(simulated[i]) for i in ids]
        sim_mean = math.fsum(means) / len(means)
        sim_boot = bootstrap_means(means, rng, resamples)
        sim = _score(
            "simulated",
            average_pmf([simulated[i] for i in ids]),
            sim_mean,
            human_pmf,
            human_mean,
            sim_boot - human_boot,
        )
        scores.append({**sim, "n": len(ids)})
    centre = (points + 1) / 2
    scores.append(_score("uniform", uniform, centre, human_pmf, human_mean, centre - human_boot))
    scores.append(
        {
            **_score("majority", majority, float(mode), human_pmf, human_mean, mode - human_boot),
            "point": mode,
        }
    )
    return {
        "human": {
            "n": len(human),
            "pmf": human_pmf,
            "mean": human_mean,
            "sd": statistics.pstdev(human) if len(human) > 1 else 0.0,
        },
        "scores": scores,
        "beats": _beats(scores) if simulated else None,
    }


def _beats(scores: list[dict[str, Any]]) -> dict[str, dict[str, bool]]:
    """Whether the simulation beats each floor: higher KS similarity, mean nearer the people's."""
    sim, *floors = scores
    return {
        f["rater"]: {
            "ks": sim["ksSimilarity"] > f["ksSimilarity"] + 1e-12,
            "mean": abs(sim["meanDifference"]) < abs(f["meanDifference"]) - 1e-12,
        }
        for f in floors
    }


def compare_survey(
    concepts: Sequence[dict[str, Any]],
    questions: Sequence[dict[str, Any]],
    points: dict[str, int],
    human: dict[Cell, list[int]],
    simulated: dict[Cell, dict[str, list[float]]],
    *,
    seed: int | str,
) -> list[dict[str, Any]]:
    """compare_cell for every concept x question with people's ratings, in survey order."""
    out = []
    for concept in concepts:
        for question in questions:
            key = (concept["id"], question["id"])
            if not human.get(key):
                continue
            cell = compare_cell(
                human[key], simulated.get(key), points[key[1]], seed=f"{seed}:{key[0]}:{key[1]}"
            )
            out.append(
                {"conceptId": key[0], "questionId": key[1], "points": points[key[1]], **cell}
            )
    return out
