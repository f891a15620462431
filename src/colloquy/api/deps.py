"""Typed dependencies; tests swap them with app.dependency_overrides."""

from collections.abc import AsyncIterator
from typing import Annotated

from fastapi import Depends, Request
from sqlalchemy.ext.asyncio import AsyncSession

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


RuntimeDep = Annotated[Runtime, Depends(get_runtime)]
SettingsDep = Annotated[Settings, Depends(get_settings_dep)]
SessionDep = Annotated[AsyncSession, Depends(get_db)]
LLMDep = Annotated[Provider, Depends(get_llm)]
