"""The FastAPI application factory."""

import asyncio
import gc
import logging
import threading
from contextlib import asynccontextmanager
from functools import partial
from importlib import import_module

from fastapi import FastAPI
from sqlalchemy import text

from colloquy import __version__
from colloquy.api import (
    auth,
    compare,
    documents,
    draft,
    embedding_settings,
    events,
    generation,
    guides,
    health,
    model_downloads,
    model_profiles,
    model_settings,
    persona_evidence,
    personas,
    personas_from_people,
    question_templates,
    replay,
    results,
    sessions,
    survey_calibration,
    survey_human_results,
    surveys,
    trust,
    uploads,
    usage,
    webhook_settings,
)
from colloquy.api.error_handlers import install_error_handlers
from colloquy.api.request_policy import RequestPolicy
from colloquy.api.security import install_security
from colloquy.api.spa import default_dist, install_spa
from colloquy.engine.cluster import LeaseOwnership, is_postgres
from colloquy.engine.events import EventBus
from colloquy.engine.lease_sql import SURVEY_LEASES
from colloquy.engine.manager import RunnerRegistry, local_ownership
from colloquy.engine.run_state import RunHooks
from colloquy.llm.factory import PROVIDERS
from colloquy.mcp.http import install_mcp
from colloquy.runtime import Runtime
from colloquy.services import bounded
from colloquy.services.model_settings import settings_sync
from colloquy.services.model_settings.downloads import shutdown as shutdown_downloads
from colloquy.services.model_settings.loading import load_into_runtime
from colloquy.services.model_settings.profile_use import session_voices
from colloquy.services.personas.evidence_retrieval import evidence_for
from colloquy.services.personas.library import seed_personas_if_empty
from colloquy.services.sessions.rerun import provider_for_session
from colloquy.services.surveys.manager import SurveyManager
from colloquy.services.trust import persona_audit, session_health
from colloquy.services.usage import webhooks
from colloquy.settings import Settings, get_settings
from colloquy.store import price_catalog
from colloquy.store.migrate import upgrade_async

log = logging.getLogger("colloquy")


# Collect young objects after this many allocations (CPython's default: 700). A busy
# server allocates fast; fewer, larger young collections mean far fewer full ones.
GC_YOUNG_THRESHOLD = 10_000


def create_app(settings: Settings | None = None, *, freeze_gc: bool = False) -> FastAPI:
    """The app. `freeze_gc` (the server process, not tests): once started, exempt every
    object that exists then from the cyclic garbage collector (gc.freeze). With 100
    sessions running, full collections that walked the whole heap (libraries, models,
    schemas) took up to 200 ms each and held up every live event (bench/CHANGES.md)."""
    settings = settings or get_settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        settings.data_dir.mkdir(parents=True, exist_ok=True)
        settings.uploads_dir.mkdir(parents=True, exist_ok=True)
        await upgrade_async(settings.resolved_database_url)
        # The default price table loads in a thread, not on the first run's event loop.
        threading.Thread(target=price_catalog.warm, name="price-table", daemon=True).start()
        runtime = Runtime.create(settings)
        app.state.runtime = runtime
        async with runtime.sessionmaker() as db:
            if is_postgres(settings.resolved_database_url):  # processes starting together
                await db.execute(text("SELECT pg_advisory_xact_lock(1907301)"))
            await seed_personas_if_empty(db)
        await load_into_runtime(runtime)  # the model saved on the Settings screen, if any
        await settings_sync.remember_version(runtime)
        app.state.events = EventBus()
        cluster = None
        if is_postgres(settings.resolved_database_url):  # several processes may share it
            cluster = LeaseOwnership(
                runtime.sessionmaker,
                settings.resolved_database_url,
                app.state.events,
                settings.redis_url,
            )
        app.state.runners = RunnerRegistry(
            runtime.sessionmaker,
            runtime.get_provider,
            app.state.events,
            settings.uploads_dir,
            session_provider=partial(provider_for_session, runtime),
            ownership=cluster or local_ownership(runtime.sessionmaker),
            hooks=RunHooks(
                on_complete=lambda sid: session_health.schedule(runtime, sid),
                on_end=partial(webhooks.schedule, runtime, "session"),
                voice_builder=partial(session_voices, runtime),  # mixed panels
                evidence=partial(evidence_for, runtime),
            ),
        )
        await app.state.runners.start()  # on PostgreSQL: leases, adoption, the event relay
        await app.state.runners.resume_all()  # sessions that were running before a restart
        # Surveys: the same ownership strategy, over their own leases (the relay is shared).
        survey_leases = None
        if cluster is not None:
            survey_leases = LeaseOwnership(
                runtime.sessionmaker,
                settings.resolved_database_url,
                app.state.events,
                sql=SURVEY_LEASES,
                relayed=False,
                noun="survey",
            )
        app.state.surveys = SurveyManager(runtime, app.state.events, survey_leases)
        await app.state.surveys.start()
        await app.state.surveys.resume_all()  # and surveys
        # Saved model changes from any process reach this one (issue 30).
        sync = asyncio.create_task(settings_sync.watch(runtime, app.state.events))
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
            yield
        finally:
            # Runners are cancelled without touching the database: the next start resumes them.
            sync.cancel()
            await asyncio.gather(sync, return_exceptions=True)
            await app.state.runners.shutdown()  # and its ownership's work
            await shutdown_downloads(runtime)
            await app.state.surveys.shutdown()
            await session_health.shutdown(runtime)
            await persona_audit.shutdown(runtime)
            await webhooks.shutdown()
            app.state.events.close_all()
            await runtime.aclose()

    app = FastAPI(title="Colloquy", version=__version__, lifespan=lifespan)
    install_error_handlers(app)
    # Outermost: headers on every response; host, origin, 401 and 413 before anything runs.
    install_security(
        app, settings.access_token, RequestPolicy(settings.host, settings.public_hosts)
    )

    # Each router straight onto the app, in this order (the first match wins): FastAPI
    # rebuilds every route at each include, and an /api router in between built them all
    # twice for each app (about half of a test app's start).
    api_routers = [
        health.router,
        model_settings.router,
        embedding_settings.router,
        model_profiles.router,
        model_downloads.router,
        auth.router,
        generation.router,
        documents.router,
        trust.router,  # before personas: /personas/audit is not an id
        persona_evidence.router,
        personas_from_people.router,
        personas.router,
        compare.router,  # before sessions: /sessions/compare is not an id
        usage.router,  # before sessions and surveys: /estimate is not an id
        webhook_settings.router,
        replay.router,
        sessions.router,
        events.router,
        draft.router,
        uploads.router,
        question_templates.router,
        results.router,
        survey_calibration.router,  # before surveys: not an id
        surveys.router,
        guides.router,
        survey_human_results.router,
    ]
    for router in api_routers:
        app.include_router(router, prefix="/api")
    app.include_router(uploads.files_router)

    install_mcp(app)  # the MCP server's streamable HTTP at /mcp (docs/mcp.md)
    install_spa(app, settings.frontend_dist or default_dist())
    return app
