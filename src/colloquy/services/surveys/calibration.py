"""Rate people's own answers with SSR and compare with their own ratings
(docs/measured-against-people.md). Reads nothing and stores nothing: the figures are returned to the
caller."""

from __future__ import annotations

from typing import Any

from colloquy.domain.files.document_sniff import decode_text
from colloquy.domain.surveys.calibration import calibration_figures, parse_calibration_csv
from colloquy.domain.surveys.scales import (
    BUILT_IN,
    DEFAULT_SCALE,
    scale_points,
)
from colloquy.domain.surveys.ssr import expected_value
from colloquy.errors import AppError, ValidationFailed
from colloquy.llm.embeddings import EmbeddingError
from colloquy.runtime import Runtime
from colloquy.services.surveys.rating import Rater

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
    # The same SSR rating as a survey's answers (rating.py): anchors and answers always
    # from one embedder.
    rater = Rater(runtime, [{"id": key, "scale": key}])
    expected: list[float] = []
    names: set[str] = set()
    answers = [t for t, _ in rows]
    try:
        names.add(await rater.prepare())
        for at in range(0, len(answers), EMBED_BATCH):
            batch = answers[at : at + EMBED_BATCH]
            pmfs, used = await rater.rate([(key, t) for t in batch])
            expected += [expected_value(pmf) for pmf in pmfs]
            names.add(used)
    except EmbeddingError as exc:
        raise AppError(
            "The answers could not be embedded; check the embeddings settings and try again.",
            status=503,
            code="embedding_failed",
        ) from exc
    figures = calibration_figures([r for _, r in rows], expected, points)
    return {**figures, "embedder": "; ".join(sorted(names)), "scale": key}
