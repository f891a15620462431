import pytest

from colloquy.domain.personas.enrichment import (
    VALUE_NAMES,
    age_register,
    enrich,
    income_multiplier,
    normalized_traits,
    top_values,
    trait_level,
)


def persona(**traits):
    base = {
        "name": "X",
        "age": 30,
        "gender": "Female",
        "location": "Denver, CO",
        "income": "$60-100k",
        "traits": traits,
        "interests": ["a"],
    }
    return base


def test_shape_has_exact_product_keys():
    e = enrich(persona())
    assert list(e) == [
        "values",
        "motivationStyle",
        "decisionStyle",
        "healthBeliefs",
        "socialIdentity",
        "language",
        "languageStyle",
        "shopping",
        "memory",
    ]
    assert list(e["values"]) == list(VALUE_NAMES)
    assert set(e["motivationStyle"]) == {
        "regulatoryFocus",
        "focusStrength",
        "bis",
        "bas",
        "needForClosure",
    }
    assert set(e["decisionStyle"]) == {
        "type",
        "needForCognition",
        "lossAversion",
        "riskAversion",
        "researchDepth",
    }
    assert set(e["healthBeliefs"]) == {
        "perceivedSusceptibility",
        "perceivedSeverity",
        "perceivedBenefits",
        "perceivedBarriers",
        "cuesRequired",
        "selfEfficacy",
    }
    assert set(e["socialIdentity"]) == {"groupNorms", "perceivedControl", "subjectiveNorm"}
    assert set(e["language"]) == {
        "region",
        "ageRegister",
        "hedgeFrequency",
        "emojiUsage",
        "fillerWords",
        "formalityLevel",
    }
    assert set(e["languageStyle"]) == {"formality", "regionalSlang"}
    assert set(e["shopping"]) == {
        "willingnessToPay",
        "brandLoyalty",
        "priceSensitivity",
        "preferredRetailers",
        "bannedIngredients",
        "researchIntensity",
    }
    assert e["memory"] == {"brandTrust": {}, "pastDecisions": [], "priorExposure": []}
    assert isinstance(e["language"]["emojiUsage"], bool)
    assert isinstance(e["languageStyle"]["regionalSlang"], bool)
    assert isinstance(e["socialIdentity"]["groupNorms"], list)


def test_memory_is_fresh_each_call():
    a, b = enrich(persona()), enrich(persona())
    a["memory"]["pastDecisions"].append("x")
    assert b["memory"]["pastDecisions"] == []


def test_neutral_persona_scores_fifty():
    e = enrich(persona())  # all traits missing -> 50
    assert set(e["values"].values()) == {50}
    assert e["motivationStyle"]["bis"] == 50 and e["motivationStyle"]["bas"] == 50


@pytest.mark.parametrize(
    "n, focus", [(61, "prevention"), (60, "promotion"), (0, "promotion"), (100, "prevention")]
)
def test_regulatory_focus(n, focus):
    assert enrich(persona(neuroticism=n))["motivationStyle"]["regulatoryFocus"] == focus


@pytest.mark.parametrize("n, strength", [(80, 60), (50, 0), (20, 60), (0, 100), (100, 100)])
def test_focus_strength(n, strength):
    assert enrich(persona(neuroticism=n))["motivationStyle"]["focusStrength"] == strength


@pytest.mark.parametrize("c, kind", [(71, "maximizer"), (70, "satisficer"), (100, "maximizer")])
def test_decision_type(c, kind):
    assert enrich(persona(conscientiousness=c))["decisionStyle"]["type"] == kind


@pytest.mark.parametrize("n, loss", [(30, 1.3), (0, 1.0), (100, 2.0), (55, 1.55)])
def test_loss_aversion(n, loss):
    assert enrich(persona(neuroticism=n))["decisionStyle"]["lossAversion"] == loss


@pytest.mark.parametrize(
    "c, cues, research",
    [
        (71, "high", "high"),
        (70, "moderate", "medium"),
        (41, "moderate", "medium"),
        (40, "low", "low"),
        (0, "low", "low"),
    ],
)
def test_cues_required_and_research_intensity(c, cues, research):
    e = enrich(persona(conscientiousness=c))
    assert e["healthBeliefs"]["cuesRequired"] == cues
    assert e["shopping"]["researchIntensity"] == research


@pytest.mark.parametrize("n, hedge", [(61, "high"), (60, "medium"), (31, "medium"), (30, "low")])
def test_hedge_frequency(n, hedge):
    assert enrich(persona(neuroticism=n))["language"]["hedgeFrequency"] == hedge


@pytest.mark.parametrize(
    "age, register",
    [
        (18, "gen-z"),
        (24, "gen-z"),
        (25, "millennial"),
        (39, "millennial"),
        (40, "gen-x"),
        (59, "gen-x"),
        (60, "boomer"),
        (100, "boomer"),
    ],
)
def test_age_register(age, register):
    assert age_register(age) == register
    p = persona()
    p["age"] = age
    assert enrich(p)["language"]["ageRegister"] == register


