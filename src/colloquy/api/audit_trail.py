"""The audit log's one recorder of requests: wraps a request that an identified caller
makes, and after it answers records method, route template, resource id and status
(domain/accounts/audit_action.py says which requests count)."""

from __future__ import annotations

import json
import logging
from typing import Any

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from colloquy.domain.accounts.audit_action import audit_action
from colloquy.domain.accounts.current_user import CurrentUser
from colloquy.services.accounts.audit import AuditEntry, record_with

log = logging.getLogger("colloquy.audit")
BODY_PEEK = 64 * 1024  # a created resource's id is read from a response this small


def _resource_id(scope: Scope, status: int, body: bytes) -> str | None:
    params: dict[str, Any] = scope.get("path_params") or {}
    for key in ("id", *params):
        if key in params:
            return str(params[key])
    if status < 300 and body and len(body) <= BODY_PEEK:
        try:
            parsed = json.loads(body)
        except ValueError:
            return None
        if isinstance(parsed, dict) and isinstance(parsed.get("id"), (str, int)):
            return str(parsed["id"])
    return None


async def audited(
    app: ASGIApp, scope: Scope, receive: Receive, send: Send, user: CurrentUser
) -> None:
    status = 500
    body = bytearray()

    async def capture(message: Message) -> None:
        nonlocal status
        if message["type"] == "http.response.start":
            status = int(message["status"])
        elif message["type"] == "http.response.body" and len(body) <= BODY_PEEK:
            body.extend(message.get("body", b""))
        await send(message)

    try:
        await app(scope, receive, capture)
    finally:
        await _record(scope, user, status, bytes(body))


async def _record(scope: Scope, user: CurrentUser, status: int, body: bytes) -> None:
    template = getattr(scope.get("route"), "path", None)
    if not isinstance(template, str) or not scope["path"].startswith("/api/"):
        return
    if not template.startswith("/api/"):  # the route as its router declares it, under /api
        template = "/api" + template
    action = audit_action(scope["method"], template)
    runtime = getattr(getattr(scope.get("app"), "state", None), "runtime", None)
    if action is None or runtime is None:
        return
    client = scope.get("client")
    entry = AuditEntry(
        action=action,
        method=scope["method"],
        route=template,
        status=status,
        resource_id=_resource_id(scope, status, body),
        address=str(client[0]) if client else None,
    )
    try:
        await record_with(runtime.sessionmaker, user, entry)
    except Exception:  # the answer has gone out: a lost row is logged, not raised
        log.exception("audit event not recorded: %s %s", scope["method"], template)
