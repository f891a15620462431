"""Property tests: derived scores stay in range for any input; validation catches every
out-of-range trait; aggregates keep their invariants."""

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from colloquy.domain.constants import INCOME_BANDS, TRAITS
from colloquy.domain.personas.enrichment import enrich
from colloquy.domain.results.diversity import diversity_score
from colloquy.domain.sessions.tokens import estimate_tokens
from colloquy.domain.text.sentiment import sentiment_breakdown
from colloquy.domain.validation import validate_big_five, validate_persona

in_range = st.one_of(st.integers(0, 100), st.floats(0, 100, allow_nan=False))
anything = st.one_of(
    st.integers(-(10**6), 10**6),
    st.floats(allow_nan=True, allow_infinity=True),
    st.none(),
    st.booleans(),
    st.text(max_size=5),
)
incomes = st.one_of(st.sampled_from(INCOME_BANDS), st.text(max_size=12), st.none())

SCORE_PATHS = (
    [("motivationStyle", k) for k in ("focusStrength", "bis", "bas", "needForClosure")]
    + [("decisionStyle", k) for k in ("needForCognition", "riskAversion", "researchDepth")]
    + [
        ("healthBeliefs", k)
        for k in (
            "perceivedSusceptibility",
            "perceivedSeverity",
            "perceivedBenefits",
            "perceivedBarriers",
            "selfEfficacy",
        )
    ]
    + [
        ("socialIdentity", "perceivedControl"),
        ("socialIdentity", "subjectiveNorm"),
        ("languageStyle", "formality"),
        ("shopping", "brandLoyalty"),
        ("shopping", "priceSensitivity"),
    ]
)


def check_ranges(e):
    for name, value in e["values"].items():
        assert isinstance(value, int) and 0 <= value <= 100, name
    for group, key in SCORE_PATHS:
        value = e[group][key]
        assert isinstance(value, int) and 0 <= value <= 100, (group, key)
    assert 1 <= e["decisionStyle"]["lossAversion"] <= 2
    assert 0 <= e["shopping"]["willingnessToPay"] <= 25 * 1.6


@settings(max_examples=150, deadline=None)
@given(st.fixed_dictionaries({t: in_range for t in TRAITS}), st.integers(18, 100), incomes)
def test_enrichment_in_range_for_valid_traits(traits, age, income):
    check_ranges(enrich({"traits": traits, "age": age, "income": income, "location": "Chicago"}))


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(st.sampled_from(TRAITS), anything), anything, anything, anything)
def test_enrichment_clamps_any_input(traits, age, income, location):
    check_ranges(enrich({"traits": traits, "age": age, "income": income, "location": location}))


out_of_range = st.one_of(
    st.floats(max_value=-1e-9, allow_nan=False),
    st.floats(min_value=100.000001),
    st.integers(max_value=-1),
    st.integers(min_value=101),
    st.just(math.nan),
    st.booleans(),
    st.text(max_size=3),
    st.none(),
)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(TRAITS), out_of_range)
def test_validation_flags_any_bad_trait(trait, value):
    traits = dict.fromkeys(TRAITS, 50)
    traits[trait] = value
    persona = {
        "name": "N",
        "age": 30,
        "gender": "Male",
        "location": "X",
        "income": "$30-60k",
        "traits": traits,
        "interests": ["a"],
    }
    assert validate_persona(persona) == [f"{trait.capitalize()} must be between 0 and 100"]
    assert validate_big_five(traits) == ["Invalid Big Five values - all must be 0-100"]


@settings(max_examples=100, deadline=None)
@given(st.fixed_dictionaries({t: in_range for t in TRAITS}))
def test_validation_accepts_all_in_range(traits):
    assert validate_big_five(traits) == []


persona_st = st.fixed_dictionaries(
    {
        "age": st.integers(18, 100),
        "gender": st.sampled_from(["Male", "Female", "Non-binary"]),
        "location": st.sampled_from(["A", "B", "C", "D"]),
        "income": st.sampled_from(INCOME_BANDS),
        "traits": st.fixed_dictionaries({t: st.integers(0, 100) for t in TRAITS}),
    }
)


@settings(max_examples=100, deadline=None)
@given(st.lists(persona_st, max_size=8))
def test_diversity_score_in_range(personas):
    result = diversity_score(personas)
    assert 0 <= result["overallScore"] <= 100
    assert all(0 <= v <= 100 for v in result["traitDiversity"].values())


@given(st.lists(st.sampled_from(["positive", "neutral", "negative", None]), max_size=60))
def test_breakdown_sums(sentiments):
    result = sentiment_breakdown(sentiments)
    total = sum(result.values())
    assert total == (100 if any(sentiments) else 0)


@given(st.lists(st.text(alphabet="ab", min_size=1, max_size=4), max_size=40))
def test_token_estimate_is_ceiling(words):
    assert estimate_tokens(" ".join(words)) == math.ceil(len(words) * 13 / 10)
