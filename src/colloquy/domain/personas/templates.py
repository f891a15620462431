"""Built-in data of product-rules §3: persona presets, the ten seed personas and new-persona defaults
(question templates, product-rules §9, are in question_templates.py).

Why functions returning copies: callers (services, API) mutate what they receive, and
the built-in data must stay pristine for the next caller.
"""

from __future__ import annotations

import copy
from typing import Any

from colloquy.domain.constants import TRAIT_DEFAULT, TRAITS


def _traits(o: int, c: int, e: int, a: int, n: int) -> dict[str, int]:
    return dict(zip(TRAITS, (o, c, e, a, n), strict=True))


_PRESETS: tuple[dict[str, Any], ...] = (
    {
        "id": "pain-sufferer",
        "name": "Pain Sufferer",
        "description": "Lives with chronic pain and looks for reliable, gentle relief",
        "data": {
            "age": 52,
            "gender": "Female",
            "location": "Phoenix, AZ",
            "income": "$60-100k",
            "traits": _traits(45, 65, 35, 70, 72),
            "interests": [
                "Pain management",
                "Natural remedies",
                "Gardening",
                "Family time",
                "Health research",
            ],
        },
    },
    {
        "id": "glp1-user",
        "name": "GLP-1 User",
        "description": "Uses a GLP-1 medication for weight management and tracks wellness",
        "data": {
            "age": 38,
            "gender": "Female",
            "location": "Los Angeles, CA",
            "income": "$100k+",
            "traits": _traits(65, 75, 55, 60, 55),
            "interests": [
                "Fitness",
                "Healthy eating",
                "Wellness apps",
                "Meal prep",
                "Self-improvement",
            ],
        },
    },
    {
        "id": "low-income-shopper",
        "name": "Low Income Shopper",
        "description": "Budget-conscious shopper who hunts for value and compares prices",
        "data": {
            "age": 34,
            "gender": "Male",
            "location": "Detroit, MI",
            "income": "$30-60k",
            "traits": _traits(40, 60, 45, 55, 62),
            "interests": ["Coupons", "Discount stores", "Family", "Sports", "DIY projects"],
        },
    },
)

_SEED: tuple[tuple[Any, ...], ...] = (
    # id, name, age, gender, location, income, (O, C, E, A, N), interests
    (
        "p1",
        "Sarah Chen",
        28,
        "Female",
        "San Francisco, CA",
        "$100k+",
        (85, 70, 60, 65, 35),
        ["Technology", "Sustainable living", "Yoga", "Travel"],
    ),
    (
        "p2",
        "Marcus Johnson",
        45,
        "Male",
        "Atlanta, GA",
        "$60-100k",
        (50, 80, 70, 55, 30),
        ["Sports", "Grilling", "Personal finance", "Family outings"],
    ),
    (
        "p3",
        "Emily Rodriguez",
        22,
        "Female",
        "Miami, FL",
        "Under $30k",
        (75, 40, 85, 70, 55),
        ["Social media", "Fashion", "Music festivals", "Beauty", "Dancing"],
    ),
    (
        "p4",
        "David Kim",
        35,
        "Male",
        "Seattle, WA",
        "$150k+",
        (70, 85, 40, 45, 25),
        ["Investing", "Specialty coffee", "Hiking", "Gadgets", "Productivity"],
    ),
    (
        "p5",
        "Jordan Taylor",
        31,
        "Non-binary",
        "Portland, OR",
        "$30-60k",
        (90, 45, 55, 80, 50),
        ["Art", "Vegan cooking", "Thrifting", "Climate activism"],
    ),
    (
        "p6",
        "Linda Walsh",
        58,
        "Female",
        "Columbus, OH",
        "$60-100k",
        (35, 75, 50, 75, 45),
        ["Gardening", "Baking", "Grandchildren", "Church community"],
    ),
    (
        "p7",
        "Robert Martinez",
        50,
        "Male",
        "Houston, TX",
        "$100k+",
        (40, 65, 75, 50, 40),
        ["Golf", "Cars", "Barbecue", "Football"],
    ),
    (
        "p8",
        "Aisha Patel",
        26,
        "Female",
        "Boston, MA",
        "$30-60k",
        (80, 60, 45, 60, 68),
        ["Skincare", "Reading", "Podcasts", "Wellness"],
    ),
    (
        "p9",
        "Tom Anderson",
        41,
        "Male",
        "Minneapolis, MN",
        "Under $30k",
        (45, 35, 30, 55, 72),
        ["Fishing", "Video games", "Bargain hunting"],
    ),
    (
        "p10",
        "Maya Thompson",
        37,
        "Female",
        "New York, NY",
        "$150k+",
        (65, 80, 80, 40, 50),
        ["Luxury brands", "Fine dining", "Fitness", "Travel", "Contemporary art"],
    ),
)

_NEW_PERSONA_DEFAULTS: dict[str, Any] = {
    "name": "",
    "age": 30,
    "gender": "Male",
    "location": "",
    "income": "$60-100k",
    "traits": dict.fromkeys(TRAITS, TRAIT_DEFAULT),
    "interests": [],
}


def persona_templates() -> list[dict[str, Any]]:
    """The three presets: [{id, name, description, data}]."""
    return copy.deepcopy(list(_PRESETS))


def persona_template(template_id: str) -> dict[str, Any] | None:
    """One preset by id, or None."""
    return next((t for t in persona_templates() if t["id"] == template_id), None)


def seed_personas() -> list[dict[str, Any]]:
    """The ten built-in personas p1..p10 installed into an empty library."""
    return [
        {
            "id": pid,
            "name": name,
            "age": age,
            "gender": gender,
            "location": location,
            "income": income,
            "traits": _traits(*traits),
            "interests": list(interests),
        }
        for pid, name, age, gender, location, income, traits, interests in _SEED
    ]


def new_persona_defaults() -> dict[str, Any]:
    """A blank persona form: age 30, Male, $60-100k, all traits 50, no interests."""
    return copy.deepcopy(_NEW_PERSONA_DEFAULTS)


# Ready-built module-level views for callers that only read them (API responses, seeding).
# Treat as read-only; the functions above return fresh copies for anything that mutates.
PERSONA_TEMPLATES: tuple[dict[str, Any], ...] = tuple(persona_templates())
SEED_PERSONAS: tuple[dict[str, Any], ...] = tuple(seed_personas())
