"""SSR maths, scales and survey results with exact numbers."""

import pytest

from colloquy.domain.surveys import ssr
from colloquy.domain.surveys.results import age_band, build_results, cut_groups, direct_summary
from colloquy.domain.surveys.rules import parse_direct, plan, validate_survey
from colloquy.domain.surveys.scales import (
    BUILT_IN,
    DEFAULT_SCALE,
    anchor_sets,
    scale_catalogue,
    validate_scale,
)


def test_hand_computed_pmf_one_set():
    # cosines 1, 0, 0.6 -> minus min 1, 0, 0.6 -> / 1.6
    pmf = ssr.ssr_pmf([1.0, 0.0], [[[1.0, 0.0], [0.0, 1.0], [0.6, 0.8]]])
    assert pmf == pytest.approx([0.625, 0.0, 0.375])


def test_pmf_averaged_over_anchor_sets():
    sets = [[[1.0, 0.0], [0.0, 1.0], [0.6, 0.8]], [[0.0, 1.0], [1.0, 0.0], [0.0, 1.0]]]
    # second set: cosines 0, 1, 0 -> [0, 1, 0]
    pmf = ssr.ssr_pmf([2.0, 0.0], sets)
    assert pmf == pytest.approx([0.3125, 0.5, 0.1875])
    assert sum(pmf) == pytest.approx(1.0)


def test_uniform_when_all_equal_and_zero_vector():
    assert ssr.pmf_from_similarities([0.3, 0.3, 0.3, 0.3]) == [0.25] * 4
    assert ssr.ssr_pmf([0.0, 0.0], [[[1.0, 0.0], [0.0, 1.0]]]) == [0.5, 0.5]


def test_anchor_sets_must_match():
    with pytest.raises(ValueError):
        ssr.ssr_pmf([1.0], [[[1.0], [1.0]], [[1.0]]])


def test_expected_value_and_top2():
    pmf = [0.1, 0.1, 0.2, 0.3, 0.3]
    assert ssr.expected_value(pmf) == pytest.approx(1 * 0.1 + 2 * 0.1 + 3 * 0.2 + 4 * 0.3 + 5 * 0.3)
    assert ssr.top2(pmf) == pytest.approx(0.6)
    assert ssr.top2([0.2, 0.3, 0.5]) == pytest.approx(0.5)  # 3 points: top box only


def test_percentile_interpolates():
    assert ssr.percentile([1.0, 2.0, 3.0, 4.0, 5.0], 0.5) == 3.0
    assert ssr.percentile([0.0, 10.0], 0.25) == 2.5


def test_bootstrap_ci_seeded_and_contains_mean():
    values = [1.0, 2.0, 2.5, 3.0, 4.5, 5.0, 3.3, 2.2]
    lo, hi = ssr.bootstrap_mean_ci(values, seed=7)
    assert (lo, hi) == ssr.bootstrap_mean_ci(values, seed=7)
    mean = sum(values) / len(values)
    assert lo <= mean <= hi
    assert hi - lo < 2.5
    assert ssr.bootstrap_mean_ci([3.0], seed=1) == (3.0, 3.0)
    assert ssr.bootstrap_mean_ci([2.0, 2.0, 2.0]) == (2.0, 2.0)


def test_difference_paired_excludes_zero_when_separated():
    a = {f"r{i}": 4.0 + 0.1 * (i % 3) for i in range(20)}
    b = {f"r{i}": 2.0 + 0.1 * (i % 4) for i in range(20)}
    diff, lo, hi, holds = ssr.bootstrap_difference_ci(a, b, seed=3)
    assert diff == pytest.approx(sum(a.values()) / 20 - sum(b.values()) / 20)
    assert lo <= diff <= hi and holds and lo > 1.5
    same = {f"r{i}": float(i % 5) for i in range(20)}
    shifted = {k: v + (0.01 if int(k[1:]) % 2 else -0.01) for k, v in same.items()}
    assert ssr.bootstrap_difference_ci(same, shifted, seed=3)[3] is False


