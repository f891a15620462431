"""Pure rules for accounts: email and password checks, the sign-in rate limit's window,
token expiry and what a read-only token may do (docs/teams.md)."""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from datetime import datetime, timedelta

PASSWORD_MIN = 12
PASSWORD_MAX = 256
EMAIL_MAX = 254
_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")

# Sign-in failures allowed in one window before sign-in answers 429.
RATE_WINDOW = timedelta(minutes=15)
FAILURES_PER_ACCOUNT = 5
FAILURES_PER_ADDRESS = 20

SESSION_LIFETIME = timedelta(days=14)
TOKEN_MAX_DAYS = 366
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


def normalize_email(email: str) -> str:
    return email.strip().lower()


def email_problem(email: str) -> str | None:
    """The message for an unusable email, else None (expects it normalized)."""
    if not email:
        return "Email is required"
    if len(email) > EMAIL_MAX:
        return f"Email must be at most {EMAIL_MAX} characters"
    if not _EMAIL.match(email):
        return "Email must look like name@example.com"
    return None


def password_problem(password: str) -> str | None:
    if len(password) < PASSWORD_MIN:
        return f"Password must be at least {PASSWORD_MIN} characters"
    if len(password) > PASSWORD_MAX:
        return f"Password must be at most {PASSWORD_MAX} characters"
    if not password.strip():
        return "Password must not be only spaces"
    return None


def retry_after(
    failures: Sequence[datetime], now: datetime, limit: int, window: timedelta = RATE_WINDOW
) -> int | None:
    """Seconds until another sign-in attempt is allowed, or None when it is allowed now.

    A sliding window: with `limit` failures or more inside the last `window`, the caller
    waits until enough of them have aged out to leave fewer than `limit` inside it."""
    recent = sorted(t for t in failures if now - window < t <= now)
    if len(recent) < limit:
        return None
    # The failure whose ageing out brings the count below the limit.
    frees_at = recent[len(recent) - limit] + window
    return max(1, math.ceil((frees_at - now).total_seconds()))


def token_expires_at(now: datetime, days: int | None) -> datetime | None:
    """None: never expires. Otherwise `days` (1..TOKEN_MAX_DAYS) from now."""
    if days is None:
        return None
    if not 1 <= days <= TOKEN_MAX_DAYS:
        raise ValueError(f"A token lasts 1 to {TOKEN_MAX_DAYS} days")
    return now + timedelta(days=days)


def is_expired(expires_at: datetime | None, now: datetime) -> bool:
    return expires_at is not None and now >= expires_at


def is_write(method: str) -> bool:
    return method.upper() not in SAFE_METHODS
