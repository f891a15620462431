"""The transcript parser of human group imports, on transcript text written like real ones."""

from __future__ import annotations

import json

import pytest

from colloquy.domain.sessions.transcript_import import (
    MAX_TURNS,
    MSG_BAD_CSV,
    MSG_BAD_JSON,
    MSG_EMPTY,
    MSG_NO_SPEAKERS,
    MSG_ONE_SPEAKER,
    MSG_TOO_BIG,
    MSG_TOO_MANY,
    TranscriptError,
    msg_unknown_moderator,
    parse_transcript,
    word_count,
)
from colloquy.domain.sessions.transcript_preview import preview

HUMAN = """\
[T001] Moderator: Okay so (.) thanks everyone for coming. First, what did you have for breakfast today?
[T002] Maria: Um, toast. Just toast [inaudible] and coffee.
[T003] Ben: Yeah.
[T004] Ben: I skiped it, honestly. Like I always do, I'm
not a morning person at all.
[T005] Maria: Same-- well, mostly.
[T006] Moderator: Right. Do you think gender influences what you eat?
[T007] Chidi: Do you think gender influences what I eat? I wouldn't say so (.) no.
[T008] Maria: I mean- [crosstalk] maybe a bit? My brother eats like twice what I do.
[T009] Moderator: Mm-hm. Let's move on.
[T010] Ben: Sorry, one more thing: prices matter more.
"""


def test_speaker_lines_with_tags_continuations_and_questions() -> None:
    t = parse_transcript(HUMAN)
    assert t.moderator == "Moderator"
    assert t.participants == ["Maria", "Ben", "Chidi"]
    assert [x.speaker for x in t.turns][:4] == ["Moderator", "Maria", "Ben", "Ben"]
    assert len(t.turns) == 10
    # the line without a speaker continues Ben's turn; "thing:" inside a turn is no speaker
    assert t.turns[3].content == (
        "I skiped it, honestly. Like I always do, I'm not a morning person at all."
    )
    assert t.turns[9].content == "Sorry, one more thing: prices matter more."
    assert t.questions == [
        "Okay so (.) thanks everyone for coming. First, what did you have for breakfast today?",
        "Right. Do you think gender influences what you eat?",
    ]
    # "Mm-hm. Let's move on." asks nothing: it stays in question 2 (index 1)
    assert [x.question_index for x in t.turns] == [0, 0, 0, 0, 0, 1, 1, 1, 1, 1]
    assert [x.is_moderator for x in t.turns].count(True) == 3


def test_preview_counts_turns_and_words() -> None:
    p = preview(parse_transcript(HUMAN))
    assert p["turns"] == 10
    assert p["moderator"] == "Moderator"
    assert len(p["questions"]) == 2
    by_name = {s["name"]: s for s in p["speakers"]}
    # Ben: "Yeah." (1) + 15 words (I skiped it honestly Like I always do I'm not a morning
    # person at all) + "Sorry, one more thing: prices matter more." (7)
    assert by_name["Ben"] == {"name": "Ben", "turns": 3, "words": 1 + 15 + 7, "backchannels": 0}
    # Maria: "Um, toast. Just toast [inaudible] and coffee." = 7; "Same-- well, mostly." = 3
    # "I mean- [crosstalk] maybe a bit? My brother eats like twice what I do." = 14
    assert by_name["Maria"] == {"name": "Maria", "turns": 3, "words": 7 + 3 + 14, "backchannels": 0}


def test_word_count_keeps_contractions_whole() -> None:
    assert word_count("I'm not — really, y'know (.)") == 4


def test_moderator_by_given_name_case_insensitive() -> None:
    text = "Sam: So what do you think?\nAna: It's fine.\nLeo: Meh.\nSam: Why meh?\nLeo: Dunno."
    t = parse_transcript(text, moderator="sam")
    assert t.moderator == "Sam"
    assert t.participants == ["Ana", "Leo"]
    # "Why meh?" follows up on the question: a probe, not a new question.
    assert t.questions == ["So what do you think?"]


def test_interviewer_and_facilitator_names_are_moderators() -> None:
    for name in ("Interviewer", "FACILITATOR"):
        t = parse_transcript(f"{name}: Any thoughts?\nA: yes\nB: no")
        assert t.moderator == name


def test_no_moderator_at_all_keeps_every_speaker() -> None:
    t = parse_transcript("Ana: I like it.\nLeo: I don't?")
    assert t.moderator is None and t.questions == []
    assert [x.question_index for x in t.turns] == [-1, -1]


def test_json_with_roles() -> None:
    data = [
        {"speaker": "Jo", "content": "What brands do you buy?", "role": "moderator"},
        {"speaker": "P1", "content": "uh, whatever's cheap"},
        {"speaker": "P2", "content": "Tesco own brand mostly", "role": "participant"},
    ]
    t = parse_transcript(json.dumps(data), "group.json")
    assert t.moderator == "Jo"
    assert t.participants == ["P1", "P2"]
    assert [x.question_index for x in t.turns] == [0, 0, 0]


def test_csv_with_header_and_roles() -> None:
    text = 'speaker,content,role\nKim,"So, first impressions?",moderator\nAl,"Nice, I guess",\n'
    text += "Bo,Too pricey,\n"
    t = parse_transcript(text, "g.csv")
    assert t.moderator == "Kim"
    assert [x.content for x in t.turns] == ["So, first impressions?", "Nice, I guess", "Too pricey"]


def test_sentence_with_a_colon_is_not_a_speaker() -> None:
    text = "Ana: Let me tell you.\nI said to him: no way.\nLeo: ha"
    t = parse_transcript(text)
    assert [x.speaker for x in t.turns] == ["Ana", "Leo"]
    assert t.turns[0].content == "Let me tell you. I said to him: no way."


@pytest.mark.parametrize(
    ("text", "name", "moderator", "message"),
    [
        ("", "", None, MSG_EMPTY),
        ("  \n\n ", "", None, MSG_EMPTY),
        ("just some notes\nwithout any speakers", "", None, MSG_NO_SPEAKERS),
        ("Ana: hi\nAna: anyone there?", "", None, MSG_ONE_SPEAKER),
        ("Moderator: hi?\nmoderator: anyone?", "", None, MSG_ONE_SPEAKER),
        ("Ana: hi\nLeo: hey", "", "Zed", msg_unknown_moderator("Zed")),
        ("Ana: hi\nLeo: hey", "", "Ana", None),
        ("[1, 2]", "x.json", None, MSG_BAD_JSON),
        ("[{", "x.json", None, MSG_BAD_JSON),
        ("speaker,content\nonlyone\n", "x.csv", None, MSG_BAD_CSV),
    ],
)
def test_bad_input_is_refused_with_its_reason(
    text: str, name: str, moderator: str | None, message: str | None
) -> None:
    if message is None:  # a valid moderator: only participants must remain
        assert parse_transcript(text, name, moderator).participants == ["Leo"]
        return
    with pytest.raises(TranscriptError) as err:
        parse_transcript(text, name, moderator)
    assert str(err.value) == message


def test_limits_on_size_and_turns() -> None:
    many = "\n".join(f"P{i % 2}: ok" for i in range(MAX_TURNS + 1))
    with pytest.raises(TranscriptError, match=MSG_TOO_MANY):
        parse_transcript(many)
    assert len(parse_transcript("\n".join(many.splitlines()[:MAX_TURNS])).turns) == MAX_TURNS
    with pytest.raises(TranscriptError, match=MSG_TOO_BIG):
        parse_transcript("A: " + "x" * (5 * 1024 * 1024))
