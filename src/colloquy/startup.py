"""The server's core, built once per process: settings applied, the database migrated and
seeded, the saved model loaded, the event bus, the session runners and the survey manager
(runs resumed after a restart), the saved settings followed. The FastAPI app (app.py),
`colloquy worker` and the MCP server over stdio (mcp/server.py) all start it here.
"""

from __future__ import annotations

import asyncio
import gc
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from functools import partial
from importlib import import_module

from sqlalchemy import text

from colloquy.engine.cluster import LeaseOwnership, is_postgres
from colloquy.engine.events import EventBus
from colloquy.engine.lease_sql import SURVEY_LEASES
from colloquy.engine.manager import RunnerRegistry, local_ownership
from colloquy.engine.run_state import RunHooks
from colloquy.llm.factory import PROVIDERS
from colloquy.runtime import Runtime
from colloquy.services import bounded
from colloquy.services.model_settings import settings_sync
from colloquy.services.model_settings.downloads import shutdown as shutdown_downloads
from colloquy.services.model_settings.loading import load_into_runtime
from colloquy.services.model_settings.profile_use import session_voices
from colloquy.services.personas.evidence_retrieval import evidence_for
from colloquy.services.personas.library import seed_personas_if_empty
from colloquy.services.sessions.rerun import provider_for_session
from colloquy.services.studies import jobs as synthesis_jobs
from colloquy.services.studies import study_settle
from colloquy.services.surveys.manager import SurveyManager
from colloquy.services.trust import persona_audit, session_health
from colloquy.services.usage import webhooks
from colloquy.settings import Settings
from colloquy.store import price_catalog
from colloquy.store.migrate import upgrade_async

# Collect young objects after this many allocations (CPython's default: 700). A busy
# server allocates fast; fewer, larger young collections mean far fewer full ones.
GC_YOUNG_THRESHOLD = 10_000


@dataclass(frozen=True)
class Core:
    """What the API routes and the MCP tools work with, the same for both."""

    runtime: Runtime
    runners: RunnerRegistry
    events: EventBus
    surveys: SurveyManager


def _on_run_end(runtime: Runtime, session_id: str, completed: bool) -> None:
    """A run completed or failed: its webhook, and its study's status (an interview's)."""
    webhooks.schedule(runtime, "session", session_id, completed)
    study_settle.on_interview_end(runtime, session_id, completed)


@asynccontextmanager
async def core(settings: Settings, *, freeze_gc: bool = False) -> AsyncIterator[Core]:
    """The server's core, started, until the block ends; then stopped cleanly. `freeze_gc`
    (a server process, not tests): once started, exempt every object that exists then
    from the cyclic garbage collector (gc.freeze). With 100 sessions running, full
    collections that walked the whole heap (libraries, models, schemas) took up to 200 ms
    each and held up every live event (bench/CHANGES.md)."""
    settings.data_dir.mkdir(parents=True, exist_ok=True)
    settings.uploads_dir.mkdir(parents=True, exist_ok=True)
    await upgrade_async(settings.resolved_database_url)
    # The default price table loads in a thread, not on the first run's event loop.
    threading.Thread(target=price_catalog.warm, name="price-table", daemon=True).start()
    runtime = Runtime.create(settings)
    async with runtime.sessionmaker() as db:
        if is_postgres(settings.resolved_database_url):  # processes starting together
            await db.execute(text("SELECT pg_advisory_xact_lock(1907301)"))
        await seed_personas_if_empty(db)
    await load_into_runtime(runtime)  # the model saved on the Settings screen, if any
    await settings_sync.remember_version(runtime)
    events = EventBus()
    cluster = None
    if is_postgres(settings.resolved_database_url):  # several processes may share it
        cluster = LeaseOwnership(
            runtime.sessionmaker,
            settings.resolved_database_url,
            events,
            settings.redis_url,
        )
    runners = RunnerRegistry(
        runtime.sessionmaker,
        runtime.get_provider,
        events,
        settings.uploads_dir,
        session_provider=partial(provider_for_session, runtime),
        ownership=cluster or local_ownership(runtime.sessionmaker),
        hooks=RunHooks(
            # After the other runs of the process pause (at most a few seconds).
            on_complete=lambda sid: session_health.schedule(runtime, sid, runners.others_active),
            on_end=partial(_on_run_end, runtime),
            voice_builder=partial(session_voices, runtime),  # mixed panels
            evidence=partial(evidence_for, runtime),
        ),
    )
    studies = runtime.feature(study_settle.StudyEngine)
    studies.runners, studies.bus = runners, events  # a study stops its interviews
    await runners.start()  # on PostgreSQL: leases, adoption, the event relay
    await runners.resume_all()  # sessions that were running before a restart
    # Surveys: the same ownership strategy, over their own leases (the relay is shared).
    survey_leases = None
    if cluster is not None:
        survey_leases = LeaseOwnership(
            runtime.sessionmaker,
            settings.resolved_database_url,
            events,
            sql=SURVEY_LEASES,
            relayed=False,
            noun="survey",
        )
    surveys = SurveyManager(runtime, events, survey_leases)
    await surveys.start()
    await surveys.resume_all()  # and surveys
    # Saved model changes from any process reach this one.
    sync = asyncio.create_task(settings_sync.watch(runtime, events))
    if freeze_gc:
        provider = runtime.model_config.provider if runtime.model_config else ""
        if provider in PROVIDERS:  # import its SDK now, so it is frozen too
            import_module(f"colloquy.llm.{provider}_provider")
        gc.collect()
        gc.freeze()
        gc.set_threshold(GC_YOUNG_THRESHOLD)
        # The fork server of bounded parsing, its parsers imported, started now in the
        # background: the first upload then does not wait for it (services/bounded.py).
        threading.Thread(target=bounded.warm_up, name="fork-server", daemon=True).start()
    try:
        yield Core(runtime, runners, events, surveys)
    finally:
        # Runners are cancelled without touching the database: the next start resumes them.
        sync.cancel()
        await asyncio.gather(sync, return_exceptions=True)
        await runners.shutdown()  # and its ownership's work
        await shutdown_downloads(runtime)
        await surveys.shutdown()
        await session_health.shutdown(runtime)
        await persona_audit.shutdown(runtime)
        await study_settle.shutdown(runtime)
        await synthesis_jobs.shutdown(runtime)
        await webhooks.shutdown()
        events.close_all()
        await runtime.aclose()
