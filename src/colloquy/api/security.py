"""One ASGI middleware for what every request goes through: security headers, a request
body size limit, and sign-in once it is required (COLLOQUY_ACCESS_TOKEN is set or an
account exists: api/authn.py), with the audit log of what signed-in callers change.

Pure ASGI rather than BaseHTTPMiddleware, so Server-Sent Events stream untouched.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Sequence
from urllib.parse import parse_qsl

from starlette.applications import Starlette
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from colloquy.api.audit_trail import audited
from colloquy.api.authn import (
    MSG_SIGN_IN,
    SCOPE_KEY,
    SESSION_SCOPE_KEY,
    Accounts,
    bearer,
    cookies,
    identify,
    identify_share,
    refusal,
    share_secret,
    token_matches,
)
from colloquy.api.request_policy import RequestPolicy
from colloquy.api.workspace_context import WORKSPACE_SCOPE_KEY, acting_caller, request_workspace
from colloquy.domain.accounts.current_user import LOCAL_USER, CurrentUser
from colloquy.domain.text.text_safety import has_unusable_chars
from colloquy.services.workspaces.caller import acting_as
from colloquy.store.workspace_scope import in_workspace, scoped_id

COOKIE_NAME = "colloquy_auth"
MAX_JSON_BYTES = 1024 * 1024  # any non-multipart body: the largest legit one is ~400 KB
MAX_MULTIPART_BYTES = 12 * 1024 * 1024  # a 10MB file plus the form's framing

CSP = (
    "default-src 'self'; "
    "img-src 'self' data: blob: https:; "  # image stimuli may be https URLs
    "media-src 'self' https:; "  # stimulus videos and audio may be remote
    "frame-src https://www.youtube-nocookie.com https://www.youtube.com https://player.vimeo.com; "
    "style-src 'self' 'unsafe-inline'; "  # Radix and recharts set inline styles
    "script-src 'self'; "
    "connect-src 'self'; "
    "frame-ancestors 'none'; "
    "base-uri 'self'; "
    "form-action 'self'"
)
# FastAPI's /docs and /redoc pages load their scripts from a CDN with an inline bootstrap.
DOCS_CSP = CSP.replace(
    "script-src 'self'", "script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net"
).replace(
    "style-src 'self' 'unsafe-inline'", "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net"
)
SECURITY_HEADERS = {
    "x-content-type-options": "nosniff",
    # Not no-referrer: YouTube embeds refuse to play without the page's origin.
    "referrer-policy": "strict-origin-when-cross-origin",
    "x-frame-options": "DENY",
}
PUBLIC_API = ("/api/health", "/api/auth/")


def cookie_value(token: str) -> str:
    """What the sign-in cookie holds: derived from the token, never the token itself."""
    return hmac.new(token.encode(), b"colloquy-sign-in-cookie", hashlib.sha256).hexdigest()


def is_signed_in(headers: dict[str, str], token: str) -> bool:
    """A bearer header with the token, or the cookie that sign-in set (constant time)."""
    if token_matches(bearer(headers), token):
        return True
    return token_matches(cookies(headers).get(COOKIE_NAME), cookie_value(token))


def needs_token(path: str) -> bool:
    if path.startswith(("/uploads/", "/mcp/")) or path in ("/uploads", "/mcp"):
        return True  # stored files; the MCP server (docs/mcp.md)
    return (path == "/api" or path.startswith("/api/")) and not path.startswith(PUBLIC_API)


def _headers(scope: Scope) -> dict[str, str]:
    return {k.decode("latin-1").lower(): v.decode("latin-1") for k, v in scope["headers"]}


class SecurityMiddleware:
    def __init__(
        self,
        app: ASGIApp,
        token: str | None = None,
        policy: RequestPolicy | None = None,
        accounts: Accounts | None = None,
    ) -> None:
        self.app = app
        self.token = token or None
        self.service_cookie = cookie_value(self.token) if self.token else None
        self.policy = policy or RequestPolicy()
        self.accounts = accounts or Accounts()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        send = self._with_headers(scope, send)
        headers = _headers(scope)
        unusable = _unusable_path_or_query(scope)
        if unusable is not None:
            return await _error(send, *unusable)
        refused = self.policy.refusal(scope["method"], scope["path"], headers)
        if refused is not None:
            return await _error(send, *refused)
        path = scope["path"]
        guarded = needs_token(path)
        required = False
        shared = share_secret(headers) if guarded or path.startswith("/api/") else None
        if shared is not None:
            # A share link's viewer, whether or not sign-in is required: only its own
            # results, read-only, even on public routes (docs/teams.md#share-links).
            viewer, refused = await identify_share(scope.get("app"), shared, scope["method"], path)
            if refused is not None:
                return await _error(send, *refused)
            scope[SCOPE_KEY], scope[SESSION_SCOPE_KEY] = viewer, None
            required = True  # its exports and views are recorded in the audit log
        elif guarded or path.startswith("/api/auth/"):
            required = bool(self.token) or await self.accounts.exist_now(scope.get("app"))
            user: CurrentUser | None = LOCAL_USER
            secret: str | None = None
            if required:
                user, secret = await identify(
                    scope.get("app"), headers, self.token, self.service_cookie
                )
            if guarded and user is None:
                bearer_header = [(b"www-authenticate", b"Bearer")]
                return await _error(send, 401, MSG_SIGN_IN, "unauthorized", bearer_header)
            refused = refusal(scope["method"], user, secret, headers) if guarded and user else None
            if refused is not None:
                return await _error(send, *refused)
            scope[SCOPE_KEY], scope[SESSION_SCOPE_KEY] = user, secret
            if guarded and user is not None:
                access = await request_workspace(
                    scope.get("app"), scope["method"], path, headers, user
                )
                if isinstance(access, tuple):
                    return await _error(send, *access)
                scope[WORKSPACE_SCOPE_KEY] = access
        multipart = headers.get("content-type", "").lower().startswith("multipart/")
        limit = MAX_MULTIPART_BYTES if multipart else MAX_JSON_BYTES
        length = headers.get("content-length")
        if length is not None:
            if not (length.isascii() and length.isdigit()) or int(length) > limit:
                return await _too_large(send, limit)
        elif "chunked" in headers.get("transfer-encoding", "").lower():
            # No declared length: read it here, up to the limit, then hand it on.
            body = await _read_bounded(receive, limit)
            if body is None:
                return await _too_large(send, limit)
            receive = _replay(body, receive)
        caller = scope.get(SCOPE_KEY)
        access = scope.get(WORKSPACE_SCOPE_KEY)
        acting = acting_caller(scope, caller, access, audited=required)
        with in_workspace(scoped_id(access) if access is not None else None), acting_as(acting):
            if required and caller is not None:
                return await audited(self.app, scope, receive, send, caller)
            await self.app(scope, receive, send)

    @staticmethod
    def _with_headers(scope: Scope, send: Send) -> Send:
        path = scope["path"]
        csp = DOCS_CSP if path in ("/docs", "/redoc") else CSP

        async def wrapped(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {k.lower() for k, _ in message.get("headers", [])}
                extra = [
                    (k.encode(), v.encode())
                    for k, v in [*SECURITY_HEADERS.items(), ("content-security-policy", csp)]
                    if k.encode() not in present
                ]  # a route's own stricter value wins
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        return wrapped


async def _read_bounded(receive: Receive, limit: int) -> bytes | None:
    body = bytearray()
    while True:
        message = await receive()
        if message["type"] != "http.request":
            return bytes(body)
        body += message.get("body", b"")
        if len(body) > limit:
            return None
        if not message.get("more_body", False):
            return bytes(body)


def _replay(body: bytes, receive: Receive) -> Receive:
    sent = False

    async def replay() -> Message:
        nonlocal sent
        if not sent:
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}
        return await receive()  # e.g. http.disconnect

    return replay


def _unusable_path_or_query(scope: Scope) -> tuple[int, str, str] | None:
    """An /api path or query value with NUL, a surrogate or a control character names
    nothing the app stores: 404 for the path, 422 for the query, before any database sees it."""
    path = scope["path"]
    if not (path == "/api" or path.startswith("/api/")):
        return None
    if has_unusable_chars(path):
        return 404, "Not found", "http_404"
    query = scope.get("query_string", b"").decode("latin-1")
    if query and any(
        has_unusable_chars(k) or has_unusable_chars(v)
        for k, v in parse_qsl(query, keep_blank_values=True)
    ):
        return 422, "The query holds characters that are not allowed", "validation_failed"
    return None


async def _too_large(send: Send, limit: int) -> None:
    await _error(
        send,
        413,
        f"Request body too large (max {limit // (1024 * 1024)} MB)",
        "payload_too_large",
        [(b"connection", b"close")],
    )


async def _error(
    send: Send, status: int, message: str, code: str, extra: Sequence[tuple[bytes, bytes]] = ()
) -> None:
    """The API's one error shape, written directly (the app never saw this request)."""
    body = json.dumps({"error": message, "errors": [message], "code": code}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                *extra,
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


def install_security(
    app: Starlette, token: str | None, policy: RequestPolicy | None = None
) -> None:
    """Wrap the whole stack, outside Starlette's ServerErrorMiddleware, so that even a 500
    carries the headers (add_middleware would sit inside it)."""
    build = app.build_middleware_stack
    accounts = Accounts()
    app.state.accounts = accounts  # sign-in routes mark it when they create the first account

    # Starlette has no hook outside that middleware: its stack builder is replaced.
    def wrapped() -> ASGIApp:
        return SecurityMiddleware(build(), token, policy, accounts)

    app.build_middleware_stack = wrapped  # type: ignore[method-assign]
