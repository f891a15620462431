"""Rating survey answers (semantic similarity rating) where answers are stored: in the
runner, never on a read (issue 32 defects 2 and 3).

An answer and the anchor statements it is compared with are embedded by the same
embedder: when the configured endpoint fails and `embed` falls back to the offline model,
the anchors are embedded again by that fallback in the same call. Each answer records the
embedder that rated it.
"""

from __future__ import annotations

import logging
from typing import Any

from sqlalchemy import select

from colloquy.domain.surveys.records import QuestionRecord
from colloquy.domain.surveys.scales import anchor_sets
from colloquy.domain.surveys.ssr import ssr_pmf
from colloquy.runtime import Runtime
from colloquy.services.models.embedding import embed, get_embedder, is_current
from colloquy.store.models import SurveyAnswerRow

log = logging.getLogger("colloquy.surveys")


def _anchor_texts(question: QuestionRecord) -> list[list[str]]:
    return [list(s) for s in anchor_sets(question["scale"])]


async def rate_together(
    runtime: Runtime, questions: dict[str, QuestionRecord], items: list[tuple[str, str]]
) -> tuple[list[list[float]], str]:
    """pmfs of (question id, text) items, anchors and texts embedded in one call."""
    qids = list(dict.fromkeys(qid for qid, _ in items))
    sets = {qid: _anchor_texts(questions[qid]) for qid in qids}
    flat = [t for qid in qids for s in sets[qid] for t in s]
    vectors, name = await embed(get_embedder(runtime), flat + [t for _, t in items])
    anchors: dict[str, list[Any]] = {}
    at = 0
    for qid in qids:
        anchors[qid] = []
        for s in sets[qid]:
            anchors[qid].append(vectors[at : at + len(s)])
            at += len(s)
    pmfs = [ssr_pmf(v, anchors[qid]) for (qid, _), v in zip(items, vectors[at:], strict=True)]
    return pmfs, name


async def rate_pending(runtime: Runtime, survey_id: str, questions: list[QuestionRecord]) -> int:
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
        by_id = {q["id"]: q for q in questions}
        try:
            pmfs, name = await rate_together(
                runtime, by_id, [(a.question_id, a.text) for a in pending]
            )
        except Exception:
            log.exception("survey %s: %d answers could not be rated", survey_id, len(pending))
            return sum(1 for a in pending if not a.pmf)
        for answer, pmf in zip(pending, pmfs, strict=True):
            answer.pmf = pmf
            answer.embedder = name[:200]
        await db.commit()
        return 0
