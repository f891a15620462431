"""Typed dependencies; tests swap them with app.dependency_overrides."""

from collections.abc import AsyncIterator
from typing import Annotated

from fastapi import Depends, Request
from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.api.authn import SCOPE_KEY, SESSION_SCOPE_KEY
from colloquy.domain.accounts.current_user import CurrentUser
from colloquy.errors import AppError
from colloquy.llm.provider import Provider
from colloquy.runtime import Runtime
from colloquy.settings import Settings


def get_runtime(request: Request) -> Runtime:
    runtime: Runtime = request.app.state.runtime
    return runtime


def get_settings_dep(request: Request) -> Settings:
    return get_runtime(request).settings


async def get_db(request: Request) -> AsyncIterator[AsyncSession]:
    async with get_runtime(request).sessionmaker() as session:
        yield session


def get_llm(request: Request) -> Provider:
    return get_runtime(request).get_provider()


def get_current_user(request: Request) -> CurrentUser:
    """The caller the security middleware identified (api/authn.py); routes outside its
    guard (/api/auth/...) may have none: 401 then."""
    user: CurrentUser | None = request.scope.get(SCOPE_KEY)
    if user is None:
        raise AppError("Sign-in required", status=401, code="unauthorized")
    return user


def get_account_user(request: Request) -> CurrentUser:
    """A caller with an account (not the service token, not the one person on loopback)."""
    user = get_current_user(request)
    if user.id is None:
        raise AppError("This needs a signed-in account", status=403, code="forbidden")
    return user


def get_admin(request: Request) -> CurrentUser:
    user = get_current_user(request)
    if not user.is_admin:
        raise AppError("Only an admin can do this", status=403, code="forbidden")
    return user


def get_session_secret(request: Request) -> str | None:
    secret: str | None = request.scope.get(SESSION_SCOPE_KEY)
    return secret


RuntimeDep = Annotated[Runtime, Depends(get_runtime)]
SettingsDep = Annotated[Settings, Depends(get_settings_dep)]
SessionDep = Annotated[AsyncSession, Depends(get_db)]
LLMDep = Annotated[Provider, Depends(get_llm)]
CurrentUserDep = Annotated[CurrentUser, Depends(get_current_user)]
AccountUserDep = Annotated[CurrentUser, Depends(get_account_user)]
AdminDep = Annotated[CurrentUser, Depends(get_admin)]
SessionSecretDep = Annotated[str | None, Depends(get_session_secret)]
