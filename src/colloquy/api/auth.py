"""/api/auth: sign in (an account's email and password, or the access token), sign out,
status, who am I, and the first admin's creation from loopback (docs/teams.md).

These routes stay public so the sign-in screen can use them."""

from fastapi import APIRouter, Request, Response
from pydantic import Field

from colloquy.api.auth_cookies import clear_session_cookies, set_session_cookies
from colloquy.api.authn import SCOPE_KEY, SESSION_COOKIE, cookies, from_loopback, token_matches
from colloquy.api.deps import SessionDep, SettingsDep
from colloquy.api.schemas.accounts import UserOut, user_out
from colloquy.api.security import COOKIE_NAME, cookie_value, is_signed_in
from colloquy.domain.accounts.current_user import CurrentUser
from colloquy.errors import AppError, Conflict
from colloquy.schemas.common import CamelModel, RequestModel
from colloquy.services.accounts import audit, user_sessions, users
from colloquy.services.accounts import sign_in as signing
from colloquy.services.workspaces.access import available_workspaces

router = APIRouter(prefix="/auth", tags=["auth"])
COOKIE_MAX_AGE = 30 * 24 * 3600


class SignInIn(RequestModel):
    """The access token, or an account's email and password."""

    token: str | None = Field(default=None, max_length=1000)
    email: str | None = Field(default=None, max_length=254)
    password: str | None = Field(default=None, max_length=256)


class FirstAdminIn(RequestModel):
    email: str = Field(max_length=254)
    password: str = Field(max_length=256)


class AuthStatusOut(CamelModel):
    required: bool  # the API needs sign-in: an access token is set or an account exists
    signed_in: bool  # this request is signed in (always True when not required)


class MeOut(CamelModel):
    accounts: bool  # at least one account exists: sign-in is by email and password
    first_run: bool  # no account yet and this request comes from this machine
    user: UserOut | None  # the signed-in account (None for the service token and loopback)
    is_admin: bool
    # How many workspaces the caller may use (the sidebar shows its switcher from 2).
    workspaces: int = 0


def _user(request: Request) -> CurrentUser | None:
    user: CurrentUser | None = request.scope.get(SCOPE_KEY)
    return user


async def _required(request: Request, token: str | None) -> bool:
    return bool(token) or await request.app.state.accounts.exist_now(request.app)


@router.get("/status", response_model=AuthStatusOut)
async def auth_status(request: Request, settings: SettingsDep) -> AuthStatusOut:
    required = await _required(request, settings.access_token)
    return AuthStatusOut(required=required, signed_in=not required or _user(request) is not None)


@router.get("/me", response_model=MeOut)
async def me(request: Request, db: SessionDep) -> MeOut:
    accounts = await request.app.state.accounts.exist_now(request.app)
    headers = {k.lower(): v for k, v in request.headers.items()}
    user = _user(request)
    row = await users.get_user(db, user.id) if user and user.id else None
    return MeOut(
        accounts=accounts,
        first_run=not accounts and from_loopback(request.scope, headers),
        user=user_out(row) if row else None,
        is_admin=bool(user and user.is_admin),
        workspaces=len(await available_workspaces(db, user)) if user else 0,
    )


@router.post("/sign-in", response_model=AuthStatusOut)
async def sign_in(
    body: SignInIn, request: Request, response: Response, settings: SettingsDep, db: SessionDep
) -> AuthStatusOut:
    token = settings.access_token
    if body.email is not None or body.password is not None:
        if not await request.app.state.accounts.exist_now(request.app):
            raise AppError("No account exists on this server", status=401, code="unauthorized")
        address = request.client.host if request.client else None
        done = await signing.sign_in(db, body.email or "", body.password or "", address)
        previous = cookies({k.lower(): v for k, v in request.headers.items()}).get(SESSION_COOKIE)
        if previous:  # a new session id at sign-in: the one the browser had ends
            await user_sessions.end_session(db, previous)
        set_session_cookies(request, response, done.secret)
        return AuthStatusOut(required=True, signed_in=True)
    if not token:
        required = await _required(request, token)
        if required:
            raise AppError("Invalid access token", status=401, code="unauthorized")
        return AuthStatusOut(required=False, signed_in=True)
    if not token_matches((body.token or "").strip(), token):
        raise AppError("Invalid access token", status=401, code="unauthorized")
    response.set_cookie(
        COOKIE_NAME,
        cookie_value(token),
        max_age=COOKIE_MAX_AGE,
        path="/",
        httponly=True,
        samesite="strict",
    )
    return AuthStatusOut(required=True, signed_in=True)


@router.post("/sign-out", response_model=AuthStatusOut)
async def sign_out(
    request: Request, response: Response, settings: SettingsDep, db: SessionDep
) -> AuthStatusOut:
    secret = cookies({k.lower(): v for k, v in request.headers.items()}).get(SESSION_COOKIE)
    if secret:
        await user_sessions.end_session(db, secret)
        clear_session_cookies(response)
    response.delete_cookie(COOKIE_NAME, path="/", httponly=True, samesite="strict")
    required = await _required(request, settings.access_token)
    return AuthStatusOut(required=required, signed_in=not required)


@router.post("/first-admin", response_model=AuthStatusOut, status_code=201)
async def first_admin(
    body: FirstAdminIn, request: Request, response: Response, db: SessionDep
) -> AuthStatusOut:
    """Creates the first admin; only from this machine and only while no account exists."""
    headers = {k.lower(): v for k, v in request.headers.items()}
    if not from_loopback(request.scope, headers):
        raise AppError(
            "The first admin can only be created from this machine (loopback)",
            status=403,
            code="forbidden",
        )
    if await users.any_user(db):
        raise Conflict("An account already exists: sign in instead")
    row = await users.create_user(db, body.email, body.password, is_admin=True)
    request.app.state.accounts.mark()
    who = CurrentUser(row.id, row.email, True, "session")
    address = request.client.host if request.client else None
    entry = audit.AuditEntry("create", "POST", "/api/auth/first-admin", 201, row.id, address)
    await audit.record(db, who, entry)
    secret = await user_sessions.start_session(db, row.id, address)
    set_session_cookies(request, response, secret)
    return AuthStatusOut(required=True, signed_in=True)


__all__ = ["is_signed_in", "router"]
