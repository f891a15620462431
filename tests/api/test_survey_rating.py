"""The one SSR rating of survey answers (services/surveys/rating.py's Rater, used by the
runner, its rating step and calibration): anchors are embedded once per embedder, and
answers that come back from another embedder (a fallback) are rated against anchors that
embedder made, in the same call."""

from __future__ import annotations

import asyncio
import hashlib

from colloquy.domain.surveys.scales import anchor_sets
from colloquy.services.surveys import rating

QUESTIONS = [{"id": "q1", "scale": "purchase_intent"}, {"id": "q2", "scale": "liking"}]


def _vector(text: str, salt: str) -> list[float]:
    digest = hashlib.sha256((salt + text).encode()).digest()
    return [b / 255 for b in digest[:8]]


def test_anchors_are_embedded_once_per_embedder_and_a_fallback_embeds_its_own(monkeypatch):
    calls: list[tuple[str, list[str]]] = []
    failing = {"on": False}

    class Embedder:
        name = "primary"

    async def embed(embedder, texts):
        name = "wordllama; primary failed" if failing["on"] else "primary"
        calls.append((name, list(texts)))
        return [_vector(t, name) for t in texts], name

    monkeypatch.setattr(rating, "get_embedder", lambda runtime: Embedder())
    monkeypatch.setattr(rating, "embed", embed)
    anchors = sum(len(s) for q in QUESTIONS for s in anchor_sets(q["scale"]))

    async def scenario():
        rater = rating.Rater(None, QUESTIONS)  # type: ignore[arg-type]
        assert await rater.prepare() == "primary"
        pmfs, name = await rater.rate([("q1", "I would buy it"), ("q2", "I like it")])
        assert name == "primary" and len(pmfs) == 2
        assert all(abs(sum(p) - 1) < 1e-9 for p in pmfs)
        failing["on"] = True
        (pmf,), name = await rater.rate([("q1", "I would buy it")])
        assert name == "wordllama; primary failed" and abs(sum(pmf) - 1) < 1e-9
        return pmfs[0], pmf

    first, fallback = asyncio.run(scenario())
    assert [len(texts) for _, texts in calls] == [anchors, 2, 1, anchors + 1]
    assert calls[-1][1][-1] == "I would buy it"  # anchors and the answer, one embedder
    assert first != fallback
