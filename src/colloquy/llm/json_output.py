"""Getting JSON out of model text: strip code fences, take the first balanced {...}/[...].

Models (and servers without schema support) wrap JSON in prose or ```json fences; small
models stop mid-document. When JSON is asked in the prompt only (no server-side
format), a document cut off or with trailing commas is repaired (repair_json, on
pydantic-core's partial JSON parser: open strings and brackets closed, a dangling key or
trailing comma dropped). Callers validate with their own pydantic model, which is where
values are clamped; a failure is an LLMError(kind="invalid_output") they may retry.
"""

from __future__ import annotations

import json
import re
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError
from pydantic_core import from_json

from colloquy.domain.text.text_safety import MSG_TOO_DEEP, UnstorableJson, clean_json
from colloquy.llm.errors import LLMError

M = TypeVar("M", bound=BaseModel)
_FENCE = re.compile(r"```(?:json|JSON)?\s*(.*?)```", re.DOTALL)
_TRAILING_COMMA = re.compile(r",\s*([}\]])")
_DECODER = json.JSONDecoder()


def invalid_output(detail: str) -> LLMError:
    return LLMError(
        f"The AI returned invalid JSON: {detail}", kind="invalid_output", retryable=False
    )


def extract_json(text: str) -> Any:
    """Parse the first JSON object or array found in `text`; LLMError if there is none.
    Strings come back storable (no NUL); NaN, Infinity or deep nesting are invalid output."""
    try:
        return clean_json(_extract_json(text))
    except UnstorableJson as exc:
        raise invalid_output(str(exc)) from None
    except RecursionError:
        raise invalid_output(MSG_TOO_DEEP) from None


def _extract_json(text: str) -> Any:
    if not text or not text.strip():
        raise invalid_output("empty reply")
    candidates = [text.strip()]
    candidates += [m.group(1).strip() for m in _FENCE.finditer(text)]
    for candidate in candidates:
        try:
            return json.loads(candidate)
        except ValueError:
            pass
        block = _first_balanced(candidate)
        if block is not None:
            try:
                return json.loads(block)
            except ValueError:
                continue
    raise invalid_output("no JSON document found")


def repair_json(text: str) -> Any:
    """The JSON document that `text` starts (after any prose) if it was cut off or has
    trailing commas: pydantic-core's partial parser closes what is open and drops a dangling
    key or comma; None if that does not give valid JSON."""
    start = next((i for i, ch in enumerate(text) if ch in "{["), None)
    if start is None:
        return None
    body = _TRAILING_COMMA.sub(r"\1", text[start:].strip().removesuffix("```").rstrip())
    try:
        return json.loads(body)
    except json.JSONDecodeError as exc:
        if exc.msg == "Extra data":  # a complete document with something after it
            return None
    try:
        return from_json(body, allow_partial="trailing-strings")
    except ValueError:
        return None


def parse_model(text: str, model: type[M]) -> M:
    """Extract JSON and validate it with a pydantic model (whose validators clamp)."""
    data = extract_json(text)
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first.get("loc", ())) or "document"
        raise invalid_output(f"{where}: {first.get('msg', 'invalid')}") from exc


def _first_balanced(text: str) -> str | None:
    """The first complete {...} or [...] document in `text` (prose before or after it)."""
    start = next((i for i, ch in enumerate(text) if ch in "{["), None)
    if start is None:
        return None
    try:
        _, end = _DECODER.raw_decode(text, start)
    except ValueError:
        return None
    return text[start:end]


def schema_instruction(schema: dict[str, Any]) -> str:
    """Prompt text for servers that cannot enforce a schema themselves."""
    return (
        "Respond with a single JSON object only, no prose and no code fences. "
        "It must match this JSON schema:\n" + json.dumps(schema, separators=(",", ":"))
    )


def normalise_json_text(text: str, repair: bool = False) -> str:
    """Re-serialise the JSON found in a reply (fences and prose dropped), repaired when
    `repair` and it cannot be read as it is; else keep the text."""
    try:
        return json.dumps(extract_json(text), ensure_ascii=False)
    except LLMError:
        repaired = repair_json(text) if repair else None
        return text if repaired is None else json.dumps(repaired, ensure_ascii=False)
