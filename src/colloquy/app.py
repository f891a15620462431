"""The FastAPI application factory."""

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import Depends, FastAPI

from colloquy import __version__, startup
from colloquy.api import (
    account,
    api_tokens,
    audit_log,
    auth,
    compare,
    documents,
    draft,
    embedding_settings,
    events,
    generation,
    guides,
    health,
    interviews,
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
    share_links,
    studies,
    study_runs,
    survey_calibration,
    survey_human_results,
    surveys,
    trust,
    uploads,
    usage,
    users,
    webhook_settings,
    workspaces,
)
from colloquy.api.error_handlers import install_error_handlers
from colloquy.api.request_policy import RequestPolicy
from colloquy.api.security import install_security
from colloquy.api.spa import default_dist, install_spa
from colloquy.api.workspace_guard import workspace_guard
from colloquy.mcp.http import McpEndpoint
from colloquy.settings import Settings, get_settings


def create_app(settings: Settings | None = None, *, freeze_gc: bool = False) -> FastAPI:
    """The app on the server's core (startup.py). `freeze_gc`: for the server process, not
    tests (startup.core says why)."""
    settings = settings or get_settings()

    mcp = McpEndpoint()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        async with startup.core(settings, freeze_gc=freeze_gc) as core:
            app.state.runtime, app.state.events = core.runtime, core.events
            app.state.runners, app.state.surveys = core.runners, core.surveys
            async with mcp.serving(core):  # after the core's start, before its shutdown
                yield

    # Every route checks that an id in its path names a row of the request's workspace.
    app = FastAPI(
        title="Colloquy",
        version=__version__,
        lifespan=lifespan,
        dependencies=[Depends(workspace_guard)],
    )
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
        account.router,
        users.router,
        api_tokens.router,
        audit_log.router,
        workspaces.router,
        workspaces.copy_router,
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
        share_links.router,
        sessions.router,
        interviews.router,
        events.router,
        draft.router,
        uploads.router,
        question_templates.router,
        results.router,
        survey_calibration.router,  # before surveys: not an id
        surveys.router,
        guides.router,
        survey_human_results.router,
        studies.router,
        study_runs.router,
    ]
    for router in api_routers:
        app.include_router(router, prefix="/api")
    app.include_router(uploads.files_router)

    mcp.mount(app)  # the MCP server's streamable HTTP at /mcp (docs/mcp.md)
    install_spa(app, settings.frontend_dist or default_dist())
    return app
