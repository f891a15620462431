"""natural_plan.py and private_plan.py on hand-built stored messages (docs/natural-mode.md): the
next step is a function of the stored messages only, so a resumed run finds the same one."""

from colloquy.engine import natural_plan as np_
from colloquy.engine.plan import ANSWER, QUESTION, Slot
from colloquy.engine.private_plan import with_private


def m(i, kind, q, r=0, p=None, content="x", sentiment="neutral", speaker=None):
    return {
        "id": f"m{i}",
        "kind": kind,
        "questionIndex": q,
        "round": r,
        "participantIndex": p,
        "content": content,
        "sentiment": sentiment,
        "speaker": speaker or f"P{p}",
    }


def test_scripted_natural_plan_runs_the_budget_then_the_next_question():
    assert np_.next_slot([], 2, 2, "scripted", {}) == Slot(QUESTION, 0, 0)
    asked = [m(1, QUESTION, 0, speaker="Moderator")]
    assert np_.next_slot(asked, 2, 2, "scripted", {}) == Slot(ANSWER, 0, 0, None)
    turns = asked + [m(2 + t, ANSWER, 0, t, t % 2) for t in range(6)]  # budget 2 x 3
    assert np_.next_slot(turns, 2, 2, "scripted", {}) == Slot(QUESTION, 1, 0)
    assert np_.next_slot(turns[:-1], 2, 2, "scripted", {}) == Slot(ANSWER, 0, 5, None)


def test_ai_natural_plan_ends_a_saturated_question_with_a_summary():
    asked = [m(0, QUESTION, 0, speaker="Moderator", content="Q?")]
    turns = [m(1 + t, ANSWER, 0, t, t % 3, content="same") for t in range(5)]
    vectors = {"m1": [1, 0], "m2": [0, 1], "m3": [1, 0], "m4": [1, 0], "m5": [0, 1]}
    assert np_.next_slot(asked + turns, 1, 3, "ai", vectors) == Slot("summary", 0, 5)
    fresh = {**vectors, "m5": [0.6, -0.8]}  # the last turn brought something new
    slot = np_.next_slot(asked + turns, 1, 3, "ai", fresh)
    assert slot.kind in (ANSWER, "probe") and slot.round_index == 5


def test_the_moderator_probes_for_a_quiet_participant_within_its_share():
    asked = [m(0, QUESTION, 0, speaker="Moderator", content="Q?")]
    long = " ".join(["word"] * 400)
    turns = [m(1 + t, ANSWER, 0, t, t % 2, content=long) for t in range(3)]  # P2 silent
    vectors = {f"m{1 + t}": [1, t] for t in range(3)}
    assert np_.next_slot(asked + turns, 1, 3, "ai", vectors) == Slot("probe", 0, 3)
    probed = (
        asked + turns + [m(9, "probe", 0, 3, content="P2, what do you think?", speaker="Moderator")]
    )
    assert np_.next_slot(probed, 1, 3, "ai", vectors) == Slot(ANSWER, 0, 3, None)
    assert np_.addressed(np_.public_of(probed, 0), ["P0", "P1", "P2"]) == (2, "Moderator")


def test_private_answers_frame_each_question():
    base = Slot(QUESTION, 0, 0)
    assert with_private(base, [], 2, 2) == (Slot("private_before", 0, 0, 0), [0, 1])
    done_before = [("private_before", 0, 0, 0), ("private_before", 0, 0, 1)]
    assert with_private(base, done_before, 2, 2) == (base, [])
    second = Slot(QUESTION, 1, 0)
    got = with_private(second, [*done_before, ("private_after", 0, 0, 1)], 2, 2)
    assert got == (Slot("private_after", 0, 0, 0), [0])
    everything = [
        (k, q, 0, p)
        for k in ("private_before", "private_after")
        for q in range(2)
        for p in range(2)
    ]
    assert with_private(None, everything, 2, 2) == (None, [])
    assert with_private(None, everything[:-1], 2, 2) == (Slot("private_after", 1, 0, 1), [1])


def test_progress_counts_turns_of_the_question_under_way():
    asked = [m(0, QUESTION, 0, speaker="Moderator")]
    turns = [m(1 + t, ANSWER, 0, t, t % 3) for t in range(4)]
    private = [m(20, "private_before", 0, 0, 0)]
    got = np_.progress(2, 3, private + asked + turns, [1])
    assert got == {
        "responses": 4,
        "total": 18,
        "questionIndex": 0,
        "round": 4,
        "participantIndex": 1,
        "turn": 5,
        "turnBudget": 9,
    }
