"""Turning whatever a model wrote into valid personas (product-rules §3 persona rules).

Why so forgiving: the embedded model is tiny and remote models drift, yet generation
must return exactly the requested number of valid personas. Every field is coerced,
clamped or filled from the persona's slot (generation_rules), names are made unique
against the library, and JSON cut off mid-array still yields its complete personas.
"""

from __future__ import annotations

import json
import math
import re
from collections import Counter
from collections.abc import Iterable
from typing import Any

from colloquy.domain.constants import INCOME_BANDS, INTERESTS_MAX, NAME_MAX_LENGTH, TRAITS
from colloquy.domain.personas.generation_plan import AGE_HIGH, AGE_LOW, Plan, Slot
from colloquy.domain.text.stopwords import STOP_WORDS

_DECODER = json.JSONDecoder()

INTEREST_MAX_CHARS = 60
LOCATION_MAX_CHARS = 100
DEFAULT_INTERESTS = ("Shopping", "Family", "Travel")
PERSONA_FIELDS = ("name", "age", "gender", "location", "income", "traits", "interests")
_GENDER_WORDS = {
    "Male": ("male", "man", "m", "masculine"),
    "Female": ("female", "woman", "f", "feminine"),
    "Non-binary": ("non-binary", "nonbinary", "non binary", "nb", "enby", "genderqueer"),
    "Prefer not to say": ("prefer not to say", "unspecified", "undisclosed", "other"),
}
_INCOME_FLOORS = ((150, "$150k+"), (100, "$100k+"), (60, "$60-100k"), (30, "$30-60k"))
_NAME = re.compile(r"^[^\W\d_][^\W\d_ .'-]*(?:[ .'-]+[^\W\d_]+)*\.?$")
_LOCATION = re.compile(r"^[^\d,]{2,60},\s*[^\d,]{2,30}$")
_PLACEHOLDERS = frozenset((*PERSONA_FIELDS, "interest", "hobbies", "none", "n/a", "example"))
_KEYWORD_NOISE = frozenset(
    (
        "persona",
        "personas",
        "people",
        "person",
        "consumers",
        "consumer",
        "customers",
        "customer",
        "users",
        "buyers",
        "audience",
        "target",
        "group",
        "years",
        "aged",
        "living",
        "lives",
        "live",
        "want",
        "wants",
        "care",
        "cares",
        "interested",
        "document",
        "urban",
        "rural",
        "suburban",
        "young",
        "older",
        "parents",
        "families",
        "women",
        "professionals",
        "millennials",
        "students",
        "retirees",
        "adults",
        "income",
        "middle",
        "class",
    )
)


def number(value: Any) -> float | None:
    """A finite number from an int, float or a string holding one ('34', '34 years')."""
    if isinstance(value, bool):
        return None
    if isinstance(value, (int, float)):
        return float(value) if math.isfinite(value) else None
    if isinstance(value, str):
        m = re.search(r"-?\d+(?:\.\d+)?", value)
        return float(m.group()) if m else None
    return None


def map_gender(value: Any) -> str | None:
    text = str(value or "").strip().lower().replace("_", " ")
    for gender, words in _GENDER_WORDS.items():
        if text == gender.lower() or text in words:
            return gender
    return None


def map_income(value: Any) -> str | None:
    text = str(value or "").strip().lower()
    for band in INCOME_BANDS:
        if text == band.lower():
            return band
    if re.search(r"under|less than|below|<|\blow", text):
        return "Under $30k"
    m = re.search(r"\d+(?:\.\d+)?", text.replace(",", ""))
    if not m:
        return None
    thousands = float(m.group()) / (1000 if float(m.group()) >= 1000 else 1)
    # The lower end of a stated range decides: '$45,000-$70,000' is $30-60k.
    return next((band for floor, band in _INCOME_FLOORS if thousands >= floor), "Under $30k")


def clean_name(value: Any) -> str | None:
    """A plausible full name (two or more words of letters, . ' -), else None."""
    name = " ".join(str(value).split()) if isinstance(value, str) else ""
    full = _NAME.match(name) and len(name.split()) >= 2
    return name[:NAME_MAX_LENGTH].strip() if full else None


def clean_location(value: Any) -> str | None:
    text = " ".join(str(value).split()) if isinstance(value, str) else ""
    return text if _LOCATION.match(text) and len(text) <= LOCATION_MAX_CHARS else None


def clean_interests(value: Any) -> list[str]:
    """1-5 distinct non-empty short interests; a comma-separated string is split."""
    items = value.split(",") if isinstance(value, str) else value
    out: list[str] = []
    for item in items if isinstance(items, list) else []:
        if not isinstance(item, str):
            continue
        text = " ".join(item.split())[:INTEREST_MAX_CHARS].strip(" .,;:-*")
        if _junk_interest(text) or text.lower() in {o.lower() for o in out}:
            continue
        if text:
            out.append(text[0].upper() + text[1:])
    return out[:INTERESTS_MAX]


def _junk_interest(text: str) -> bool:
    """Weak models fill the list with trait scores ('Openness 24') or numbered stubs."""
    lowered = text.lower()
    return (
        lowered in _PLACEHOLDERS
        or any(t in lowered for t in TRAITS)
        or bool(re.search(r"\d\s*$", text))
    )


