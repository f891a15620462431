"""Private answers in the plan of any mode (docs/natural-mode.md), pure.

With `privateAnswers` on, each question's public slots (plan.py or natural_plan.py) are
framed by private ones: every participant's private_before (q, 0, p) before the question
is asked, and private_after (q, 0, p) after its last public slot. The private answers of
one kind and question are written together (nobody sees another's), so the batch is all
participants still missing.
"""

from __future__ import annotations

from collections.abc import Iterable

from colloquy.domain.sessions.private_answers import PRIVATE_AFTER, PRIVATE_BEFORE
from colloquy.engine.plan import Slot


def with_private(
    base: Slot | None,
    stored: Iterable[tuple[str, int, int, int | None]],
    question_count: int,
    participant_count: int,
) -> tuple[Slot | None, list[int]]:
    """The next slot with private answers, and the participants to answer it together
    (the base plan's own batching applies when the base slot is returned: [])."""
    filled = set(stored)
    current = base.question_index if base is not None else question_count
    for q in range(min(current + 1, question_count)):
        kinds = [PRIVATE_BEFORE] + ([PRIVATE_AFTER] if q < current else [])
        for kind in kinds:
            missing = [p for p in range(participant_count) if (kind, q, 0, p) not in filled]
            if missing:
                return Slot(kind, q, 0, missing[0]), missing
    return base, []


def private_requests(question_count: int, participant_count: int) -> int:
    """Model calls for the private answers of a whole session."""
    return 2 * question_count * participant_count