@pytest.mark.parametrize(
    "text, mult",
    [
        ("Under $30k", 0.6),
        ("under 30k", 0.6),
        ("$30-60k", 0.8),
        ("30-60K", 0.8),
        ("$60-100k", 1.0),
        ("$100k+", 1.3),
        ("$100-150k", 1.3),
        ("100-150k", 1.3),
        ("$150k+", 1.6),
        (" $150K+ ", 1.6),
        ("Over $150k", 1.6),
        ("over 150k", 1.6),
        ("$30 - 60k", 0.8),
        ("UNDER $30K", 0.6),
        ("", 1.0),
        ("lots of money", 1.0),
        (None, 1.0),
        (42, 1.0),
    ],
)
def test_income_multiplier(text, mult):
    assert income_multiplier(text) == mult


def test_willingness_to_pay_exact():
    p = persona(neuroticism=40)
    p["income"] = "$100k+"
    assert enrich(p)["shopping"]["willingnessToPay"] == 26.0  # 25 x 1.3 x 0.8
    p = persona(neuroticism=100)
    p["income"] = "Under $30k"
    assert enrich(p)["shopping"]["willingnessToPay"] == 7.5  # 25 x 0.6 x 0.5
    p["income"] = "unknown band"
    p["traits"] = {"neuroticism": 0}
    assert enrich(p)["shopping"]["willingnessToPay"] == 25.0


def test_retailers_and_banned_ingredients():
    base = enrich(persona())["shopping"]
    assert base["preferredRetailers"] == ["Walmart", "Target"]
    assert base["bannedIngredients"] == []
    green = enrich(persona(openness=100, agreeableness=100))
    assert green["values"]["universalism"] > 70
    assert "Whole Foods" in green["shopping"]["preferredRetailers"]
    assert green["shopping"]["bannedIngredients"]
    anxious = enrich(persona(neuroticism=71))["shopping"]
    assert anxious["bannedIngredients"] and "Whole Foods" not in anxious["preferredRetailers"]
    assert not enrich(persona(neuroticism=70))["shopping"]["bannedIngredients"]
    rich = persona()
    rich["income"] = "$100k+"  # multiplier 1.3 > 1.2
    retailers = enrich(rich)["shopping"]["preferredRetailers"]
    assert retailers == ["Walmart", "Target", "Nordstrom", "Sephora"]
    rich["income"] = "$60-100k"
    assert len(enrich(rich)["shopping"]["preferredRetailers"]) == 2


def test_value_directions_follow_psychology():
    open_agree = enrich(persona(openness=90, agreeableness=90))["values"]
    assert open_agree["universalism"] > 70 and open_agree["self_direction"] > 50
    dominant = enrich(persona(extraversion=90, agreeableness=10))["values"]
    assert dominant["power"] > 70
    closed = enrich(persona(openness=10, conscientiousness=80))["values"]
    assert closed["tradition"] > 60 and closed["conformity"] > 60
    m = enrich(persona(neuroticism=90, extraversion=10))["motivationStyle"]
    assert m["bis"] > 70 and m["bas"] < 30


def test_missing_and_junk_traits_count_as_fifty():
    assert normalized_traits(None) == dict.fromkeys(normalized_traits({}), 50.0)
    t = normalized_traits(
        {
            "openness": "90",
            "neuroticism": True,
            "extraversion": float("nan"),
            "agreeableness": 150,
            "conscientiousness": -5,
        }
    )
    assert t == {
        "openness": 50,
        "conscientiousness": 0,
        "extraversion": 50,
        "agreeableness": 100,
        "neuroticism": 50,
    }


def test_language_style_and_region():
    p = persona(conscientiousness=20, extraversion=80)
    p["location"], p["age"] = "Austin, TX", 22
    e = enrich(p)
    assert e["language"]["region"] == "south"
    assert e["language"]["emojiUsage"] is True
    assert e["languageStyle"]["regionalSlang"] is True
    assert e["language"]["formalityLevel"] == "casual"
    assert 0 <= e["languageStyle"]["formality"] <= 100
    formal = persona(conscientiousness=90, extraversion=10)
    formal["age"] = 70
    f = enrich(formal)
    assert f["language"]["formalityLevel"] == "formal"
    assert f["languageStyle"]["regionalSlang"] is False
    assert f["language"]["emojiUsage"] is False
    assert f["language"]["region"] == "general USA"


def test_trait_level():
    assert trait_level({"openness": 50}, "openness") == "high"
    assert trait_level({"openness": 49.9}, "openness") == "low"
    assert trait_level({}, "openness") == "high"  # missing counts as 50
    with pytest.raises(ValueError, match="^Unknown trait: charisma$"):
        trait_level({}, "charisma")


def test_top_values_order_and_ties():
    values = dict.fromkeys(VALUE_NAMES, 50)
    values["power"] = 90
    values["hedonism"] = 90
    top = top_values(values)
    assert [k for k, _ in top] == ["hedonism", "power", "security", "conformity", "tradition"]
