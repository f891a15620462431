"""A real interview's transcript: two speakers, the interviewer named, marked or found
as the one who asks (docs/interviews.md "Imported human interviews")."""

import pytest

from colloquy.domain.interviews.human_interview import (
    MSG_INTERVIEW_ONE_SPEAKER,
    MSG_NO_INTERVIEWER,
    interviewer_of,
    parse_interview,
)
from colloquy.domain.sessions.transcript_import import TranscriptError, Turn

ASKS = [
    Turn("Lee", "How do you plan your meals?"),
    Turn("Ana", "Mostly on Sundays, for the week."),
    Turn("Lee", "Why Sundays?"),
    Turn("Ana", "It is the only quiet day. Do you see?"),
]


def test_the_one_who_asks_is_the_interviewer():
    # Lee: 2 of 2 turns ask; Ana: 1 of 2. 2 > 1 and 2 x 2 >= 2.
    assert interviewer_of(ASKS) == "Lee"


def test_a_named_interviewer_wins_and_an_unknown_one_is_refused():
    assert interviewer_of(ASKS, "ana") == "Ana"
    with pytest.raises(TranscriptError, match='The interviewer "Bo" does not speak'):
        interviewer_of(ASKS, "Bo")


def test_a_role_or_a_usual_name_marks_the_interviewer():
    turns = [Turn("Kim", "Tell me about it.", "interviewer"), Turn("Ana", "Why? Sure?")]
    assert interviewer_of(turns) == "Kim"
    named = [Turn("Ana", "Why? What?"), Turn("Interviewer", "Go on.")]
    assert interviewer_of(named) == "Interviewer"


def test_no_interviewer_can_be_told_when_both_ask_as_much():
    turns = [Turn("A", "Why?"), Turn("B", "Why not?"), Turn("A", "Yes."), Turn("B", "No.")]
    with pytest.raises(TranscriptError) as err:
        interviewer_of(turns)
    assert str(err.value) == MSG_NO_INTERVIEWER


def test_asking_in_less_than_half_of_ones_turns_is_not_enough():
    # A asks in 1 of 3 turns, B in none: 1 > 0 but 2 x 1 < 3.
    turns = [Turn("A", "Hi."), Turn("B", "Hi."), Turn("A", "Well."), Turn("A", "Why?")]
    with pytest.raises(TranscriptError, match="Cannot tell which speaker"):
        interviewer_of(turns)


def test_more_than_two_speakers_are_refused_with_their_names():
    turns = [*ASKS, Turn("Ben", "Me too.")]
    with pytest.raises(TranscriptError) as err:
        interviewer_of(turns)
    assert str(err.value) == (
        "An interview transcript has two speakers, the interviewer and the respondent: "
        "this one has 3 (Lee, Ana, Ben). Import it as a focus group instead"
    )


def test_one_speaker_is_refused():
    with pytest.raises(TranscriptError) as err:
        interviewer_of([Turn("Ana", "Hello?"), Turn("ana", "Anyone?")])
    assert str(err.value) == MSG_INTERVIEW_ONE_SPEAKER


def test_a_transcript_reads_with_its_interviewer_as_the_moderator():
    text = "\n".join(f"{t.speaker}: {t.content}" for t in ASKS)
    t = parse_interview(text)
    assert t.moderator == "Lee" and t.participants == ["Ana"]
    assert t.questions == ["How do you plan your meals?"]
    assert [m["opensQuestion"] for m in t.moderator_turns] == [True, False]  # "Why" probes
