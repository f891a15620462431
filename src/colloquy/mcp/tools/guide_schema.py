"""The JSON Schema of a guide argument: the guide file format's own (docs/guides.md), so an
assistant sees every field, with `kind` optional (the tool knows which kind it runs)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel


def with_guide(
    schema: dict[str, Any], argument: str, guide_model: type[BaseModel], description: str
) -> dict[str, Any]:
    """A tool's arguments `schema` with `argument` described by `guide_model`'s schema,
    its definitions lifted to the root where its refs point."""
    guide = guide_model.model_json_schema(by_alias=True)
    defs = guide.pop("$defs", {})
    guide["required"] = [r for r in guide.get("required", []) if r != "kind"]
    out = {
        **schema,
        "properties": {**schema["properties"], argument: {**guide, "description": description}},
    }
    if defs:
        out["$defs"] = {**schema.get("$defs", {}), **defs}
    return out
