"""The health report's count of unusable answers (answer cleaning): answers that cleaning
left as a name, a round line or under 3 words were asked again; those still unusable after
two re-asks were kept and marked."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from colloquy.domain.sessions.answer_quality import MAX_REASKS, reask_counts
from colloquy.domain.trust.health_metrics import BAD, OK, WARN, finding


def unusable_answers(messages: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    answers = [m for m in messages if m.get("kind") == "response"]
    reasked, kept, ids = reask_counts(answers)
    if not reasked and not kept:
        status, summary = OK, "No answer had to be asked again."
    else:
        status = BAD if kept * 10 >= max(1, len(answers)) else WARN
        summary = (
            f"{reasked} answer{'s' if reasked != 1 else ''} asked again (a name, a round line "
            f"or under 3 words after cleaning); {kept} still unusable after {MAX_REASKS} "
            "re-asks, kept and marked cleaned."
        )
    return finding(
        "unusableAnswers",
        "Usable answers",
        status,
        summary,
        ids,
        reasked=reasked,
        keptUnusable=kept,
    )
