"""/api/account: the signed-in user's own account (their password)."""

from fastapi import APIRouter

from colloquy.api.deps import AccountUserDep, SessionDep, SessionSecretDep
from colloquy.api.schemas.accounts import PasswordChange
from colloquy.services.accounts import users
from colloquy.services.accounts.user_sessions import session_key

router = APIRouter(prefix="/account", tags=["account"])


@router.put("/password", status_code=204)
async def change_password(
    body: PasswordChange, user: AccountUserDep, secret: SessionSecretDep, db: SessionDep
) -> None:
    """Needs the current password; every other session of the user ends, this one stays."""
    assert user.id is not None
    keep = session_key(secret) if secret else None
    await users.change_password(db, user.id, body.current_password, body.new_password, keep)
