"""Derived ("enriched") persona attributes of product-rules §3, computed from the Big Five and
demographics by the rules of product-rules §9 "Derivation rules".

Why linear weights: where the product rules give no formula, each score is
    50 + sum(weight * (trait - 50))
with the weights' absolute values summing to at most 1, so a neutral persona (all 50)
scores 50 and the result naturally stays in 0-100; it is clamped anyway. The signs follow
the published Big Five correlates: Schwartz values (Roccas et al. 2002; Parks-Leduc et al.
2015), Gray's BIS/BAS (neuroticism / extraversion), need for cognition (openness,
conscientiousness), need for closure (conscientiousness, low openness).
Input traits are clamped to 0-100 and a missing or non-numeric trait counts as 50.
"""

from __future__ import annotations

from typing import Any

from colloquy.domain.constants import TRAIT_DEFAULT, TRAIT_HIGH_THRESHOLD, TRAITS
from colloquy.domain.numbers.mathutil import clamp, clamp_int, is_number, number_or
from colloquy.domain.personas.records import PersonaRecord
from colloquy.domain.personas.regions import region_of

VALUE_NAMES: tuple[str, ...] = (
    "security",
    "conformity",
    "tradition",
    "benevolence",
    "universalism",
    "self_direction",
    "stimulation",
    "hedonism",
    "achievement",
    "power",
)

# Weights on (trait - 50); keys are the first letter of each Big Five trait.
_VALUE_WEIGHTS: dict[str, dict[str, float]] = {
    "security": {"c": 0.4, "o": -0.3, "n": 0.3},
    "conformity": {"c": 0.4, "a": 0.3, "o": -0.3},
    "tradition": {"o": -0.5, "a": 0.3, "c": 0.2},
    "benevolence": {"a": 0.7, "e": 0.1},
    "universalism": {"o": 0.5, "a": 0.4},
    "self_direction": {"o": 0.7, "n": -0.2},
    "stimulation": {"e": 0.5, "o": 0.4, "c": -0.1},
    "hedonism": {"e": 0.4, "o": 0.2, "c": -0.3},
    "achievement": {"c": 0.4, "e": 0.4, "a": -0.2},
    "power": {"e": 0.5, "a": -0.5},
}

_INCOME_MULTIPLIERS: dict[str, float] = {
    "under 30k": 0.6,
    "under30k": 0.6,
    "<30k": 0.6,
    "30-60k": 0.8,
    "60-100k": 1.0,
    "100k+": 1.3,
    "100-150k": 1.3,
    "150k+": 1.6,
    "over 150k": 1.6,
    "over150k": 1.6,
    ">150k": 1.6,
}

GENERAL_RETAILERS = ("Walmart", "Target")
NATURAL_FOOD_RETAILERS = ("Whole Foods", "Trader Joe's")
PREMIUM_RETAILERS = ("Nordstrom", "Sephora")  # a department and a beauty store
BANNED_INGREDIENTS = ("parabens", "sulfates", "artificial fragrances", "artificial dyes")

_FILLER_WORDS: dict[str, tuple[str, ...]] = {
    "gen-z": ("like", "literally", "lowkey"),
    "millennial": ("like", "honestly", "basically"),
    "gen-x": ("you know", "I mean"),
    "boomer": ("well", "you see"),
}


def income_multiplier(text: Any) -> float:
    """Spending multiplier of an income band; trimmed, case-insensitive; unknown -> 1."""
    if not isinstance(text, str):
        return 1.0
    key = " ".join(text.strip().lower().replace("$", "").replace("–", "-").split())
    key = key.replace(" - ", "-").replace(" -", "-").replace("- ", "-")
    return _INCOME_MULTIPLIERS.get(key, 1.0)


def trait_level(traits: dict[str, Any] | None, name: str) -> str:
    """'high' when the trait is 50 or more, else 'low' (product-rules §5 Other)."""
    if name not in TRAITS:
        raise ValueError("Unknown trait: " + str(name))
    value = number_or((traits or {}).get(name), TRAIT_DEFAULT)
    return "high" if value >= TRAIT_HIGH_THRESHOLD else "low"


