"""Who is calling: the one person on loopback (no account exists and no access token is
set), COLLOQUY_ACCESS_TOKEN (the service token, an admin), a signed-in browser (session
cookie; its writes need the CSRF header) or a personal API token (read-only ones are
refused on writes). docs/teams.md explains the rules."""

from __future__ import annotations

import hmac
import time
from collections.abc import MutableMapping
from http.cookies import CookieError, SimpleCookie
from typing import Any

from colloquy.api.request_policy import is_loopback
from colloquy.domain.accounts.current_user import (
    CALLER_SCOPE_KEY,
    SERVICE_USER,
    CurrentUser,
    share_viewer,
)
from colloquy.domain.accounts.rules import is_write
from colloquy.domain.accounts.share_scope import share_allows
from colloquy.services.accounts.share_links import MSG_GONE, share_grant
from colloquy.services.accounts.share_links import PREFIX as SHARE_PREFIX
from colloquy.services.accounts.tokens import PREFIX, token_user
from colloquy.services.accounts.user_sessions import csrf_for, session_user
from colloquy.services.accounts.users import any_user

SESSION_COOKIE = "colloquy_session"
CSRF_COOKIE = "colloquy_csrf"
CSRF_HEADER = "x-csrf-token"
SCOPE_KEY = CALLER_SCOPE_KEY
SESSION_SCOPE_KEY = "colloquy.session"  # the browser session's cookie secret, if any
RECHECK_S = 2.0  # how often, while no account exists, the table is looked at again

MSG_SIGN_IN = "Sign-in required"
MSG_CSRF = "Missing or wrong CSRF token (send the colloquy_csrf cookie's value as X-CSRF-Token)"
MSG_READ_ONLY = "This API token is read-only"
MSG_SHARE_SCOPE = "A share link opens only its own results and exports, read-only"


def token_matches(given: str | None, token: str) -> bool:
    return given is not None and hmac.compare_digest(given.encode(), token.encode())


def cookies(headers: dict[str, str]) -> dict[str, str]:
    jar = SimpleCookie()
    try:
        jar.load(headers.get("cookie", ""))
    except CookieError:  # a malformed Cookie header just means "no cookie"
        return {}
    return {name: morsel.value for name, morsel in jar.items()}


def bearer(headers: dict[str, str]) -> str | None:
    auth = headers.get("authorization", "")
    return auth[7:].strip() if auth[:7].lower() == "bearer " else None


def from_loopback(scope: MutableMapping[str, Any], headers: dict[str, str]) -> bool:
    """This machine, not through a proxy: the peer and the Host are loopback and no
    forwarding header is present (a proxy on the same machine connects from loopback too)."""
    client = scope.get("client")
    if not client or not is_loopback(str(client[0])):
        return False
    if "x-forwarded-for" in headers or "forwarded" in headers:
        return False
    host = headers.get("host", "")
    return is_loopback(host.rsplit(":", 1)[0] if not host.startswith("[") else host[1:-1])


class Accounts:
    """Whether sign-in is required: once any account exists it is, everywhere. True is kept
    for good (accounts are disabled, never deleted); False is looked at again every RECHECK_S
    so that `colloquy users create` from another process takes effect."""

    def __init__(self) -> None:
        self.exist = False
        self.checked_at = -RECHECK_S

    def mark(self) -> None:
        self.exist = True

    async def exist_now(self, app: Any) -> bool:
        if self.exist:
            return True
        runtime = getattr(getattr(app, "state", None), "runtime", None)
        if runtime is None or time.monotonic() - self.checked_at < RECHECK_S:
            return self.exist
        async with runtime.sessionmaker() as db:
            self.exist = await any_user(db)
        self.checked_at = time.monotonic()
        return self.exist


async def identify(
    app: Any, headers: dict[str, str], service_token: str | None, service_cookie: str | None
) -> tuple[CurrentUser | None, str | None]:
    """The caller and, for a browser session, its cookie secret (for the CSRF check)."""
    given = bearer(headers)
    jar = cookies(headers)
    if service_token and given is not None and token_matches(given, service_token):
        return SERVICE_USER, None
    if service_cookie and token_matches(jar.get("colloquy_auth"), service_cookie):
        return SERVICE_USER, None
    runtime = getattr(app.state, "runtime", None)
    if runtime is None:
        return None, None
    if given is not None:
        if not given.startswith(PREFIX):
            return None, None
        async with runtime.sessionmaker() as db:
            found = await token_user(db, given)
        if found is None:
            return None, None
        user, token = found
        who = CurrentUser(user.id, user.email, user.is_admin, "token", can_write=token.can_write)
        return who, None
    secret = jar.get(SESSION_COOKIE)
    if not secret:
        return None, None
    async with runtime.sessionmaker() as db:
        found_session = await session_user(db, secret)
    if found_session is None:
        return None, None
    row = found_session[0]
    return CurrentUser(row.id, row.email, row.is_admin, "session"), secret


def refusal(
    method: str, user: CurrentUser, secret: str | None, headers: dict[str, str]
) -> tuple[int, str, str] | None:
    """Why an identified caller may not make this request, else None."""
    if not is_write(method):
        return None
    if not user.can_write:
        return 403, MSG_READ_ONLY, "forbidden"
    if secret is not None and not token_matches(headers.get(CSRF_HEADER), csrf_for(secret)):
        return 403, MSG_CSRF, "csrf_failed"
    return None


def share_secret(headers: dict[str, str]) -> str | None:
    """A share link's secret, sent as `Authorization: Bearer cqs_...` by the shared page."""
    given = bearer(headers)
    return given if given is not None and given.startswith(SHARE_PREFIX) else None


async def identify_share(
    app: Any, secret: str, method: str, path: str
) -> tuple[CurrentUser | None, tuple[int, str, str] | None]:
    """A share link's viewer, or why the request is refused: 404 when the link is unknown,
    expired or revoked; 403 for anything but its own results (domain/accounts/share_scope)."""
    runtime = getattr(getattr(app, "state", None), "runtime", None)
    if runtime is None:
        return None, (404, MSG_GONE, "share_link_gone")
    async with runtime.sessionmaker() as db:
        grant = await share_grant(db, secret)
    if grant is None:
        return None, (404, MSG_GONE, "share_link_gone")
    if not share_allows(grant.kind, grant.resource_id, method, path):
        return None, (403, MSG_SHARE_SCOPE, "forbidden")
    return share_viewer(grant), None
