"""POST /api/personas/generate and POST /api/personas/analyze-document (AI Assist)."""

from typing import Any

from fastapi import APIRouter

from colloquy.api.deps import LLMDep, SessionDep
from colloquy.api.schemas.generation import (
    AnalyzeDocumentRequest,
    AnalyzeDocumentResponse,
    GenerateRequest,
    GenerateResponse,
)
from colloquy.services.personas.ai_assist import analyze_document
from colloquy.services.personas.generation import generate_personas

router = APIRouter(tags=["personas"])


@router.post("/personas/generate", response_model=GenerateResponse, status_code=201)
async def generate(body: GenerateRequest, db: SessionDep, llm: LLMDep) -> dict[str, Any]:
    personas = await generate_personas(
        db,
        llm,
        description=body.description,
        document_text=body.document_text,
        count=body.count,
        diversity=body.diversity,
    )
    return {"personas": personas}


@router.post("/personas/analyze-document", response_model=AnalyzeDocumentResponse)
async def analyze(body: AnalyzeDocumentRequest, llm: LLMDep) -> dict[str, Any]:
    return await analyze_document(llm, body.document_text, body.current_traits)
