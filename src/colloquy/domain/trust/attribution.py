"""Leave-one-out attribution of answers to their speakers, and its permutation null
(docs/trust.md, "Distinct voices"). Pure numpy.

Each answer is given to the speaker whose centroid (the sum of their other answers'
vectors; for its own speaker without the answer itself) is nearest by cosine. A tie with
k other speakers earns 1/(k+1), a fair guess among them, so identical answers score
exactly at chance. The null distribution relabels the answers at random, keeping how many
answers each speaker gave: with very unequal turns per person "chance" is not 1/speakers,
and the permutation measures it as it is.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from colloquy.domain.numbers.significance import PERMUTATIONS, SEED

TIE = 1e-9  # cosine scores this close are equal (floating-point rounding, not meaning)


def _unit(m: np.ndarray) -> np.ndarray:
    norms = np.linalg.norm(m, axis=-1, keepdims=True)
    return np.divide(m, norms, out=np.zeros_like(m), where=norms > 0)


def scores(vectors: np.ndarray, labels: np.ndarray, speakers: int) -> np.ndarray:
    """Per answer: 1 when its own speaker is nearest, 1/(k+1) when tied with k others,
    else 0. `vectors`: n x d; `labels`: speaker number 0..speakers-1 per answer."""
    onehot = np.eye(speakers)[labels]  # n x k
    sums = onehot.T @ vectors  # k x d
    centroids = _unit(sums)
    sim = vectors @ centroids.T  # n x k: cosine to each speaker's centroid
    own_sum = sums[labels] - vectors  # the own speaker without this answer
    own = np.einsum("nd,nd->n", vectors, _unit(own_sum))
    sim[np.arange(len(labels)), labels] = -np.inf
    beaten = (sim > own[:, None] + TIE).any(axis=1)
    tied = (np.abs(sim - own[:, None]) <= TIE).sum(axis=1)
    return np.where(beaten, 0.0, 1.0 / (1 + tied))


def attribution_test(
    vectors: Sequence[Sequence[float]], labels: Sequence[int]
) -> tuple[np.ndarray, list[float]]:
    """(per-answer scores, accuracies under PERMUTATIONS random relabelings)."""
    x = _unit(np.asarray(vectors, dtype=float))
    codes = {p: i for i, p in enumerate(dict.fromkeys(labels))}
    y = np.array([codes[p] for p in labels])
    k = len(codes)
    observed = scores(x, y, k)
    rng = np.random.default_rng(SEED + len(y))
    null = [float(scores(x, rng.permutation(y), k).mean()) for _ in range(PERMUTATIONS)]
    return observed, null
