"""Vector and number helpers shared by every feature (health, surveys, comparison), on numpy.

Vectors arrive as lists of floats (the embedder normalises them to unit length, so the
cosine of two of them is their dot product); the helpers accept any float sequence and
return plain Python floats and lists, so callers and stored JSON never see numpy types.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

Vector = Sequence[float]
Array = npt.NDArray[np.float64]


def as_array(a: Vector) -> Array:
    return np.asarray(a, dtype=np.float64)


def dot(a: Vector, b: Vector) -> float:
    """The dot product; 0 when the lengths differ (vectors of two different embedders)."""
    return float(np.dot(as_array(a), as_array(b))) if len(a) == len(b) else 0.0


def norm(a: Vector) -> float:
    return float(np.linalg.norm(as_array(a)))


def unit(a: Vector) -> list[float]:
    """`a` scaled to length 1; zeros stay zeros."""
    v = as_array(a)
    n = float(np.linalg.norm(v))
    return (v / n).tolist() if n > 0 else [0.0] * len(v)


def cosine(a: Vector, b: Vector) -> float:
    """Cosine similarity; 0 when either vector is zero or the lengths differ."""
    if len(a) != len(b):
        return 0.0
    va, vb = as_array(a), as_array(b)
    na, nb = float(np.linalg.norm(va)), float(np.linalg.norm(vb))
    return float(np.dot(va, vb)) / (na * nb) if na > 0 and nb > 0 else 0.0


def cosine_matrix(rows: Sequence[Vector], columns: Sequence[Vector]) -> list[list[float]]:
    """Cosine similarity of every row with every column (zero vectors give 0)."""
    if not rows or not columns:
        return [[] for _ in rows]
    r, c = np.asarray(rows, dtype=np.float64), np.asarray(columns, dtype=np.float64)
    nr, nc = np.linalg.norm(r, axis=1), np.linalg.norm(c, axis=1)
    with np.errstate(divide="ignore", invalid="ignore"):
        sims = (r @ c.T) / np.outer(nr, nc)
    return np.nan_to_num(sims, nan=0.0, posinf=0.0, neginf=0.0).tolist()  # type: ignore[no-any-return]


def distance(a: Vector, b: Vector) -> float:
    """Cosine distance, 1 - cosine similarity (0: same direction)."""
    return 1.0 - cosine(a, b)


def add(a: Vector, b: Vector) -> list[float]:
    return (as_array(a) + as_array(b)).tolist()  # type: ignore[no-any-return]


def centroid(vectors: Sequence[Vector]) -> list[float]:
    """The mean vector (not normalised); [] when there are none."""
    if not vectors:
        return []
    return np.mean(np.asarray(vectors, dtype=np.float64), axis=0).tolist()  # type: ignore[no-any-return]


def mean_pairwise_distance(vectors: Sequence[Vector]) -> float | None:
    """Mean cosine distance over all pairs; None with fewer than two vectors."""
    n = len(vectors)
    if n < 2:
        return None
    # The sum over pairs of u_i . u_j (u: unit vectors, zero for a zero vector) is
    # (|sum u|^2 - sum |u_i|^2) / 2: linear in n, where the n x n matrix grew with its square.
    m = np.asarray(vectors, dtype=np.float64)
    norms = np.linalg.norm(m, axis=1)
    units = m / np.where(norms > 0, norms, 1.0)[:, None]
    total = units.sum(axis=0)
    pairs_sum = (float(total @ total) - float(np.einsum("ij,ij->", units, units))) / 2
    pairs = n * (n - 1) / 2
    return (pairs - pairs_sum) / pairs


def pearson(xs: Sequence[float], ys: Sequence[float]) -> float | None:
    """Pearson r; None with fewer than 3 pairs or no variation on either side."""
    if len(xs) != len(ys) or len(xs) < 3:
        return None
    try:
        return statistics.correlation(xs, ys)
    except statistics.StatisticsError:  # a constant side: r is undefined
        return None


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
