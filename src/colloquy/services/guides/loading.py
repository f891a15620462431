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
from colloquy.services.guides.guide_format import (
    FocusGroupGuide,
    Guide,
    InterviewGuide,
    StudyGuide,
    SurveyGuide,
)

MAX_GUIDE_BYTES = 1_000_000
# An alias repeats what its anchor holds: a few hundred bytes of anchors, each repeating the
# one before ten times, stand for billions of values. Counted with every repeat expanded,
# a guide holds at most this many keys, values and items, nested at most this deep.
MAX_GUIDE_VALUES = 100_000
MAX_GUIDE_DEPTH = 32
MSG_TOO_MANY_VALUES = (
    f"The guide holds more than {MAX_GUIDE_VALUES:,} values once its aliases (*name) are expanded"
)
MSG_TOO_DEEP = f"The guide is nested more than {MAX_GUIDE_DEPTH} levels deep"
MSG_SELF_ALIAS = "An alias (*name) refers to the value that holds it"
KINDS: dict[str, type[FocusGroupGuide | SurveyGuide | StudyGuide]] = {
    "focus-group": FocusGroupGuide,
    "interview": InterviewGuide,
    "survey": SurveyGuide,
    "study": StudyGuide,
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
    in YAML 1.2 and JSON): an answer scale's "No" and "Yes" stay words. Nesting stops at
    MAX_GUIDE_DEPTH as the text is scanned: PyYAML's scanner slows with the square of the
    open brackets (100,000 took seconds) and composes nested values recursively."""

    def _too_deep(self) -> GuideInvalid:
        return GuideInvalid([GuideProblem("", MSG_TOO_DEEP, self.get_mark().line + 1)])

    def fetch_flow_collection_start(self, token_class: Any) -> None:
        if self.flow_level >= MAX_GUIDE_DEPTH:
            raise self._too_deep()
        super().fetch_flow_collection_start(token_class)

    def add_indent(self, column: int) -> bool:
        if len(self.indents) >= MAX_GUIDE_DEPTH:
            raise self._too_deep()
        added: bool = super().add_indent(column)
        return added


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


def _children(node: yaml.Node) -> list[yaml.Node]:
    if isinstance(node, yaml.MappingNode):
        return [n for pair in node.value for n in pair]
    if isinstance(node, yaml.SequenceNode):
        return list(node.value)
    return []


def check_size(root: yaml.Node) -> None:
    """GuideInvalid when the document, every alias expanded, holds more than
    MAX_GUIDE_VALUES values, nests deeper than MAX_GUIDE_DEPTH or holds itself. Each node
    is visited once (an alias is the same node again), so the check itself stays small."""
    size: dict[int, int] = {}
    depth: dict[int, int] = {}
    open_nodes: set[int] = set()
    stack: list[tuple[yaml.Node, bool]] = [(root, False)]
    while stack:
        node, children_done = stack.pop()
        key = id(node)
        if children_done:
            kids = _children(node)
            size[key] = 1 + sum(size[id(k)] for k in kids)
            depth[key] = 1 + max((depth[id(k)] for k in kids), default=0)
            open_nodes.discard(key)
            if size[key] > MAX_GUIDE_VALUES:
                raise GuideInvalid(
                    [GuideProblem("", MSG_TOO_MANY_VALUES, node.start_mark.line + 1)]
                )
            if depth[key] > MAX_GUIDE_DEPTH:
                raise GuideInvalid([GuideProblem("", MSG_TOO_DEEP, node.start_mark.line + 1)])
            continue
        if key in size:
            continue
        if key in open_nodes:
            raise GuideInvalid([GuideProblem("", MSG_SELF_ALIAS, node.start_mark.line + 1)])
        open_nodes.add(key)
        stack.append((node, True))
        stack += [(k, False) for k in _children(node) if id(k) not in size]


def _check_data(data: Any) -> None:
    """The same bounds for a guide read as JSON (a tree: no aliases)."""
    count = 0
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        value, level = stack.pop()
        count += 1
        if count > MAX_GUIDE_VALUES:
            raise GuideInvalid([GuideProblem("", MSG_TOO_MANY_VALUES)])
        if level > MAX_GUIDE_DEPTH:
            raise GuideInvalid([GuideProblem("", MSG_TOO_DEEP)])
        if isinstance(value, dict):
            stack += [(v, level + 1) for kv in value.items() for v in kv]
        elif isinstance(value, list):
            stack += [(v, level + 1) for v in value]


def _read_json(text: str) -> Any:
    try:
        data = json.loads(text)
    except RecursionError:
        raise GuideInvalid([GuideProblem("", MSG_TOO_DEEP)]) from None
    _check_data(data)
    return data


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
        check_size(node)
        data = loader.construct_document(node)
    except RecursionError:  # PyYAML composes nested values recursively
        raise GuideInvalid([GuideProblem("", MSG_TOO_DEEP)]) from None
    except yaml.YAMLError as exc:
        try:
            return _read_json(text), {}
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
        message = (
            "kind must be focus-group, interview, survey or study"
            if kind is not None
            else "Required"
        )
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