def normalized_traits(traits: Any) -> dict[str, float]:
    """The five traits as floats in 0-100; missing or non-numeric -> 50."""
    source = traits if isinstance(traits, dict) else {}
    return {t: clamp(number_or(source.get(t), TRAIT_DEFAULT)) for t in TRAITS}


def _linear(t: dict[str, float], weights: dict[str, float]) -> int:
    by_letter = {name[0]: value for name, value in t.items()}
    return clamp_int(50 + sum(w * (by_letter[k] - 50) for k, w in weights.items()))


def _three_level(value: float, high: float, mid: float, labels: tuple[str, str, str]) -> str:
    if value > high:
        return labels[0]
    return labels[1] if value > mid else labels[2]


def age_register(age: Any) -> str:
    """gen-z under 25, millennial under 40, gen-x under 60, else boomer."""
    a = number_or(age, 30)
    if a < 25:
        return "gen-z"
    if a < 40:
        return "millennial"
    return "gen-x" if a < 60 else "boomer"


def _values(t: dict[str, float]) -> dict[str, int]:
    return {name: _linear(t, _VALUE_WEIGHTS[name]) for name in VALUE_NAMES}


def _motivation(t: dict[str, float]) -> dict[str, Any]:
    n = t["neuroticism"]
    return {
        "regulatoryFocus": "prevention" if n > 60 else "promotion",
        "focusStrength": clamp_int(2 * abs(n - 50)),
        "bis": _linear(t, {"n": 0.8, "e": -0.2}),
        "bas": _linear(t, {"e": 0.8, "o": 0.2}),
        "needForClosure": _linear(t, {"c": 0.4, "o": -0.4, "n": 0.2}),
    }


def _decision(t: dict[str, float]) -> dict[str, Any]:
    return {
        "type": "maximizer" if t["conscientiousness"] > 70 else "satisficer",
        "needForCognition": _linear(t, {"o": 0.6, "c": 0.3, "n": -0.1}),
        "lossAversion": round(1 + t["neuroticism"] / 100, 2),
        "riskAversion": _linear(t, {"n": 0.5, "o": -0.3, "e": -0.2}),
        "researchDepth": _linear(t, {"c": 0.6, "o": 0.4}),
    }


def _health(t: dict[str, float]) -> dict[str, Any]:
    # Health Belief Model: worriers feel more at risk; conscientious people see benefits
    # and believe they can act; the product rules tie required cues to conscientiousness.
    return {
        "perceivedSusceptibility": _linear(t, {"n": 0.6, "c": 0.2}),
        "perceivedSeverity": _linear(t, {"n": 0.5, "c": 0.3}),
        "perceivedBenefits": _linear(t, {"o": 0.4, "c": 0.3, "a": 0.2}),
        "perceivedBarriers": _linear(t, {"n": 0.5, "c": -0.3, "o": -0.2}),
        "cuesRequired": _three_level(t["conscientiousness"], 70, 40, ("high", "moderate", "low")),
        "selfEfficacy": _linear(t, {"c": 0.5, "n": -0.3, "e": 0.2}),
    }


def _group_norms(t: dict[str, float], values: dict[str, int], multiplier: float) -> list[str]:
    tags = []
    if values["universalism"] > 70:
        tags.append("eco-conscious")
    if t["openness"] > 65:
        tags.append("early-adopter")
    elif t["openness"] < 35:
        tags.append("traditional")
    if t["agreeableness"] > 65:
        tags.append("community-minded")
    if t["conscientiousness"] > 65:
        tags.append("rule-follower")
    if t["extraversion"] > 65:
        tags.append("socially-driven")
    if multiplier < 1:
        tags.append("value-seeker")
    elif multiplier > 1.2:
        tags.append("premium-oriented")
    return tags or ["mainstream"]


