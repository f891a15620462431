"""Turn every failure into the one JSON error shape {error, errors, code}."""

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from colloquy.errors import AppError, RateLimited

log = logging.getLogger("colloquy.api")


def _field_message(err: dict[str, Any]) -> str:
    loc = [str(p) for p in err.get("loc", ()) if p not in ("body", "query", "path")]
    where = ".".join(loc)
    msg = err.get("msg", "Invalid value")
    return f"{where}: {msg}" if where else msg


def install_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(AppError)
    async def _app_error(_: Request, exc: AppError) -> JSONResponse:
        headers = {"retry-after": str(exc.retry_after)} if isinstance(exc, RateLimited) else None
        return JSONResponse(exc.to_body(), status_code=exc.status, headers=headers)

    @app.exception_handler(RequestValidationError)
    async def _validation(_: Request, exc: RequestValidationError) -> JSONResponse:
        errors = [_field_message(e) for e in exc.errors()]
        body = {"error": "Invalid request", "errors": errors, "code": "validation_failed"}
        return JSONResponse(body, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def _http(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        message = exc.detail if isinstance(exc.detail, str) else "Request failed"
        body = {"error": message, "errors": [message], "code": f"http_{exc.status_code}"}
        return JSONResponse(body, status_code=exc.status_code, headers=exc.headers)

    @app.exception_handler(Exception)
    async def _unexpected(_: Request, exc: Exception) -> JSONResponse:
        log.exception("unhandled error", exc_info=exc)
        body = {
            "error": "Internal server error",
            "errors": ["Internal server error"],
            "code": "internal",
        }
        return JSONResponse(body, status_code=500)
