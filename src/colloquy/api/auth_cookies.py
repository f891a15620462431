"""The cookies of a signed-in browser: the session (HttpOnly) and its CSRF token (readable
by the app's own script, sent back as X-CSRF-Token). SameSite=Lax; Secure when the request
came over TLS (uvicorn takes the scheme from X-Forwarded-Proto of a trusted proxy)."""

from __future__ import annotations

from fastapi import Request, Response

from colloquy.api.authn import CSRF_COOKIE, SESSION_COOKIE
from colloquy.domain.accounts.rules import SESSION_LIFETIME
from colloquy.services.accounts.user_sessions import csrf_for


def set_session_cookies(request: Request, response: Response, secret: str) -> None:
    secure = request.url.scheme == "https"
    age = int(SESSION_LIFETIME.total_seconds())
    for name, value, http_only in (
        (SESSION_COOKIE, secret, True),
        (CSRF_COOKIE, csrf_for(secret), False),
    ):
        response.set_cookie(
            name,
            value,
            max_age=age,
            path="/",
            httponly=http_only,
            secure=secure,
            samesite="lax",
        )


def clear_session_cookies(response: Response) -> None:
    response.delete_cookie(SESSION_COOKIE, path="/", httponly=True, samesite="lax")
    response.delete_cookie(CSRF_COOKIE, path="/", samesite="lax")
