"""Distinct voices on groups too large for the full permutation test, and on answers
embedded by two embedders (vectors of different lengths); docs/trust.md, "Distinct voices"."""

import numpy as np

from colloquy.domain.trust.attribution import attribution_test, sample_answers, scores
from colloquy.domain.trust.health_voices import ATTRIBUTION_MAX_ANSWERS, distinctiveness


def _answers(count: int, speakers: int, dim: int = 8) -> list[dict]:
    rng = np.random.default_rng(7)
    return [
        {
            "id": f"m{i}",
            "participantIndex": i % speakers,
            "speaker": f"P{i % speakers}",
            "vector": rng.normal(size=dim).tolist(),
        }
        for i in range(count)
    ]


def test_a_large_group_is_measured_on_a_stated_sample():
    found = distinctiveness(_answers(2000, 100))
    assert found["data"]["answers"] == ATTRIBUTION_MAX_ANSWERS == 600
    assert "random sample of" in found["summary"] and "of the 2000 answers" in found["summary"]


def test_the_sample_is_fixed_and_in_order():
    picked = sample_answers(10, 4)
    assert picked == sorted(picked) and len(set(picked)) == 4
    assert picked == sample_answers(10, 4)
    assert sample_answers(3, 4) == [0, 1, 2]


def test_per_labeling_and_batched_scores_agree():
    # Two speakers, hand-made: A says (1,0),(1,0.1); B says (0,1),(0.1,1). Each answer's
    # own speaker (without itself) is nearest, so every score is 1.
    x = np.array([[1, 0], [1, 0.1], [0, 1], [0.1, 1]], dtype=float)
    x /= np.linalg.norm(x, axis=1, keepdims=True)
    gram = x @ x.T
    labels = np.array([[0, 0, 1, 1]])
    assert scores(gram, labels, 2).tolist() == [[1.0, 1.0, 1.0, 1.0]]
    # Large enough to take the per-labeling path: the same answer as the batch path.
    rng = np.random.default_rng(3)
    v = rng.normal(size=(120, 4))
    v /= np.linalg.norm(v, axis=1, keepdims=True)
    g = v @ v.T
    y = np.array([[i % 40 for i in range(120)]])
    from colloquy.domain.trust import attribution

    assert np.array_equal(
        attribution._scores_batch(g, y, 40), attribution._scores_one(g, y[0], 40)[None]
    )


def test_vectors_of_two_embedders_do_not_match_each_other():
    # A's answers are 2-d, B's 3-d: cross-length cosines count as 0, so each answer's
    # nearest speaker is its own (cosine 1 to its twin) and every score is 1.
    observed, null = attribution_test([[1, 0], [1, 0], [0, 0, 1], [0, 0, 1]], [0, 0, 1, 1])
    assert observed.tolist() == [1.0, 1.0, 1.0, 1.0]
    assert len(null) == 999
