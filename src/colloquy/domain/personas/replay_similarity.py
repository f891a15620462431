"""How closely grounded personas said what their people said (docs/evidence.md).

For a replay of a human group, each persona is paired with the person it was made from;
on every question both answered, their words are compared two ways: the cosine of the
two texts' embeddings, and theme overlap, the Jaccard index of their content words
(|A ∩ B| / |A ∪ B|). A participant's figures are the means over those questions.

Held out or in sample: personas from people learn from the answers to some questions
(from_people.evidence_questions); a held-out replay asks only the others, so its
similarity says how well a persona predicts what its person said on a question it never
saw. An in-sample replay asks the questions whose answers the personas were shown (their
evidence is retrieved by the question's text, so they may copy): its similarity measures
recall, and every figure of it carries IN_SAMPLE_LABEL (docs/evidence.md).
"""

from __future__ import annotations

import statistics
from collections.abc import Mapping, Sequence
from typing import Any

from colloquy.domain.personas.evidence_ranking import content_words

HELD_OUT, IN_SAMPLE = "held-out", "in-sample"
LABELS = {HELD_OUT: "held-out", IN_SAMPLE: "in-sample (the personas saw these answers)"}
MSG_NOTHING_HELD_OUT = (
    "Every question's answers went into these personas' evidence, so none is held out: "
    "make the personas again from some questions only, or ask for an in-sample replay"
)


def replay_questions(
    count: int, evidence: Sequence[int] | None, in_sample: bool
) -> tuple[list[int], list[int]]:
    """(the original's questions the replay asks, those held out from the evidence);
    `evidence` None: every question was (personas made before questions could be held
    out). ValueError when a held-out replay has nothing to ask."""
    learnt = set(range(count)) if evidence is None else {int(q) for q in evidence}
    held_out = [q for q in range(count) if q not in learnt]
    asked = [q for q in range(count) if q in learnt] if in_sample else held_out
    if not asked:
        raise ValueError(MSG_NOTHING_HELD_OUT)
    return asked, held_out


def answers_by_question(
    messages: Sequence[Mapping[str, Any]], participant_index: int
) -> dict[int, str]:
    """A participant's answers joined per question, in the order spoken."""
    out: dict[int, list[str]] = {}
    for m in messages:
        if m.get("kind") == "response" and m.get("participantIndex") == participant_index:
            out.setdefault(int(m.get("questionIndex") or 0), []).append(str(m.get("content")))
    return {q: " ".join(parts) for q, parts in out.items()}


def theme_overlap(a: str, b: str) -> float | None:
    """Jaccard index of the two texts' content words; None when neither has any."""
    wa, wb = content_words(a), content_words(b)
    if not wa and not wb:
        return None
    return len(wa & wb) / len(wa | wb)


def paired_questions(persona: Mapping[int, str], person: Mapping[int, str]) -> list[int]:
    """Questions both answered, in order."""
    return sorted(q for q in persona if q in person and persona[q].strip() and person[q].strip())


def summarise(cosines: Sequence[float], overlaps: Sequence[float | None]) -> dict[str, Any]:
    """{questions, cosine, themeOverlap} means, rounded to 3 places (None without data)."""
    kept = [o for o in overlaps if o is not None]
    return {
        "questions": len(cosines),
        "cosine": round(statistics.fmean(cosines), 3) if cosines else None,
        "themeOverlap": round(statistics.fmean(kept), 3) if kept else None,
    }
