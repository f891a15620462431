"""Webhooks (docs/webhooks.md): a signed POST when a session (an interview: `interview.*`),
a survey or a study completes or fails.

The URL is the run's own (`settings.webhookUrl`; "" turns it off for the run) or the
default on Settings (`GET|PUT /api/settings/webhooks`); the secret is the one saved on
Settings (encrypted at rest, never returned). A delivery runs in a task of its own: the
run never waits for it. It is tried MAX_ATTEMPTS times with exponential backoff (1, 2, 4,
8 s) on a network error or a non-2xx answer; each delivery is a row of
webhook_deliveries, and failures are listed on Settings. Deliveries still under way when
the server stops are not resumed (they stay `pending`). See docs/webhooks.md.
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
import time
from typing import Any

import aiohttp
from sqlalchemy import select

from colloquy.domain.interviews.rules import INTERVIEW
from colloquy.domain.usage.cost import total, usage_from_json
from colloquy.domain.usage.run_settings import webhook_url_errors
from colloquy.domain.usage.webhook_sign import (
    DELIVERY_HEADER,
    EVENT_HEADER,
    MAX_ATTEMPTS,
    SIGNATURE_HEADER,
    backoff,
    event_name,
    signature,
)
from colloquy.errors import ValidationFailed
from colloquy.runtime import Runtime
from colloquy.services.model_settings.secret_box import SecretBox
from colloquy.services.usage.totals import session_usage, survey_usage
from colloquy.store.tables import (
    AppSettingRow,
    SessionRow,
    StudyRow,
    SurveyRow,
    WebhookDeliveryRow,
)
from colloquy.store.types import utcnow

log = logging.getLogger("colloquy.webhooks")
SETTING_KEY = "webhooks"
BACKOFF_BASE_S = 1.0  # tests make it small
TIMEOUT_S = 10.0
_tasks: set[asyncio.Task[None]] = set()


def _box(runtime: Runtime) -> SecretBox:
    return SecretBox.open(runtime.settings.data_dir, runtime.settings.secret_key)


async def _saved(runtime: Runtime) -> dict[str, Any]:
    async with runtime.sessionmaker() as db:
        row = await db.get(AppSettingRow, SETTING_KEY)
        return dict(row.data) if row is not None else {}


async def view(runtime: Runtime) -> dict[str, Any]:
    data = await _saved(runtime)
    return {
        "url": data.get("url"),
        "hasSecret": bool(data.get("secret")),
        "header": SIGNATURE_HEADER,
    }


async def save(runtime: Runtime, url: str | None, secret: str | None) -> dict[str, Any]:
    """The default URL (None or "": none) and the secret (None: keep; "": remove)."""
    url = (url or "").strip() or None
    errors = webhook_url_errors(url)
    data = await _saved(runtime)
    if secret is not None:
        data["secret"] = _box(runtime).encrypt(secret) if secret else None
    if url and not data.get("secret"):
        errors.append("A webhook needs a secret to sign its deliveries")
    if errors:
        raise ValidationFailed(errors)
    data["url"] = url
    async with runtime.sessionmaker() as db:
        row = await db.get(AppSettingRow, SETTING_KEY)
        if row is None:
            db.add(AppSettingRow(key=SETTING_KEY, data=data))
        else:
            row.data = data
        await db.commit()
    return await view(runtime)


async def deliveries(runtime: Runtime, status: str | None, limit: int = 50) -> list[dict[str, Any]]:
    async with runtime.sessionmaker() as db:
        query = select(WebhookDeliveryRow).order_by(WebhookDeliveryRow.created_at.desc())
        if status:
            query = query.where(WebhookDeliveryRow.status == status)
        rows = await db.scalars(query.limit(limit))
        return [
            {
                "id": r.id,
                "targetKind": r.target_kind,
                "targetId": r.target_id,
                "event": r.event,
                "url": r.url,
                "status": r.status,
                "attempts": r.attempts,
                "lastError": r.last_error,
                "createdAt": r.created_at,
                "updatedAt": r.updated_at,
            }
            for r in rows
        ]


def schedule(runtime: Runtime, kind: str, target_id: str, completed: bool) -> None:
    """Deliver in the background (never raises, never blocks the caller)."""
    try:
        task = asyncio.get_running_loop().create_task(_deliver(runtime, kind, target_id, completed))
    except RuntimeError:
        return
    _tasks.add(task)
    task.add_done_callback(_tasks.discard)


async def drain() -> None:
    """Wait for the deliveries under way (tests; shutdown cancels them instead)."""
    while _tasks:
        await asyncio.gather(*list(_tasks), return_exceptions=True)


async def _deliver(runtime: Runtime, kind: str, target_id: str, completed: bool) -> None:
    try:
        target = await _target(runtime, kind, target_id)
        if target is None:
            return
        saved = await _saved(runtime)
        url = target.pop("webhookUrl")
        url = saved.get("url") if url is None else (url or None)
        if not url:
            return
        event = event_name(target["kind"], completed)  # an interview session: interview.*
        delivery_id = f"wh{secrets.token_hex(8)}"
        secret = _box(runtime).decrypt(saved["secret"]) if saved.get("secret") else None
        await _record(runtime, delivery_id, kind, target_id, event, url)
        if not secret:
            await _update(runtime, delivery_id, "failed", 0, "No webhook secret on Settings")
            return
        body = json.dumps(
            {"event": event, "deliveryId": delivery_id, **target}, default=str
        ).encode()
        await _post_with_retries(runtime, delivery_id, url, event, secret, body)
    except asyncio.CancelledError:
        raise
    except Exception:  # a webhook must never take anything else down
        log.exception("webhook for %s %s failed", kind, target_id)


async def _target(runtime: Runtime, kind: str, target_id: str) -> dict[str, Any] | None:
    async with runtime.sessionmaker() as db:
        extra: dict[str, Any] = {}
        if kind == "session":
            row: Any = await db.get(SessionRow, target_id)
            usage = (await session_usage(db, [target_id]))[target_id]
            if row is not None and row.kind == INTERVIEW:
                kind, extra = INTERVIEW, {"studyId": row.study_id}
        elif kind == "study":
            row = await db.get(StudyRow, target_id)
            ids = [str(i) for i in (row.session_ids if row is not None else [])]
            each = await session_usage(db, ids)
            usage = total(usage_from_json(u) for u in each.values()).as_json()
            if row is not None:
                extra = {"synthesisId": row.synthesis_id, "interviews": len(ids)}
        else:
            row = await db.get(SurveyRow, target_id)
            usage = (await survey_usage(db, [target_id]))[target_id]
        if row is None:
            return None
        settings = row.settings or {}
        url = settings.get("webhookUrl") if isinstance(settings, dict) else None
        return {
            "kind": kind,
            "id": row.id,
            "workspaceId": row.workspace_id,
            "name": row.name,
            "status": row.status,
            "error": row.error,
            "usage": usage,
            "occurredAt": utcnow().isoformat(),
            "webhookUrl": url if isinstance(url, str) else None,
            **extra,
        }


async def _post_with_retries(
    runtime: Runtime, delivery_id: str, url: str, event: str, secret: str, body: bytes
) -> None:
    error = ""
    timeout = aiohttp.ClientTimeout(total=TIMEOUT_S)
    async with aiohttp.ClientSession(timeout=timeout) as http:
        for attempt in range(1, MAX_ATTEMPTS + 1):
            headers = {
                "Content-Type": "application/json",
                "User-Agent": "Colloquy-Webhook",
                EVENT_HEADER: event,
                DELIVERY_HEADER: delivery_id,
                SIGNATURE_HEADER: signature(secret, int(time.time()), body),
            }
            try:
                # Not followed: a redirect would deliver elsewhere than the URL recorded.
                async with http.post(
                    url, data=body, headers=headers, allow_redirects=False
                ) as response:
                    if 200 <= response.status < 300:
                        await _update(runtime, delivery_id, "delivered", attempt, None)
                        return
                    error = f"HTTP {response.status}"
                    if 300 <= response.status < 400:
                        error += " (a redirect: not followed; give the final URL)"
            except (aiohttp.ClientError, TimeoutError) as exc:
                error = str(exc) or type(exc).__name__
            status = "failed" if attempt == MAX_ATTEMPTS else "pending"
            await _update(runtime, delivery_id, status, attempt, error[:500])
            if attempt < MAX_ATTEMPTS:
                await asyncio.sleep(backoff(attempt, BACKOFF_BASE_S))


async def _record(
    runtime: Runtime, delivery_id: str, kind: str, target_id: str, event: str, url: str
) -> None:
    async with runtime.sessionmaker() as db:
        db.add(
            WebhookDeliveryRow(
                id=delivery_id,
                target_kind=kind,
                target_id=target_id,
                event=event,
                url=url[:2000],
                status="pending",
                attempts=0,
            )
        )
        await db.commit()


async def _update(
    runtime: Runtime, delivery_id: str, status: str, attempts: int, error: str | None
) -> None:
    async with runtime.sessionmaker() as db:
        row = await db.get(WebhookDeliveryRow, delivery_id)
        if row is not None:
            row.status, row.attempts, row.last_error = status, attempts, error
            await db.commit()


async def shutdown() -> None:
    """Cancel the deliveries under way (their rows stay `pending`)."""
    tasks = list(_tasks)
    for task in tasks:
        task.cancel()
    if tasks:
        await asyncio.gather(*tasks, return_exceptions=True)
