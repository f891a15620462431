"""GET /api/health: liveness plus which model produces the data."""

from fastapi import APIRouter
from pydantic import BaseModel

from colloquy import __version__
from colloquy.api.deps import RuntimeDep

router = APIRouter(tags=["health"])


class LLMInfo(BaseModel):
    provider: str
    model: str


class HealthOut(BaseModel):
    status: str
    version: str
    llm: LLMInfo


@router.get("/health", response_model=HealthOut)
async def health(runtime: RuntimeDep) -> HealthOut:
    provider = runtime.get_provider()
    return HealthOut(
        status="ok",
        version=__version__,
        llm=LLMInfo(provider=provider.name, model=provider.model),
    )
