"""A scripted loopback model for studies (docs/interviews.md#studies): three personas answer
one guide; each answer follows from what the interviewer asked, each AI interviewer decision
from the persona's last answer, and the synthesis codes every answer by its words. Every
figure the tests expect is worked out from ANSWERS, DECISIONS and the coding rule below."""

from __future__ import annotations

import json
import re
from typing import Any

from colloquy.domain.studies.prompts import CODING_SYSTEM, THEMES_SYSTEM
from support.interview_script import INTERVIEWER_SYSTEM, last_answer

GUIDE = ["What do you think of the pouch?", "Would you buy it?"]
PERSONAS = {"p1": "Sarah Chen", "p2": "Marcus Johnson", "p3": "Emily Rodriguez"}
# (persona name, a phrase of what was asked) -> the answer.
ANSWERS = {
    ("Sarah Chen", "think of the pouch"): "I like the pouch because it is compostable.",
    ("Sarah Chen", "being compostable"): "Compostable matters because plastic waste upsets me.",
    ("Sarah Chen", "buy it"): "Yes, I would buy it at a fair price.",
    ("Sarah Chen", "fair price"): "A fair price matters because I budget every month.",
    ("Marcus Johnson", "think of the pouch"): "The pouch looks flimsy to me.",
    ("Marcus Johnson", "by flimsy"): "Flimsy means it could tear when my kids grab it.",
    ("Marcus Johnson", "buy it"): "Only if the price is low.",
    ("Marcus Johnson", "low price"): "A low price matters because groceries cost so much now.",
    ("Emily Rodriguez", "think of the pouch"): "It is compostable, which I love.",
    ("Emily Rodriguez", "compostable packaging"): "Last week I composted a coffee bag at home.",
    ("Emily Rodriguez", "buy it"): "Probably, if the price is fair.",
    ("Emily Rodriguez", "price is fair"): "For example, a fair price is what I pay now.",
}
# The persona's last answer -> the interviewer's move (each follow-up uses its words).
DECISIONS = {
    "I like the pouch because it is compostable.": (
        "ladder",
        "names a benefit",
        "Why does being compostable matter to you?",
    ),
    "Yes, I would buy it at a fair price.": (
        "ladder",
        "names a condition",
        "Why does a fair price matter to you?",
    ),
    "The pouch looks flimsy to me.": ("clarify", "a vague word", "What do you mean by flimsy?"),
    "Only if the price is low.": (
        "ladder",
        "names a condition",
        "Why does a low price matter to you?",
    ),
    "It is compostable, which I love.": (
        "example",
        "a general liking",
        "Can you give an example of when compostable packaging mattered to you?",
    ),
    "Probably, if the price is fair.": (
        "example",
        "a condition",
        "Can you give an example of a price is fair for you?",
    ),
}
THEMES = {
    "themes": [
        {"label": "Compostable material", "description": "The pouch can be composted"},
        {"label": "Price", "description": "Buying depends on the price"},
    ]
}
_ANSWER = re.compile(r"^\[(\d+)\] (.*)$", re.MULTILINE)


def _system(body: dict[str, Any]) -> str:
    return "\n".join(m["content"] for m in body["messages"] if m["role"] == "system")


def _user(body: dict[str, Any]) -> str:
    return str(body["messages"][-1]["content"])


def codes(answer: str) -> list[dict[str, Any]]:
    """The coding rule: an answer with 'compostable' or 'composted' is coded under T1, one
    with 'price' under T2; the quote is the answer without its final full stop."""
    words = answer.rstrip(".")
    found = []
    if "ompost" in answer:
        found.append(("T1", words))
    if "price" in answer:
        found.append(("T2", words))
    return [{"theme": t, "quote": q, "stance": "for"} for t, q in found]


def responder(body: dict[str, Any]) -> Any:
    system = _system(body)
    if system.startswith(THEMES_SYSTEM):
        return json.dumps(THEMES)
    if system.startswith(CODING_SYSTEM):
        quotes = [
            {**c, "answer": int(n)} for n, text in _ANSWER.findall(_user(body)) for c in codes(text)
        ]
        return json.dumps({"quotes": quotes})
    if system.startswith(INTERVIEWER_SYSTEM):
        action, reason, question = DECISIONS.get(
            last_answer(_user(body)), ("move_on", "covered", "")
        )
        return json.dumps({"action": action, "reason": reason, "question": question})
    user = _user(body)
    asked = user.split("The interviewer now asks you:", 1)[1].split("\n", 1)[0]
    name = next((n for n in PERSONAS.values() if n in system), "")
    return next(
        (a for (who, k), a in ANSWERS.items() if who == name and k in asked), "I am not sure."
    )


def study_body(**settings: Any) -> dict[str, Any]:
    return {
        "name": "Pouch study",
        "questions": GUIDE,
        "personaIds": list(PERSONAS),
        "settings": {"moderator": "ai", "maxProbes": 1, "responseLength": "brief", **settings},
    }
