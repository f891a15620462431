"""The scripted demo session of SPEC §2 'Demo session' and §4 'Demo playback'.

Why scripted: the demo must work offline and instantly, so five personas discuss an
eco-friendly packaging concept with fixed replies; no model is called. The replies use
the spec's sentiment keywords on purpose, so the emoji vary as the demo plays. The same
script drives the browser player (GET /api/demo-script) and the stored session 'demo'.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from .constants import DEMO_SPEEDS, MODERATOR_SPEAKER, TRAITS
from .enrichment import enrich
from .sentiment import sentiment_of
from .tokens import estimate_tokens

DEMO_SESSION_ID = "demo"
DEMO_IMAGE_URL = "/demo/eco-packaging.svg"  # shipped by the frontend, no network needed
# Playback waits of SPEC §4 at 1x; the player divides them by the speed factor.
AFTER_MODERATOR_MS = 1000
TYPING_MS = 1500
BETWEEN_QUESTIONS_MS = 2000
COMPLETION_DELAY_MS = 1000

NAME = "Eco-Friendly Packaging Study"
DESCRIPTION = (
    "A scripted focus group: five consumers react to a compostable snack pouch "
    "made from kraft paper with plant-based inks."
)
STIMULUS = {
    "id": "demo-stimulus-1",
    "type": "image",
    "title": "Compostable snack pouch concept",
    "content": DEMO_IMAGE_URL,
    "description": "Kraft-paper pouch, plant-based inks, home-compostable seal.",
}
SETTINGS = {"responseLength": "moderate", "discussionMode": "sequential", "autoAdvance": False}
MODERATOR_STYLE = "casual"

# id, name, age, gender, location, income, (O, C, E, A, N), interests
_PERSONAS: tuple[tuple[Any, ...], ...] = (
    (
        "demo-p1",
        "Maya Green",
        29,
        "Female",
        "Portland, OR",
        "$60-100k",
        (88, 60, 70, 75, 35),
        ["Zero-waste living", "Farmers markets", "Yoga", "Upcycling", "Hiking"],
    ),
    (
        "demo-p2",
        "Frank Morrison",
        61,
        "Male",
        "Dallas, TX",
        "$100k+",
        (28, 82, 45, 38, 55),
        ["Golf", "Woodworking", "Personal finance", "Classic cars"],
    ),
    (
        "demo-p3",
        "Priya Shah",
        34,
        "Female",
        "Chicago, IL",
        "$150k+",
        (72, 90, 50, 55, 40),
        ["Product design", "Running", "Tech gadgets", "Cooking"],
    ),
    (
        "demo-p4",
        "Alex Rivera",
        23,
        "Non-binary",
        "Miami, FL",
        "Under $30k",
        (80, 25, 86, 66, 62),
        ["Thrifting", "Music festivals", "Social media", "Street art"],
    ),
    (
        "demo-p5",
        "Marcus Bell",
        45,
        "Male",
        "Columbus, OH",
        "$30-60k",
        (45, 55, 28, 72, 76),
        ["Coupons", "Family time", "Fishing", "Home repair"],
    ),
)

# Per question: the question, then one reply per persona in the order above.
_SCRIPT: tuple[tuple[str, tuple[str, ...]], ...] = (
    (
        "What is your first impression of this packaging?",
        (
            (
                "I love it. The kraft paper and plant-based ink feel honest, and I can see it goes "
                "straight into my compost bin."
            ),
            (
                "Honestly it looks a bit flimsy to me. I'd want to know it protects the chips during "
                "shipping before I get excited about the recycled look."
            ),
            (
                "The design is clean and the label is easy to read, which is good. I'd like the "
                "certification details printed more clearly on the front."
            ),
            (
                "It's giving farmers-market vibes, honestly amazing for photos. My friends would "
                "totally post this."
            ),
            (
                "It looks nice, but my first thought is that it's going to cost more. Packaging like "
                "this usually means a higher price tag for my family."
            ),
        ),
    ),
    (
        "How important is sustainable packaging when you choose a product?",
        (
            (
                "It's one of the first things I check. If two products are similar, I pick the one "
                "with less plastic, even if it means a trip to another store."
            ),
            (
                "Not very important, if I'm honest. Quality and price come first; I've never chosen "
                "a brand because of its box."
            ),
            (
                "It matters, but only when it's real. Vague green claims without proof are a bad sign; "
                "clear data on recycled content is what earns my trust."
            ),
            (
                "Super important. My generation sees the plastic problem every day, and brands that "
                "ignore it feel out of touch."
            ),
            (
                "I care about it, but when money is tight, price wins. Sustainable packaging is good "
                "as long as it doesn't add to my grocery bill."
            ),
        ),
    ),
    (
        "Would you pay more for a product in this packaging? How much more?",
        (
            (
                "Yes, up to 15% more without thinking twice. Paying a little extra for the best option "
                "for the planet feels perfect to me."
            ),
            (
                "No. Charging extra for a paper bag is a terrible idea; packaging should be part of "
                "what the company already pays for."
            ),
            (
                "Maybe 5 to 10% more, if the pouch keeps the snacks fresh and a third party verifies "
                "the compostable claim."
            ),
            "A dollar, tops. I'm on a student budget, so anything more is a hard pass for me.",
            (
                "I can't pay more right now. It would be awful to choose between eco packaging and "
                "feeding my kids, so the price has to stay the same."
            ),
        ),
    ),
    (
        "What would make this packaging better, or stop you from buying it?",
        (
            (
                "Offer a refill or return program and print clear composting instructions. That "
                "would be excellent."
            ),
            (
                "Make it sturdy. If it arrives crushed or goes stale, that's the worst outcome and "
                "I'd go back to my usual brand."
            ),
            (
                "Show the numbers: recycled content, carbon saved, and how to dispose of each part. "
                "A QR code with the details would be great."
            ),
            (
                "Add some personality, like fun messages inside or an artist collab. Plain brown "
                "feels like a poor fit for shelves full of bright colors."
            ),
            (
                "Keep the price the same as the regular bag and stock it at my usual store. Then "
                "I'd happily switch."
            ),
        ),
    ),
)


def demo_personas() -> list[dict[str, Any]]:
    """The five participants as full persona dicts, with their derived `enriched` data."""
    personas = []
    for pid, name, age, gender, location, income, traits, interests in _PERSONAS:
        persona = {
            "id": pid,
            "name": name,
            "age": age,
            "gender": gender,
            "location": location,
            "income": income,
            "traits": dict(zip(TRAITS, traits)),
            "interests": list(interests),
        }
        persona["enriched"] = enrich(persona)
        personas.append(persona)
    return personas


def demo_questions() -> list[str]:
    return [question for question, _ in _SCRIPT]


def demo_script() -> dict[str, Any]:
    """Everything the browser player needs; sentiment is precomputed by the spec's rule."""
    personas = demo_personas()
    return {
        "sessionId": DEMO_SESSION_ID,
        "name": NAME,
        "description": DESCRIPTION,
        "stimulus": dict(STIMULUS),
        "participants": personas,
        "questions": demo_questions(),
        "script": [
            {
                "questionIndex": q,
                "question": question,
                "responses": [
                    {
                        "personaId": p["id"],
                        "speaker": p["name"],
                        "content": text,
                        "sentiment": sentiment_of(text),
                    }
                    for p, text in zip(personas, replies)
                ],
            }
            for q, (question, replies) in enumerate(_SCRIPT)
        ],
        "timing": {
            "afterModeratorMs": AFTER_MODERATOR_MS,
            "typingMs": TYPING_MS,
            "betweenQuestionsMs": BETWEEN_QUESTIONS_MS,
            "completionDelayMs": COMPLETION_DELAY_MS,
            "speeds": list(DEMO_SPEEDS),
        },
    }


