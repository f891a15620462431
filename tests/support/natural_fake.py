"""A scripted model for natural mode and private answers (docs/natural-mode.md), for the fake
servers of tests, the benchmark and e2e: it honours the length a turn asks for ("about N words"),
answers the moderator and the bids, and marks private answers so a test can trace them.

    fake.set_responder(NaturalScript(names))

Turns are built from varied sentences (seeded by the request) cut to exactly N words, so
their meaning vectors differ; `address`: a function (speaker name, turn text) -> the name
the turn should open with ("Carla, ..."), or None.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from .fake_content import seed_of
from .fake_openai import default_responder

MODERATOR_SYSTEM = "You are the moderator of a market research focus group."
BID_SYSTEM = "You judge, for every participant of a focus group, how much they want"
_ABOUT = re.compile(r"about (\d+) words")
_NAME = re.compile(r"^You are ([^,]+),", re.MULTILINE)
_SENTENCES = [
    "The price is what decides it for me, I check every label twice.",
    "I like how the pouch feels in the hand, it is light and easy to carry.",
    "Honestly I worry that compostable packaging just ends up in the normal bin.",
    "My kids would love the colours, that matters more than people think.",
    "I would wait for a discount before trying something new like this.",
    "The brand has to earn my trust, I have been let down before.",
    "Convenience wins every time in our house, nobody has time to sort waste.",
    "It reminds me of a product my neighbour swears by, so I am curious.",
    "I do not see the point, what I use now works perfectly well.",
    "Same for me, it's the price.",
    "If the shop near work stocks it I would pick it up on the way home.",
    "Plastic free is nice, but the taste is what brings me back.",
    "Our recycling collection is only every two weeks, so space in the kitchen counts.",
    "I travel a lot for work and anything that leaks in a bag is out for good.",
    "My mother taught me to buy the store brand and I still mostly do that.",
    "Seeing a farmer or a real person on the label makes me trust it more.",
    "Subscriptions annoy me, I want to buy it once and walk away.",
    "Teenagers in my house eat straight from the pack, so it must reseal properly.",
    "I read reviews online before anything new goes in my basket.",
    "Colour and font look cheap to me, like a discount aisle product.",
    "The carbon footprint story convinces me less than the actual ingredients.",
    "Honestly, I just grab whatever is at eye level when I am in a hurry.",
    "Gyms near me hand out samples and that is how I discover most snacks.",
    "Weekly budgets are tight, every extra euro on packaging hurts.",
    "Bigger packs would suit our family of five much better than single pouches.",
    "The claim about ninety days sounds vague without some proof from a lab.",
    "Friends at the climbing club would laugh at me for paying extra for this.",
    "Retirement means I have time to compare prices across three supermarkets.",
    "A clear window in the pouch would let me see what I am paying for.",
    "Allergies in our family mean I look for the warning box first of all.",
]


def user_of(body: dict[str, Any]) -> str:
    content = [m for m in body["messages"] if m["role"] == "user"][-1]["content"]
    if isinstance(content, list):
        return "\n".join(p.get("text", "") for p in content if p.get("type") == "text")
    return str(content)


def system_of(body: dict[str, Any]) -> str:
    return next((m["content"] for m in body["messages"] if m["role"] == "system"), "")


def words_text(n: int, seed: int) -> str:
    """Exactly n words of varied sentences (the last one cut), chosen by `seed`."""
    out: list[str] = []
    i = seed
    while len(out) < n:
        out += _SENTENCES[i % len(_SENTENCES)].split()
        i = i * 31 + 7
    text = " ".join(out[:n])
    return text if text.endswith((".", "!", "?")) else text.rstrip(",") + "."


class NaturalScript:
    """Callable responder; counts what it was asked (turns, probes, bids, privates)."""

    def __init__(
        self,
        address: Callable[[str, str], str | None] | None = None,
        stance: Callable[[str, bool], int] | None = None,
        repeat: str | None = None,
    ) -> None:
        self.address = address
        self.stance = stance or (lambda name, after: 2 if not after else 4)
        self.repeat = repeat  # every turn says this (a discussion that runs dry)
        self.asked: list[int] = []  # words asked per turn, in order

    def __call__(self, body: dict[str, Any]) -> Any:
        system, user = system_of(body), user_of(body)
        if system.startswith(MODERATOR_SYSTEM):
            if "Sum up this question" in user:
                return "Most liked the pouch. Some worried about the price."
            quiet = re.search(r"^(.+?) has not said anything", user, re.MULTILINE)
            names = re.findall(r"^- ([^:]+): \d+$", user, re.MULTILINE)
            target = quiet.group(1) if quiet else names[0] if names else "Everyone"
            return f"{target}, what would change your mind?"
        if system.startswith(BID_SYSTEM):
            count = len(re.findall(r"^\d+\. ", user, re.MULTILINE))
            return " ".join(str((seed_of(user) >> i) % 10) for i in range(count))
        name_match = _NAME.search(system)
        name = name_match.group(1) if name_match else "Someone"
        if "nobody else in the group will see your answer" in user:
            after = "discussion of this question is over" in user
            when = "after" if after else "before"
            said = f"SECRET-{name}-{when}: privately I think it depends."
            return f"{said}\nStance: {self.stance(name, after)}"
        about = _ABOUT.search(user)
        if about is None:
            return default_responder(body)
        n = int(about.group(1))
        self.asked.append(n)
        to = self.address(name, user) if self.address else None
        text = self.repeat or words_text(max(n - 1, 1) if to else n, seed_of(system, user))
        return f"{to}, {text}" if to else text
