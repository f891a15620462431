"""Rate people's own answers with SSR and compare with their own ratings (issue 27 item 4).
Reads nothing and stores nothing: the figures are returned to the caller."""

from __future__ import annotations

from typing import Any

from colloquy.domain.document_sniff import decode_text
from colloquy.domain.surveys.calibration import calibration_figures, parse_calibration_csv
from colloquy.domain.surveys.scales import (
    BUILT_IN,
    DEFAULT_SCALE,
    anchor_sets,
    scale_points,
)
from colloquy.domain.surveys.ssr import expected_value, ssr_pmf
from colloquy.errors import AppError, ValidationFailed
from colloquy.llm.embeddings import EmbeddingError
from colloquy.runtime import Runtime
from colloquy.services.models.embedding import embed, get_embedder

EMBED_BATCH = 256


async def calibrate(runtime: Runtime, data: bytes, scale: str | None) -> dict[str, Any]:
    key = (scale or DEFAULT_SCALE).strip()
    if key not in BUILT_IN:
        raise ValidationFailed([f"Unknown scale: {key}. Use one of: {', '.join(BUILT_IN)}."])
    text = decode_text(data)
    if text is None:
        raise ValidationFailed(["The file is not text: upload a CSV file (UTF-8)."])
    points = scale_points(key)
    rows, errors = parse_calibration_csv(text, points)
    if errors:
        raise ValidationFailed(errors)
    sets = anchor_sets(key)
    embedder = get_embedder(runtime)
    try:
        flat, name = await embed(embedder, [a for s in sets for a in s])
        vectors: list[list[float]] = []
        names = {name}
        answers = [t for t, _ in rows]
        for at in range(0, len(answers), EMBED_BATCH):
            batch, used = await embed(embedder, answers[at : at + EMBED_BATCH])
            vectors += batch
            names.add(used)
    except EmbeddingError as exc:
        raise AppError(
            "The answers could not be embedded; check the embeddings settings and try again.",
            status=503,
            code="embedding_failed",
        ) from exc
    anchors, at = [], 0
    for s in sets:
        anchors.append(flat[at : at + len(s)])
        at += len(s)
    expected = [expected_value(ssr_pmf(v, anchors)) for v in vectors]
    figures = calibration_figures([r for _, r in rows], expected, points)
    return {**figures, "embedder": "; ".join(sorted(names)), "scale": key}
