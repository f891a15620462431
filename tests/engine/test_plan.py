"""The pure position logic: slots, next slot, batches, discussion scope, progress."""

from colloquy.engine import plan


def keys(question_count, participant_count):
    return [s.key for s in plan.slots(question_count, participant_count)]


def test_slot_layout_per_question():
    layout = keys(2, 3)
    assert len(layout) == 2 * (1 + 2 + 3 * 3) == plan.planned_steps(2, 3)
    assert layout[:5] == [
        ("question", 0, 0, None),
        ("response", 0, 0, 0),
        ("response", 0, 0, 1),
        ("response", 0, 0, 2),
        ("round", 0, 1, None),
    ]
    assert layout[8] == ("round", 0, 2, None)
    assert layout[12] == ("question", 1, 0, None)
    assert plan.planned_answers(10, 8) == 240


def test_next_slot_is_first_unfilled_and_none_when_done():
    layout = keys(2, 3)
    assert plan.next_slot(2, 3, []) == plan.Slot("question", 0, 0)
    assert plan.next_slot(2, 3, layout[:7]).key == layout[7]
    assert plan.next_slot(2, 3, layout) is None
    # A hole is filled first (never skipped), whatever follows it.
    assert plan.next_slot(2, 3, layout[:3] + layout[4:]).key == layout[3]


def test_answer_batches():
    first = plan.Slot("response", 0, 0, 1)
    assert plan.answer_batch(first, 4, "sequential") == [1, 2, 3]
    later = plan.Slot("response", 0, 1, 1)
    assert plan.answer_batch(later, 4, "sequential") == [1]
    assert plan.answer_batch(later, 4, "parallel") == [1, 2, 3]


def _msg(kind, q, r, p=None):
    return {"kind": kind, "questionIndex": q, "round": r, "participantIndex": p}


def test_discussion_scope():
    msgs = [
        _msg("question", 0, 0),
        _msg("response", 0, 0, 0),
        _msg("response", 0, 0, 1),
        _msg("round", 0, 1),
        _msg("response", 0, 1, 0),
        _msg("question", 1, 0),
    ]
    assert plan.discussion_scope(msgs, 0, 0, "sequential") == []
    assert plan.discussion_scope(msgs, 0, 1, "sequential") == msgs[:5]
    assert plan.discussion_scope(msgs, 0, 1, "parallel") == msgs[:4]
    assert plan.discussion_scope(msgs, 1, 1, "sequential") == [msgs[5]]


def test_progress():
    layout = keys(2, 3)
    start = plan.progress(2, 3, [])
    assert start == {
        "responses": 0,
        "total": 18,
        "questionIndex": 0,
        "round": 0,
        "participantIndex": None,
    }
    mid = plan.progress(2, 3, layout[:6])
    assert mid == {
        "responses": 4,
        "total": 18,
        "questionIndex": 0,
        "round": 1,
        "participantIndex": 1,
    }
    done = plan.progress(2, 3, layout)
    assert done == {
        "responses": 18,
        "total": 18,
        "questionIndex": 1,
        "round": 2,
        "participantIndex": None,
    }


def test_indices_valid():
    assert plan.indices_valid(2, 3, keys(2, 3))
    assert not plan.indices_valid(0, 3, [])
    assert not plan.indices_valid(2, 0, [])
    assert not plan.indices_valid(2, 3, [("response", 0, 0, 3)])
    assert not plan.indices_valid(2, 3, [("question", 2, 0, None)])


def test_ai_plan_probes_summaries_and_first_speaker():
    keys = [s.key for s in plan.slots(1, 3, "ai", {(0, 1): 2})]
    assert keys == [
        ("question", 0, 0, None),
        ("response", 0, 0, 0),
        ("response", 0, 0, 1),
        ("response", 0, 0, 2),
        ("probe", 0, 1, None),
        ("response", 0, 1, 2),
        ("response", 0, 1, 0),
        ("response", 0, 1, 1),
        ("probe", 0, 2, None),
        ("response", 0, 2, 0),
        ("response", 0, 2, 1),
        ("response", 0, 2, 2),
        ("summary", 0, 2, None),
    ]
    assert plan.planned_steps(2, 3, "ai") == 2 * 13 == plan.planned_steps(2, 3) + 2
    assert plan.moderator_calls(4, "ai") == 12 and plan.moderator_calls(4) == 0
    assert plan.round_order(4, 2) == [2, 0, 1, 3] and plan.round_order(4, 9) == [0, 1, 2, 3]
    later = plan.Slot("response", 0, 1, 2)
    assert plan.answer_batch(later, 3, "parallel", [2, 0, 1]) == [2, 0, 1]
    assert plan.answer_batch(plan.Slot("response", 0, 1, 0), 3, "parallel", [2, 0, 1]) == [0, 1]
    assert plan.answer_batch(later, 3, "sequential", [2, 0, 1]) == [2]


def test_ai_progress_counts_only_answers_and_waits_for_the_summary():
    keys = [s.key for s in plan.slots(1, 3, "ai")]
    before_summary = plan.progress(1, 3, keys[:-1], "ai")
    assert before_summary["responses"] == before_summary["total"] == 9
    assert (before_summary["round"], before_summary["participantIndex"]) == (2, None)
    assert plan.next_slot(1, 3, keys[:-1], "ai") == plan.Slot("summary", 0, 2)
    assert plan.next_slot(1, 3, keys, "ai") is None


def test_first_speakers_read_from_stored_probes():
    messages = [
        {"kind": "probe", "questionIndex": 0, "round": 1, "content": "Carla, why?"},
        {"kind": "probe", "questionIndex": 0, "round": 2, "content": "[Round 3] Please..."},
        {"kind": "round", "questionIndex": 1, "round": 1, "content": "Ana, hi"},
    ]
    assert plan.first_speakers(messages, ["Ana", "Bob", "Carla"]) == {(0, 1): 2}
