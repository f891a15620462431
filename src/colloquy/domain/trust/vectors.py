"""The health report's vector and word helpers. They live in the shared kernel
(`domain/vectors.py`, `domain/words.py`); this module re-exports them under the names the
trust rules have always used."""

from __future__ import annotations

from colloquy.domain.vectors import (
    Vector,
    add,
    centroid,
    cosine,
    distance,
    dot,
    mean_pairwise_distance,
    norm,
    pearson,
    quartiles,
    rounded,
)
from colloquy.domain.words import distinct_n, shingle_overlap, word_count, words

__all__ = [
    "Vector",
    "add",
    "centroid",
    "cosine",
    "distance",
    "distinct_n",
    "dot",
    "mean_pairwise_distance",
    "norm",
    "pearson",
    "quartiles",
    "rounded",
    "shingle_overlap",
    "word_count",
    "words",
]
