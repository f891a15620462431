"""Survey distributions per model next to the blend."""

from colloquy.domain.surveys.by_model import results_by_model

SURVEY = {
    "concepts": [{"id": "c1"}],
    "questions": [{"id": "q1", "scale": "purchase_intent"}],
    "respondents": [{"id": "r1"}, {"id": "r2"}, {"id": "r3"}],
}


def _answer(respondent: str, model: str | None, pmf: list[float]) -> dict:
    return {
        "respondentId": respondent,
        "conceptId": "c1",
        "questionId": "q1",
        "sample": 0,
        "pmf": pmf,
        "direct": None,
        "model": model,
    }


def test_one_model_has_no_breakdown():
    answers = [_answer("r1", "a", [1, 0, 0, 0, 0]), _answer("r2", "a", [0, 0, 0, 0, 1])]
    assert results_by_model(SURVEY, answers, {"q1": 5}, seed=1) == []


def test_each_model_on_its_own_answers():
    answers = [
        _answer("r1", "a", [1, 0, 0, 0, 0]),  # mean 1
        _answer("r2", "b", [0, 0, 0, 0, 1]),  # mean 5
        _answer("r3", "a", [0, 0, 1, 0, 0]),  # mean 3
    ]
    out = results_by_model(SURVEY, answers, {"q1": 5}, seed=1)
    assert [(m["model"], m["answers"]) for m in out] == [("a", 2), ("b", 1)]
    a, b = (m["results"][0] for m in out)
    assert a["n"] == 2 and abs(a["ssr"]["mean"] - 2.0) < 1e-9  # (1 + 3) / 2
    assert b["n"] == 1 and abs(b["ssr"]["mean"] - 5.0) < 1e-9
