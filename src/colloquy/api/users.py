"""/api/users: an admin creates accounts, resets a password, disables or enables a user
(a disabled user's sessions end at once and their API tokens stop working)."""

from fastapi import APIRouter, Request

from colloquy.api.deps import AdminDep, SessionDep
from colloquy.api.schemas.accounts import PasswordReset, UserCreate, UserOut, UserUpdate, user_out
from colloquy.errors import AppError
from colloquy.services.accounts import users

router = APIRouter(prefix="/users", tags=["users"])


@router.get("", response_model=list[UserOut])
async def list_users(_: AdminDep, db: SessionDep) -> list[UserOut]:
    return [user_out(row) for row in await users.list_users(db)]


@router.post("", response_model=UserOut, status_code=201)
async def create_user(body: UserCreate, request: Request, _: AdminDep, db: SessionDep) -> UserOut:
    row = await users.create_user(db, body.email, body.password, is_admin=body.is_admin)
    request.app.state.accounts.mark()
    return user_out(row)


@router.patch("/{id}", response_model=UserOut)
async def update_user(id: str, body: UserUpdate, admin: AdminDep, db: SessionDep) -> UserOut:
    if id == admin.id and (body.disabled or body.is_admin is False):
        raise AppError(
            "You cannot disable yourself or drop your own admin role", status=409, code="conflict"
        )
    row = await users.get_user(db, id)
    if body.disabled is not None:
        row = await users.set_disabled(db, id, body.disabled)
    if body.is_admin is not None:
        row = await users.set_admin(db, id, body.is_admin)
    return user_out(row)


@router.put("/{id}/password", status_code=204)
async def reset_password(id: str, body: PasswordReset, _: AdminDep, db: SessionDep) -> None:
    """Sets a new password; every session of the user ends."""
    await users.set_password(db, id, body.password)
