"""Simulation vs people on the Compare page (docs/measured-against-people.md): when a human group is
among the compared sessions, every column gets its conversation shape, and each simulated one its
gap to the (first) human group and the theme recall and precision against it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from colloquy.domain.interviews.rules import INTERVIEW
from colloquy.domain.numbers.vectors import dot
from colloquy.domain.results.people_gap import (
    conversation_shape,
    gap_to_human,
    match_themes,
    one_speaker_shape,
)
from colloquy.llm.embeddings import EmbeddingError
from colloquy.runtime import Runtime
from colloquy.services.model_settings.embedding import embed, get_embedder

HUMAN = "human"


async def add_people_gap(
    runtime: Runtime,
    columns: list[dict[str, Any]],
    messages: Mapping[str, Sequence[Mapping[str, Any]]],
    reports: dict[str, dict[str, Any] | None],
) -> None:
    """Fill `people` on every column (and `gapToHuman`, `themeMatch` on simulated ones) when
    one of them is a human session; leave them None otherwise or when embedding fails.
    A simulated session is held against the first human session of its own kind (a group
    against a human group, an interview against a human interview), and an interview's
    shape leaves out the figures that need several speakers (docs/interviews.md)."""
    humans = [c for c in columns if c.get("source") == HUMAN]
    for column in columns:
        column.update(people=None, gapToHuman=None, themeMatch=None)
    if not humans:
        return
    embedder = get_embedder(runtime)
    try:
        for column in columns:
            answers = [m for m in messages[column["id"]] if m.get("kind") == "response"]
            vectors, _ = await embed(embedder, [str(m.get("content") or "") for m in answers])
            report = reports.get(column["id"]) or {}
            voices = next(
                (f["data"] for f in report.get("findings") or [] if f["key"] == "distinctiveness"),
                None,
            )
            shape = conversation_shape(messages[column["id"]], vectors, voices)
            column["people"] = (
                one_speaker_shape(shape) if column.get("kind") == INTERVIEW else shape
            )
        for column in columns:
            human = next((h for h in humans if h.get("kind") == column.get("kind")), None)
            if human is None or column.get("source") == HUMAN:
                continue
            human_themes = [t["theme"] for t in human.get("themes") or [] if t.get("theme")]
            column["gapToHuman"] = gap_to_human(column["people"], human["people"])
            themes = [t["theme"] for t in column.get("themes") or [] if t.get("theme")]
            if human_themes and themes:
                vectors, _ = await embed(embedder, human_themes + themes)
                h, s = vectors[: len(human_themes)], vectors[len(human_themes) :]
                similarity = [[dot(a, b) for b in s] for a in h]
                column["themeMatch"] = match_themes(human_themes, themes, similarity)
    except EmbeddingError:
        for column in columns:
            column.update(people=None, gapToHuman=None, themeMatch=None)
