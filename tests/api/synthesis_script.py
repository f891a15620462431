"""A scripted model for the synthesis tests and three hand-built sessions: a group of three
and two one-persona interviews. Every figure the tests expect is worked out from CODES."""

from __future__ import annotations

import re

from api.test_results_helpers import PARTICIPANTS, persona, seed_session
from colloquy.domain.studies.prompts import CODING_SYSTEM, THEMES_SYSTEM

THEMES = {
    "themes": [
        {"label": "Recycled paper", "description": "The material itself"},
        {"label": "Shipping worries", "description": "Damage in transit"},
    ]
}
# Answer text -> the quotes the scripted model codes it into (theme, quote, stance).
CODES = {
    "I love this packaging, the recycled paper looks great and sturdy.": [
        ("T1", "the recycled paper looks great and sturdy", "for"),
    ],
    "The packaging feels flimsy, honestly a bad choice for shipping.": [
        ("T1", "The packaging feels flimsy", "against"),
        ("T2", "a bad choice for shipping", "for"),
    ],
    "Packaging is fine. Paper, cardboard, whatever works.": [
        ("T1", "Paper is fine, whatever works", "neutral"),  # a paraphrase: dropped
    ],
    "Ben has a point about shipping, but the paper is still great.": [
        ("T2", "Ben has a point about shipping", "for"),
    ],
    "Fair enough, the recycled paper is good if it arrives intact.": [
        ("T1", "the recycled paper is good", "for"),
    ],
    "Shipping damage worries me more than anything.": [
        ("T2", "Shipping damage worries me", "for"),
        ("T7", "more than anything", "for"),  # a theme never proposed: dropped
    ],
    "The recycled paper is the reason I would buy it.": [
        ("T1", "The recycled paper is the reason I would buy it", "for"),
    ],
}
_ANSWER = re.compile(r"^\[(\d+)\] (.*)$", re.MULTILINE)


def system_text(body: dict) -> str:
    return "\n".join(m["content"] for m in body["messages"] if m["role"] == "system")


def user_text(body: dict) -> str:
    return "\n".join(m["content"] for m in body["messages"] if m["role"] == "user")


def scripted(body: dict) -> dict:
    system = system_text(body)
    if system.startswith(THEMES_SYSTEM):
        return THEMES
    assert system.startswith(CODING_SYSTEM), system
    quotes = []
    for number, text in _ANSWER.findall(user_text(body)):
        for theme, quote, stance in CODES[text]:
            quotes.append({"theme": theme, "answer": int(number), "quote": quote, "stance": stance})
    return {"quotes": quotes}


DEE = persona("pd", "Dee Moss", 62, "Female", "Leeds", "$60-100k", (20, 50, 50, 50, 50), ["Tea"])


def seed_three(client) -> list[str]:
    """The group (Ana, Ben, Cleo) and two interviews: Dee, and Ana again."""
    group = seed_session(client, "s-group")
    one = seed_session(
        client,
        "s-int1",
        name="Interview Dee",
        participants=[DEE],
        questions=["What worries you?"],
        transcript=[
            (None, "What worries you?", 0, 0, None),
            (0, "Shipping damage worries me more than anything.", 0, 0, "negative"),
        ],
    )
    two = seed_session(
        client,
        "s-int2",
        name="Interview Ana",
        participants=[PARTICIPANTS[0]],
        questions=["Would you buy it?"],
        transcript=[
            (None, "Would you buy it?", 0, 0, None),
            (0, "The recycled paper is the reason I would buy it.", 0, 0, "positive"),
        ],
    )
    return [group, one, two]
