"""Sign-in with email and password: rate limited per account and per address (counted from
the audit log's failures, so every process and a restart see the same count), a new
session each time, every attempt in the audit log."""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.accounts.current_user import CurrentUser
from colloquy.domain.accounts.rules import (
    FAILURES_PER_ACCOUNT,
    FAILURES_PER_ADDRESS,
    RATE_WINDOW,
    normalize_email,
    retry_after,
)
from colloquy.errors import AppError, RateLimited
from colloquy.services.accounts.audit import AuditEntry, failure_times, record
from colloquy.services.accounts.user_sessions import start_session
from colloquy.services.accounts.users import check_password
from colloquy.store.types import utcnow

ROUTE = "/api/auth/sign-in"
MSG_WRONG = "Wrong email or password"
MSG_LIMITED = "Too many failed sign-ins: try again in {seconds} seconds"


@dataclass(frozen=True)
class SignedIn:
    user: CurrentUser
    secret: str  # the session cookie's value


def _entry(action: str, status: int, email: str, address: str | None) -> AuditEntry:
    return AuditEntry(action, "POST", ROUTE, status, resource_id=email, address=address)


async def sign_in(db: AsyncSession, email: str, password: str, address: str | None) -> SignedIn:
    email = normalize_email(email)[:254]
    now = utcnow()
    since = now - RATE_WINDOW
    waits = [
        retry_after(
            await failure_times(db, email=email, address=None, since=since),
            now,
            FAILURES_PER_ACCOUNT,
        ),
        retry_after(
            await failure_times(db, email=None, address=address, since=since),
            now,
            FAILURES_PER_ADDRESS,
        )
        if address
        else None,
    ]
    wait = max((w for w in waits if w is not None), default=None)
    if wait is not None:
        await record(db, None, _entry("sign-in-limited", 429, email, address))
        raise RateLimited(MSG_LIMITED.format(seconds=wait), retry_after=wait)
    user = await check_password(db, email, password)
    if user is None:
        await record(db, None, _entry("sign-in-failed", 401, email, address))
        raise AppError(MSG_WRONG, status=401, code="unauthorized")
    current = CurrentUser(id=user.id, email=user.email, is_admin=user.is_admin, via="session")
    secret = await start_session(db, user.id, address)
    await record(db, current, _entry("sign-in", 200, email, address))
    return SignedIn(current, secret)
