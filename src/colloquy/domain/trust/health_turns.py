"""Natural-mode turns read as three phases for the health report (docs/natural-mode.md), pure.

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
    """Turn-indexed answers: a round beyond the usual three (natural mode's budget is
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


def _by_person(answers: Sequence[dict[str, Any]]) -> dict[tuple[int, int], list[dict[str, Any]]]:
    turns: dict[tuple[int, int], list[dict[str, Any]]] = {}
    for a in answers:  # in the order they were said
        turns.setdefault((a["questionIndex"], a["participantIndex"]), []).append(a)
    return turns


def first_turns(answers: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """An imported group's answers for variety: each person's first turn under each
    question, as one round (a person's later turns are not another round of the group)."""
    return [{**turns[0], "round": 0} for turns in _by_person(answers).values()]


def as_turn_pairs(answers: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """An imported group's answers for convergence: each person's first turn under a
    question as round 0 and their last as round 1, for people who spoke at least twice
    there; a transcript has no rounds, so the same people are compared early and late."""
    out = []
    for turns in _by_person(answers).values():
        if len(turns) >= 2:
            out += [{**turns[0], "round": 0}, {**turns[-1], "round": 1}]
    return out
