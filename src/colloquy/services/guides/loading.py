"""Reading a guide file (YAML or JSON): every load is validated, and every problem names
its line and field. PyYAML's node tree gives the lines; JSON is read as YAML (a JSON
document is YAML), with Python's JSON reader as a fallback for what YAML refuses (tabs)."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import Any

import yaml
from pydantic import ValidationError

from colloquy.domain.guides.problems import GuideProblem, Lines, Loc, problem
from colloquy.errors import ValidationFailed
from colloquy.services.guides.models import FocusGroupGuide, Guide, SurveyGuide

MAX_GUIDE_BYTES = 1_000_000
KINDS: dict[str, type[FocusGroupGuide | SurveyGuide]] = {
    "focus-group": FocusGroupGuide,
    "survey": SurveyGuide,
}


class GuideInvalid(ValidationFailed):
    """A guide that cannot be used; `problems` name the line and field of each."""

    code = "guide_invalid"

    def __init__(self, problems: Sequence[GuideProblem]) -> None:
        self.problems = list(problems)
        super().__init__([str(p) for p in self.problems])
        self.extra = {
            "problems": [{"field": p.field, "message": p.message, "line": p.line} for p in problems]
        }


# PyYAML ships no type information (and no stub package is installed): its loader is Any.
class _LineLoader(yaml.SafeLoader):  # type: ignore[misc]
    """Safe YAML, keeping where each key and item is. Only true and false are booleans (as
    in YAML 1.2 and JSON): an answer scale's "No" and "Yes" stay words."""


_BOOL = "tag:yaml.org,2002:bool"
_LineLoader.yaml_implicit_resolvers = {
    first: [(tag, rx) for tag, rx in resolvers if tag != _BOOL]
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}
_LineLoader.add_implicit_resolver(
    _BOOL, re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF")
)


def _walk(node: yaml.Node, loc: Loc, lines: dict[Loc, int], dupes: list[GuideProblem]) -> None:
    if isinstance(node, yaml.MappingNode):
        seen: set[Any] = set()
        for key_node, value_node in node.value:
            key = key_node.value if isinstance(key_node, yaml.ScalarNode) else str(key_node.value)
            here = (*loc, key)
            if key in seen:
                dupes.append(problem(here, "Duplicate key", {here: key_node.start_mark.line + 1}))
            seen.add(key)
            lines[here] = key_node.start_mark.line + 1
            _walk(value_node, here, lines, dupes)
    elif isinstance(node, yaml.SequenceNode):
        for i, item in enumerate(node.value):
            lines[(*loc, i)] = item.start_mark.line + 1
            _walk(item, (*loc, i), lines, dupes)


def parse_text(text: str) -> tuple[Any, Lines]:
    """The document and the line of each key and item; GuideInvalid for broken syntax."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_GUIDE_BYTES:
        raise GuideInvalid([GuideProblem("", "The guide is larger than 1 MB")])
    loader: _LineLoader | None = None
    try:
        loader = _LineLoader(text)  # the reader refuses control characters at once
        node = loader.get_single_node()
        if node is None:
            raise GuideInvalid([GuideProblem("", "The guide is empty", 1)])
        data = loader.construct_document(node)
    except yaml.YAMLError as exc:
        try:
            return json.loads(text), {}
        except ValueError:
            pass
        mark = getattr(exc, "problem_mark", None)
        reason = getattr(exc, "problem", None) or "not valid YAML or JSON"
        line = mark.line + 1 if mark is not None else None
        raise GuideInvalid([GuideProblem("", f"Cannot read the guide: {reason}", line)]) from None
    finally:
        if loader is not None:
            loader.dispose()
    lines: dict[Loc, int] = {(): node.start_mark.line + 1}
    dupes: list[GuideProblem] = []
    _walk(node, (), lines, dupes)
    if dupes:
        raise GuideInvalid(dupes)
    return data, lines


_TYPE_TAGS = {"str", "int", "bool", "float", "list", "dict", "none", "constrained-str"}


def _is_union_tag(part: str | int) -> bool:
    """Pydantic names the union branch it tried (str, CustomScale, function-after[...])."""
    if not isinstance(part, str):
        return False
    return part in _TYPE_TAGS or part[:1].isupper() or "[" in part or "-" in part


def _pydantic_problems(err: ValidationError, lines: Lines) -> list[GuideProblem]:
    out = []
    for e in err.errors(include_url=False):
        loc = tuple(e["loc"])
        # Union branches add their type name to the path; the file has no such key.
        loc = tuple(p for p in loc if not _is_union_tag(p))
        if e["type"] == "extra_forbidden":
            message = "Unknown key"
        elif e["type"] == "missing":
            message = "Required"
        else:
            message = e["msg"].removeprefix("Value error, ")
        out.append(problem(loc, message, lines))
    return list(dict.fromkeys(out))


def validate_guide(data: Any, lines: Lines | None = None) -> Guide:
    """A parsed document as a guide of its `kind`; GuideInvalid naming line and field."""
    lines = lines or {}
    if not isinstance(data, dict):
        raise GuideInvalid([problem((), "A guide is a mapping of keys (kind, name, ...)", lines)])
    kind = data.get("kind")
    if kind not in KINDS:
        message = "kind must be focus-group or survey" if kind is not None else "Required"
        raise GuideInvalid([problem(("kind",), message, lines)])
    try:
        return KINDS[kind].model_validate(data)
    except ValidationError as err:
        raise GuideInvalid(_pydantic_problems(err, lines)) from None


def load_guide(text: str) -> tuple[Guide, Lines]:
    """Parse and validate a guide file's text."""
    data, lines = parse_text(text)
    return validate_guide(data, lines), lines


def dump_guide(guide: dict[str, Any], fmt: str = "yaml") -> str:
    """A guide (as a dict) as file text: YAML in the order of the format, or JSON."""
    if fmt == "json":
        return json.dumps(guide, indent=2, ensure_ascii=False) + "\n"
    text: str = yaml.safe_dump(guide, sort_keys=False, allow_unicode=True, width=100)
    return text
