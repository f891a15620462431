"""Webhook signatures and retry timing (docs/webhooks.md): pure functions.

Every delivery is a POST with a JSON body and the header

    X-Colloquy-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">

keyed with the webhook secret saved on Settings. A receiver recomputes the HMAC over the
timestamp, a dot and the raw body bytes, compares in constant time and refuses old
timestamps (`verify`, with a tolerance) so a captured delivery cannot be replayed later.
"""

from __future__ import annotations

import hashlib
import hmac

SIGNATURE_HEADER = "X-Colloquy-Signature"
EVENT_HEADER = "X-Colloquy-Event"
DELIVERY_HEADER = "X-Colloquy-Delivery"
MAX_ATTEMPTS = 5
TOLERANCE_S = 300


def signature(secret: str, timestamp: int, body: bytes) -> str:
    mac = hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256)
    return f"t={timestamp},v1={mac.hexdigest()}"


def verify(secret: str, header: str, body: bytes, now: int, tolerance: int = TOLERANCE_S) -> bool:
    """Whether `header` signs `body` with `secret`, at a time within `tolerance` of now.
    Any malformed header (no or non-numeric `t`, non-ASCII text) is simply not valid."""
    parts = dict(p.split("=", 1) for p in header.split(",") if "=" in p)
    t = parts.get("t", "")
    if not (t.isascii() and t.isdigit()):
        return False
    if abs(now - int(t)) > tolerance:
        return False
    mac = hmac.new(secret.encode(), f"{t}.".encode() + body, hashlib.sha256).hexdigest()
    # Bytes, not str: compare_digest refuses a str with non-ASCII characters (TypeError).
    return hmac.compare_digest(mac.encode(), parts.get("v1", "").encode("utf-8", "replace"))


def backoff(attempt: int, base_s: float) -> float:
    """Seconds to wait before retry `attempt` (1-based): base, 2 x base, 4 x base, ..."""
    return float(base_s * 2 ** max(0, attempt - 1))


def event_name(kind: str, completed: bool) -> str:
    return f"{kind}.{'completed' if completed else 'failed'}"