def test_difference_independent_groups():
    diff, lo, hi, holds = ssr.bootstrap_difference_ci({"a": 5.0, "b": 4.0}, {"c": 1.0}, seed=1)
    assert diff == 3.5 and lo <= diff <= hi and holds


def test_builtin_scales_have_three_sets_of_five():
    assert DEFAULT_SCALE == "purchase_intent"
    assert set(BUILT_IN) == {
        "purchase_intent",
        "recommend",
        "liking",
        "relevance",
        "believability",
        "uniqueness",
    }
    for key in BUILT_IN:
        sets = anchor_sets(key)
        assert 2 <= len(sets) <= 3 and all(len(s) == 5 for s in sets)
    assert len(scale_catalogue()) == 6


def test_custom_scale_validation():
    assert validate_scale({"anchors": ["No", "Yes"]}) == []
    assert validate_scale({"anchors": ["Only one"]})
    assert validate_scale({"anchors": [str(i) for i in range(11)]})
    assert validate_scale({"anchors": ["a", " "]}) == [
        "Every scale point needs an anchor statement"
    ]
    assert validate_scale({"anchors": ["same", "Same"]})
    assert validate_scale("nope") == ["Unknown scale: nope"]
    assert validate_scale(3)


def _survey(respondents=2, samples=2):
    return {
        "name": "S",
        "concepts": [
            {"id": "A", "type": "text", "title": "A", "content": "Concept A"},
            {"id": "B", "type": "image", "title": "B", "content": "https://x/b.png"},
        ],
        "questions": [{"id": "q1", "text": "Buy?", "scale": "purchase_intent"}],
        "respondents": [
            {
                "id": f"p{i}",
                "age": 20 + 30 * i,
                "gender": "Female",
                "income": "$30-60k",
                "traits": {"openness": 80},
            }
            for i in range(respondents)
        ],
        "samples": samples,
    }


def test_plan_and_validation():
    survey = _survey()
    assert validate_survey(survey) == []
    keys = plan(survey)
    assert len(keys) == 2 * 2 * 1 * 2 and len(set(keys)) == len(keys)
    assert keys[0] == ("p0", "A", "q1", 0)
    bad = {**survey, "concepts": [], "samples": 6, "questions": [{"text": "", "scale": "x"}]}
    errors = validate_survey(bad)
    assert "A survey needs 1-6 concepts" in errors
    assert "Samples per respondent must be 1-5" in errors
    assert "Every question needs its text" in errors and "Unknown scale: x" in errors


def test_a_plan_past_the_answer_cap_is_refused_with_its_size():
    from colloquy.domain.surveys.rules import PLANNED_ANSWERS_MAX

    survey = _survey()
    people = [{"id": f"p{i}"} for i in range(500)]
    questions = [{"text": f"q{i}", "scale": "purchase_intent"} for i in range(10)]
    at_cap = {**survey, "respondents": people, "questions": questions, "samples": 2}
    assert PLANNED_ANSWERS_MAX == 500 * 2 * 10 * 2 and validate_survey(at_cap) == []
    over = {**at_cap, "samples": 3}
    message = (
        "A survey can plan at most 20,000 answers; this one plans 30,000. "
        "Choose fewer respondents, concepts, questions or samples"
    )
    assert validate_survey(over) == [message]


def test_parse_direct():
    assert parse_direct("4", 5) == 4
    assert parse_direct("I'd say 9 out of 10... no, 3", 5) == 3
    assert parse_direct("4.5", 5) is None
    assert parse_direct("none", 5) is None


def test_cut_groups_and_age_bands():
    assert [age_band(a) for a in (18, 24, 25, 64, 65, None)] == [
        "18-24",
        "18-24",
        "25-34",
        "55-64",
        "65+",
        "Unknown",
    ]
    g = cut_groups({"age": 40, "gender": "Male", "income": "$100k+", "traits": {"openness": 49}})
    assert g["age"] == "35-44" and g["openness"] == "low" and g["extraversion"] == "high"


