"""Which requests the audit log records, and under what action name: every write (create,
update, delete, run, stop, import, settings...) and every export; plain reads are not."""

from __future__ import annotations

EXPORT_MARKS = ("export", "report", ".csv", ".json", ".pdf", ".md", ".zip")
SETTINGS_PREFIXES = ("/api/settings", "/api/models", "/api/model-profiles")
# Recorded by the sign-in itself (with the email tried), not a second time by the middleware.
EXPLICIT = frozenset({"/api/auth/sign-in"})


def audit_action(method: str, route: str) -> str | None:
    """The action name for a request to `route` (its template), None when not audited."""
    method = method.upper()
    if route in EXPLICIT:
        return None
    last = route.rstrip("/").rsplit("/", 1)[-1]
    if method in ("GET", "HEAD"):
        return "export" if any(mark in last for mark in EXPORT_MARKS) else None
    if method == "OPTIONS":
        return None
    if last == "share-links" and method == "POST":
        return "share-create"  # docs/teams.md#share-links
    if method == "DELETE":
        return "share-revoke" if route.startswith("/api/share-links/") else "delete"
    if route.startswith(SETTINGS_PREFIXES):
        return "settings"
    if method in ("PUT", "PATCH"):
        return "update"
    # POST: to a collection or an id is a create; to a verb (run, stop, duplicate...) that verb.
    if last.startswith("{") or last in ("", "api") or route.count("/") <= 2:
        return "create"
    return last[:40]
