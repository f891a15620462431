"""What evidence retrieval looks for (docs/evidence.md): the question and the materials shown
with it, so a persona's passages about the product on screen come up too."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

STIMULUS_QUERY_CHARS = 1000  # of a text stimulus, in the retrieval query


def question_query(question: str, stimuli: Sequence[Mapping[str, Any]] | None = None) -> str:
    """What retrieval looks for: the question and the materials shown with it."""
    parts = [question]
    for s in stimuli or []:
        for key in ("title", "description"):
            if isinstance(s.get(key), str):
                parts.append(s[key])
        if s.get("type") == "text" and isinstance(s.get("content"), str):
            parts.append(s["content"][:STIMULUS_QUERY_CHARS])
    return "\n".join(p.strip() for p in parts if p and p.strip())
