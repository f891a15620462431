"""domain/sessions/session_header.py: the counts the header gives instead of the messages."""

from colloquy.domain.sessions.session_header import (
    answer_models,
    latest_models,
    message_counts,
    response_counts,
)

PEOPLE = [{"id": "pa", "name": "Ana"}, {"id": "pb", "name": "Ben"}]
MESSAGES = [
    {"speaker": "Moderator", "personaId": None, "kind": "question"},
    {"speaker": "Ana", "personaId": "pa", "kind": "response", "model": None},
    {"speaker": "Ben", "personaId": "pb", "kind": "response", "model": "m-1"},
    {"speaker": "Ana", "personaId": "pa", "kind": "private_before", "model": "m-9"},
    {"speaker": "Ben", "personaId": None, "kind": "response", "model": "m-2"},  # by name
    {"speaker": "Zed", "personaId": None, "kind": "response", "model": "m-1"},  # nobody's
    {"speaker": "Ana", "personaId": "pa", "kind": "response", "model": "m-2"},
]


def test_counts_leave_private_answers_and_the_moderator_out():
    assert message_counts(MESSAGES) == {"messageCount": 6, "answerCount": 5}
    assert response_counts(PEOPLE, MESSAGES) == {"pa": 2, "pb": 2}


def test_models_in_order_of_first_answer_and_each_participants_latest():
    assert answer_models(MESSAGES) == [None, "m-1", "m-2"]
    assert latest_models(MESSAGES) == {"pa": "m-2", "pb": "m-1"}