def keywords(text: str, limit: int = 3) -> list[str]:
    """The description's most frequent content words, as fallback interests."""
    words = [w.lower() for w in re.findall(r"[A-Za-z][A-Za-z'-]{3,}", text or "")]
    words = [w for w in words if w not in STOP_WORDS and w not in _KEYWORD_NOISE]
    ranked = sorted(Counter(words).items(), key=lambda kv: (-kv[1], words.index(kv[0])))
    return [w.capitalize() for w, _ in ranked[:limit]]


def _within(value: float | None, target: int, tolerance: int, low: int, high: int) -> int:
    if value is None:
        return target
    bounded = min(max(value, target - tolerance), target + tolerance)
    return int(min(max(round(bounded), low), high))


def usable(raw: Any) -> bool:
    """Worth repairing: an object that fills most persona fields (else ask again)."""
    return isinstance(raw, dict) and sum(bool(raw.get(f)) for f in PERSONA_FIELDS) >= 4


def repair_persona(
    raw: dict[str, Any], slot: Slot, plan: Plan, fallback_interests: list[str]
) -> dict[str, Any]:
    """A valid persona from a model's object, held to its slot within the level's
    tolerances; anything missing or unusable comes from the slot."""
    spread = plan.spread
    raw_traits = raw["traits"] if isinstance(raw.get("traits"), dict) else raw
    gender = map_gender(raw.get("gender"))
    income = map_income(raw.get("income"))
    return {
        "name": clean_name(raw.get("name")) or slot.name,
        "age": _within(number(raw.get("age")), slot.age, spread.age_tolerance, AGE_LOW, AGE_HIGH),
        "gender": gender if gender in plan.genders else slot.gender,
        "location": clean_location(raw.get("location")) or slot.location,
        "income": income if income in plan.incomes else slot.income,
        "traits": {
            t: _within(number(raw_traits.get(t)), slot.traits[t], spread.trait_tolerance, 0, 100)
            for t in TRAITS
        },
        "interests": (
            clean_interests(raw.get("interests")) or fallback_interests or list(DEFAULT_INTERESTS)
        ),
    }


def from_slot(slot: Slot, fallback_interests: list[str]) -> dict[str, Any]:
    """The persona a slot describes, for when the model never supplied one."""
    return {
        "name": slot.name,
        "age": slot.age,
        "gender": slot.gender,
        "location": slot.location,
        "income": slot.income,
        "traits": dict(slot.traits),
        "interests": list(fallback_interests or DEFAULT_INTERESTS),
    }


def balance(personas: list[dict[str, Any]], slots: list[Slot]) -> None:
    """A group may not be narrower than its plan: when the model's genders or incomes
    cover fewer options than the slots do, the slots' values are used."""
    for key in ("gender", "income"):
        planned = {getattr(s, key) for s in slots[: len(personas)]}
        if len({p[key] for p in personas}) < len(planned):
            # A group shorter than its plan takes the first slots' values.
            for persona, slot in zip(personas, slots, strict=False):
                persona[key] = getattr(slot, key)


def unique_names(names: list[str], taken: Iterable[str]) -> list[str]:
    """Names distinct from each other and from `taken` (case-insensitive): a clash gets
    a middle initial ('Jane B. Doe'), then a number ('Jane Doe 2')."""
    seen = {t.strip().lower() for t in taken}
    out: list[str] = []
    for name in names:
        parts = name.split()
        candidates = [name]
        if len(parts) >= 2:
            candidates += [
                " ".join([*parts[:-1], f"{c}.", parts[-1]]) for c in "ABCDEFGHJKLMNPRSTW"
            ]
        candidates += [f"{name[: NAME_MAX_LENGTH - 4]} {n}" for n in range(2, 1000)]
        chosen = next(c for c in candidates if c.lower() not in seen and len(c) <= 100)
        seen.add(chosen.lower())
        out.append(chosen)
    return out


def _objects_in(text: str) -> list[Any]:
    """Every complete top-level {...} inside the first JSON array of `text`, so a reply
    cut off mid-array keeps the personas written before the cut. Each element is read by
    the standard decoder; reading stops at the first element that is not complete JSON
    (where a reply was cut off)."""
    start = text.find("[")
    found: list[Any] = []
    i = start + 1 if start >= 0 else 0
    while (i := text.find("{", i)) >= 0:
        try:
            value, end = _DECODER.raw_decode(text, i)
        except ValueError:
            break
        found.append(value)
        i = end
    return found


def personas_from_reply(text: str) -> list[Any]:
    """The persona objects of a reply: {"personas": [...]}, a bare list, one object, or
    whatever complete objects a broken document still holds."""
    # NUL (which PostgreSQL text refuses) goes before parsing, escaped or not.
    cleaned = re.sub(r"```(?:json)?|\x00|\\u0000", "", text or "")
    try:
        data = json.loads(cleaned)
    except ValueError:
        return _objects_in(cleaned)
    if isinstance(data, dict):
        lists = [v for v in data.values() if isinstance(v, list)]
        inner = data.get("personas", lists[0] if lists else None)
        return inner if isinstance(inner, list) else [data]
    return data if isinstance(data, list) else []
