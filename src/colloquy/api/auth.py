"""/api/auth: sign in with the access token (sets an HttpOnly cookie), sign out, status.

Only meaningful when COLLOQUY_ACCESS_TOKEN is set (required off loopback); these routes
stay public so the sign-in screen can use them.
"""

from fastapi import APIRouter, Request, Response
from pydantic import Field

from colloquy.api.deps import SettingsDep
from colloquy.api.security import COOKIE_NAME, cookie_value, is_signed_in, token_matches
from colloquy.errors import AppError
from colloquy.schemas.common import CamelModel, RequestModel

router = APIRouter(prefix="/auth", tags=["auth"])
COOKIE_MAX_AGE = 30 * 24 * 3600


class SignInIn(RequestModel):
    token: str = Field(max_length=1000)


class AuthStatusOut(CamelModel):
    required: bool  # the server has an access token: the API needs it
    signed_in: bool  # this request carries it (always True when not required)


def _status(request: Request, token: str | None) -> AuthStatusOut:
    headers = {k.lower(): v for k, v in request.headers.items()}
    return AuthStatusOut(required=bool(token), signed_in=not token or is_signed_in(headers, token))


@router.get("/status", response_model=AuthStatusOut)
async def auth_status(request: Request, settings: SettingsDep) -> AuthStatusOut:
    return _status(request, settings.access_token)


@router.post("/sign-in", response_model=AuthStatusOut)
async def sign_in(body: SignInIn, response: Response, settings: SettingsDep) -> AuthStatusOut:
    token = settings.access_token
    if not token:
        return AuthStatusOut(required=False, signed_in=True)
    if not token_matches(body.token.strip(), token):
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
async def sign_out(response: Response, settings: SettingsDep) -> AuthStatusOut:
    response.delete_cookie(COOKIE_NAME, path="/", httponly=True, samesite="strict")
    return AuthStatusOut(required=bool(settings.access_token), signed_in=not settings.access_token)
