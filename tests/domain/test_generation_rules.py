"""Persona generation rules: diversity slots, audience hints, repair, unique names,
salvaging broken JSON, and traits read from an analysis text (product-rules §7)."""

import json
import statistics

import pytest

from colloquy.domain.constants import GENDERS, INCOME_BANDS, TRAITS
from colloquy.domain.personas.assist_traits import score_lines, trait_numbers, traits_from_analysis
from colloquy.domain.personas.generation_plan import audience_hints, plan_slots, slot_line
from colloquy.domain.personas.generation_repair import (
    balance,
    clean_interests,
    clean_name,
    from_slot,
    keywords,
    map_gender,
    map_income,
    personas_from_reply,
    repair_persona,
    unique_names,
    usable,
)
from colloquy.domain.validation import validate_persona

NEUTRAL = "Shoppers who buy household cleaning products online"


def spread(plan):
    ages = [s.age for s in plan.slots]
    trait_sd = statistics.mean(statistics.pstdev([s.traits[t] for s in plan.slots]) for t in TRAITS)
    return (
        max(ages) - min(ages),
        len({s.gender for s in plan.slots}),
        len({s.income for s in plan.slots}),
        trait_sd,
    )


@pytest.mark.parametrize("seed", range(20))
def test_spread_widens_from_low_to_high(seed):
    low, medium, high = (
        spread(plan_slots(10, lvl, NEUTRAL, seed)) for lvl in ("low", "medium", "high")
    )
    assert low[0] <= 10 and 20 <= medium[0] <= 30 and high[0] >= 40
    assert low[1] <= 2 and medium[1] == 3 and high[1] == 4
    assert low[2] == 2 and medium[2] == 3 and high[2] == 5
    assert low[3] < medium[3] < high[3]


def test_slots_are_seeded_and_stay_in_range():
    first, again = plan_slots(20, "high", NEUTRAL, 7), plan_slots(20, "high", NEUTRAL, 7)
    assert first.slots == again.slots
    assert plan_slots(20, "high", NEUTRAL, 8).slots != first.slots
    for slot in first.slots:
        assert 18 <= slot.age <= 80 and slot.gender in GENDERS and slot.income in INCOME_BANDS
        assert all(10 <= slot.traits[t] <= 90 for t in TRAITS)
    low = plan_slots(20, "low", NEUTRAL, 7)
    assert all(40 <= s.traits[t] <= 60 for s in low.slots for t in TRAITS)
    assert len({s.name for s in first.slots}) == 20


def test_one_persona_plan_and_slot_line():
    plan = plan_slots(1, "high", NEUTRAL, 1)
    line = slot_line(1, plan.slots[0])
    assert line.startswith(f"1. age {plan.slots[0].age}, {plan.slots[0].gender}, income ")
    assert "openness" in line and plan.slots[0].location in line


@pytest.mark.parametrize(
    ("text", "ages", "genders", "incomes"),
    [
        ("Working moms aged 30-45 on a budget", (30, 45), ("Female",), (0, 1)),
        ("Affluent men in their 50s", (50, 59), ("Male",), (3, 4)),
        ("Retirees who garden", (60, 80), None, (0, 4)),
        ("Gen Z gamers, men and women", (18, 27), None, (0, 4)),
        ("Shoppers earning $30-60k who are over 65", (65, 80), None, (0, 4)),
        ("Middle-class families", (18, 80), None, (1, 2)),
    ],
)
def test_audience_hints(text, ages, genders, incomes):
    hints = audience_hints(text)
    assert (hints.ages, hints.genders, hints.incomes) == (ages, genders, incomes)


def test_hints_shape_the_slots():
    plan = plan_slots(8, "high", "Working moms aged 30-45 on a budget", 3)
    assert {s.gender for s in plan.slots} == {"Female"}
    assert all(30 <= s.age <= 45 for s in plan.slots)
    assert {s.income for s in plan.slots} <= {"Under $30k", "$30-60k"}


def test_mapping_gender_and_income():
    assert [map_gender(v) for v in ("male", "W", "woman", "Non Binary", "nb", "x", None)] == [
        "Male",
        None,
        "Female",
        "Non-binary",
        "Non-binary",
        None,
        None,
    ]
    assert map_gender("Prefer not to say") == "Prefer not to say"
    assert [
        map_income(v)
        for v in (
            "$60-100k",
            "$45,000",
            "120k",
            "over $150,000",
            "under 30k",
            "low",
            "unknown",
            75000,
        )
    ] == ["$60-100k", "$30-60k", "$100k+", "$150k+", "Under $30k", "Under $30k", None, "$60-100k"]


def test_names_interests_keywords():
    assert clean_name("  Mary-Jane   O'Neil ") == "Mary-Jane O'Neil"
    assert clean_name("Persona 1") is None and clean_name("") is None and clean_name(7) is None
    assert clean_name("John") is None  # a full name is asked for
    assert clean_interests(["Interests", "none", "Coffee"]) == ["Coffee"]
    assert clean_interests("Yoga, hiking ,, yoga") == ["Yoga", "Hiking"]
    assert clean_interests(["a", "b", "c", "d", "e", "f", 3, "Openness 72", "Item 4"]) == [
        "A",
        "B",
        "C",
        "D",
        "E",
    ]
    assert keywords("Parents who buy organic baby food; organic snacks and baby clothes") == [
        "Organic",
        "Baby",
        "Food",
    ]