def test_direct_summary():
    answers = [
        {"respondentId": "a", "direct": 5},
        {"respondentId": "a", "direct": 3},
        {"respondentId": "b", "direct": 2},
        {"respondentId": "b", "direct": None},
    ]
    d = direct_summary(answers, 5, "s")
    assert d["n"] == 2 and d["mean"] == pytest.approx(3.0)
    assert d["pmf"] == pytest.approx([0, 1 / 3, 1 / 3, 0, 1 / 3])


def test_build_results_separates_and_sums_to_one():
    survey = _survey(respondents=6)
    high, low = [0.0, 0.0, 0.1, 0.3, 0.6], [0.6, 0.3, 0.1, 0.0, 0.0]
    answers = [
        {
            "respondentId": r["id"],
            "conceptId": c,
            "questionId": "q1",
            "sample": s,
            "pmf": high if c == "A" else low,
            "direct": 5 if c == "A" else 1,
        }
        for r in survey["respondents"]
        for c in ("A", "B")
        for s in range(2)
    ]
    out = build_results(survey, answers, {"q1": 5})
    a, b = out["results"]
    assert (a["conceptId"], b["conceptId"]) == ("A", "B")
    assert a["n"] == 6 and sum(a["ssr"]["pmf"]) == pytest.approx(1.0)
    assert a["ssr"]["mean"] == pytest.approx(4.5) and b["ssr"]["mean"] == pytest.approx(1.5)
    assert a["ssr"]["top2"] == pytest.approx(0.9)
    for r in out["results"]:
        lo, hi = r["ssr"]["ci"]
        assert lo <= r["ssr"]["mean"] <= hi
    assert a["direct"]["mean"] == 5.0
    (cmp,) = out["comparisons"]
    assert cmp["difference"] == pytest.approx(3.0) and cmp["holds"]
    dims = {c["dimension"] for c in out["cuts"]}
    assert {"age", "gender", "income", "openness"} <= dims


def test_survey_system_prompt_is_the_persona_prompt_without_the_focus_group():
    from colloquy.domain.surveys.rules import answer_prompt, direct_prompt, survey_system_prompt

    persona = {"name": "Ana", "age": 34, "gender": "Female", "traits": {"openness": 80}}
    system = survey_system_prompt(persona)
    assert system.startswith(
        "You are Ana, a 34-year-old woman, answering a market research survey."
    )
    assert "moderator" not in system.lower() and "focus group" not in system
    assert "Keep each answer to 1-2 sentences." in system
    concept = {"type": "text", "title": "Kettle", "content": "A solar kettle."}
    user = answer_prompt(concept, {"text": "Would you buy it?"})
    assert '"""\nA solar kettle.\n"""' in user and "Question: Would you buy it?" in user
    direct = direct_prompt({"scale": "purchase_intent"})
    assert 'from 1 to 5, where 1 means "I would definitely not buy it."' in direct


def test_every_summary_lies_inside_its_own_interval_to_the_last_place():
    """The mean was computed from the averaged pmf and the interval
    from respondents' means, so respondents who all answered alike gave an interval
    [x, x] around x + 1 ulp."""
    import random

    rng = random.Random(32)
    for case in range(300):
        raw = [rng.random() for _ in range(5)]
        pmf = [v / sum(raw) for v in raw]
        alike = {f"r{r}": list(pmf) for r in range(2 + case % 4)}  # everyone alike
        s = ssr.summarise(alike, seed=case, resamples=50)
        assert s["ci"] == [s["mean"], s["mean"]], (case, s)
        assert s["top2Ci"] == [s["top2"], s["top2"]], (case, s)
        others = {**alike, "x": [1.0, 0, 0, 0, 0]}
        s = ssr.summarise(others, seed=case, resamples=50)
        assert s["ci"][0] <= s["mean"] <= s["ci"][1], (case, s)
