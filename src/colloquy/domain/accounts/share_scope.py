"""What a share link opens: the GET routes of one session's or one survey's results and
exports, and nothing else (docs/teams.md#share-links). The one list of allowed route
templates; the security middleware checks every request of a share link against it."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Literal

ShareKind = Literal["session", "survey"]
SHARE_KINDS: tuple[ShareKind, ...] = ("session", "survey")

SHARE_DAYS_MIN = 1
SHARE_DAYS_MAX = 90
SHARE_DAYS_DEFAULT = 14

# What the shared page itself asks first: which resource the link opens.
SHARE_INFO_ROUTE = "/api/share"
# `{id}` stands for the shared resource's id and matches only that id.
SHARED_ROUTES: dict[ShareKind, tuple[str, ...]] = {
    "session": (
        "/api/sessions/{id}",
        "/api/sessions/{id}/messages",
        "/api/sessions/{id}/analytics",
        "/api/sessions/{id}/health",
        "/api/sessions/{id}/export.csv",
        "/api/sessions/{id}/export.json",
        "/api/sessions/{id}/export.md",
        "/api/sessions/{id}/report.pdf",
    ),
    "survey": (
        "/api/surveys/{id}",
        "/api/surveys/{id}/results",
        "/api/surveys/{id}/human-results",
        "/api/surveys/{id}/export.csv",
        "/api/surveys/{id}/export.json",
    ),
}
READ_METHODS = frozenset({"GET", "HEAD"})


def _matches(template: str, path: str, resource_id: str) -> bool:
    wanted = template.split("/")
    given = path.rstrip("/").split("/") if path != "/" else [""]
    if len(wanted) != len(given):
        return False
    return all(
        (part == resource_id) if want == "{id}" else (part == want)
        for want, part in zip(wanted, given, strict=True)
    )


def share_allows(kind: ShareKind, resource_id: str, method: str, path: str) -> bool:
    """Whether a share link for `kind` `resource_id` may make this request (`path` as
    requested, already percent-decoded): reads of its own results and exports only."""
    if method.upper() not in READ_METHODS or not resource_id:
        return False
    if path == SHARE_INFO_ROUTE:
        return True
    return any(_matches(t, path, resource_id) for t in SHARED_ROUTES.get(kind, ()))


def share_expires_at(now: datetime, days: int | None) -> datetime:
    """A share link lasts SHARE_DAYS_MIN..SHARE_DAYS_MAX days, SHARE_DAYS_DEFAULT when unsaid."""
    days = SHARE_DAYS_DEFAULT if days is None else days
    if not SHARE_DAYS_MIN <= days <= SHARE_DAYS_MAX:
        raise ValueError(f"A share link lasts {SHARE_DAYS_MIN} to {SHARE_DAYS_MAX} days")
    return now + timedelta(days=days)


def share_is_live(expires_at: datetime, revoked_at: datetime | None, now: datetime) -> bool:
    return revoked_at is None and now < expires_at
