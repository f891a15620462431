"""Session health with one speaker, an interview (docs/interviews.md, docs/trust.md).

Three checks compare participants with each other: variety (do the answers to a question
all sound alike), convergence or conformity (do opinions drift toward the group's) and
distinctiveness (can the speakers be told apart). With one persona there is nobody to
compare with, so they are marked "not applicable" instead of being computed; the
others (positivity, character breaks, repetition, trait consistency, verbosity, answers
asked again) measure the one speaker's answers as they do a group's.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from colloquy.domain.trust.health_metrics import NA, finding

GROUP_ONLY = ("diversity", "convergence", "conformity", "distinctiveness")
NOT_APPLICABLE = "Not applicable: one speaker (an interview) has nobody to compare with."


def for_one_speaker(findings: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The findings with the group-only checks marked not applicable."""
    return [
        finding(f["key"], f["title"], NA, NOT_APPLICABLE, []) if f["key"] in GROUP_ONLY else f
        for f in findings
    ]
