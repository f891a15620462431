"""The FastAPI application factory."""

import logging
from contextlib import asynccontextmanager

from fastapi import APIRouter, FastAPI

from colloquy import __version__
from colloquy.api import health, personas
from colloquy.api.error_handlers import install_error_handlers
from colloquy.api.spa import default_dist, install_spa
from colloquy.runtime import Runtime
from colloquy.services.personas import seed_personas_if_empty
from colloquy.settings import Settings, get_settings
from colloquy.store.migrate import upgrade_async

log = logging.getLogger("colloquy")


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or get_settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        settings.data_dir.mkdir(parents=True, exist_ok=True)
        settings.uploads_dir.mkdir(parents=True, exist_ok=True)
        await upgrade_async(settings.resolved_database_url)
        runtime = Runtime.create(settings)
        app.state.runtime = runtime
        async with runtime.sessionmaker() as db:
            await seed_personas_if_empty(db)
        try:
            yield
        finally:
            await runtime.aclose()

    app = FastAPI(title="Colloquy", version=__version__, lifespan=lifespan)
    install_error_handlers(app)

    api = APIRouter(prefix="/api")
    api.include_router(health.router)
    api.include_router(personas.router)
    app.include_router(api)

    install_spa(app, settings.frontend_dist or default_dist())
    return app
