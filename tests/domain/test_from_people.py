"""Personas from real people (docs/evidence.md): the pure rules."""

from colloquy.domain.personas.from_people import (
    mapping_errors,
    participant_turns,
    placeholder_persona,
    plan_rows,
    suggest_mapping,
    turns_evidence,
)
from colloquy.domain.validation import validate_persona


def test_every_turn_of_a_participant_is_kept_in_order():
    messages = [
        {"kind": "question", "participantIndex": None, "questionIndex": 0, "content": "Q1"},
        {"kind": "response", "participantIndex": 0, "questionIndex": 0, "content": "A first"},
        {"kind": "response", "participantIndex": 1, "questionIndex": 0, "content": "B"},
        {"kind": "response", "participantIndex": 0, "questionIndex": 0, "content": "A again"},
        {"kind": "response", "participantIndex": 0, "questionIndex": 1, "content": "A later"},
    ]
    turns = participant_turns(messages, 0)
    assert [t["content"] for t in turns] == ["A first", "A again", "A later"]
    assert turns_evidence(["Breakfast?", "Organic?"], turns) == (
        "[Asked: Breakfast?] A first\n\n[Asked: Breakfast?] A again\n\n[Asked: Organic?] A later"
    )


def test_placeholder_persona_passes_the_persona_rules():
    persona = placeholder_persona("Maria")
    assert validate_persona(persona) == []
    assert persona["tags"] == ["from people", "fill in demographics"]


def test_mapping_guesses_and_errors():
    headers = ["ID", "Name", "Age", "Sex", "Country", "Salary", "Comments", "Full name"]
    assert suggest_mapping(headers) == {
        "ID": "ignore",
        "Name": "name",
        "Age": "age",
        "Sex": "gender",
        "Country": "location",
        "Salary": "income",
        "Comments": "evidence",
        "Full name": "evidence",  # name is taken by the first column
    }
    assert mapping_errors(["a", "b"], {"a": "name", "b": "name", "c": "age"}) == [
        "Unknown column: c",
        "Only one column can be name",
        "Map at least one column to evidence (the open answers)",
    ]


def test_rows_with_all_demographics_need_no_filling_in():
    headers = ["name", "age", "gender", "location", "income", "why"]
    mapping = suggest_mapping(headers)
    (row,) = plan_rows(headers, [["Ann", "34", "F", "Leeds", "$40k", "Taste"]], mapping)
    assert row["ok"] and row["words"] == 2  # "why: Taste"
    assert row["persona"]["tags"] == ["from people"]
    assert row["persona"]["age"] == 34.0


def test_replay_similarity_rules():
    from colloquy.domain.personas.replay_similarity import (
        answers_by_question,
        paired_questions,
        summarise,
        theme_overlap,
    )

    messages = [
        {"kind": "response", "participantIndex": 0, "questionIndex": 0, "content": "toast"},
        {"kind": "response", "participantIndex": 0, "questionIndex": 0, "content": "coffee"},
        {"kind": "response", "participantIndex": 0, "questionIndex": 2, "content": "maybe"},
        {"kind": "response", "participantIndex": 1, "questionIndex": 0, "content": "none"},
    ]
    assert answers_by_question(messages, 0) == {0: "toast coffee", 2: "maybe"}
    assert paired_questions({0: "a", 1: "b", 2: " "}, {0: "c", 2: "d", 3: "e"}) == [0]
    # {toast, coffee, black} vs {toast, jam}: 1 shared of 4 distinct words.
    assert theme_overlap("Toast and black coffee", "toast with jam") == 1 / 4
    assert theme_overlap("and the", "it is") is None
    assert summarise([0.5, 0.7], [0.25, None]) == {
        "questions": 2,
        "cosine": 0.6,
        "themeOverlap": 0.25,
    }
    assert summarise([], []) == {"questions": 0, "cosine": None, "themeOverlap": None}
