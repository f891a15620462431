"""Serve the built React app; every non-API path gets index.html so client routes work."""

from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, HTMLResponse, Response
from fastapi.staticfiles import StaticFiles

from colloquy.errors import NotFound

_NOT_BUILT = """<!doctype html><title>Colloquy</title>
<p>The web app has not been built yet. Run <code>make setup</code> (or <code>make run</code>).</p>"""


def default_dist() -> Path:
    return Path(__file__).resolve().parents[3] / "frontend" / "dist"


def install_spa(app: FastAPI, dist: Path) -> None:
    assets = dist / "assets"
    if assets.is_dir():
        app.mount("/assets", StaticFiles(directory=assets), name="assets")

    @app.get("/{path:path}", include_in_schema=False)
    async def spa(path: str, request: Request) -> Response:
        if path == "api" or path.startswith("api/"):
            raise NotFound(f"No API route {request.method} /{path}")
        candidate = (dist / path).resolve()
        # Files inside dist (favicon, demo images) are served as they are; nothing outside it.
        if path and candidate.is_file() and dist.resolve() in candidate.parents:
            return FileResponse(candidate)
        index = dist / "index.html"
        if index.is_file():
            return FileResponse(index, headers={"Cache-Control": "no-cache"})
        return HTMLResponse(_NOT_BUILT)
