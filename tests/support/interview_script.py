"""A scripted loopback model for interviews (docs/interviews.md): the persona's answer
follows from what the interviewer asked, and the interviewer's decision follows from the
persona's last answer, so a test can check that each follow-up builds on the answer before.
"""

from __future__ import annotations

import json
from typing import Any

from support.fake_openai import default_responder

INTERVIEWER_SYSTEM = "You are an experienced qualitative researcher"
GUIDE = ["What do you think of the pouch?", "Would you buy it?"]

# What the persona says, keyed by a phrase of what it was asked.
ANSWERS = {
    "think of the pouch": "I like the pouch because it is compostable.",
    "compostable matter": "Compostable matters because my kids keep asking about waste.",
    "kids asked about waste": "Last week my daughter sorted the whole recycling bin herself.",
    "buy it": "Maybe, if the price is fair for a family like mine.",
    "Why does that matter": "A fair price matters because money is tight this year.",
}
# The interviewer's move, keyed by a word of the persona's last answer (the first match).
DECISIONS = {
    "compostable.": ("ladder", "names a benefit", "Why does being compostable matter to you?"),
    "kids": (
        "example",
        "a general claim",
        "Can you give an example of when your kids asked about waste?",
    ),
    "money": ("move_on", "the reason is clear", ""),
    "price": ("ladder", "price named", "Don't you think the price is too high?"),  # leading
}


def _system(body: dict[str, Any]) -> str:
    return next((m["content"] for m in body["messages"] if m["role"] == "system"), "")


def _user(body: dict[str, Any]) -> str:
    return str(body["messages"][-1]["content"])


def last_answer(decision_prompt: str) -> str:
    """The persona's last line in the interviewer's decision prompt."""
    lines = decision_prompt.split("\n\n")[1].splitlines()  # the exchange block
    return lines[-1].split(": ", 1)[1]


def responder(body: dict[str, Any]) -> Any:
    if _system(body).startswith(INTERVIEWER_SYSTEM):
        answer = last_answer(_user(body))
        action, reason, question = next(
            (v for k, v in DECISIONS.items() if k in answer), ("move_on", "done", "")
        )
        return json.dumps({"action": action, "reason": reason, "question": question})
    user = _user(body)
    if "The interviewer now asks you:" in user:
        asked = user.split("The interviewer now asks you:", 1)[1].split("\n", 1)[0]
        return next((v for k, v in ANSWERS.items() if k in asked), "I am not sure, really.")
    return default_responder(body)


def interview_body(**settings: Any) -> dict[str, Any]:
    return {
        "name": "Pouch interview",
        "kind": "interview",
        "participantIds": ["p1"],
        "moderatorStyle": "probing",
        "questions": GUIDE,
        "settings": {"responseLength": "brief", "moderator": "ai", **settings},
    }


# The transcript the script gives with the AI interviewer and 2 follow-ups per topic:
# (kind, question, round) of every message, in order.
EXPECTED = [
    ("question", 0, 0),
    ("response", 0, 0),
    ("probe", 0, 1),
    ("response", 0, 1),
    ("probe", 0, 2),
    ("response", 0, 2),
    ("summary", 0, 3),  # the stop rule: 2 follow-ups asked
    ("question", 1, 0),
    ("response", 1, 0),
    ("probe", 1, 1),  # the model's leading question refused, the neutral one asked
    ("response", 1, 1),
    ("summary", 1, 2),  # the model moved on
]
