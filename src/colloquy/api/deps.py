"""Typed dependencies; tests swap them with app.dependency_overrides."""

from collections.abc import AsyncIterator
from typing import Annotated

from fastapi import Depends, Request
from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.runtime import Runtime
from colloquy.settings import Settings


def get_runtime(request: Request) -> Runtime:
    return request.app.state.runtime


def get_settings_dep(request: Request) -> Settings:
    return request.app.state.runtime.settings


async def get_db(request: Request) -> AsyncIterator[AsyncSession]:
    async with request.app.state.runtime.sessionmaker() as session:
        yield session


def get_llm(request: Request):
    return request.app.state.runtime.get_provider()


RuntimeDep = Annotated[Runtime, Depends(get_runtime)]
SettingsDep = Annotated[Settings, Depends(get_settings_dep)]
SessionDep = Annotated[AsyncSession, Depends(get_db)]
LLMDep = Annotated[object, Depends(get_llm)]
