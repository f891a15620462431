"""Leave-one-out attribution of answers to their speakers, and its permutation null
(docs/trust.md, "Distinct voices"). Pure numpy.

Each answer is given to the speaker whose centroid (the sum of their other answers'
unit vectors; for its own speaker without the answer itself) is nearest by cosine. A tie with
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
    out: np.ndarray = np.divide(m, norms, out=np.zeros_like(m), where=norms > 0)
    return out


def scores(gram: np.ndarray, labels: np.ndarray, speakers: int) -> np.ndarray:
    """Per answer (rows: labelings, b x n): 1 when its own speaker is nearest, 1/(k+1)
    when tied with k others, else 0. `gram`: the n x n dot products of the unit answer
    vectors; `labels`: b x n speaker numbers 0..speakers-1 (every speaker present).
    Everything is read off the Gram matrix: per labeling its columns summed by speaker,
    about 2 n^2 operations whatever the number of speakers."""
    if labels.shape[1] * speakers <= SMALL:  # one matrix product for the whole batch
        return _scores_batch(gram, labels, speakers)
    return np.stack([_scores_one(gram, y, speakers) for y in labels])


SMALL = 4000  # answers x speakers under which a batch of one-hot labelings is cheaper


def _scores_batch(gram: np.ndarray, labels: np.ndarray, speakers: int) -> np.ndarray:
    n = labels.shape[1]
    onehot = np.eye(speakers)[labels]  # b x n x k
    dots = gram @ onehot  # b x n x k: each answer's dot with each speaker's sum
    sumsq = (onehot * dots).sum(axis=1)  # b x k: |speaker sum|^2
    rows = np.arange(n)
    own_dot = np.take_along_axis(dots, labels[..., None], axis=2)[..., 0]  # b x n
    self_sq = gram[rows, rows]
    own_sq = np.take_along_axis(sumsq, labels, axis=1) - 2 * own_dot + self_sq
    own = _ratio(own_dot - self_sq, own_sq)  # cosine to the own speaker without itself
    sim = _ratio(dots, sumsq[:, None, :])
    np.put_along_axis(sim, labels[..., None], -np.inf, axis=2)
    beaten = (sim > own[..., None] + TIE).any(axis=2)
    tied = (np.abs(sim - own[..., None]) <= TIE).sum(axis=2)
    out: np.ndarray = np.where(beaten, 0.0, 1.0 / (1 + tied))
    return out


def _scores_one(gram: np.ndarray, y: np.ndarray, speakers: int) -> np.ndarray:
    n = y.shape[0]
    order = np.argsort(y, kind="stable")
    starts = np.searchsorted(y[order], np.arange(speakers))
    dots = np.add.reduceat(gram[:, order], starts, axis=1)  # n x k: dot with each sum
    rows = np.arange(n)
    own_dot = dots[rows, y]
    sumsq = np.bincount(y, weights=own_dot, minlength=speakers)  # |speaker sum|^2
    self_sq = gram[rows, rows]
    own = _ratio(own_dot - self_sq, sumsq[y] - 2 * own_dot + self_sq)  # without itself
    sim = _ratio(dots, np.broadcast_to(sumsq, dots.shape))
    sim[rows, y] = -np.inf
    beaten = (sim > own[:, None] + TIE).any(axis=1)
    tied = (np.abs(sim - own[:, None]) <= TIE).sum(axis=1)
    out: np.ndarray = np.where(beaten, 0.0, 1.0 / (1 + tied))
    return out


def _ratio(dot: np.ndarray, sq: np.ndarray) -> np.ndarray:
    """dot / sqrt(sq), 0 where the length is 0 (a cosine with a zero vector)."""
    norm = np.sqrt(np.clip(sq, 0.0, None))
    out: np.ndarray = np.divide(
        dot, norm, out=np.zeros(np.broadcast(dot, norm).shape), where=norm > 1e-12
    )
    return out


# The permutations' cost grows with the square of the answers: fewer relabelings on large
# groups (never under MIN_PERMUTATIONS, a p-value resolution of 0.01 against ALPHA = 0.05).
WORK_BUDGET = 3e8  # array element operations for the whole null
MIN_PERMUTATIONS = 99
BATCH = 50  # relabelings per call of `scores`


def _gram(vectors: Sequence[Sequence[float]]) -> np.ndarray:
    """Cosines of every pair; vectors of different lengths (two embedders) score 0."""
    lengths = np.array([len(v) for v in vectors])
    width = int(lengths.max()) if len(lengths) else 0
    m = np.zeros((len(vectors), width))
    for i, v in enumerate(vectors):
        m[i, : len(v)] = v
    x = _unit(m)
    gram: np.ndarray = x @ x.T
    if (lengths != width).any():
        gram *= lengths[:, None] == lengths[None, :]
    return gram


def sample_answers(count: int, keep: int) -> list[int]:
    """`keep` of `count` answer positions, drawn with the fixed seed, in their order: the
    permutation test's cost grows with the square of the answers."""
    if count <= keep:
        return list(range(count))
    rng = np.random.default_rng(SEED + count)
    return sorted(rng.choice(count, size=keep, replace=False).tolist())


def attribution_test(
    vectors: Sequence[Sequence[float]], labels: Sequence[int]
) -> tuple[np.ndarray, list[float]]:
    """(per-answer scores, accuracies under PERMUTATIONS random relabelings)."""
    gram = _gram(vectors)
    codes = {p: i for i, p in enumerate(dict.fromkeys(labels))}
    y = np.array([codes[p] for p in labels])
    k = len(codes)
    observed = scores(gram, y[None, :], k)[0]
    rng = np.random.default_rng(SEED + len(y))
    per_labeling = 3 * len(y) * (len(y) + k)
    count = int(min(PERMUTATIONS, max(MIN_PERMUTATIONS, WORK_BUDGET // per_labeling)))
    null: list[float] = []
    while len(null) < count:
        size = min(BATCH, count - len(null))
        batch = np.stack([rng.permutation(y) for _ in range(size)])
        null += scores(gram, batch, k).mean(axis=1).tolist()
    return observed, null