def test_repair_clamps_maps_and_fills_from_the_slot():
    plan = plan_slots(3, "low", NEUTRAL, 5)
    slot = plan.slots[0]
    raw = {
        "name": "Example name 1",
        "age": "200",
        "gender": "robot",
        "location": "nowhere",
        "income": "lots",
        "traits": {"openness": 900, "neuroticism": "-20"},
        "interests": [],
    }
    persona = repair_persona(raw, slot, plan, ["Cleaning"])
    assert validate_persona(persona) == []
    assert persona["name"] == slot.name and persona["location"] == slot.location
    assert persona["age"] == min(slot.age + 2, 80) and persona["gender"] == slot.gender
    assert persona["income"] == slot.income and persona["interests"] == ["Cleaning"]
    assert persona["traits"]["openness"] == slot.traits["openness"] + 5
    assert persona["traits"]["neuroticism"] == slot.traits["neuroticism"] - 5
    assert persona["traits"]["extraversion"] == slot.traits["extraversion"]
    good = {
        "name": "Ana Ruiz",
        "age": slot.age + 1,
        "gender": slot.gender,
        "location": "Austin, TX",
        "income": slot.income,
        "traits": {t: v + 3 for t, v in slot.traits.items()},
        "interests": ["Yoga"],
    }
    kept = repair_persona(good, slot, plan, [])
    assert kept == {**good, "traits": good["traits"]}
    assert validate_persona(from_slot(slot, [])) == []


def test_balance_keeps_the_plans_variety():
    plan = plan_slots(6, "high", NEUTRAL, 2)
    personas = [from_slot(s, ["X"]) | {"gender": "Female", "income": "$30-60k"} for s in plan.slots]
    balance(personas, plan.slots)
    assert [p["gender"] for p in personas] == [s.gender for s in plan.slots]
    assert [p["income"] for p in personas] == [s.income for s in plan.slots]


def test_unique_names_against_each_other_and_the_library():
    names = unique_names(
        ["Sarah Chen", "sarah chen", "Jane Doe", "Cher", "Cher"], ["Sarah Chen", "Jane Doe"]
    )
    assert names == ["Sarah A. Chen", "sarah B. chen", "Jane A. Doe", "Cher", "Cher 2"]
    long = unique_names(["N" * 100, "N" * 100], [])
    assert len(set(long)) == 2 and all(len(n) <= 100 for n in long)


def test_personas_from_reply_salvages_broken_json():
    one = {"name": "A B", "age": 30, "gender": "Male", "location": "X, Y", "interests": ["a"]}
    full = json.dumps({"personas": [one, one]})
    assert personas_from_reply(full) == [one, one]
    assert personas_from_reply("```json\n" + json.dumps([one]) + "\n```") == [one]
    cut = full[: full.rindex("{") + 20]  # second persona cut off mid-object
    assert personas_from_reply("Sure! " + cut) == [one]
    assert personas_from_reply('{"people": [{"name": "Q \\"x\\" }"}]}') == [{"name": 'Q "x" }'}]
    assert personas_from_reply("no json here") == []
    assert usable(one) and not usable({"name": "A"}) and not usable("text")


def test_traits_from_analysis_reads_the_number_after_each_name():
    text = (
        "**Openness**: 85, Conscientiousness - 40/100. Extraversion is 55. "
        "Agreeableness (A) = 70.5 and Neuroticism: 120"
    )
    assert traits_from_analysis(text, {"neuroticism": 33}) == {
        "openness": 85,
        "conscientiousness": 40,
        "extraversion": 55,
        "agreeableness": 70.5,
        "neuroticism": 33,
    }
    assert traits_from_analysis("NEUROTICISM: 1000, openness: -5", None) == {t: 50 for t in TRAITS}
    assert traits_from_analysis("openness to experience: 64", {"openness": 10})["openness"] == 64
    assert traits_from_analysis("nothing", {"openness": 150, "agreeableness": 12}) == {
        "openness": 50,
        "conscientiousness": 50,
        "extraversion": 50,
        "agreeableness": 12,
        "neuroticism": 50,
    }
    assert trait_numbers("Openness: 120, extraversion 7") == {"openness": 120, "extraversion": 7}


def test_score_lines_and_a_one_to_five_scale():
    assert score_lines(
        {"openness": 72, "neuroticism": 130, "extraversion": "x"},
        ["openness", "neuroticism", "extraversion"],
    ) == ["Openness: 72"]
    assert score_lines(
        {"openness": 5, "agreeableness": 1, "neuroticism": 3},
        ["openness", "agreeableness", "neuroticism"],
    ) == ["Openness: 100", "Agreeableness: 0", "Neuroticism: 50"]
