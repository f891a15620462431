"""The default webhook and its secret, and the deliveries (failures
are what Settings shows)."""

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Query

from colloquy.api.deps import RuntimeDep
from colloquy.api.schemas.usage import WebhookDeliveryOut, WebhookSettingsIn, WebhookSettingsOut
from colloquy.services.usage import webhooks

router = APIRouter(prefix="/settings/webhooks", tags=["settings"])


@router.get("", response_model=WebhookSettingsOut)
async def get_webhook(runtime: RuntimeDep) -> dict[str, Any]:
    return await webhooks.view(runtime)


@router.put(
    "",
    response_model=WebhookSettingsOut,
    responses={422: {"description": "Not an http(s) URL, or a URL without a secret"}},
)
async def put_webhook(body: WebhookSettingsIn, runtime: RuntimeDep) -> dict[str, Any]:
    """The default URL for runs without their own (null or "": none) and the secret that
    signs every delivery (write-only; null keeps the saved one, "" removes it)."""
    return await webhooks.save(runtime, body.url, body.secret)


@router.get("/deliveries", response_model=list[WebhookDeliveryOut])
async def list_deliveries(
    runtime: RuntimeDep,
    status: Annotated[Literal["pending", "delivered", "failed"] | None, Query()] = None,
) -> list[dict[str, Any]]:
    """The latest 50 deliveries, newest first; `status=failed` for the failures."""
    return await webhooks.deliveries(runtime, status)
