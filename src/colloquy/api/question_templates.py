"""GET /api/question-templates: the product's question templates (product-rules §9)."""

from typing import Any

from fastapi import APIRouter

from colloquy.api.schemas.question_templates import QuestionTemplateOut
from colloquy.domain.sessions.question_templates import question_templates

router = APIRouter(tags=["sessions"])


@router.get("/question-templates", response_model=list[QuestionTemplateOut])
async def list_question_templates() -> list[dict[str, Any]]:
    return question_templates()
