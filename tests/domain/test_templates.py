from colloquy.domain.constants import GENDERS, INCOME_BANDS, TRAITS
from colloquy.domain.personas.regions import region_of
from colloquy.domain.personas.templates import (
    new_persona_defaults,
    persona_template,
    persona_templates,
    seed_personas,
)
from colloquy.domain.sessions.question_templates import question_templates
from colloquy.domain.validation import validate_persona


def test_presets_match_the_product_rules():
    presets = {t["id"]: t for t in persona_templates()}
    assert list(presets) == ["pain-sufferer", "glp1-user", "low-income-shopper"]
    expected = {
        "pain-sufferer": ("Pain Sufferer", 52, "Female", "Phoenix", "$60-100k"),
        "glp1-user": ("GLP-1 User", 38, "Female", "Los Angeles", "$100k+"),
        "low-income-shopper": ("Low Income Shopper", 34, "Male", "Detroit", "$30-60k"),
    }
    for pid, (name, age, gender, city, income) in expected.items():
        t = presets[pid]
        assert t["name"] == name and t["description"]
        d = t["data"]
        assert (d["age"], d["gender"], d["income"]) == (age, gender, income)
        assert d["location"].startswith(city)
        assert len(d["interests"]) == 5
        assert validate_persona({"name": name, **d}) == []


def test_preset_copies_are_independent():
    persona_template("glp1-user")["data"]["age"] = 99
    assert persona_template("glp1-user")["data"]["age"] == 38
    assert persona_template("nope") is None


def test_seed_personas():
    seeds = seed_personas()
    assert [p["id"] for p in seeds] == [f"p{i}" for i in range(1, 11)]
    ages = [p["age"] for p in seeds]
    assert min(ages) == 22 and max(ages) == 58
    assert {p["gender"] for p in seeds} >= {"Male", "Female", "Non-binary"}
    assert {p["gender"] for p in seeds} <= set(GENDERS)
    assert {p["income"] for p in seeds} == set(INCOME_BANDS)
    assert len({p["location"] for p in seeds}) == 10
    assert {region_of(p["location"]) for p in seeds} == {
        "west-coast",
        "northeast",
        "south",
        "midwest",
    }
    assert len({tuple(p["traits"][t] for t in TRAITS) for p in seeds}) == 10
    assert len({p["name"] for p in seeds}) == 10
    for p in seeds:
        assert 3 <= len(p["interests"]) <= 5
        assert len(p["name"].split()) >= 2
        assert validate_persona(p) == [], p["id"]


def test_question_templates():
    counts = {t["name"]: len(t["questions"]) for t in question_templates()}
    assert counts == {
        "Product Testing": 5,
        "Ad Creative Feedback": 4,
        "Brand Perception": 5,
        "Video Ad Comparison": 5,
        "Music Preference Study": 5,
        "Video Content Analysis": 4,
        "Audio Brand Study": 4,
    }
    for t in question_templates():
        assert t["id"] and all(q.strip().endswith("?") for q in t["questions"])
        assert len(set(t["questions"])) == len(t["questions"])


def test_new_persona_defaults():
    d = new_persona_defaults()
    assert d == {
        "name": "",
        "age": 30,
        "gender": "Male",
        "location": "",
        "income": "$60-100k",
        "traits": dict.fromkeys(TRAITS, 50),
        "interests": [],
    }
    d["traits"]["openness"] = 1
    assert new_persona_defaults()["traits"]["openness"] == 50


def test_module_level_views_match_functions():
    from colloquy.domain.personas.templates import PERSONA_TEMPLATES, SEED_PERSONAS
    from colloquy.domain.sessions.question_templates import QUESTION_TEMPLATES

    assert list(PERSONA_TEMPLATES) == persona_templates()
    assert list(SEED_PERSONAS) == seed_personas()
    assert list(QUESTION_TEMPLATES) == question_templates()
