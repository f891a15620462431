"""Runs one survey on the server (its registry of tasks is manager.py), model calls bounded by a
semaphore (COLLOQUY_SURVEY_CONCURRENCY, default 8; the provider's adaptive per-endpoint
limit and its own retries still apply underneath).

Exactly once: the plan is every (respondent, concept, question, sample); a run answers
only the planned keys without a stored answer, and the unique key on survey_answers drops
any duplicate. A survey's status is the resume flag: on app start every survey still
`running` is resumed, and on PostgreSQL every process also takes over, every few seconds,
the running surveys whose lease expired (their process died: manager.py). Shutdown cancels
tasks without touching the database; Stop cancels the calls in flight (their answers are
dropped, a later run asks them again). Every change of the counts is published (progress.py).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from pathlib import Path
from typing import Any

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from colloquy.domain.constants import MODEL_NAME_MAX_LENGTH
from colloquy.domain.personas.evidence_budget import with_evidence
from colloquy.domain.personas.evidence_query import question_query
from colloquy.domain.surveys.records import QuestionRecord, SurveyRecord
from colloquy.domain.surveys.rules import (
    ANSWER_MAX_TOKENS,
    DIRECT_MAX_TOKENS,
    PlanKey,
    answer_prompt,
    direct_prompt,
    parse_direct,
    plan,
    survey_system_prompt,
)
from colloquy.domain.surveys.scales import scale_points
from colloquy.engine import run_usage
from colloquy.engine.prompting import image_urls
from colloquy.engine.run_usage import answer_usage
from colloquy.engine.voices import Voice, close_owned
from colloquy.llm.errors import LLMError
from colloquy.llm.metered import BudgetReached, PriceMissing
from colloquy.llm.types import ChatMessage, ChatRequest
from colloquy.runtime import Runtime
from colloquy.services.model_settings.profile_use import respondent_voices
from colloquy.services.personas.evidence_retrieval import evidence_for
from colloquy.services.surveys.progress import Progress
from colloquy.services.surveys.rating import Rater, rate_pending
from colloquy.services.trust.session_health import current_model
from colloquy.services.usage import webhooks
from colloquy.store.tables import SurveyAnswerRow, SurveyRow
from colloquy.store.types import utcnow

log = logging.getLogger("colloquy.surveys")
FATAL_KINDS = frozenset({"credits", "bad_request"})  # no point asking again
ANSWER_NOT_SAVED = (
    "an answer could not be saved (the server log has the details; if running again "
    "fails the same way, check the database and report the log)"
)
# What a survey that stops on an unexpected error shows; the error itself goes to the log.
MSG_STOPPED = "an unexpected error (the details are in the server log). Run again to continue."


def new_answer_id() -> str:
    return f"sa{secrets.token_hex(8)}"


class SurveyRunner:
    def __init__(self, runtime: Runtime, survey_id: str, progress: Progress) -> None:
        self.runtime = runtime
        self.survey_id = survey_id
        self.progress = progress
        self.stopping = False
        self.fatal: LLMError | None = None
        self.budget_stop: BudgetReached | None = None
        self.last_error: LLMError | None = None
        self.last_reason: str | None = None  # a failure that is not the model's
        self.rater = Rater(runtime, [])  # the survey's questions once the run has read them
        self._questions: list[QuestionRecord] = []
        self.workers: list[asyncio.Task[None]] = []

    def cancel_workers(self) -> None:
        self.stopping = True
        for worker in self.workers:
            worker.cancel()

    async def run(self) -> None:
        factory = self.runtime.sessionmaker
        async with factory() as db:
            row = await db.get(SurveyRow, self.survey_id)
            if row is None or row.status != "running":
                return
            survey = _as_dict(row)
            settings = row.settings
            done = {
                (a.respondent_id, a.concept_id, a.question_id, a.sample)
                for a in await db.scalars(
                    select(SurveyAnswerRow).where(SurveyAnswerRow.survey_id == self.survey_id)
                )
            }
            provider = self.runtime.get_provider()
            if not row.model:
                named = "/".join(x for x in current_model(self.runtime) if x)
                if any(r.get("profileId") for r in row.respondents):  # a mixed panel
                    named = "mixed panel (each answer names its model)"
                row.model = named[:MODEL_NAME_MAX_LENGTH]  # "openai/" + a 200-char name
                await db.commit()
        self._questions = survey["questions"]
        keys = plan(survey)
        todo = [k for k in keys if k not in done]
        self.progress.total, self.progress.done = len(keys), len(keys) - len(todo)
        self.progress.bump()
        self.rater = Rater(self.runtime, survey["questions"])
        await self._embed_anchors()
        queue: asyncio.Queue[PlanKey] = asyncio.Queue()
        for key in todo:
            queue.put_nowait(key)
        cap = max(1, int(self.runtime.settings.survey_concurrency))
        provider = await run_usage.metered(factory, provider, settings, survey_id=self.survey_id)
        context = _Context(survey, provider, self.runtime.settings.uploads_dir)
        context.voices = await respondent_voices(self.runtime, survey["respondents"], provider)
        context.voices = run_usage.metered_voices(context.voices, provider.meter)
        # No silent budget: a model without a price stops the run before its first call.
        providers = [provider, *(v.provider for v in context.voices.values())]
        missing = run_usage.unpriced_voices(provider.meter, providers)
        if missing:
            self.budget_stop = PriceMissing(
                missing[0], provider.meter.spent, provider.meter.budget or 0
            )
            await close_owned(context.voices)
            await self._finish()
            return
        workers = [asyncio.create_task(self._worker(queue, context)) for _ in range(cap)]
        self.workers = workers
        try:
            for outcome in await asyncio.gather(*workers, return_exceptions=True):
                if isinstance(outcome, Exception):  # never dropped silently
                    log.error("survey %s worker failed", self.survey_id, exc_info=outcome)
                    self.last_reason = self.last_reason or ANSWER_NOT_SAVED
        finally:
            for w in workers:
                w.cancel()
            await asyncio.gather(*workers, return_exceptions=True)
            await close_owned(context.voices)
        await self._finish()

    async def _embed_anchors(self) -> None:
        name = await self.rater.prepare()
        async with self.runtime.sessionmaker() as db:
            row = await db.get(SurveyRow, self.survey_id)
            if row is not None and row.embedder != name:
                row.embedder = name
                await db.commit()

    async def _worker(self, queue: asyncio.Queue[PlanKey], context: _Context) -> None:
        while not self.stopping and self.fatal is None and self.budget_stop is None:
            try:
                key = queue.get_nowait()
            except asyncio.QueueEmpty:
                return
            try:
                await self._answer(key, context)
            except BudgetReached as exc:  # run again after raising the budget
                self.budget_stop = exc
                return
            except LLMError as exc:
                self.progress.errors += 1
                self.last_error = exc
                log.warning("survey %s %s: %s", self.survey_id, key, exc.message)
                if exc.kind in FATAL_KINDS or exc.status in (401, 403):
                    self.fatal = exc
                self.progress.bump()
            except Exception:  # a store or rating failure: counted, logged, shown
                self.progress.errors += 1
                self.last_reason = ANSWER_NOT_SAVED
                log.exception("survey %s %s: answer not saved", self.survey_id, key)
                self.progress.bump()

    async def _answer(self, key: tuple[str, str, str, int], ctx: _Context) -> None:
        respondent_id, concept_id, question_id, sample = key
        persona = ctx.respondents[respondent_id]
        voice = ctx.voices.get(respondent_id) or Voice(ctx.provider)
        concept, question = ctx.concepts[concept_id], ctx.questions[question_id]
        system = ctx.systems.get(respondent_id)
        if system is None:
            system = survey_system_prompt(persona)
            ctx.systems[respondent_id] = system
        # Evidence: chosen per concept and question, the same for every sample.
        cell = f"{respondent_id}\n{concept_id}\n{question_id}"
        block = ctx.systems.get(cell)
        if block is None:
            query = question_query(question["text"], [concept])
            block = ctx.systems[cell] = await evidence_for(self.runtime, respondent_id, query)
        system = with_evidence(system, block)
        user = ChatMessage(
            role="user",
            content=answer_prompt(concept, question),
            images=image_urls([concept], ctx.uploads_dir),
        )
        first = await voice.provider.chat(
            ChatRequest(system=system, messages=[user], max_tokens=ANSWER_MAX_TOKENS)
        )
        text = first.text.strip()
        tokens = first.total_tokens
        direct = direct_text = None
        if ctx.survey.get("askDirect"):
            second = await voice.provider.chat(
                ChatRequest(
                    system=system,
                    messages=[
                        user,
                        ChatMessage(role="assistant", content=text),
                        ChatMessage(role="user", content=direct_prompt(question)),
                    ],
                    max_tokens=DIRECT_MAX_TOKENS,
                    temperature=0.3,
                )
            )
            direct_text = second.text.strip()[:200]
            direct = parse_direct(direct_text, scale_points(question["scale"]))
            tokens += second.total_tokens
        pmf, embedder = await self._rate(question_id, text)
        async with self.runtime.sessionmaker() as db:
            db.add(
                SurveyAnswerRow(
                    id=new_answer_id(),
                    survey_id=self.survey_id,
                    respondent_id=respondent_id,
                    concept_id=concept_id,
                    question_id=question_id,
                    sample=sample,
                    text=text,
                    pmf=pmf,
                    direct=direct,
                    direct_text=direct_text,
                    embedder=embedder,
                    tokens=tokens,
                    **answer_usage(voice.provider),
                    profile_id=voice.profile_id,  # who wrote it, on which model
                    profile_name=(voice.profile_name or "")[:100] or None,
                    profile_model=voice.model[:300],
                )
            )
            try:
                await db.commit()
            except IntegrityError:  # answered already (a duplicate run): keep the first
                await db.rollback()
                return
        self.progress.done += 1
        self.progress.bump()

    async def _rate(self, question_id: str, text: str) -> tuple[list[float] | None, str | None]:
        """The answer's rating and the embedder that made it; (None, None) when no
        embedder could (the rating step at the end of the run tries again)."""
        try:
            (pmf,), name = await self.rater.rate([(question_id, text)])
            return pmf, name[:200]
        except Exception:
            log.warning("survey %s: answer not rated yet", self.survey_id, exc_info=True)
            return None, None

    async def _finish(self) -> None:
        unrated = await rate_pending(self.runtime, self.survey_id, self._questions, self.rater)
        if unrated:
            log.warning("survey %s: %d answers are not rated", self.survey_id, unrated)
        async with self.runtime.sessionmaker() as db:
            row = await db.get(SurveyRow, self.survey_id)
            if row is None:
                return
            if self.progress.done >= self.progress.total:
                row.status, row.error, row.completed_at = "completed", None, utcnow()
            elif self.stopping:
                row.status = "stopped"
            elif self.budget_stop is not None:
                row.status, row.error = "failed", self.budget_stop.error
            else:
                err = self.fatal or self.last_error
                reason = err.message if err else self.last_reason
                row.status = "failed"
                row.error = {
                    "status": getattr(err, "status", None),
                    "message": (
                        f"{self.progress.total - self.progress.done} answers are missing"
                        + (f": {reason}" if reason else "")
                        + ". Run again to continue."
                    ),
                }
            await db.commit()
            self.progress.status = row.status
            if row.status in ("completed", "failed"):  # the webhook
                webhooks.schedule(self.runtime, "survey", self.survey_id, row.status == "completed")
        self.progress.bump()


class _Context:
    def __init__(self, survey: SurveyRecord, provider: Any, uploads_dir: Path) -> None:
        self.survey = survey
        self.provider = provider
        self.uploads_dir = uploads_dir
        self.respondents = {r["id"]: r for r in survey["respondents"]}
        self.concepts = {c["id"]: c for c in survey["concepts"]}
        self.questions = {q["id"]: q for q in survey["questions"]}
        self.systems: dict[str, str] = {}
        self.voices: dict[str, Voice] = {}  # per respondent (mixed panels)


def _as_dict(row: SurveyRow) -> SurveyRecord:
    return {
        "id": row.id,
        "name": row.name,
        "concepts": row.concepts,
        "questions": row.questions,
        "respondents": row.respondents,
        "samples": row.samples,
        "askDirect": row.ask_direct,
    }
