"""list_personas and create_personas: the persona library, and generation from a
description through the same service as the Generate dialog."""

from __future__ import annotations

from typing import Any, Literal

from pydantic import Field

from colloquy.domain.personas.records import PersonaRecord
from colloquy.mcp.context import ToolContext
from colloquy.mcp.limits import PERSONAS_DEFAULT, PERSONAS_MAX, clip, page
from colloquy.mcp.progress import Report
from colloquy.mcp.tools.base import ToolArgs
from colloquy.services.personas import library
from colloquy.services.personas.generation import generate_personas

LIST_DESCRIPTION = (
    "List the personas of the library (optionally only those with a tag), with their ids for "
    "run_focus_group and run_survey. Paged: pass nextOffset as offset for more."
)
CREATE_DESCRIPTION = (
    "Generate personas from a description of the audience (10 to 10,000 characters) with "
    "the configured model and store them in the library; returns them with their ids."
)


class ListPersonasArgs(ToolArgs):
    tag: str | None = Field(default=None, max_length=200, description="Only personas with this tag")
    offset: int = Field(default=0, ge=0, description="Skip this many personas")
    limit: int = Field(default=PERSONAS_DEFAULT, ge=1, le=PERSONAS_MAX)


class CreatePersonasArgs(ToolArgs):
    description: str = Field(max_length=20_000, description="Who the personas should be")
    count: int = Field(default=5, ge=1, le=20, description="How many personas (1-20)")
    diversity: Literal["low", "medium", "high"] = "medium"


def persona_brief(p: PersonaRecord) -> dict[str, Any]:
    """A persona as a tool returns it: who they are, without the derived profile."""
    return {
        "id": p["id"],
        "name": p["name"],
        "age": p["age"],
        "gender": p["gender"],
        "location": p["location"],
        "income": p["income"],
        "traits": p["traits"],
        "interests": p["interests"],
        "tags": p["tags"],
        "generatedFrom": clip(source, 300) if (source := p.get("generatedFrom")) else None,
    }


async def list_personas(ctx: ToolContext, args: ListPersonasArgs, report: Report) -> dict[str, Any]:
    async with ctx.runtime.sessionmaker() as db:
        personas = await library.list_personas(db, args.tag)
    items, next_offset = page([persona_brief(p) for p in personas], args.offset, args.limit)
    return {
        "total": len(personas),
        "offset": args.offset,
        "nextOffset": next_offset,
        "personas": items,
    }


async def create_personas(
    ctx: ToolContext, args: CreatePersonasArgs, report: Report
) -> dict[str, Any]:
    await report(0, 1, f"Generating {args.count} personas")
    async with ctx.runtime.sessionmaker() as db:
        personas = await generate_personas(
            db,
            ctx.runtime.get_provider(),
            description=args.description,
            document_text=None,
            count=args.count,
            diversity=args.diversity,
        )
    await report(1, 1, f"{len(personas)} personas created")
    return {"created": len(personas), "personas": [persona_brief(p) for p in personas]}
