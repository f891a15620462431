"""A mixed panel's answers split by the model that wrote them."""

from colloquy.domain.results.by_model import UNKNOWN, models_of, only_model, participants_on

MESSAGES = [
    {"id": "q", "kind": "question", "personaId": None, "model": None},
    {"id": "a1", "kind": "response", "personaId": "p1", "model": "beta"},
    {"id": "a2", "kind": "response", "personaId": "p2", "model": "alpha"},
    {"id": "a3", "kind": "response", "personaId": "p3", "model": None},  # before profiles
    {"id": "r", "kind": "round_prompt", "personaId": None, "model": None},
    {"id": "a4", "kind": "response", "personaId": "p1", "model": "beta"},
]


def test_models_in_order_of_first_answer_and_older_answers_as_unknown():
    assert models_of(MESSAGES) == ["beta", "alpha", UNKNOWN]


def test_one_model_keeps_the_moderator_posts():
    assert [m["id"] for m in only_model(MESSAGES, "beta")] == ["q", "a1", "r", "a4"]
    assert [m["id"] for m in only_model(MESSAGES, UNKNOWN)] == ["q", "a3", "r"]


def test_participants_on_a_model():
    people = [{"id": "p1"}, {"id": "p2"}, {"id": "p3"}]
    assert participants_on(people, MESSAGES, "alpha") == [{"id": "p2"}]
    assert participants_on(people, MESSAGES, "gamma") == []
