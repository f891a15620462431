"""Persona generation plan: diversity spreads and the per-persona target slots, plus
reading Big Five numbers out of an analysis text (product-rules §7.3).

Why slots: a model asked for "diverse" personas tends to produce the same 35-year-old
every time, and a tiny local model ignores the word entirely. So the spread is decided
here, in plain seeded code: each persona gets a slot (age, gender, income, location,
trait anchors, a fallback name) drawn from ranges that widen low -> medium -> high. The
slots go into the prompt as constraints, and repair (generation_repair) holds the
model's answers to them, so the diversity level always shows in the result.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

from colloquy.domain.constants import GENDERS, INCOME_BANDS, TRAITS
from colloquy.domain.personas.name_pools import CITIES, FIRST_NAMES, LAST_NAMES

AGE_LOW, AGE_HIGH = 18, 80  # the persona form's input range


@dataclass(frozen=True)
class Spread:
    age_half: int | None  # slot ages lie within a centre +/- this; None: the whole range
    genders: tuple[str, ...]  # the gender options the group draws from
    income_width: int  # how many adjacent income bands
    trait_half: int  # trait anchors lie within 50 +/- this
    age_tolerance: int  # how far a model's age may stray from its slot
    trait_tolerance: int  # how far a model's trait may stray from its anchor


SPREADS: dict[str, Spread] = {
    "low": Spread(5, ("Female", "Male"), 2, 10, 2, 5),
    "medium": Spread(15, ("Female", "Male", "Non-binary"), 3, 25, 4, 8),
    "high": Spread(None, GENDERS, len(INCOME_BANDS), 40, 5, 10),
}


@dataclass(frozen=True)
class Audience:
    """What a description says about ages, genders and incomes, if anything."""

    ages: tuple[int, int] = (AGE_LOW, AGE_HIGH)
    genders: tuple[str, ...] | None = None
    incomes: tuple[int, int] = (0, len(INCOME_BANDS) - 1)  # band indexes, inclusive


@dataclass(frozen=True)
class Slot:
    name: str
    age: int
    gender: str
    income: str
    location: str
    traits: dict[str, int]


@dataclass(frozen=True)
class Plan:
    level: str
    spread: Spread
    genders: tuple[str, ...]  # the options slots use; a model's choice must be one of them
    incomes: tuple[str, ...]
    slots: list[Slot] = field(default_factory=list)


_GENERATIONS = (
    ("gen z", 18, 27),
    ("millennial", 28, 43),
    ("gen x", 44, 59),
    ("boomer", 60, 78),
    ("retiree", 60, 80),
    ("retired", 60, 80),
    ("senior", 65, 80),
    ("student", 18, 25),
    ("college", 18, 25),
)
_FEMALE = re.compile(r"(?i)\b(women|woman|female|females|mothers|moms|mums|ladies|girls)\b")
_MALE = re.compile(r"(?i)\b(men|man|male|males|fathers|dads|guys|boys)\b")
_LOW_INCOME = re.compile(r"(?i)\b(low[- ]income|budget|frugal|struggling|poverty|paycheck)")
_MID_INCOME = re.compile(r"(?i)\bmiddle[- ]class\b")
_HIGH_INCOME = re.compile(r"(?i)\b(affluent|wealthy|high[- ]income|luxury|rich|high earners)")


def _age_bounds(text: str) -> tuple[int, int] | None:
    lowered = text.lower()
    m = re.search(r"(?<![$\d])(\d{2})\s*(?:-|–|to)\s*(\d{2})\b(?!\s*k)", lowered)
    if m and AGE_LOW <= int(m.group(1)) < int(m.group(2)) <= 100:
        return int(m.group(1)), int(m.group(2))
    m = re.search(r"\b([1-7])0s\b", lowered)  # "in their 30s"
    if m:
        return int(m.group(1)) * 10, int(m.group(1)) * 10 + 9
    m = re.search(r"\b(?:over|above|older than)\s+(\d{2})\b(?!\s*k)|\b(\d{2})\s*\+", lowered)
    if m:
        return int(m.group(1) or m.group(2)), AGE_HIGH
    m = re.search(r"\b(?:under|below|younger than)\s+(\d{2})\b(?!\s*k)", lowered)
    if m:
        return AGE_LOW, int(m.group(1))
    for word, low, high in _GENERATIONS:
        if word in lowered:
            return low, high
    return None


def audience_hints(text: str) -> Audience:
    """Age range, gender and income band hints from a free-text audience description."""
    ages = _age_bounds(text or "") or (AGE_LOW, AGE_HIGH)
    low, high = max(AGE_LOW, min(ages[0], AGE_HIGH)), max(AGE_LOW, min(ages[1], AGE_HIGH))
    female, male = bool(_FEMALE.search(text or "")), bool(_MALE.search(text or ""))
    genders = ("Female",) if female and not male else ("Male",) if male and not female else None
    incomes = (0, len(INCOME_BANDS) - 1)
    if _LOW_INCOME.search(text or ""):
        incomes = (0, 1)
    elif _HIGH_INCOME.search(text or ""):
        incomes = (3, 4)
    elif _MID_INCOME.search(text or ""):
        incomes = (1, 2)
    return Audience((min(low, high), max(low, high)), genders, incomes)


def _stratified(rng: random.Random, n: int, low: float, high: float) -> list[int]:
    """n values spread evenly over [low, high] (one per stratum), in random order."""
    values = [round(low + (high - low) * (k + rng.random()) / n) for k in range(n)]
    rng.shuffle(values)
    return values


def _cycled(rng: random.Random, options: tuple[str, ...], n: int) -> list[str]:
    """Every option used as evenly as n allows, in random order."""
    start = rng.randrange(len(options))
    values = [options[(start + i) % len(options)] for i in range(n)]
    rng.shuffle(values)
    return values


def _names(rng: random.Random, genders: list[str]) -> list[str]:
    names: list[str] = []
    for gender in genders:
        firsts = FIRST_NAMES.get(gender, FIRST_NAMES["other"])
        for _ in range(50):
            name = f"{rng.choice(firsts)} {rng.choice(LAST_NAMES)}"
            if name not in names:
                break
        names.append(name if name not in names else f"{name} {len(names) + 1}")
    return names


def plan_slots(count: int, level: str, text: str, seed: int) -> Plan:
    """`count` target slots whose spread follows the diversity level (seeded)."""
    rng = random.Random(seed)
    spread = SPREADS.get(level, SPREADS["medium"])
    audience = audience_hints(text)
    low, high = audience.ages
    if spread.age_half is not None and high - low > 2 * spread.age_half:
        centre = rng.randint(low + spread.age_half, high - spread.age_half)
        low, high = centre - spread.age_half, centre + spread.age_half
    ages = _stratified(rng, count, low, high)

    if audience.genders:
        options = audience.genders
    elif level == "low":  # one or two genders
        options = tuple(rng.sample(spread.genders, rng.choice((1, 2))))
    else:
        options = spread.genders
    band_low, band_high = audience.incomes
    width = min(spread.income_width, band_high - band_low + 1)
    first_band = rng.randint(band_low, band_high - width + 1)
    incomes = INCOME_BANDS[first_band : first_band + width]

    if level == "low":
        cities = CITIES[rng.choice(sorted(CITIES))]
    else:
        cities = tuple(c for region in CITIES.values() for c in region)
    places = rng.sample(cities, min(count, len(cities)))
    places += [rng.choice(cities) for _ in range(count - len(places))]

    anchors = {
        t: _stratified(rng, count, 50 - spread.trait_half, 50 + spread.trait_half) for t in TRAITS
    }
    slot_genders = _cycled(rng, options, count)
    slot_incomes = _cycled(rng, incomes, count)
    names = _names(rng, slot_genders)
    slots = [
        Slot(
            name=names[i],
            age=ages[i],
            gender=slot_genders[i],
            income=slot_incomes[i],
            location=places[i],
            traits={t: anchors[t][i] for t in TRAITS},
        )
        for i in range(count)
    ]
    return Plan(level, spread, tuple(options), tuple(incomes), slots)


def slot_line(number: int, slot: Slot) -> str:
    """One persona's constraints as the prompt states them."""
    traits = ", ".join(f"{t} {slot.traits[t]}" for t in TRAITS)
    return (
        f"{number}. age {slot.age}, {slot.gender}, income {slot.income}, "
        f"lives in a US city such as {slot.location}; Big Five (0-100): {traits}"
    )