def _social(t: dict[str, float], values: dict[str, int], multiplier: float) -> dict[str, Any]:
    return {
        "groupNorms": _group_norms(t, values, multiplier),
        "perceivedControl": _linear(t, {"c": 0.5, "n": -0.4, "e": 0.1}),
        "subjectiveNorm": _linear(t, {"a": 0.5, "e": 0.3, "o": -0.2}),
    }


def _formality(t: dict[str, float], age: float) -> int:
    # Conscientious, introverted and older speakers talk more formally.
    base = 50 + 0.4 * (t["conscientiousness"] - 50) - 0.3 * (t["extraversion"] - 50)
    return clamp_int(base + 0.5 * (clamp(age, 18, 100) - 40))


def _language(t: dict[str, float], persona: PersonaRecord) -> tuple[dict[str, Any], dict[str, Any]]:
    age = number_or(persona.get("age"), 30)
    register = age_register(age)
    region = region_of(persona.get("location"))
    hedges = _three_level(t["neuroticism"], 60, 30, ("high", "medium", "low"))
    formality = _formality(t, age)
    fillers = list(_FILLER_WORDS[register])
    if hedges == "high":
        fillers.append("I guess")
    level = "formal" if formality >= 65 else "casual" if formality < 35 else "neutral"
    language = {
        "region": region,
        "ageRegister": register,
        "hedgeFrequency": hedges,
        "emojiUsage": age < 40 and t["extraversion"] >= 50,
        "fillerWords": fillers,
        "formalityLevel": level,
    }
    style = {"formality": formality, "regionalSlang": region != "general USA" and formality < 50}
    return language, style


def _shopping(t: dict[str, float], values: dict[str, int], multiplier: float) -> dict[str, Any]:
    n = t["neuroticism"]
    retailers = list(GENERAL_RETAILERS)
    if values["universalism"] > 70:
        retailers += NATURAL_FOOD_RETAILERS
    if multiplier > 1.2:
        retailers += PREMIUM_RETAILERS
    banned = list(BANNED_INGREDIENTS) if values["universalism"] > 70 or n > 70 else []
    # Lower income raises price sensitivity: multiplier 0.6 -> +20, 1.6 -> -30.
    price = 50 + 50 * (1 - multiplier) + 0.3 * (n - 50) + 0.2 * (t["conscientiousness"] - 50)
    return {
        "willingnessToPay": round(25 * multiplier * (1 - n / 200), 2),
        "brandLoyalty": _linear(t, {"c": 0.4, "a": 0.3, "o": -0.3}),
        "priceSensitivity": clamp_int(price),
        "preferredRetailers": retailers,
        "bannedIngredients": banned,
        "researchIntensity": _three_level(
            t["conscientiousness"], 70, 40, ("high", "medium", "low")
        ),
    }


def enrich(persona: PersonaRecord) -> dict[str, Any]:
    """The `enriched` object of a persona (camelCase keys as in product-rules §3)."""
    t = normalized_traits(persona.get("traits"))
    multiplier = income_multiplier(persona.get("income"))
    values = _values(t)
    language, style = _language(t, persona)
    return {
        "values": values,
        "motivationStyle": _motivation(t),
        "decisionStyle": _decision(t),
        "healthBeliefs": _health(t),
        "socialIdentity": _social(t, values, multiplier),
        "language": language,
        "languageStyle": style,
        "shopping": _shopping(t, values, multiplier),
        "memory": {"brandTrust": {}, "pastDecisions": [], "priorExposure": []},
    }


def top_values(values: dict[str, Any], count: int = 5) -> list[tuple[str, float]]:
    """The strongest values, highest first; ties keep the canonical order."""
    order = {name: i for i, name in enumerate(VALUE_NAMES)}
    items = [(k, v) for k, v in (values or {}).items() if is_number(v)]
    items.sort(key=lambda kv: (-kv[1], order.get(kv[0], len(order))))
    return items[:count]
