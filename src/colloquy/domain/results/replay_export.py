"""A replay of a human group in the exports: how to read its similarity (held-out or
in-sample, docs/evidence.md "Replay a real group"), the questions held out, and the figures
per person, each with its label. Pure."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from colloquy.domain.results.markdown_export import md_text


def _figure(value: Any) -> str:
    return "–" if value is None else f"{value:.2f}"


def replay_markdown(similarity: Mapping[str, Any]) -> str:
    """'## Replay of a human group' with the label, the held-out questions and a table of
    per-person figures (each row labelled)."""
    label = str(similarity.get("label") or "")
    lines = ["## Replay of a human group", "", f"Similarity to the people: {md_text(label)}."]
    held = similarity.get("heldOutQuestions") or []
    if held:
        names = "; ".join(f"Q{int(q['index']) + 1} {md_text(q['text'])}" for q in held)
        lines += ["", f"Held out from the personas' evidence: {names}."]
    people = similarity.get("participants") or []
    if people:
        lines += [
            "",
            "| Person | Questions | Cosine | Theme overlap | Basis |",
            "|---|---|---|---|---|",
        ]
        for p in people:
            cells = (
                md_text(p.get("participant")),
                str(p.get("questions")),
                _figure(p.get("cosine")),
                _figure(p.get("themeOverlap")),
                md_text(p.get("label")),
            )
            lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"
