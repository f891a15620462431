"""What the synthesis asks the model, and reading its replies (docs/synthesis.md, "How the
model is used"). Two kinds of call: one proposes the themes from every respondent's answers;
then one per respondent codes that respondent's answers under those themes, as verbatim
quotes with a stance. Messages are numbered in the prompt ([1], [2], ...) so the model cites a
short number, never a stored id it could garble.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from colloquy.domain.studies.coding import STANCES

MAX_THEMES = 8
LABEL_MAX_CHARS = 80
DESCRIPTION_MAX_CHARS = 300
EXCERPT_MAX_CHARS = 600  # of one answer, in the themes prompt
THEMES_PROMPT_MAX_CHARS = 24_000  # the answers shown to the themes call, all respondents

THEMES_SYSTEM = (
    "You are a qualitative researcher. Read interview and focus group answers and name the "
    "themes that recur across respondents. A theme is a short noun phrase (what people talk "
    "about), with one sentence saying what it covers. Reply with JSON only."
)
CODING_SYSTEM = (
    "You are a qualitative researcher coding one respondent's answers. For each theme the "
    "respondent speaks to, copy the exact words from one numbered answer (a verbatim quote: "
    "copied character for character, no paraphrase, no added quotation marks) and say whether "
    "the respondent is for, against or neutral about that theme. Skip themes they do not "
    "mention. Reply with JSON only."
)

THEMES_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "themes": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {"label": {"type": "string"}, "description": {"type": "string"}},
                "required": ["label", "description"],
            },
        }
    },
    "required": ["themes"],
}
CODING_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "quotes": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "theme": {"type": "string"},
                    "answer": {"type": "integer"},
                    "quote": {"type": "string"},
                    "stance": {"type": "string", "enum": list(STANCES)},
                },
                "required": ["theme", "answer", "quote", "stance"],
            },
        }
    },
    "required": ["quotes"],
}


def _clip(text: Any, limit: int) -> str:
    return " ".join(str(text or "").split())[:limit]


def themes_prompt(answers: Mapping[str, Sequence[str]]) -> str:
    """Respondent label -> their answers, each cut to EXCERPT_MAX_CHARS; the whole within
    THEMES_PROMPT_MAX_CHARS (later answers left out first, every respondent kept)."""
    blocks = []
    budget = THEMES_PROMPT_MAX_CHARS // max(1, len(answers))
    for who, texts in answers.items():
        block, used = [f"Respondent {who}:"], 0
        for text in texts:
            line = "- " + _clip(text, EXCERPT_MAX_CHARS)
            if used + len(line) > budget and used:
                break
            block.append(line)
            used += len(line)
        blocks.append("\n".join(block))
    return (
        f"Answers of {len(answers)} respondents:\n\n"
        + "\n\n".join(blocks)
        + f"\n\nName at most {MAX_THEMES} themes that recur across these respondents, as "
        '{"themes": [{"label": "...", "description": "..."}]}.'
    )


def parse_themes(doc: Any) -> list[dict[str, str]]:
    """The proposed themes with ids T1, T2, ... in the model's order; unnamed and repeated
    labels dropped, at most MAX_THEMES."""
    items = doc.get("themes") if isinstance(doc, dict) else doc
    themes: list[dict[str, str]] = []
    seen: set[str] = set()
    for item in items if isinstance(items, list) else []:
        if isinstance(item, str):
            item = {"label": item}
        if not isinstance(item, dict):
            continue
        label = _clip(item.get("label") or item.get("theme") or item.get("name"), LABEL_MAX_CHARS)
        if not label or label.casefold() in seen:
            continue
        seen.add(label.casefold())
        description = _clip(item.get("description"), DESCRIPTION_MAX_CHARS)
        themes.append({"id": f"T{len(themes) + 1}", "label": label, "description": description})
    return themes[:MAX_THEMES]


def coding_prompt(themes: Sequence[Mapping[str, str]], answers: Sequence[str]) -> str:
    theme_lines = "\n".join(f"{t['id']}: {t['label']} - {t['description']}" for t in themes)
    answer_lines = "\n".join(f"[{i}] {text}" for i, text in enumerate(answers, 1))
    return (
        f"Themes:\n{theme_lines}\n\nThe respondent's answers:\n{answer_lines}\n\n"
        'Reply as {"quotes": [{"theme": "T1", "answer": 1, "quote": "exact words", '
        '"stance": "for|against|neutral"}]}.'
    )


def parse_coding(doc: Any) -> list[dict[str, Any]]:
    """The model's quotes as given (theme id, answer number, quote, stance); items without
    the right types are dropped here, the rest is checked against the transcript later."""
    items = doc.get("quotes") if isinstance(doc, dict) else doc
    found = []
    for item in items if isinstance(items, list) else []:
        if not isinstance(item, dict):
            continue
        answer = item.get("answer")
        if isinstance(answer, str) and answer.strip().strip("[]").isdigit():
            answer = int(answer.strip().strip("[]"))
        if not isinstance(answer, int) or isinstance(answer, bool):
            continue
        stance = str(item.get("stance") or "neutral").strip().lower()
        found.append(
            {
                "theme": str(item.get("theme") or "").strip(),
                "answer": answer,
                "quote": str(item.get("quote") or ""),
                "stance": stance if stance in STANCES else "neutral",
            }
        )
    return found
