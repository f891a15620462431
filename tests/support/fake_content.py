"""What the fake model servers say: persona-style answers and schema-shaped JSON.

Deterministic (seeded by the request text) so tests and benchmarks are repeatable.
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

_OPENINGS = [
    "Honestly, {topic} sounds good to me.",
    "I have mixed feelings about {topic}.",
    "My first reaction to {topic} is that the price would matter a lot.",
    "I love the idea behind {topic}, it feels fresh.",
    "To be fair, {topic} seems a bit disappointing compared to what I use now.",
    "I'd need to see {topic} in a store before deciding.",
]
_FOLLOWUPS = [
    "As someone who reads labels carefully, I'd want to know what is actually in it.",
    "If my friends were using it, I'd probably give it a try.",
    "The packaging is the first thing I notice, and this one is great.",
    "I usually stick with brands I know, so it would have to earn my trust.",
    "For my budget it needs to last, otherwise it is a bad deal.",
    "I agree with what others said about convenience, that is the best part.",
]
_PIECE = re.compile(r"\S+\s*|\s+")
_SCHEMA_IN_PROMPT = re.compile(r"JSON schema:\s*(\{.*\})\s*$", re.DOTALL)


def seed_of(*parts: str) -> int:
    return int(hashlib.sha256("\x00".join(parts).encode()).hexdigest()[:8], 16)


def persona_reply(system: str, question: str) -> str:
    """A two-sentence focus-group answer that mentions the question's topic."""
    seed = seed_of(system, question)
    words = re.findall(r"[A-Za-z][A-Za-z'-]+", question)
    topic = " ".join(words[-4:]).lower() if words else "this"
    first = _OPENINGS[seed % len(_OPENINGS)].format(topic=f"the {topic}" if words else topic)
    second = _FOLLOWUPS[(seed // 7) % len(_FOLLOWUPS)]
    return f"{first} {second}"


def pieces(text: str) -> list[str]:
    """Split text into word-sized stream chunks; each counts as one completion token."""
    return _PIECE.findall(text)


def count_tokens(text: str) -> int:
    return len(text.split())


def prompt_text(messages: list[dict[str, Any]]) -> str:
    out = []
    for m in messages:
        content = m.get("content")
        if isinstance(content, str):
            out.append(content)
        elif isinstance(content, list):
            out += [p.get("text", "") for p in content if isinstance(p, dict)]
    return "\n".join(out)


def schema_from_prompt(text: str) -> dict[str, Any] | None:
    """The schema a client put at the end of its system prompt
    (colloquy.llm.json_output.schema_instruction)."""
    match = _SCHEMA_IN_PROMPT.search(text)
    if not match:
        return None
    try:
        return json.loads(match.group(1))
    except ValueError:
        return None


def sample_from_schema(
    schema: dict[str, Any], root: dict[str, Any] | None = None, name: str = "value", index: int = 0
) -> Any:
    """A value that satisfies a (pydantic-style) JSON schema: $ref/$defs, anyOf, enums,
    bounds and array lengths. Strings name their field so replies are easy to read."""
    root = root or schema
    if "$ref" in schema:
        target: Any = root
        for part in schema["$ref"].lstrip("#/").split("/"):
            target = target[part]
        return sample_from_schema(target, root, name, index)
    for key in ("anyOf", "oneOf", "allOf"):
        if key in schema:
            options = [s for s in schema[key] if s.get("type") != "null"] or schema[key]
            return sample_from_schema(options[0], root, name, index)
    if "const" in schema:
        return schema["const"]
    if "enum" in schema:
        return schema["enum"][index % len(schema["enum"])]
    kind = schema.get("type", "object" if "properties" in schema else "string")
    if isinstance(kind, list):
        kind = next((k for k in kind if k != "null"), "string")
    if kind == "object":
        props = schema.get("properties", {})
        return {k: sample_from_schema(v, root, k, index) for k, v in props.items()}
    if kind == "array":
        low = schema.get("minItems", 2)
        count = min(max(low, 2), schema.get("maxItems", max(low, 2)))
        return [sample_from_schema(schema.get("items", {}), root, name, i) for i in range(count)]
    if kind in ("integer", "number"):
        lo = schema.get("minimum", schema.get("exclusiveMinimum", 0))
        hi = schema.get("maximum", schema.get("exclusiveMaximum", max(lo, 0) + 100))
        value = lo + (hi - lo) * ((index * 37 + 50) % 100) / 100
        return round(value) if kind == "integer" else round(value, 2)
    if kind == "boolean":
        return index % 2 == 0
    if kind == "null":
        return None
    text = f"Example {name.replace('_', ' ')} {index + 1}"
    return text[: schema["maxLength"]] if "maxLength" in schema else text
