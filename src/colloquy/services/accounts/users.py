"""Accounts: create, list, change or reset a password, disable (their sessions end at once)."""

from __future__ import annotations

import uuid
from collections.abc import Sequence

from sqlalchemy import delete, exists, func, select
from sqlalchemy.ext.asyncio import AsyncSession

from colloquy.domain.accounts.rules import email_problem, normalize_email, password_problem
from colloquy.domain.workspaces.roles import RESEARCHER
from colloquy.errors import AppError, Conflict, NotFound, ValidationFailed
from colloquy.services.accounts.passwords import hash_password, needs_rehash, verify_password
from colloquy.store.tables import WorkspaceRow
from colloquy.store.team_tables import ApiTokenRow, UserRow, UserSessionRow, WorkspaceMemberRow
from colloquy.store.types import utcnow


async def any_user(db: AsyncSession) -> bool:
    return bool(await db.scalar(select(exists().where(UserRow.id.is_not(None)))))


async def create_user(db: AsyncSession, email: str, password: str, *, is_admin: bool) -> UserRow:
    email = normalize_email(email)
    problems = [p for p in (email_problem(email), password_problem(password)) if p]
    if problems:
        raise ValidationFailed(problems)
    taken = await db.scalar(select(func.count()).where(UserRow.email == email))
    if taken:
        raise Conflict(f"An account with the email {email} already exists")
    user = UserRow(
        id=uuid.uuid4().hex, email=email, password_hash=hash_password(password), is_admin=is_admin
    )
    db.add(user)
    if not is_admin:
        await _join_the_only_workspace(db, user.id)
    await db.commit()
    return user


async def _join_the_only_workspace(db: AsyncSession, user_id: str) -> None:
    """While the server has one workspace, a new account is a researcher of it, as every
    account was before workspaces; once there are several, an admin adds them where they
    belong (docs/teams.md)."""
    ids = (await db.scalars(select(WorkspaceRow.id).limit(2))).all()
    if len(ids) == 1:
        db.add(
            WorkspaceMemberRow(
                id=uuid.uuid4().hex, workspace_id=ids[0], user_id=user_id, role=RESEARCHER
            )
        )


async def list_users(db: AsyncSession) -> Sequence[UserRow]:
    return (await db.scalars(select(UserRow).order_by(UserRow.email))).all()


async def get_user(db: AsyncSession, user_id: str) -> UserRow:
    user = await db.get(UserRow, user_id)
    if user is None:
        raise NotFound("User not found")
    return user


async def check_password(db: AsyncSession, email: str, password: str) -> UserRow | None:
    """The enabled account with this email and password, else None (same cost either way)."""
    user = await db.scalar(select(UserRow).where(UserRow.email == normalize_email(email)))
    if not verify_password(user.password_hash if user else None, password):
        return None
    if user is None or user.disabled_at is not None:
        return None
    if needs_rehash(user.password_hash):
        user.password_hash = hash_password(password)
        await db.commit()
    return user


async def change_password(
    db: AsyncSession, user_id: str, current: str, new: str, keep_session: str | None
) -> None:
    """The user's own change: needs the current password; every other session ends."""
    user = await get_user(db, user_id)
    if not verify_password(user.password_hash, current):
        raise AppError("The current password is wrong", status=403, code="forbidden")
    await set_password(db, user_id, new, keep_session=keep_session)


async def set_password(
    db: AsyncSession, user_id: str, password: str, *, keep_session: str | None = None
) -> None:
    """An admin's reset (every session of the user ends) or the end of a change."""
    problem = password_problem(password)
    if problem:
        raise ValidationFailed([problem])
    user = await get_user(db, user_id)
    user.password_hash = hash_password(password)
    gone = delete(UserSessionRow).where(UserSessionRow.user_id == user_id)
    if keep_session is not None:
        gone = gone.where(UserSessionRow.id != keep_session)
    await db.execute(gone)
    await db.commit()


async def set_disabled(db: AsyncSession, user_id: str, disabled: bool) -> UserRow:
    """Disabling ends the user's sessions and stops their API tokens at once."""
    user = await get_user(db, user_id)
    user.disabled_at = utcnow() if disabled else None
    if disabled:
        await db.execute(delete(UserSessionRow).where(UserSessionRow.user_id == user_id))
    await db.commit()
    return user


async def set_admin(db: AsyncSession, user_id: str, is_admin: bool) -> UserRow:
    user = await get_user(db, user_id)
    user.is_admin = is_admin
    await db.commit()
    return user


async def token_count(db: AsyncSession, user_id: str) -> int:
    query = select(func.count()).where(
        ApiTokenRow.user_id == user_id, ApiTokenRow.revoked_at.is_(None)
    )
    return int(await db.scalar(query) or 0)
