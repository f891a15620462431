"""Rating survey answers (semantic similarity rating) where answers are stored: in the
runner, never on a read (docs/reliability.md).

`Rater.rate` is the one place a survey answer gets its rating: the runner rates each
answer as it stores it, and its rating step at the end of a run (`rate_pending`) rates
what is still unrated, both through it. An answer and the anchor statements it is
compared with are embedded by the same embedder: the anchors are embedded once per
embedder and kept; when the answers come back from another embedder (the configured
endpoint failed and `embed` fell back to the offline model, or the choice changed), the
anchors are embedded again by that embedder in the same call as the answers. Each answer
records the embedder that rated it.
"""

from __future__ import annotations

import logging

from sqlalchemy import select

from colloquy.domain.surveys.records import QuestionRecord
from colloquy.domain.surveys.scales import anchor_sets
from colloquy.domain.surveys.ssr import ssr_pmf
from colloquy.runtime import Runtime
from colloquy.services.model_settings.embedding import embed, get_embedder, is_current
from colloquy.store.tables import SurveyAnswerRow

log = logging.getLogger("colloquy.surveys")

Anchors = dict[str, list[list[list[float]]]]  # question id -> anchor sets -> vectors


class Rater:
    """The SSR rating of one survey's answers, anchors kept per embedder."""

    def __init__(self, runtime: Runtime, questions: list[QuestionRecord]) -> None:
        self.runtime = runtime
        self.sets = {q["id"]: [list(s) for s in anchor_sets(q["scale"])] for q in questions}
        self._anchors: dict[str, Anchors] = {}  # embedder name -> its anchor vectors

    async def prepare(self) -> str:
        """Embed every question's anchors with the embedder in use; its name."""
        _, name = await self._embed([])
        return name

    async def rate(self, items: list[tuple[str, str]]) -> tuple[list[list[float]], str]:
        """pmfs of (question id, answer text) items and the embedder that rated them."""
        vectors, name = await self._embed([text for _, text in items])
        anchors = self._anchors[name]
        return [ssr_pmf(v, anchors[qid]) for (qid, _), v in zip(items, vectors, strict=True)], name

    async def _embed(self, texts: list[str]) -> tuple[list[list[float]], str]:
        embedder = get_embedder(self.runtime)
        if texts and embedder.name in self._anchors:
            vectors, name = await embed(embedder, texts)
            if name in self._anchors:
                return vectors, name
        # Anchors and texts in one call: whatever embedder answers embeds both.
        flat = [t for sets in self.sets.values() for s in sets for t in s]
        vectors, name = await embed(embedder, flat + texts)
        anchors: Anchors = {}
        at = 0
        for qid, sets in self.sets.items():
            anchors[qid] = []
            for s in sets:
                anchors[qid].append(vectors[at : at + len(s)])
                at += len(s)
        self._anchors[name] = anchors
        return vectors[at:], name


async def rate_pending(
    runtime: Runtime, survey_id: str, questions: list[QuestionRecord], rater: Rater | None = None
) -> int:
    """Rate the stored answers of a survey that have no rating yet (an embedding that
    failed while answering), or whose rating another embedder made (the embedder was
    changed in Settings before the survey ran on: one survey, one embedder); returns how
    many are still unrated."""
    async with runtime.sessionmaker() as db:
        # In Python: a JSON column stores None as JSON null, which IS NULL does not match.
        answers = await db.scalars(
            select(SurveyAnswerRow).where(SurveyAnswerRow.survey_id == survey_id)
        )
        pending = [a for a in answers if not a.pmf or not is_current(runtime, a.embedder)]
        if not pending:
            return 0
        rater = rater or Rater(runtime, questions)
        try:
            pmfs, name = await rater.rate([(a.question_id, a.text) for a in pending])
        except Exception:
            log.exception("survey %s: %d answers could not be rated", survey_id, len(pending))
            return sum(1 for a in pending if not a.pmf)
        for answer, pmf in zip(pending, pmfs, strict=True):
            answer.pmf = pmf
            answer.embedder = name[:200]
        await db.commit()
        return 0
