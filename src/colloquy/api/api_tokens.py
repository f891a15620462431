"""/api/tokens: the signed-in user's personal API tokens (for the CLI, MCP and scripts).
The token is shown once, in the answer that creates it; only its hash is kept."""

from fastapi import APIRouter

from colloquy.api.deps import AccountUserDep, SessionDep
from colloquy.api.schemas.accounts import TokenCreate, TokenCreatedOut, TokenOut, token_out
from colloquy.services.accounts import tokens

router = APIRouter(prefix="/tokens", tags=["tokens"])


@router.get("", response_model=list[TokenOut])
async def list_tokens(user: AccountUserDep, db: SessionDep) -> list[TokenOut]:
    assert user.id is not None  # an account's caller
    return [token_out(row) for row in await tokens.list_tokens(db, user.id)]


@router.post("", response_model=TokenCreatedOut, status_code=201)
async def create_token(body: TokenCreate, user: AccountUserDep, db: SessionDep) -> TokenCreatedOut:
    assert user.id is not None
    row, secret = await tokens.create_token(
        db, user.id, body.name, can_write=body.can_write, days=body.expires_in_days
    )
    return TokenCreatedOut(**token_out(row).model_dump(), token=secret)


@router.delete("/{id}", response_model=TokenOut)
async def revoke_token(id: str, user: AccountUserDep, db: SessionDep) -> TokenOut:
    """Revoked at once; the row stays, listed as revoked."""
    assert user.id is not None
    return token_out(await tokens.revoke_token(db, user.id, id))
