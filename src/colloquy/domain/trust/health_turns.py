"""Natural-mode turns read as three phases for the health report (issue 28), pure.

The report's embedding measures of convergence compare a question's first round with its
last. A natural-mode question has turns, not rounds (its `round` is the turn index, one
answer each), so its turns are cut into three phases of equal length, in order: the first
third of the question's turns is "round 1", the last third "round 3". Other sessions are
returned unchanged.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from colloquy.domain.constants import ROUNDS_PER_QUESTION


def is_natural(answers: Sequence[dict[str, Any]]) -> bool:
    """Turn-indexed answers: a round beyond the spec's three (natural mode's budget is
    participants x 3 turns, so any question of two or more participants has one)."""
    return any(int(a.get("round") or 0) >= ROUNDS_PER_QUESTION for a in answers)


def as_phases(answers: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """Answers with `round` replaced by their phase (0-2) within their question."""
    if not is_natural(answers):
        return list(answers)
    turns = Counter(a["questionIndex"] for a in answers)
    out = []
    for a in answers:
        count = turns[a["questionIndex"]]
        phase = min(
            ROUNDS_PER_QUESTION - 1, int(a.get("round") or 0) * ROUNDS_PER_QUESTION // count
        )
        out.append({**a, "round": phase})
    return out
