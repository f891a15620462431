"""What a group's participant remembers in its follow-up interview: the budget rule
(docs/interviews.md "Follow-up interviews"). Every cost below is ceil(words x 1.3) of the
line as the prompt writes it, counted by hand."""

from colloquy.domain.interviews.follow_up_memory import (
    fit_memory,
    group_turns,
    memory_block,
    shorten,
    stance_line,
    stances,
)

FORTY = " ".join(f"w{i}" for i in range(40))  # 40 words


def turn(speaker: str, text: str, q: int = 0, own: bool = False) -> dict[str, object]:
    return {"questionIndex": q, "speaker": speaker, "own": own, "text": text, "shortened": False}


def msg(seq: int, kind: str, speaker: str, content: str, **extra: object) -> dict[str, object]:
    return {"seq": seq, "kind": kind, "speaker": speaker, "content": content, **extra}


def test_shorten_keeps_the_first_words_and_marks_the_cut() -> None:
    assert shorten("a b c", 2) == "a b…"
    assert shorten("a b", 2) == "a b"
    assert shorten("  a   b  ", 2) == "  a   b  "  # two words: unchanged


def test_everything_is_kept_when_it_fits() -> None:
    turns = [turn("Ana", "I like it", own=True), turn("Ben", "Too pricey")]
    memory = fit_memory(["Q one?"], turns, [], budget=1500)
    # "Question 1: Q one?" 4 words -> 6; "You: I like it" 4 -> 6; "Ben: Too pricey" 3 -> 4
    assert memory["tokens"] == 16
    assert [t["text"] for t in memory["turns"]] == ["I like it", "Too pricey"]
    assert (memory["droppedOwn"], memory["droppedOthers"], memory["shortened"]) == (0, 0, 0)


def test_the_oldest_of_the_others_is_shortened_first() -> None:
    turns = [turn("Ana", "Yes.", own=True), turn("Ben", FORTY), turn("Cara", FORTY)]
    # fixed: "Question 1: Why?" 3 words -> 4; own "You: Yes." 2 -> 3; left = budget - 7.
    # others verbatim: "Ben: " + 40 words = 41 -> 54 each, 108 in all; shortened to 30
    # words: 31 -> 41. Budget 102 leaves 95: Ben shortened (41 + 54 = 95) fits.
    memory = fit_memory(["Why?"], turns, [], budget=102)
    ben, cara = memory["turns"][1], memory["turns"][2]
    assert ben["shortened"] and ben["text"] == " ".join(f"w{i}" for i in range(30)) + "…"
    assert not cara["shortened"] and cara["text"] == FORTY
    assert memory["tokens"] == 102
    assert memory["shortened"] == 1 and memory["droppedOthers"] == 0


def test_when_shortening_is_not_enough_the_oldest_others_are_dropped() -> None:
    turns = [turn("Ana", "Yes.", own=True), turn("Ben", FORTY), turn("Cara", FORTY)]
    # Budget 88 leaves 81: both shortened is 82 > 81, so Ben (the oldest) is dropped: 41.
    memory = fit_memory(["Why?"], turns, [], budget=88)
    assert [t["speaker"] for t in memory["turns"]] == ["Ana", "Cara"]
    assert memory["turns"][1]["shortened"]
    assert (memory["droppedOthers"], memory["shortened"], memory["tokens"]) == (1, 1, 48)


def test_own_turns_come_first_and_the_oldest_is_dropped_when_they_do_not_fit() -> None:
    ten = " ".join(["word"] * 10)  # "You: " + 10 words = 11 -> 15
    turns = [
        turn("Ana", ten, q=0, own=True),
        turn("Ben", "ok", q=0),
        turn("Ana", ten, q=1, own=True),
    ]
    # headings "Question 1: A?" and "Question 2: B?" 3 words -> 4 each: fixed 8.
    # Budget 28 leaves 20: both own turns (30) do not fit, the older goes (15 left 5);
    # "Ben: ok" 2 words -> 3 fits the 5 left.
    memory = fit_memory(["A?", "B?"], turns, [], budget=28)
    assert [(t["speaker"], t["questionIndex"]) for t in memory["turns"]] == [("Ben", 0), ("Ana", 1)]
    assert (memory["droppedOwn"], memory["droppedOthers"], memory["tokens"]) == (1, 0, 26)


