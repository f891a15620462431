"""Running a synthesis in the background: the themes call, then each respondent's coding
(at most PARALLEL at once), the progress written to its row after every step so that any
process reads it. A respondent whose coding fails is counted and left uncoded; a failed
themes call fails the synthesis with the model's message."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import update

from colloquy.domain.studies.coding import quote_dict
from colloquy.domain.studies.verbatim import DROP_REASONS, keep_verbatim
from colloquy.errors import AppError
from colloquy.llm.errors import LLMError
from colloquy.runtime import Runtime
from colloquy.services.studies.coding_calls import code_answers, propose_themes
from colloquy.services.studies.respondents import Respondent
from colloquy.store.tables import SynthesisRow
from colloquy.store.types import utcnow

log = logging.getLogger("colloquy.synthesis")

PARALLEL = 4
UNCODED = "respondents whose coding failed"
MSG_FAILED = "The synthesis failed (the details are in the server log)."
MSG_INTERRUPTED = "The synthesis was interrupted (the server stopped); start it again."


@dataclass
class SynthesisJobs:
    """This process' syntheses under way, by id."""

    tasks: dict[str, asyncio.Task[None]] = field(default_factory=dict)


async def _save(runtime: Runtime, synthesis_id: str, **values: Any) -> None:
    async with runtime.sessionmaker() as db:
        await db.execute(
            update(SynthesisRow)
            .where(SynthesisRow.id == synthesis_id)
            .values(**values, updated_at=utcnow())
        )
        await db.commit()


async def _progress(runtime: Runtime, synthesis_id: str, done: int) -> None:
    """Steps done so far; never back (the coding calls finish and write in any order)."""
    async with runtime.sessionmaker() as db:
        await db.execute(
            update(SynthesisRow)
            .where(SynthesisRow.id == synthesis_id, SynthesisRow.done < done)
            .values(done=done, updated_at=utcnow())
        )
        await db.commit()


async def _run(runtime: Runtime, synthesis_id: str, respondents: list[Respondent]) -> None:
    provider = runtime.get_provider()
    themes, model = await propose_themes(provider, respondents)
    await _save(runtime, synthesis_id, themes=themes, model=model[:200], done=1)
    theme_ids = {t["id"] for t in themes}
    gate = asyncio.Semaphore(PARALLEL)
    dropped = dict.fromkeys((*DROP_REASONS, UNCODED), 0)
    quotes: list[dict[str, Any]] = []
    done = 1

    async def one(r: Respondent) -> None:
        nonlocal done
        async with gate:
            try:
                coded = await code_answers(provider, themes, r)
            except LLMError as err:
                log.warning("coding of respondent %s failed: %s", r.key, err.message)
                dropped[UNCODED] += 1
                coded = []
        kept, lost = keep_verbatim(coded, r.answers, r.key, theme_ids)
        for reason, n in lost.items():
            dropped[reason] += n
        quotes.extend(quote_dict(q) for q in kept)
        done += 1
        await _progress(runtime, synthesis_id, done)

    await asyncio.gather(*(one(r) for r in respondents))
    order = {r.key: i for i, r in enumerate(respondents)}
    quotes.sort(key=lambda q: (order[q["respondent"]], q["themeId"]))
    await _save(
        runtime,
        synthesis_id,
        quotes=quotes,
        dropped=dropped,
        done=1 + len(respondents),
        status="completed",
        completed_at=utcnow(),
    )


async def run_job(runtime: Runtime, synthesis_id: str, respondents: list[Respondent]) -> None:
    try:
        await _run(runtime, synthesis_id, respondents)
    except asyncio.CancelledError:
        await asyncio.shield(_save(runtime, synthesis_id, status="failed", error=MSG_INTERRUPTED))
        raise
    except Exception as exc:
        message = exc.message if isinstance(exc, (AppError, LLMError)) else MSG_FAILED
        log.warning("synthesis %s failed", synthesis_id, exc_info=exc)
        await _save(runtime, synthesis_id, status="failed", error=message)
    finally:
        runtime.feature(SynthesisJobs).tasks.pop(synthesis_id, None)


def start_job(runtime: Runtime, synthesis_id: str, respondents: list[Respondent]) -> None:
    jobs = runtime.feature(SynthesisJobs)
    jobs.tasks[synthesis_id] = asyncio.create_task(run_job(runtime, synthesis_id, respondents))


async def shutdown(runtime: Runtime) -> None:
    jobs = runtime.existing(SynthesisJobs)
    if jobs is None:
        return
    tasks = list(jobs.tasks.values())
    for task in tasks:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)
