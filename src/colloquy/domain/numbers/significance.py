"""Small exact tests for the health report's decisions (docs/trust.md, "How each check
decides"). Pure: numbers in, numbers out; random permutations come from a seeded generator,
so the same answers always give the same p-value.

Why: a check that grades a group of 30 answers on a ratio alone passes or fails by which
answers happened to be said. Each graded figure is therefore tested against its sampling
error at one stated false-alarm rate, ALPHA, one-sided.
"""

from __future__ import annotations

import math

ALPHA = 0.05  # the false-alarm rate every graded check is held to (one-sided)
PERMUTATIONS = 999  # random relabelings when exact enumeration is too large
SEED = 20261127  # fixed: the same answers always give the same p-value


def _log_pmf(k: int, n: int, p: float) -> float:
    if p <= 0.0:
        return 0.0 if k == 0 else -math.inf
    if p >= 1.0:
        return 0.0 if k == n else -math.inf
    return (
        math.lgamma(n + 1)
        - math.lgamma(k + 1)
        - math.lgamma(n - k + 1)
        + k * math.log(p)
        + (n - k) * math.log1p(-p)
    )


def binomial_at_least(k: int, n: int, p: float) -> float:
    """P(X >= k) for X ~ Binomial(n, p), exact (summed in log space)."""
    if k <= 0:
        return 1.0
    if k > n:
        return 0.0
    return min(1.0, sum(math.exp(_log_pmf(i, n, p)) for i in range(k, n + 1)))


def binomial_at_most(k: int, n: int, p: float) -> float:
    """P(X <= k) for X ~ Binomial(n, p), exact."""
    if k < 0:
        return 0.0
    if k >= n:
        return 1.0
    return min(1.0, sum(math.exp(_log_pmf(i, n, p)) for i in range(k + 1)))


def permutation_p(observed: float, null: list[float], *, tail: str) -> float:
    """The permutation p-value (1 + as extreme) / (1 + permutations): "greater" counts
    relabelings scoring at least the observed figure, "less" at most."""
    tol = 1e-12
    if tail == "greater":
        extreme = sum(1 for x in null if x >= observed - tol)
    else:
        extreme = sum(1 for x in null if x <= observed + tol)
    return (1 + extreme) / (1 + len(null))


def wilson_interval(k: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a share k / n."""
    if n == 0:
        return 0.0, 1.0
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)