def test_group_turns_are_the_public_participant_answers_in_order() -> None:
    messages = [
        msg(2, "response", "Ben", "Second", participantIndex=1, questionIndex=0),
        msg(0, "question", "Moderator", "Why?", participantIndex=None, questionIndex=0),
        msg(1, "response", "Ana", "First", participantIndex=0, questionIndex=0),
        msg(3, "private_after", "Ana", "Secret", participantIndex=0, questionIndex=0),
        msg(4, "probe", "Moderator", "Ben, why?", participantIndex=None, questionIndex=0),
        msg(5, "response", "Cara", "   ", participantIndex=2, questionIndex=0),
    ]
    got = group_turns(messages, participant_index=0)
    assert [(t["speaker"], t["own"], t["text"]) for t in got] == [
        ("Ana", True, "First"),
        ("Ben", False, "Second"),
    ]


def test_stances_are_the_participants_own_before_and_after() -> None:
    messages = [
        msg(0, "private_before", "Ana", "x", participantIndex=0, questionIndex=1, stance=2),
        msg(1, "private_before", "Ben", "x", participantIndex=1, questionIndex=1, stance=5),
        msg(2, "private_after", "Ana", "x", participantIndex=0, questionIndex=1, stance=4),
        msg(3, "private_before", "Ana", "x", participantIndex=0, questionIndex=0, stance=None),
    ]
    assert stances(messages, 0) == [
        {"questionIndex": 0, "before": None, "after": None},
        {"questionIndex": 1, "before": 2, "after": 4},
    ]


def test_stance_lines_are_kept_and_counted_first() -> None:
    line = stance_line(2, 4)
    assert line == (
        "Your private answer (1-5, disagree to agree): before the discussion 2 (disagree), "
        "after it 4 (agree)"
    )
    rows = [{"questionIndex": 0, "before": 2, "after": 4}]
    # heading "Question 1: Why?" -> 4, stance line 16 words -> 21: fixed 25; budget 27
    # leaves 2, so "You: Yes." (3) is dropped and the stance stays.
    memory = fit_memory(["Why?"], [turn("Ana", "Yes.", own=True)], rows, budget=27)
    assert memory["turns"] == [] and memory["droppedOwn"] == 1 and memory["tokens"] == 25
    assert memory["stances"] == rows


def test_memory_block_lists_each_question_its_turns_and_stance() -> None:
    memory = fit_memory(
        ["Would you pay for it?", "What about Ben's point?"],
        [
            turn("Ana", "No.", q=0, own=True),
            turn("Ben", "It saves time.", q=0),
            turn("Ana", "Fair point.", q=1, own=True),
        ],
        [{"questionIndex": 0, "before": 2, "after": 4}],
    )
    expected = [
        (
            'What you remember from the focus group "Meal kits" you took part in '
            "(your own words exactly; the others' words may be shortened):"
        ),
        "Question 1: Would you pay for it?",
        "You: No.",
        "Ben: It saves time.",
        (
            "Your private answer (1-5, disagree to agree): before the discussion 2 "
            "(disagree), after it 4 (agree)"
        ),
        "Question 2: What about Ben's point?",
        "You: Fair point.",
    ]
    assert memory_block(memory, "Meal kits").split("\n") == expected


def test_memory_block_says_how_many_remarks_were_left_out() -> None:
    turns = [turn("Ana", "Yes.", own=True), turn("Ben", FORTY), turn("Cara", FORTY)]
    block = memory_block(fit_memory(["Why?"], turns, [], budget=88), "G")
    assert block.endswith("(1 earlier remark(s) are left out.)")
    assert "Ben:" not in block and "Cara: w0" in block
