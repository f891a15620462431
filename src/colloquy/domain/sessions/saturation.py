"""When a natural discussion of a question has run dry (docs/natural-mode.md), pure.

Why: a human moderator moves on when the group stops bringing up new points, not after a
fixed number of rounds. With the AI moderator on, a natural-mode question ends early when
its last SATURATION_WINDOW participant turns each added nothing new.

Novelty of a turn = 1 - the highest cosine between its meaning vector (the offline
embedder's) and any earlier turn of the same question; the first turn has novelty 1.
With the 256-dimension wordllama embeddings a paraphrase of an earlier turn scores about
0.6-0.7 cosine and a different point under 0.5, so a turn with novelty under NOVELTY_MIN
(0.4, i.e. cosine 0.6 or more to something already said) brings no new point. A question
is saturated when at least `min_turns` turns were spoken (everyone had a chance: the
participant count) and the last SATURATION_WINDOW turns all have novelty under NOVELTY_MIN.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

NOVELTY_MIN = 0.4
SATURATION_WINDOW = 3


def _cos(a: Sequence[float], b: Sequence[float]) -> float:
    na = math.sqrt(sum(x * x for x in a))
    nb = math.sqrt(sum(x * x for x in b))
    if na == 0 or nb == 0:
        return 0.0
    return sum(x * y for x, y in zip(a, b, strict=True)) / (na * nb)


def novelty(vectors: Sequence[Sequence[float]]) -> list[float]:
    """Per turn: 1 - its highest cosine to an earlier turn (1 for the first)."""
    out = []
    for i, v in enumerate(vectors):
        out.append(1.0 if i == 0 else 1 - max(_cos(v, w) for w in vectors[:i]))
    return out


def saturated(
    vectors: Sequence[Sequence[float]],
    min_turns: int,
    window: int = SATURATION_WINDOW,
    threshold: float = NOVELTY_MIN,
) -> bool:
    """True when the last `window` turns brought no new point (after `min_turns`)."""
    if len(vectors) < max(min_turns, window + 1):
        return False
    return all(n < threshold for n in novelty(vectors)[-window:])