def _offsets_ms(speed: float) -> list[int]:
    """When each message appears, in ms from the first: the playback's own waits."""
    offsets, t = [], 0.0
    for q, (_, replies) in enumerate(_SCRIPT):
        if q:
            t += BETWEEN_QUESTIONS_MS / speed
        offsets.append(round(t))
        t += AFTER_MODERATOR_MS / speed
        for _ in replies:
            t += TYPING_MS / speed
            offsets.append(round(t))
    return offsets


def demo_messages(finished_at: datetime, speed: float = 1) -> list[dict[str, Any]]:
    """The stored transcript: each question as a Moderator message, then every reply,
    timed as the playback showed them and ending at `finished_at`. Replies carry the
    keyword sentiment and the spec's token estimate; moderator messages have neither."""
    speed = speed if speed in DEMO_SPEEDS else 1
    offsets = _offsets_ms(speed)
    start = finished_at - timedelta(milliseconds=offsets[-1])
    personas = demo_personas()
    messages: list[dict[str, Any]] = []
    for q, (question, replies) in enumerate(_SCRIPT):
        messages.append(
            {
                "speaker": MODERATOR_SPEAKER,
                "content": question,
                "sentiment": None,
                "personaId": None,
                "questionIndex": q,
                "round": 0,
                "participantIndex": None,
                "kind": "question",
                "tokens": 0,
            }
        )
        for i, (persona, text) in enumerate(zip(personas, replies)):
            messages.append(
                {
                    "speaker": persona["name"],
                    "content": text,
                    "sentiment": sentiment_of(text),
                    "personaId": persona["id"],
                    "questionIndex": q,
                    "round": 0,
                    "participantIndex": i,
                    "kind": "response",
                    "tokens": estimate_tokens(text),
                }
            )
    for seq, (message, offset) in enumerate(zip(messages, offsets)):
        message["seq"] = seq
        message["timestamp"] = start + timedelta(milliseconds=offset)
    return messages
