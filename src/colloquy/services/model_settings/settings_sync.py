"""Every process of a deployment on the saved model settings (docs/deployment.md).

A saved change (the Settings screen's model, a model profile, the embeddings settings)
bumps one version number in the database, in the transaction that saves it. Every process
watches that number: it reads it when another process announces a change on the session
event bus (relayed by LISTEN/NOTIFY or Redis between processes, engine/relay.py) and, so
that a lost notification costs at most a second, every POLL_SECONDS as well. A process
that sees a new version reloads the saved settings: new calls use them at once, runs under
way keep the providers they started with.

Other saved settings join with `on_reload(fn)`: `fn(runtime)` is awaited on every reload.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Final

from sqlalchemy import select, update
from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.engine import event_payloads as payloads
from colloquy.engine.events import EventBus
from colloquy.runtime import Runtime
from colloquy.services.model_settings.loading import load_into_runtime
from colloquy.store.tables import SettingsVersionRow
from colloquy.store.types import utcnow
from colloquy.waiting import wait_for

log = logging.getLogger("colloquy.settings_sync")

POLL_SECONDS = 1.0
CHANNEL = "__settings"  # the event bus "session" that announces a saved change
EVENT: Final = "settings"

Reloader = Callable[[Runtime], Awaitable[Any]]
_reloaders: list[Reloader] = []


def on_reload(fn: Reloader) -> Reloader:
    """Register another saved setting to reload on a change (usable as a decorator)."""
    if fn not in _reloaders:
        _reloaders.append(fn)
    return fn


async def current_version(db: AsyncSession) -> int:
    return int(
        await db.scalar(select(SettingsVersionRow.version).where(SettingsVersionRow.id == 1)) or 0
    )


async def bump(db: AsyncSession) -> None:
    """Raise the version inside the caller's transaction (committed with the change)."""
    done = await db.execute(
        update(SettingsVersionRow)
        .where(SettingsVersionRow.id == 1)
        .values(version=SettingsVersionRow.version + 1, updated_at=utcnow())
    )
    if not getattr(done, "rowcount", 0):
        db.add(SettingsVersionRow(id=1, version=2))


async def reload(runtime: Runtime) -> None:
    """Load the saved settings into this process now, and tell the other processes."""
    async with runtime.sessionmaker() as db:
        version = await current_version(db)
    await _load(runtime, version)
    bus = runtime.settings_bus
    if bus is not None:
        bus.publish(CHANNEL, EVENT, payloads.settings(version))


async def _load(runtime: Runtime, version: int) -> None:
    runtime.settings_version = version
    await load_into_runtime(runtime)
    for fn in _reloaders:
        try:
            await fn(runtime)
        except Exception:
            log.warning("reloading saved settings: %r failed", fn, exc_info=True)


async def check(runtime: Runtime) -> bool:
    """Reload when the stored version is not the one loaded here; True when it did."""
    async with runtime.sessionmaker() as db:
        version = await current_version(db)
    if version == runtime.settings_version:
        return False
    log.info("saved settings changed (version %s): reloading", version)
    await _load(runtime, version)
    return True


async def remember_version(runtime: Runtime) -> None:
    """At start-up, after the first load: the version that load reflects."""
    async with runtime.sessionmaker() as db:
        runtime.settings_version = await current_version(db)


async def watch(runtime: Runtime, bus: EventBus, poll: float = POLL_SECONDS) -> None:
    """Until cancelled: reload on an announced change, or on one seen by polling."""
    runtime.settings_bus = bus
    sub, _, _ = bus.subscribe(CHANNEL, None)
    try:
        while True:
            with contextlib.suppress(TimeoutError):
                event = await wait_for(sub.queue.get(), poll)
                if event is None:  # the bus closed this stream (overflow): subscribe again
                    bus.unsubscribe(CHANNEL, sub)
                    sub, _, _ = bus.subscribe(CHANNEL, None)
            try:
                await check(runtime)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.warning("could not read the saved settings' version", exc_info=True)
    finally:
        bus.unsubscribe(CHANNEL, sub)
        runtime.settings_bus = None
